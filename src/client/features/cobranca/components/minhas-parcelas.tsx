import { FileText } from 'lucide-react';
import { PARCELA_TIPO_LABELS } from '@shared/cobranca/parcelas';
import { formatBRL, formatDateOnly } from '@shared/format';
import { PARCELA_MESSAGES } from '@shared/schemas/parcela';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useMinhasParcelas } from '../api/parcelas-api';
import { ParcelaStatusBadge } from './parcela-status-badge';

/**
 * The aluno's 'Minhas parcelas' (issue 43, ADR 071), made for a phone: each parcela's status, due date and value,
 * and, while it is to be paid, 'Pagar com PIX' (the copy-and-paste code) and 'Boleto'.
 */
export function MinhasParcelas() {
  const parcelas = useMinhasParcelas();
  return (
    <section aria-labelledby="minhas-parcelas" className="grid gap-3">
      <h2 id="minhas-parcelas" className="text-lg font-semibold">
        Minhas parcelas
      </h2>
      {parcelas.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : parcelas.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(parcelas.error, PARCELA_MESSAGES.falhaAoCarregar)}
        </p>
      ) : parcelas.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{PARCELA_MESSAGES.vazio}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {parcelas.data.map((p) => {
            const aPagar = p.status === 'aberta' || p.status === 'vencida';
            return (
              <li key={p.id}>
                <Card className="grid gap-2 p-4 text-sm">
                  <p className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">
                      {p.tipo === 'mensalidade'
                        ? `Parcela ${p.numero} de ${p.totalParcelas}`
                        : PARCELA_TIPO_LABELS[p.tipo]}
                    </span>
                    <ParcelaStatusBadge status={p.status} />
                  </p>
                  <p className="text-muted-foreground">{p.cursoTitulo ?? p.aluno}</p>
                  <p className="flex flex-wrap justify-between gap-2">
                    <span>Vencimento: {formatDateOnly(p.vencimento)}</span>
                    <span className="font-semibold tabular-nums">{formatBRL(p.valor)}</span>
                  </p>
                  {p.pagaEm ? <p className="text-muted-foreground">Paga em {formatDateOnly(p.pagaEm)}</p> : null}
                  {aPagar ? (
                    <div className="flex flex-wrap gap-2">
                      {p.pixCopiaECola ? <CopyButton text={p.pixCopiaECola} label="Pagar com PIX" /> : null}
                      {p.bankSlipUrl ? (
                        <a
                          href={p.bankSlipUrl}
                          target="_blank"
                          rel="noreferrer"
                          className="inline-flex min-h-9 items-center gap-1 rounded-md border border-border px-3 text-sm font-medium hover:bg-accent"
                        >
                          <FileText aria-hidden="true" className="size-4" />
                          Boleto
                        </a>
                      ) : null}
                    </div>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
