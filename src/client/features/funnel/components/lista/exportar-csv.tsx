import { useId, useState, type MouseEvent } from 'react';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import type { Exportacao } from '@shared/schemas/exportacoes';
import { formatCount } from '@shared/format';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { emAndamento, useCancelarExportacao, useExportacao, useIniciarExportacao } from '../../api/exportacoes';

export interface ExportarCsvProps {
  /** The direct download with the list's filters (SPEC §2). */
  href: string;
  /** The list's `/api/<lista>/exportacoes` with the same filters: a long list becomes a job with progress. */
  jobUrl?: string;
  /** Why there is nothing to export yet: the button is disabled and the reason is said beside it (issue 51). */
  disabledReason?: string;
}

/** A download started from code, as the link itself would have started it. */
function baixar(arquivo: string) {
  const link = document.createElement('a');
  link.href = arquivo;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * 'Exportar CSV' (SPEC §2). With a job address (issue 22), the server says whether the list is short enough for
 * the direct download (it starts at once) or long: then a dialog follows the job with a progress bar, the rows
 * done, 'Cancelar', and 'Baixar arquivo' once the file is ready (kept 24 h).
 */
export function ExportarCsv({ href, jobUrl, disabledReason }: ExportarCsvProps) {
  const reasonId = useId();
  const [exportacao, setExportacao] = useState<Exportacao | null>(null);
  const iniciar = useIniciarExportacao({
    onSuccess: (nova) => {
      if (nova.direta) baixar(nova.arquivo);
      else setExportacao(nova);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Erro ao exportar', description: errorMessage(error, error.message) }),
  });
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!jobUrl) return;
    event.preventDefault();
    if (!iniciar.isPending) iniciar.mutate({ url: jobUrl });
  };
  if (disabledReason) {
    return (
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p id={reasonId} className="text-sm text-muted-foreground">
          {disabledReason}
        </p>
        <Button variant="outline" disabled aria-describedby={reasonId}>
          <Download aria-hidden="true" />
          Exportar CSV
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button asChild variant="outline">
        <a href={href} download onClick={onClick} aria-busy={iniciar.isPending || undefined}>
          <Download aria-hidden="true" />
          Exportar CSV
        </a>
      </Button>
      {exportacao ? <ExportacaoDialog inicial={exportacao} onClose={() => setExportacao(null)} /> : null}
    </>
  );
}

function ExportacaoDialog({ inicial, onClose }: { inicial: Exportacao; onClose: () => void }) {
  const { data } = useExportacao(inicial);
  const exportacao = data ?? inicial;
  const cancelar = useCancelarExportacao({
    onSuccess: () => {
      toast({ title: 'Exportação cancelada' });
      onClose();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Erro ao cancelar', description: errorMessage(error, error.message) }),
  });
  const rodando = emAndamento(exportacao);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Exportando CSV</DialogTitle>
          <DialogDescription>
            A lista é grande: o arquivo é gerado aos poucos e fica disponível por 24 horas, só para você, em{' '}
            <Link to="/minhas-exportacoes" className="font-medium text-primary underline underline-offset-4">
              Minhas exportações
            </Link>
            . Se demorar mais de um minuto, avisamos por e-mail quando ficar pronto.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <div
            role="progressbar"
            aria-label="Progresso da exportação"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={exportacao.percentual}
            className="h-3 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width] duration-500"
              style={{ width: `${exportacao.percentual}%` }}
            />
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="exportacao-progresso">
            {exportacao.status === 'concluido'
              ? `Arquivo pronto: ${formatCount(exportacao.linhas)} linhas.`
              : exportacao.status === 'falhou'
                ? (exportacao.erro ?? 'Não foi possível gerar o arquivo.')
                : exportacao.status === 'cancelado'
                  ? 'Exportação cancelada.'
                  : exportacao.total > 0
                    ? `${formatCount(exportacao.linhas)} de ${formatCount(exportacao.total)} linhas (${exportacao.percentual}%)`
                    : 'Preparando a exportação...'}
          </p>
        </div>
        <DialogFooter>
          {rodando ? (
            <Button
              variant="outline"
              onClick={() => cancelar.mutate({ id: exportacao.id })}
              disabled={cancelar.isPending}
            >
              Cancelar
            </Button>
          ) : (
            <Button variant="outline" onClick={onClose}>
              Fechar
            </Button>
          )}
          {exportacao.arquivo ? (
            <Button asChild>
              <a href={exportacao.arquivo} download>
                <Download aria-hidden="true" />
                Baixar arquivo
              </a>
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
