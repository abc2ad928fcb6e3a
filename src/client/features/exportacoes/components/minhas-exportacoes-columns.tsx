import { Download } from 'lucide-react';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import { MISSING, formatCount, formatDateTime } from '@shared/format';
import {
  EXPORTACAO_LISTA_LABELS,
  EXPORTACAO_STATUS_LABELS,
  type ExportacaoStatus,
  type MinhaExportacao,
  formatTamanho,
} from '@shared/schemas/exportacoes';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';

const when = (value: string) => formatDateTime(value, { withTime: true, timeZone: BRASILIA_TIME_ZONE });

const STATUS_VARIANT: Record<ExportacaoStatus, BadgeProps['variant']> = {
  pendente: 'secondary',
  executando: 'warning',
  concluido: 'success',
  cancelado: 'outline',
  falhou: 'destructive',
};

/** 'Minhas exportações' (issue 51): the file, its state, rows, size, when it was asked and until when it is kept. */
export const minhasExportacoesColumns: DataTableColumn<MinhaExportacao>[] = [
  {
    key: 'arquivo',
    header: 'Arquivo',
    cell: (e) => (
      <span className="grid min-w-0 gap-0.5">
        <span className="font-medium [overflow-wrap:anywhere]">{e.nomeArquivo}</span>
        <span className="text-xs text-muted-foreground">{EXPORTACAO_LISTA_LABELS[e.lista] ?? e.lista}</span>
      </span>
    ),
  },
  {
    key: 'situacao',
    header: 'Situação',
    cell: (e) => (
      <span className="grid justify-items-start gap-0.5">
        <Badge variant={STATUS_VARIANT[e.status]}>
          {e.status === 'executando' ? `Gerando (${e.percentual}%)` : EXPORTACAO_STATUS_LABELS[e.status]}
        </Badge>
        {e.status === 'falhou' && e.erro ? <span className="text-xs text-destructive">{e.erro}</span> : null}
      </span>
    ),
  },
  {
    key: 'linhas',
    header: 'Linhas',
    className: 'text-right tabular-nums whitespace-nowrap',
    cell: (e) => (e.status === 'concluido' || e.total > 0 ? formatCount(e.linhas) : MISSING),
  },
  {
    key: 'tamanho',
    header: 'Tamanho',
    className: 'text-right tabular-nums whitespace-nowrap',
    cell: (e) => (e.tamanho === null ? MISSING : formatTamanho(e.tamanho)),
  },
  { key: 'criada', header: 'Exportada em', className: 'whitespace-nowrap', cell: (e) => when(e.criadaEm) },
  { key: 'expira', header: 'Disponível até', className: 'whitespace-nowrap', cell: (e) => when(e.expiraEm) },
  {
    key: 'acoes',
    header: 'Ações',
    cell: (e) =>
      e.arquivo ? (
        <Button asChild size="sm">
          <a href={e.arquivo} download aria-label={`Baixar ${e.nomeArquivo}`}>
            <Download aria-hidden="true" />
            Baixar
          </a>
        </Button>
      ) : null,
  },
];
