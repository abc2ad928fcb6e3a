import { CloudDownload, LoaderCircle, RefreshCw, Send } from 'lucide-react';
import { formatDateTime } from '@shared/format';
import { CHECK_IN_OFFLINE_MESSAGES as M } from '@shared/schemas/check-in-offline';
import { Button } from '@/components/ui/button';
import type { OfflineCheckIn } from '../offline/use-offline-check-in';

/**
 * 'Uso offline' on the check-in screen (issue 49): prepare or refresh the event's roster on this device, when it
 * was last refreshed, the check-ins still to send with 'Enviar agora', and those the server refused.
 */
export function CheckInOfflinePanel({ offline, online }: { offline: OfflineCheckIn; online: boolean }) {
  const { registro } = offline;
  return (
    <section aria-labelledby="check-in-offline" className="grid gap-3 rounded-md border p-4">
      <h3 id="check-in-offline" className="text-lg font-semibold">
        {M.usoOffline}
      </h3>
      {registro ? (
        <p data-testid="check-in-offline-atualizada">
          {M.atualizadaEm(formatDateTime(registro.atualizadoEm, { withTime: true }))}
        </p>
      ) : (
        <p className="text-muted-foreground">{M.prepararDetalhe}</p>
      )}
      {offline.expirado && !registro ? <p className="font-medium text-amber-800">{M.expirada}</p> : null}
      <Button
        variant={registro ? 'outline' : 'default'}
        size="lg"
        className="min-h-12"
        disabled={!online || offline.preparando}
        onClick={() => void offline.preparar()}
      >
        {offline.preparando ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : registro ? (
          <RefreshCw aria-hidden="true" />
        ) : (
          <CloudDownload aria-hidden="true" />
        )}
        {registro ? M.atualizar : M.preparar}
      </Button>
      {offline.pendentes > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold" data-testid="check-in-a-enviar">
            {offline.enviando ? M.enviando : M.aEnviar(offline.pendentes)}
          </p>
          <Button size="lg" className="min-h-12" disabled={offline.enviando} onClick={() => void offline.enviar()}>
            <Send aria-hidden="true" />
            {M.enviarAgora}
          </Button>
        </div>
      ) : null}
      {offline.erro ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {offline.erro}
        </p>
      ) : null}
      {offline.recusadas.length > 0 ? (
        <div className="grid gap-2 rounded-md border-2 border-red-600 bg-red-50 p-3 text-red-950">
          <p className="font-semibold">{M.recusadas}</p>
          <p className="text-sm">{M.recusadasDetalhe}</p>
          <ul className="grid gap-1" aria-label={M.recusadas}>
            {offline.recusadas.map((r) => (
              <li key={r.idCliente} className="break-words">
                <span className="font-semibold">{r.nome}</span>: {r.motivo}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
