import { MoreHorizontal, Pencil, Power } from 'lucide-react';
import type { FranquiaView } from '@shared/schemas/franquia';
import { formatCnpj, MISSING } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** SPEC §9: the franquias list shows 5 skeleton rows while it loads. */
const LOADING_ROWS = 5;
const COLUMNS = ['Razão Social', 'CNPJ', 'Rep. Legal', 'Cidade', 'Estado', 'Email', 'Status'];

export interface FranquiasTableProps {
  rows: FranquiaView[] | undefined;
  loading: boolean;
  onEdit: (row: FranquiaView) => void;
  onToggle: (row: FranquiaView) => void;
}

export function FranquiasTable({ rows, loading, onEdit, onToggle }: FranquiasTableProps) {
  return (
    <Table aria-label="Lista de Franquias" aria-busy={loading}>
      <TableHeader>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
          <TableHead className="text-right">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading
          ? Array.from({ length: LOADING_ROWS }, (_, index) => (
              <TableRow key={index} data-testid="franquia-skeleton">
                {[...COLUMNS, 'Ações'].map((column) => (
                  <TableCell key={column}>
                    <Skeleton className="h-4 w-full min-w-12" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : rows?.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <div className="font-medium">{row.razaoSocial}</div>
                  <div className="font-mono text-xs text-muted-foreground">ID: {row.id.slice(0, 8)}</div>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatCnpj(row.cnpj)}</TableCell>
                <TableCell>{row.repLegal}</TableCell>
                <TableCell>{row.cidade || MISSING}</TableCell>
                <TableCell>{row.estado || MISSING}</TableCell>
                <TableCell className="whitespace-nowrap">{row.user.email || 'N/A'}</TableCell>
                <TableCell>
                  <Badge variant={row.isActive ? 'success' : 'secondary'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>
                </TableCell>
                <TableCell className="text-right">
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button variant="ghost" size="icon" aria-label={`Ações de ${row.razaoSocial}`}>
                        <MoreHorizontal aria-hidden="true" />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent>
                      <DropdownMenuItem onSelect={() => onEdit(row)}>
                        <Pencil aria-hidden="true" />
                        Editar
                      </DropdownMenuItem>
                      <DropdownMenuItem destructive={row.isActive} onSelect={() => onToggle(row)}>
                        <Power aria-hidden="true" />
                        {row.isActive ? 'Desativar' : 'Ativar'}
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}
