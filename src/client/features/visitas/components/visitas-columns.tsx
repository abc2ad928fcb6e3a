import { MISSING } from '@shared/format';
import type { VisitaView } from '@shared/schemas/visita';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Badge } from '@/components/ui/badge';
import { quandoDaVisita, situacaoDaVisita, situacaoVariant } from './visita-format';

/** The managers' list of visits (issue 49): the school first (a phone's card title), then when, who and how. */
export function visitasColumns(): DataTableColumn<VisitaView>[] {
  return [
    {
      key: 'escola',
      header: 'Escola',
      cell: (v) => (
        <span className="flex flex-col">
          <span className="font-medium [overflow-wrap:anywhere]">{v.clienteNome}</span>
          {v.clienteCidade ? <span className="text-xs text-muted-foreground">{v.clienteCidade}</span> : null}
        </span>
      ),
    },
    {
      key: 'quando',
      header: 'Quando',
      className: 'whitespace-nowrap tabular-nums',
      cell: (v) => quandoDaVisita(v.agendadaPara),
    },
    { key: 'vendedor', header: 'Vendedor', cell: (v) => v.vendedorNome ?? 'Sem vendedor' },
    {
      key: 'objetivo',
      header: 'Objetivo',
      cell: (v) => <span className="[overflow-wrap:anywhere]">{v.objetivo ?? MISSING}</span>,
    },
    {
      key: 'situacao',
      header: 'Situação',
      cell: (v) => (
        <span className="flex flex-col gap-1">
          <Badge variant={situacaoVariant(v.status)} className="w-fit whitespace-normal">
            {situacaoDaVisita(v)}
          </Badge>
          {v.motivo ? <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{v.motivo}</span> : null}
        </span>
      ),
    },
    {
      key: 'notas',
      header: 'Notas',
      cell: (v) => (v.notas ? <span className="[overflow-wrap:anywhere]">{v.notas}</span> : null),
    },
  ];
}
