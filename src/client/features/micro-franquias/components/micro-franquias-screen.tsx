import { can } from '@shared/permissions';
import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import type { Role } from '@shared/roles';
import type { MicroFranquiaCreate, MicroFranquiaView } from '@shared/schemas/micro-franquia';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableNotice } from '@/components/ui/data-table';
import { RecordFormDialogs, type RecordFormSlot } from '@/components/ui/record-form-dialog';
import { useListState } from '@/hooks/use-list-state';
import { NETWORK_SORT_KEYS } from '@shared/schemas/list-query';
import { useLiveList } from '@/hooks/use-live-list';
import { LiveListControls } from '@/components/ui/live-list-controls';
import { mutationToasts, useRecordDialogs } from '@/hooks/use-record-dialogs';
import { useMicroFranquias } from '../api/get-micro-franquias';
import { useCreateMicroFranquia } from '../api/create-micro-franquia';
import { useUpdateMicroFranquia } from '../api/update-micro-franquia';
import { microFranquiasColumns } from './micro-franquias-columns';

/** What the form the route hands in receives (the franquia form: SPEC §5 gives both the same fields). */
export type MicroFranquiaFormSlot = RecordFormSlot<
  MicroFranquiaView,
  Omit<MicroFranquiaCreate, 'password'> & { password?: string }
>;

export interface MicroFranquiasScreenProps {
  role: Role;
  renderForm: (slot: MicroFranquiaFormSlot) => ReactNode;
}

/** SPEC §2 'Micro-franquias screen': the franqueador reads its network; a franquia manages its own. */
export function MicroFranquiasScreen({ role, renderForm }: MicroFranquiasScreenProps) {
  const readOnly = !can(role, 'microFranquias.editar');
  const list$ = useListState({ sortKeys: NETWORK_SORT_KEYS });
  const { search, setSearch, q, page, setPage, pageSize, setPageSize } = list$;
  const { creating, setCreating, editing, setEditing } = useRecordDialogs<MicroFranquiaView>();
  const sort = list$.sortParam;
  const listQuery = useMicroFranquias({ q, sort, page, pageSize });
  const live = useLiveList(listQuery, JSON.stringify({ q, sort, page, pageSize }));
  const list = { ...listQuery, data: live.data };

  const create = useCreateMicroFranquia(
    mutationToasts({
      done: () => setCreating(false),
      success: 'Micro-franquia criada com sucesso',
      error: 'Erro ao criar micro-franquia',
    }),
  );
  const update = useUpdateMicroFranquia(
    mutationToasts({
      done: () => setEditing(null),
      success: 'Micro-franquia atualizada com sucesso',
      error: 'Erro ao atualizar micro-franquia',
    }),
  );

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  let notice: DataTableNotice | null = null;
  if (list.isError) notice = { kind: 'error', title: 'Failed to fetch micro-franquias' };
  else if (list.data && rows.length === 0) {
    notice = {
      kind: 'empty',
      title: q ? 'Nenhuma micro-franquia encontrada para a busca' : 'Nenhuma micro-franquia cadastrada',
    };
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-2 max-sm:px-4">
          <CardTitle as="h2" className="text-lg">
            Micro-franquias
          </CardTitle>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {list.data ? `${total} micro-franquia(s) cadastrada(s)` : ' '}
          </p>
          <LiveListControls live={live} className="ml-auto" />
        </CardHeader>
        <CardContent className="max-sm:px-4">
          <DataTable
            caption="Lista de micro-franquias"
            columns={microFranquiasColumns({ readOnly, onEdit: setEditing, sortFor: list$.sortFor })}
            rows={rows}
            isLoading={list.isPending}
            isUpdating={list.isPlaceholderData}
            loadingText="Carregando..."
            notice={notice}
            search={{
              id: 'micro-franquias-busca',
              label: 'Buscar micro-franquias',
              labelHidden: true,
              placeholder: 'Buscar por razão social, CNPJ ou representante...',
              value: search,
              onChange: setSearch,
            }}
            toolbar={
              readOnly ? null : (
                <Button onClick={() => setCreating(true)}>
                  <Plus aria-hidden="true" />
                  Nova Micro-franquia
                </Button>
              )
            }
            pagination={{ page, pageSize, total, onPageChange: setPage, onPageSizeChange: setPageSize }}
          />
        </CardContent>
      </Card>

      {readOnly ? null : (
        <>
          <RecordFormDialogs
            creating={creating}
            editing={editing}
            onCloseCreate={() => setCreating(false)}
            onCloseEdit={() => setEditing(null)}
            texts={{
              createTitle: 'Nova Micro-franquia',
              createDescription: 'Preencha os dados da micro-franquia e do seu representante legal.',
              createLabel: 'Criar Micro-franquia',
              createIdPrefix: 'nova-micro-franquia',
              editTitle: 'Editar Micro-franquia',
              editDescription: (row) => `Atualize os dados da micro-franquia ${row?.razaoSocial ?? ''}.`,
              editIdPrefix: 'editar-micro-franquia',
            }}
            onCreate={(values) => create.mutateAsync({ ...values, password: values.password ?? '' })}
            onUpdate={(row, { password: _password, ...data }) => update.mutateAsync({ id: row.id, data })}
            renderForm={renderForm}
          />
        </>
      )}
    </div>
  );
}
