import { Pencil, Power } from 'lucide-react';
import type { FranquiaView } from '@shared/schemas/franquia';
import { formatCnpj, MISSING } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import type { DataTableColumn, DataTableSort } from '@/components/ui/data-table';
import type { NetworkSortKey } from '@shared/schemas/list-query';
import { RowActions } from '@/components/ui/row-actions';

export interface FranquiasColumnsOptions {
  onEdit: (row: FranquiaView) => void;
  onToggle: (row: FranquiaView) => void;
  /** The sortable headers' state and click (issue 23). */
  sortFor?: (key: NetworkSortKey) => DataTableSort;
}

/** SPEC §2 'Franquias screen' columns; each row's menu holds Editar and Desativar/Ativar. */
export function franquiasColumns({
  onEdit,
  onToggle,
  sortFor,
}: FranquiasColumnsOptions): DataTableColumn<FranquiaView>[] {
  return [
    {
      key: 'razaoSocial',
      header: 'Razão Social',
      sort: sortFor?.('nome'),
      cell: (row) => (
        <>
          <div className="font-medium">{row.razaoSocial}</div>
          <div className="font-mono text-xs text-muted-foreground">ID: {row.id.slice(0, 8)}</div>
        </>
      ),
    },
    { key: 'cnpj', header: 'CNPJ', cell: (row) => formatCnpj(row.cnpj), className: 'whitespace-nowrap' },
    { key: 'repLegal', header: 'Rep. Legal', cell: (row) => row.repLegal },
    { key: 'cidade', header: 'Cidade', cell: (row) => row.cidade || MISSING },
    { key: 'estado', header: 'Estado', cell: (row) => row.estado || MISSING },
    {
      key: 'email',
      header: 'Email',
      cell: (row) => row.user.email || 'N/A',
      // A long address breaks rather than widen the table past 1280 px (issue 23).
      className: 'max-w-56 [overflow-wrap:anywhere]',
    },
    {
      key: 'status',
      header: 'Status',
      sort: sortFor?.('status'),
      cell: (row) => (
        <Badge variant={row.isActive ? 'success' : 'secondary'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      cell: (row) => (
        <RowActions
          record={row.razaoSocial}
          actions={[
            { label: 'Editar', icon: Pencil, onSelect: () => onEdit(row) },
            {
              label: row.isActive ? 'Desativar' : 'Ativar',
              icon: Power,
              destructive: row.isActive,
              onSelect: () => onToggle(row),
            },
          ]}
        />
      ),
    },
  ];
}
