import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Power, Search } from 'lucide-react';
import type { Role } from '@shared/roles';
import type { CepResult } from '@shared/schemas/cep';
import type { ClienteView } from '@shared/schemas/cliente';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { formatCnpj, formatCount } from '@shared/format';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
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
import { useClientes } from '../api/get-clientes';
import { useSaveCliente } from '../api/save-cliente';
import { KitBadge, ProdutoBadge } from './cliente-badges';
import { ClienteForm, clienteValuesFrom } from './cliente-form';

export interface ClientesScreenProps {
  role: Role;
  lookupCep: (cep: string) => Promise<CepResult | null>;
}

/** SPEC §2 'Clientes screen': the franqueador reads; micro-franquia and vendedor manage their clientes. */
export function ClientesScreen({ role, lookupCep }: ClientesScreenProps) {
  const readOnly = role === 'franqueador';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ClienteView | null>(null);
  const [toggling, setToggling] = useState<ClienteView | null>(null);
  const q = useDebouncedValue(search.trim());
  const list = useClientes({ q: q || undefined, page, pageSize: DEFAULT_PAGE_SIZE });

  const save = useSaveCliente({
    onSuccess: (row, input) => {
      if (input.id === undefined) {
        setCreating(false);
        toast({ variant: 'success', title: 'Cliente criado com sucesso' });
      } else if ('nomeFantasia' in input.data) {
        setEditing(null);
        toast({ variant: 'success', title: 'Cliente atualizado' });
      } else {
        setToggling(null);
        toast({ variant: 'success', title: row.isActive ? 'Cliente ativado' : 'Cliente desativado' });
      }
    },
    onError: (error, input) => {
      if (input.id === undefined) {
        toast({
          variant: 'destructive',
          title: 'Erro ao criar cliente',
          description: errorMessage(error, error.message),
        });
      } else if ('nomeFantasia' in input.data) {
        toast({
          variant: 'destructive',
          title: 'Erro ao atualizar cliente',
          description: errorMessage(error, 'Ocorreu um erro ao atualizar o cliente.'),
        });
      } else {
        setToggling(null);
        toast({
          variant: 'destructive',
          title: input.data.isActive ? 'Erro ao ativar cliente' : 'Erro ao desativar cliente',
          description: errorMessage(error, error.message),
        });
      }
    },
  });

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const columns = [
    'Nome Fantasia',
    'CNPJ',
    'Representante Legal',
    ...(readOnly ? ['Micro-Franquia'] : []),
    'Produto',
    'Kit',
    'Status',
    ...(readOnly ? [] : ['Ações']),
  ];

  let body: ReactNode;
  if (list.isPending) {
    body = <MessageRow columns={columns.length}>Carregando clientes...</MessageRow>;
  } else if (list.isError) {
    body = (
      <MessageRow columns={columns.length} alert>
        Failed to fetch clientes
      </MessageRow>
    );
  } else if (rows.length === 0) {
    body = <MessageRow columns={columns.length}>Nenhum cliente encontrado</MessageRow>;
  } else {
    body = rows.map((row) => (
      <TableRow key={row.id}>
        <TableCell className="font-medium">{row.nomeFantasia}</TableCell>
        <TableCell className="whitespace-nowrap">{formatCnpj(row.cnpj)}</TableCell>
        <TableCell>{row.repLegal}</TableCell>
        {readOnly ? <TableCell>{row.microFranquia.razaoSocial}</TableCell> : null}
        <TableCell>
          <ProdutoBadge produto={row.produto} />
        </TableCell>
        <TableCell>
          <KitBadge kit={row.kit} />
        </TableCell>
        <TableCell>
          <Badge variant={row.isActive ? 'success' : 'secondary'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>
        </TableCell>
        {readOnly ? null : (
          <TableCell>
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => setEditing(row)}>
                <Pencil aria-hidden="true" />
                Editar <span className="sr-only">{row.nomeFantasia}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className={row.isActive ? 'text-destructive' : undefined}
                onClick={() => setToggling(row)}
              >
                <Power aria-hidden="true" />
                {row.isActive ? 'Desativar' : 'Ativar'} <span className="sr-only">{row.nomeFantasia}</span>
              </Button>
            </div>
          </TableCell>
        )}
      </TableRow>
    ));
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Label htmlFor="clientes-busca" className="sr-only">
            Buscar clientes
          </Label>
          <Search
            aria-hidden="true"
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="clientes-busca"
            type="search"
            className="pl-9"
            placeholder="Buscar por nome fantasia, CNPJ ou representante..."
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
            Novo Cliente
          </Button>
        )}
      </div>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-2">
          <CardTitle as="h2" className="text-lg">
            Lista de Clientes
          </CardTitle>
          {list.data ? (
            <Badge variant="secondary">
              {formatCount(total)} {total === 1 ? 'cliente' : 'clientes'}
            </Badge>
          ) : null}
        </CardHeader>
        <CardContent>
          <Table aria-label="Lista de clientes" aria-busy={list.isPending}>
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
                <DialogTitle>Novo Cliente</DialogTitle>
                <DialogDescription>Preencha os dados da escola e do seu acesso ao sistema.</DialogDescription>
              </DialogHeader>
              <ClienteForm
                mode="create"
                idPrefix="novo-cliente"
                submitLabel="Criar Cliente"
                pendingLabel="Criando..."
                onSubmit={(values) => save.mutateAsync({ data: { ...values, password: values.password ?? '' } })}
                onCancel={() => setCreating(false)}
                lookupCep={lookupCep}
              />
            </DialogContent>
          </Dialog>

          <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
            <DialogContent className="max-w-2xl">
              <DialogHeader>
                <DialogTitle>Editar Cliente</DialogTitle>
                <DialogDescription>Atualize os dados do cliente {editing?.nomeFantasia}.</DialogDescription>
              </DialogHeader>
              {editing ? (
                <ClienteForm
                  key={editing.id}
                  mode="edit"
                  idPrefix="editar-cliente"
                  defaultValues={clienteValuesFrom(editing)}
                  submitLabel="Salvar Alterações"
                  pendingLabel="Salvando..."
                  onSubmit={({ password: _password, ...data }) => save.mutateAsync({ id: editing.id, data })}
                  onCancel={() => setEditing(null)}
                  lookupCep={lookupCep}
                />
              ) : null}
            </DialogContent>
          </Dialog>

          <AlertDialog open={toggling !== null} onOpenChange={(open) => !open && setToggling(null)}>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{toggling?.isActive ? 'Desativar cliente' : 'Ativar cliente'}</AlertDialogTitle>
                <AlertDialogDescription>
                  {toggling?.isActive
                    ? `Tem certeza que deseja desativar o cliente ${toggling.nomeFantasia}? Ele não poderá mais acessar o sistema.`
                    : `Tem certeza que deseja ativar o cliente ${toggling?.nomeFantasia ?? ''}? Ele poderá acessar o sistema novamente.`}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={save.isPending}>Cancelar</AlertDialogCancel>
                <AlertDialogAction
                  destructive={toggling?.isActive}
                  disabled={save.isPending}
                  onClick={(event) => {
                    // Stays open until the answer arrives; the toast says how it went.
                    event.preventDefault();
                    if (toggling) save.mutate({ id: toggling.id, data: { isActive: !toggling.isActive } });
                  }}
                >
                  {toggling?.isActive ? 'Desativar' : 'Ativar'}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
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
