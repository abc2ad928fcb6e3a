import { Link } from 'react-router';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import { MISSING, formatCount, formatDateTime } from '@shared/format';
import {
  IMPORTACAO_STATUS_LABELS,
  IMPORTACAO_TIPO_LABELS,
  type ImportacaoResumo,
  type ImportacaoStatus,
} from '@shared/schemas/importacao';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { podeDesfazer } from './importacao-textos';

const STATUS_VARIANT: Record<ImportacaoStatus, BadgeProps['variant']> = {
  mapeamento: 'secondary',
  importando: 'warning',
  concluida: 'success',
  falhou: 'destructive',
  desfazendo: 'warning',
  desfeita: 'outline',
};

/** Importações (issue 50): the file and its kind, its state, when, what it did, and what can be done with it. */
export function importacoesColumns(
  onDesfazer: (importacao: ImportacaoResumo) => void,
): DataTableColumn<ImportacaoResumo>[] {
  return [
    {
      key: 'arquivo',
      header: 'Arquivo',
      cell: (i) => (
        <span className="grid min-w-0 gap-0.5">
          <Link
            to={`/importacoes/${i.id}`}
            className="font-medium text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]"
          >
            {i.nomeArquivo}
          </Link>
          <span className="text-xs text-muted-foreground">
            {IMPORTACAO_TIPO_LABELS[i.tipo]}
            {i.evento ? ` · ${i.evento.nome}` : ''}
          </span>
        </span>
      ),
    },
    {
      key: 'situacao',
      header: 'Situação',
      cell: (i) => <Badge variant={STATUS_VARIANT[i.status]}>{IMPORTACAO_STATUS_LABELS[i.status]}</Badge>,
    },
    {
      key: 'data',
      header: 'Enviada em',
      className: 'whitespace-nowrap',
      cell: (i) => formatDateTime(i.criadaEm, { withTime: true, timeZone: BRASILIA_TIME_ZONE }),
    },
    {
      key: 'linhas',
      header: 'Linhas',
      className: 'text-right tabular-nums',
      cell: (i) => formatCount(i.linhasTotal),
    },
    {
      key: 'resultado',
      header: 'Resultado',
      cell: (i) =>
        i.resultado ? (
          <span className="text-sm">
            {formatCount(i.resultado.criar)} criados, {formatCount(i.resultado.atualizar)} atualizados,{' '}
            {formatCount(i.resultado.ignorar)} ignorados, {formatCount(i.resultado.erros)} com erro
          </span>
        ) : (
          MISSING
        ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      cell: (i) => (
        <span className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to={`/importacoes/${i.id}`} aria-label={`Abrir a importação ${i.nomeArquivo}`}>
              {i.status === 'mapeamento' ? 'Continuar' : 'Abrir'}
            </Link>
          </Button>
          {podeDesfazer(i) ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onDesfazer(i)}
              aria-label={`Desfazer a importação ${i.nomeArquivo}`}
            >
              Desfazer
            </Button>
          ) : null}
        </span>
      ),
    },
  ];
}
