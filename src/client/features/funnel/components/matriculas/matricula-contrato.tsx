import { Download, Send } from 'lucide-react';
import { CONTRATO_EVENTO_LABELS } from '@shared/contrato/aceite';
import { formatDateOnly, formatDateTime } from '@shared/format';
import { MATRICULA_STATUS_LABELS } from '@shared/schemas/matricula';
import type { ContratoView } from '@shared/schemas/contrato';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MarkdownView } from '@/components/ui/markdown-view';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useMatriculaContrato } from '../../api/get-matricula-contrato';
import { matriculaContratoPdfUrl, useReenviarContrato } from '../../api/reenviar-contrato';

/** Where the family's acceptance stands (issue 42, ADR 066): the status, the timeline, the PDF, a new link. */
function Aceite({ matriculaId, contrato }: { matriculaId: string; contrato: ContratoView }) {
  const reenviar = useReenviarContrato(matriculaId, {
    onSuccess: (answer) => toast({ variant: 'success', title: 'Link reenviado', description: answer.message }),
    onError: (error) =>
      toast({ variant: 'destructive', title: errorMessage(error, 'Não foi possível reenviar o link') }),
  });
  // The roles that read the contract are the ones that send a new link (permissions.ts): whoever sees this may.
  const podeReenviar =
    contrato.status === 'aguardando_aceite' ||
    (contrato.status === 'cancelada' && contrato.motivoCancelamento === 'contrato_expirado');
  return (
    <div className="grid gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Situação:</span>
        <Badge variant="outline">{MATRICULA_STATUS_LABELS[contrato.status]}</Badge>
        {contrato.aceitoEm ? (
          <span className="text-muted-foreground">
            aceito em {formatDateTime(contrato.aceitoEm, { withTime: true })}
            {contrato.desistirAte ? `; desistência sem multa até ${formatDateOnly(contrato.desistirAte)}` : ''}
          </span>
        ) : contrato.linkExpiraEm && contrato.status === 'aguardando_aceite' ? (
          <span className="text-muted-foreground">link válido até {formatDateTime(contrato.linkExpiraEm)}</span>
        ) : null}
      </p>
      {contrato.eventos.length > 0 ? (
        <ol aria-label="Linha do tempo do contrato" className="grid gap-1 border-l-2 border-border pl-3">
          {contrato.eventos.map((evento, i) => (
            <li key={`${evento.tipo}-${i}`}>
              <span className="text-muted-foreground">{formatDateTime(evento.em, { withTime: true })}</span>{' '}
              {CONTRATO_EVENTO_LABELS[evento.tipo]}
            </li>
          ))}
        </ol>
      ) : null}
      {contrato.codigoVerificacao ? (
        <p className="text-muted-foreground">
          Código de verificação: <span className="font-mono">{contrato.codigoVerificacao}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {contrato.aceitoEm ? (
          <Button asChild variant="outline" size="sm">
            <a href={matriculaContratoPdfUrl(matriculaId)} download>
              <Download aria-hidden="true" />
              Baixar PDF
            </a>
          </Button>
        ) : null}
        {podeReenviar ? (
          <Button
            variant="outline"
            size="sm"
            disabled={reenviar.isPending}
            onClick={() => reenviar.mutate(matriculaId)}
          >
            <Send aria-hidden="true" />
            {reenviar.isPending ? 'Reenviando...' : 'Reenviar link'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The contract a matrícula froze at Efetivar (issue 42, ADR 064), in its record for the staff: the template's version
 * and the text filled for the family, the required clauses at its end; the family's acceptance (ADR 066).
 */
export function MatriculaContrato({ matriculaId }: { matriculaId: string }) {
  const contrato = useMatriculaContrato(matriculaId, true);
  return (
    <section aria-labelledby="matricula-contrato" className="grid w-full basis-full gap-2">
      <h3 id="matricula-contrato" className="font-semibold">
        Contrato
      </h3>
      {contrato.isPending ? (
        <Skeleton className="h-5 w-48" />
      ) : contrato.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(contrato.error, 'Falha ao carregar o contrato')}
        </p>
      ) : contrato.data === null ? (
        <p className="text-sm text-muted-foreground">
          Sem contrato: a matrícula é anterior ao modelo de contrato da rede.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Versão {contrato.data.versao} ({contrato.data.titulo}), gerado em{' '}
            {formatDateTime(contrato.data.criadoEm, { withTime: true })}
          </p>
          {/* Before issue 42's third slice the answer had no acceptance: a cached one shows the text alone. */}
          {Array.isArray(contrato.data.eventos) ? <Aceite matriculaId={matriculaId} contrato={contrato.data} /> : null}
          <details className="rounded-md border border-border p-3">
            <summary className="cursor-pointer text-sm font-medium">Ver o texto do contrato</summary>
            <MarkdownView texto={contrato.data.texto} nivelBase={3} className="mt-3" />
          </details>
        </>
      )}
    </section>
  );
}
