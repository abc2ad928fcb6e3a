import { Pencil, Shuffle } from 'lucide-react';
import type { MicroFranquiaView } from '@shared/schemas/micro-franquia';
import { formatCnpj, MISSING } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import type { DataTableColumn, DataTableSort } from '@/components/ui/data-table';
import type { NetworkSortKey } from '@shared/schemas/list-query';
import { RowActions } from '@/components/ui/row-actions';

export interface MicroFranquiasColumnsOptions {
  /** The franqueador reads: it sees the Franquia column and no Ações. */
  readOnly: boolean;
  onEdit: (row: MicroFranquiaView) => void;
  /** Issue 50: the franquia sets each micro-franquia's distribution of leads (absent: no such action). */
  onDistribuicao?: (row: MicroFranquiaView) => void;
  /** The sortable headers' state and click (issue 23). */
  sortFor?: (key: NetworkSortKey) => DataTableSort;
}

/** SPEC §2 'Micro-franquias screen' columns. */
export function microFranquiasColumns({
  readOnly,
  onEdit,
  onDistribuicao,
  sortFor,
}: MicroFranquiasColumnsOptions): DataTableColumn<MicroFranquiaView>[] {
  return [
    {
      key: 'razaoSocial',
      header: 'Razão Social',
      sort: sortFor?.('nome'),
      cell: (row) => <span className="font-medium">{row.razaoSocial}</span>,
    },
    { key: 'cnpj', header: 'CNPJ', cell: (row) => formatCnpj(row.cnpj), className: 'whitespace-nowrap' },
    { key: 'repLegal', header: 'Rep. Legal', cell: (row) => row.repLegal },
    ...(readOnly
      ? [{ key: 'franquia', header: 'Franquia', cell: (row: MicroFranquiaView) => row.franquia.razaoSocial }]
      : []),
    { key: 'cidade', header: 'Cidade', cell: (row) => row.cidade || MISSING },
    { key: 'estado', header: 'Estado', cell: (row) => row.estado || MISSING },
    {
      key: 'status',
      header: 'Status',
      sort: sortFor?.('status'),
      cell: (row) => (
        <Badge variant={row.isActive ? 'success' : 'secondary'}>{row.isActive ? 'Ativa' : 'Inativa'}</Badge>
      ),
    },
    ...(readOnly
      ? []
      : [
          {
            key: 'acoes',
            header: 'Ações',
            className: 'text-right',
            cell: (row: MicroFranquiaView) => (
              <RowActions
                record={row.razaoSocial}
                actions={[
                  { label: 'Editar', icon: Pencil, onSelect: () => onEdit(row) },
                  ...(onDistribuicao
                    ? [{ label: 'Distribuição de leads', icon: Shuffle, onSelect: () => onDistribuicao(row) }]
                    : []),
                ]}
              />
            ),
          },
        ]),
  ];
}
