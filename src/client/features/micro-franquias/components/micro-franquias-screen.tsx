import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Search } from 'lucide-react';
import type { Role } from '@shared/roles';
import type { MicroFranquiaCreate, MicroFranquiaView } from '@shared/schemas/micro-franquia';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { formatCnpj, MISSING } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useMicroFranquias } from '../api/get-micro-franquias';
import { useSaveMicroFranquia } from '../api/save-micro-franquia';

/** What the form the route hands in receives (the franquia form: SPEC §5 gives both the same fields). */
export interface MicroFranquiaFormSlot {
  mode: 'create' | 'edit';
  idPrefix: string;
  /** The row being edited; absent on create. */
  row?: MicroFranquiaView;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: Omit<MicroFranquiaCreate, 'password'> & { password?: string }) => Promise<unknown>;
  onCancel: () => void;
}

export interface MicroFranquiasScreenProps {
  role: Role;
  renderForm: (slot: MicroFranquiaFormSlot) => ReactNode;
}

/** SPEC §2 'Micro-franquias screen': the franqueador reads its network; a franquia manages its own. */
export function MicroFranquiasScreen({ role, renderForm }: MicroFranquiasScreenProps) {
  const readOnly = role === 'franqueador';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<MicroFranquiaView | null>(null);
  const q = useDebouncedValue(search.trim());
  const list = useMicroFranquias({ q: q || undefined, page, pageSize: DEFAULT_PAGE_SIZE });

  const save = useSaveMicroFranquia({
    onSuccess: (_row, input) => {
      if (input.id === undefined) {
        setCreating(false);
        toast({ variant: 'success', title: 'Micro-franquia criada com sucesso' });
      } else {
        setEditing(null);
        toast({ variant: 'success', title: 'Micro-franquia atualizada com sucesso' });
      }
    },
    onError: (error, input) =>
      toast({
        variant: 'destructive',
        title: input.id === undefined ? 'Erro ao criar micro-franquia' : 'Erro ao atualizar micro-franquia',
        description: errorMessage(error, error.message),
      }),
  });

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const columns = [
    'Razão Social',
    'CNPJ',
    'Rep. Legal',
    ...(readOnly ? ['Franquia'] : []),
    'Cidade',
    'Estado',
    'Status',
    ...(readOnly ? [] : ['Ações']),
  ];

  let body: ReactNode;
  if (list.isPending) {
    body = <MessageRow columns={columns.length}>Carregando...</MessageRow>;
  } else if (list.isError) {
    body = (
      <MessageRow columns={columns.length} alert>
        Failed to fetch micro-franquias
      </MessageRow>
    );
  } else if (rows.length === 0) {
    body = (
      <MessageRow columns={columns.length}>
        {q ? 'Nenhuma micro-franquia encontrada para a busca' : 'Nenhuma micro-franquia cadastrada'}
      </MessageRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={row.id}>
        <TableCell className="font-medium">{row.razaoSocial}</TableCell>
        <TableCell className="whitespace-nowrap">{formatCnpj(row.cnpj)}</TableCell>
        <TableCell>{row.repLegal}</TableCell>
        {readOnly ? <TableCell>{row.franquia.razaoSocial}</TableCell> : null}
        <TableCell>{row.cidade || MISSING}</TableCell>
        <TableCell>{row.estado || MISSING}</TableCell>
        <TableCell>
          <Badge variant={row.isActive ? 'success' : 'secondary'}>{row.isActive ? 'Ativa' : 'Inativa'}</Badge>
        </TableCell>
        {readOnly ? null : (
          <TableCell>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Editar ${row.razaoSocial}`}
              onClick={() => setEditing(row)}
            >
              <Pencil aria-hidden="true" />
            </Button>
          </TableCell>
        )}
      </TableRow>
    ));
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Label htmlFor="micro-franquias-busca" className="sr-only">
            Buscar micro-franquias
          </Label>
          <Search
            aria-hidden="true"
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="micro-franquias-busca"
            type="search"
            className="pl-9"
            placeholder="Buscar por razão social, CNPJ ou representante..."
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        {readOnly ? null : (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Nova Micro-franquia
          </Button>
        )}
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Micro-franquias
          </CardTitle>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {list.data ? `${total} micro-franquia(s) cadastrada(s)` : ' '}
          </p>
        </CardHeader>
        <CardContent>
          <Table aria-label="Lista de micro-franquias" aria-busy={list.isPending}>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>{body}</TableBody>
          </Table>
          <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onPageChange={setPage} />
        </CardContent>
      </Card>

      {readOnly ? null : (
        <>
          <Dialog open={creating} onOpenChange={setCreating}>
            <DialogContent className="max-w-2xl">
              <DialogHeader>
                <DialogTitle>Nova Micro-franquia</DialogTitle>
                <DialogDescription>Preencha os dados da micro-franquia e do seu representante legal.</DialogDescription>
              </DialogHeader>
              {renderForm({
                mode: 'create',
                idPrefix: 'nova-micro-franquia',
                submitLabel: 'Criar Micro-franquia',
                pendingLabel: 'Criando...',
                onSubmit: (values) => save.mutateAsync({ data: { ...values, password: values.password ?? '' } }),
                onCancel: () => setCreating(false),
              })}
            </DialogContent>
          </Dialog>
          <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
            <DialogContent className="max-w-2xl">
              <DialogHeader>
                <DialogTitle>Editar Micro-franquia</DialogTitle>
                <DialogDescription>Atualize os dados da micro-franquia {editing?.razaoSocial}.</DialogDescription>
              </DialogHeader>
              {editing
                ? renderForm({
                    mode: 'edit',
                    idPrefix: 'editar-micro-franquia',
                    row: editing,
                    submitLabel: 'Salvar Alterações',
                    pendingLabel: 'Salvando...',
                    onSubmit: ({ password: _password, ...data }) => save.mutateAsync({ id: editing.id, data }),
                    onCancel: () => setEditing(null),
                  })
                : null}
            </DialogContent>
          </Dialog>
        </>
      )}
    </div>
  );
}

function MessageRow({ columns, alert, children }: { columns: number; alert?: boolean; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell
        colSpan={columns}
        role={alert ? 'alert' : undefined}
        className={alert ? 'py-10 text-center text-destructive' : 'py-10 text-center text-muted-foreground'}
      >
        {children}
      </TableCell>
    </TableRow>
  );
}
