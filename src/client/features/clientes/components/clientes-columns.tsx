import { Pencil, Power } from 'lucide-react';
import type { ClienteView } from '@shared/schemas/cliente';
import { formatCnpj } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { KitBadge, ProdutoBadge } from './cliente-badges';

export interface ClientesColumnsOptions {
  /** The franqueador reads: it sees the Micro-Franquia column and no Ações. */
  readOnly: boolean;
  onEdit: (row: ClienteView) => void;
  onToggle: (row: ClienteView) => void;
}

/** SPEC §2 'Clientes screen' columns. */
export function clientesColumns({
  readOnly,
  onEdit,
  onToggle,
}: ClientesColumnsOptions): DataTableColumn<ClienteView>[] {
  return [
    {
      key: 'nomeFantasia',
      header: 'Nome Fantasia',
      cell: (row) => <span className="font-medium">{row.nomeFantasia}</span>,
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
            cell: (row: ClienteView) => (
              <div className="flex flex-wrap gap-1">
                <Button variant="ghost" size="sm" onClick={() => onEdit(row)}>
                  <Pencil aria-hidden="true" />
                  Editar <span className="sr-only">{row.nomeFantasia}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className={row.isActive ? 'text-destructive' : undefined}
                  onClick={() => onToggle(row)}
                >
                  <Power aria-hidden="true" />
                  {row.isActive ? 'Desativar' : 'Ativar'} <span className="sr-only">{row.nomeFantasia}</span>
                </Button>
              </div>
            ),
          },
        ]),
  ];
}
