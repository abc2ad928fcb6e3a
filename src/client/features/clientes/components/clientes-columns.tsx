import { CalendarDays, Pencil, Power } from 'lucide-react';
import type { ClienteView } from '@shared/schemas/cliente';
import { formatCnpj } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import type { DataTableColumn, DataTableSort } from '@/components/ui/data-table';
import { RecordButton } from '@/components/ui/record-sheet';
import type { NetworkSortKey } from '@shared/schemas/list-query';
import { RowActions } from '@/components/ui/row-actions';
import { KitBadge, ProdutoBadge } from './cliente-badges';

export interface ClientesColumnsOptions {
  /** The franqueador reads: it sees the Micro-Franquia column and no Ações. */
  readOnly: boolean;
  onEdit: (row: ClienteView) => void;
  onToggle: (row: ClienteView) => void;
  /** Opens the row's record (issue 23). */
  onOpen: (row: ClienteView) => void;
  /** Goes to the cliente's events (issue 23). */
  onEventos: (row: ClienteView) => void;
  /** The sortable headers' state and click (issue 23). */
  sortFor?: (key: NetworkSortKey) => DataTableSort;
}

/** SPEC §2 'Clientes screen' columns. */
export function clientesColumns({
  readOnly,
  onEdit,
  onToggle,
  sortFor,
  onOpen,
  onEventos,
}: ClientesColumnsOptions): DataTableColumn<ClienteView>[] {
  return [
    {
      key: 'nomeFantasia',
      header: 'Nome Fantasia',
      sort: sortFor?.('nome'),
      cell: (row) => <RecordButton label={row.nomeFantasia} opens="o cliente" onOpen={() => onOpen(row)} />,
    },
    { key: 'cnpj', header: 'CNPJ', cell: (row) => formatCnpj(row.cnpj), className: 'whitespace-nowrap' },
    { key: 'repLegal', header: 'Representante Legal', cell: (row) => row.repLegal },
    ...(readOnly
      ? [
          {
            key: 'microFranquia',
            header: 'Micro-Franquia',
            cell: (row: ClienteView) => row.microFranquia.razaoSocial,
          },
        ]
      : []),
    { key: 'produto', header: 'Produto', cell: (row) => <ProdutoBadge produto={row.produto} /> },
    { key: 'kit', header: 'Kit', cell: (row) => <KitBadge kit={row.kit} /> },
    {
      key: 'status',
      header: 'Status',
      sort: sortFor?.('status'),
      cell: (row) => (
        <Badge variant={row.isActive ? 'success' : 'secondary'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>
      ),
    },
    ...(readOnly
      ? []
      : [
          {
            key: 'acoes',
            header: 'Ações',
            className: 'text-right',
            cell: (row: ClienteView) => (
              <RowActions
                record={row.nomeFantasia}
                actions={[
                  { label: 'Editar', icon: Pencil, onSelect: () => onEdit(row) },
                  { label: 'Ver eventos', icon: CalendarDays, onSelect: () => onEventos(row) },
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
        ]),
  ];
}
