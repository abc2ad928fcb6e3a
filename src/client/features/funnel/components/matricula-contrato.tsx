import { formatDateTime } from '@shared/format';
import { MarkdownView } from '@/components/ui/markdown-view';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useMatriculaContrato } from '../api/get-matricula-contrato';

/**
 * The contract a matrícula froze at Efetivar (issue 42, ADR 064), in its record for the staff: the template's version
 * and the text filled for the family, the required clauses at its end.
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
          <details className="rounded-md border border-border p-3">
            <summary className="cursor-pointer text-sm font-medium">Ver o texto do contrato</summary>
            <MarkdownView texto={contrato.data.texto} nivelBase={3} className="mt-3" />
          </details>
        </>
      )}
    </section>
  );
}
