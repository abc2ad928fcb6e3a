import { can } from '@shared/permissions';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '@shared/roles';
import type { CepResult } from '@shared/schemas/cep';
import type { ClienteView } from '@shared/schemas/cliente';
import { formatTotal } from '@shared/format';
import { StatusToggleDialog } from '@/components/ui/status-toggle-dialog';
import { Badge } from '@/components/ui/badge';
import type { DataTableNotice } from '@/components/ui/data-table';
import { NewRecordButton, RecordListCard, useRecordList } from '@/components/ui/record-list-card';
import { RecordFormDialogs } from '@/components/ui/record-form-dialog';
import { useListState } from '@/hooks/use-list-state';
import { NETWORK_SORT_KEYS } from '@shared/schemas/list-query';
import { useRecordDialogs } from '@/hooks/use-record-dialogs';
import { useClientes } from '../api/get-clientes';
import { useCreateCliente } from '../api/create-cliente';
import { useSetClienteStatus } from '../api/set-cliente-status';
import { useUpdateCliente } from '../api/update-cliente';
import { ClienteForm, type ClienteFormOutput, clienteValuesFrom } from './cliente-form';
import { clientesColumns } from './clientes-columns';
import { ClienteRecord, clienteEventosHref } from './cliente-record';

export interface ClientesScreenProps {
  role: Role;
  lookupCep: (cep: string) => Promise<CepResult | null>;
}

/** SPEC §2 'Clientes screen': the franqueador reads; micro-franquia and vendedor manage their clientes. */
export function ClientesScreen({ role, lookupCep }: ClientesScreenProps) {
  const readOnly = !can(role, 'clientes.editar');
  const list$ = useListState({ sortKeys: NETWORK_SORT_KEYS, searchMinimum: true });
  const { search, setSearch, q, pageParams, pageSize } = list$;
  const dialogs = useRecordDialogs<ClienteView>();
  const { creating, setCreating, editing, setEditing, toggling, setToggling } = dialogs;
  const [aberto, setAberto] = useState<ClienteView | null>(null);
  const navigate = useNavigate();
  const sort = list$.sortParam;
  // The page's number, and its cursor past the first page (issue 46).
  const params = { q, sort, ...pageParams, pageSize };
  const list = useRecordList(useClientes(params), list$, params);

  const create = useCreateCliente(
    dialogs.created({ success: 'Cliente criado com sucesso', error: 'Erro ao criar cliente' }),
  );
  const update = useUpdateCliente(
    dialogs.updated({
      success: 'Cliente atualizado',
      error: 'Erro ao atualizar cliente',
      fallback: 'Ocorreu um erro ao atualizar o cliente.',
    }),
  );
  const setStatus = useSetClienteStatus(
    dialogs.toggled({
      success: (row: ClienteView) => ({ title: row.isActive ? 'Cliente ativado' : 'Cliente desativado' }),
      error: (input: { isActive: boolean }) =>
        input.isActive ? 'Erro ao ativar cliente' : 'Erro ao desativar cliente',
    }),
  );

  const { total, exact } = list;
  let notice: DataTableNotice | null = null;
  if (list.isError) notice = { kind: 'error', title: 'Failed to fetch clientes' };
  else if (list.loaded && list.rows.length === 0) notice = { kind: 'empty', title: 'Nenhum cliente encontrado' };

  return (
    <div className="grid grid-cols-1 gap-6">
      <RecordListCard
        title="Lista de Clientes"
        badges={
          list.loaded ? <Badge variant="secondary">{formatTotal(total, exact, ['cliente', 'clientes'])}</Badge> : null
        }
        list={list}
        caption="Lista de clientes"
        columns={clientesColumns({
          readOnly,
          onEdit: setEditing,
          onToggle: setToggling,
          onOpen: setAberto,
          onEventos: (row) => void navigate(clienteEventosHref(row.id)),
          sortFor: list$.sortFor,
        })}
        loadingText="Carregando clientes..."
        notice={notice}
        search={{
          id: 'clientes-busca',
          label: 'Buscar clientes',
          labelHidden: true,
          placeholder: 'Buscar por nome fantasia, CNPJ ou representante...',
          value: search,
          onChange: setSearch,
          hint: list$.searchHint,
        }}
        toolbar={readOnly ? null : <NewRecordButton onClick={() => setCreating(true)}>Novo Cliente</NewRecordButton>}
      />

      <ClienteRecord cliente={aberto} onClose={() => setAberto(null)} />

      {readOnly ? null : (
        <>
          <RecordFormDialogs<ClienteView, ClienteFormOutput>
            creating={creating}
            editing={editing}
            onCloseCreate={() => setCreating(false)}
            onCloseEdit={() => setEditing(null)}
            texts={{
              createTitle: 'Novo Cliente',
              createDescription: 'Preencha os dados da escola e do seu acesso ao sistema.',
              createLabel: 'Criar Cliente',
              createIdPrefix: 'novo-cliente',
              editTitle: 'Editar Cliente',
              editDescription: (row) => `Atualize os dados do cliente ${row?.nomeFantasia ?? ''}.`,
              editIdPrefix: 'editar-cliente',
            }}
            onCreate={(values) => create.mutateAsync({ ...values, password: values.password ?? '' })}
            onUpdate={(row, { password: _password, ...data }) => update.mutateAsync({ id: row.id, data })}
            renderForm={({ row, ...slot }) => (
              <ClienteForm {...slot} defaultValues={row ? clienteValuesFrom(row) : undefined} lookupCep={lookupCep} />
            )}
          />

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
