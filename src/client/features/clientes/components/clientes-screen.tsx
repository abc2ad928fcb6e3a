import { can } from '@shared/permissions';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import type { Role } from '@shared/roles';
import type { CepResult } from '@shared/schemas/cep';
import type { ClienteView } from '@shared/schemas/cliente';
import { formatCount } from '@shared/format';
import { StatusToggleDialog } from '@/components/ui/status-toggle-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableNotice } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useListState } from '@/hooks/use-list-state';
import { NETWORK_SORT_KEYS } from '@shared/schemas/list-query';
import { useLiveList } from '@/hooks/use-live-list';
import { LiveListControls } from '@/components/ui/live-list-controls';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useClientes } from '../api/get-clientes';
import { useCreateCliente } from '../api/create-cliente';
import { useSetClienteStatus } from '../api/set-cliente-status';
import { useUpdateCliente } from '../api/update-cliente';
import { ClienteForm, clienteValuesFrom } from './cliente-form';
import { clientesColumns } from './clientes-columns';
import { ClienteRecord, clienteEventosHref } from './cliente-record';

export interface ClientesScreenProps {
  role: Role;
  lookupCep: (cep: string) => Promise<CepResult | null>;
}

/** SPEC §2 'Clientes screen': the franqueador reads; micro-franquia and vendedor manage their clientes. */
export function ClientesScreen({ role, lookupCep }: ClientesScreenProps) {
  const readOnly = !can(role, 'clientes.editar');
  const list$ = useListState({ sortKeys: NETWORK_SORT_KEYS });
  const { search, setSearch, q, page, setPage, pageSize, setPageSize } = list$;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ClienteView | null>(null);
  const [toggling, setToggling] = useState<ClienteView | null>(null);
  const [aberto, setAberto] = useState<ClienteView | null>(null);
  const navigate = useNavigate();
  const sort = list$.sortParam;
  const listQuery = useClientes({ q, sort, page, pageSize });
  const live = useLiveList(listQuery, JSON.stringify({ q, sort, page, pageSize }));
  const list = { ...listQuery, data: live.data };

  const create = useCreateCliente({
    onSuccess: () => {
      setCreating(false);
      toast({ variant: 'success', title: 'Cliente criado com sucesso' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao criar cliente',
        description: errorMessage(error, error.message),
      }),
  });
  const update = useUpdateCliente({
    onSuccess: () => {
      setEditing(null);
      toast({ variant: 'success', title: 'Cliente atualizado' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao atualizar cliente',
        description: errorMessage(error, 'Ocorreu um erro ao atualizar o cliente.'),
      }),
  });
  const setStatus = useSetClienteStatus({
    onSuccess: (row) => {
      setToggling(null);
      toast({ variant: 'success', title: row.isActive ? 'Cliente ativado' : 'Cliente desativado' });
    },
    onError: (error, input) => {
      setToggling(null);
      toast({
        variant: 'destructive',
        title: input.isActive ? 'Erro ao ativar cliente' : 'Erro ao desativar cliente',
        description: errorMessage(error, error.message),
      });
    },
  });

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  let notice: DataTableNotice | null = null;
  if (list.isError) notice = { kind: 'error', title: 'Failed to fetch clientes' };
  else if (list.data && rows.length === 0) notice = { kind: 'empty', title: 'Nenhum cliente encontrado' };

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-2 max-sm:px-4">
          <CardTitle as="h2" className="text-lg">
            Lista de Clientes
          </CardTitle>
          {list.data ? (
            <Badge variant="secondary">
              {formatCount(total)} {total === 1 ? 'cliente' : 'clientes'}
            </Badge>
          ) : null}
          <LiveListControls live={live} className="ml-auto" />
        </CardHeader>
        <CardContent className="max-sm:px-4">
          <DataTable
            caption="Lista de clientes"
            columns={clientesColumns({
              readOnly,
              onEdit: setEditing,
              onToggle: setToggling,
              onOpen: setAberto,
              onEventos: (row) => void navigate(clienteEventosHref(row.id)),
              sortFor: list$.sortFor,
            })}
            rows={rows}
            isLoading={list.isPending}
            loadingText="Carregando clientes..."
            notice={notice}
            search={{
              id: 'clientes-busca',
              label: 'Buscar clientes',
              labelHidden: true,
              placeholder: 'Buscar por nome fantasia, CNPJ ou representante...',
              value: search,
              onChange: setSearch,
            }}
            toolbar={
              readOnly ? null : (
                <Button onClick={() => setCreating(true)}>
                  <Plus aria-hidden="true" />
                  Novo Cliente
                </Button>
              )
            }
            pagination={{ page, pageSize, total, onPageChange: setPage, onPageSizeChange: setPageSize }}
          />
        </CardContent>
      </Card>

      <ClienteRecord cliente={aberto} onClose={() => setAberto(null)} />

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
                onSubmit={(values) => create.mutateAsync({ ...values, password: values.password ?? '' })}
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
                  onSubmit={({ password: _password, ...data }) => update.mutateAsync({ id: editing.id, data })}
                  onCancel={() => setEditing(null)}
                  lookupCep={lookupCep}
                />
              ) : null}
            </DialogContent>
          </Dialog>

          <StatusToggleDialog
            target={toggling}
            title={(cliente) => `${cliente.isActive ? 'Desativar' : 'Ativar'} o cliente ${cliente.nomeFantasia}?`}
            describe={(cliente) =>
              cliente.isActive
                ? `Tem certeza que deseja desativar o cliente ${cliente.nomeFantasia}? Ele não poderá mais acessar o sistema.`
                : `Tem certeza que deseja ativar o cliente ${cliente.nomeFantasia}? Ele poderá acessar o sistema novamente.`
            }
            pending={setStatus.isPending}
            onConfirm={(cliente) => setStatus.mutate({ id: cliente.id, isActive: !cliente.isActive })}
            onClose={() => setToggling(null)}
          />
        </>
      )}
    </div>
  );
}
