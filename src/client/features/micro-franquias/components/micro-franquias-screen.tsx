import { can } from '@shared/permissions';
import { useState, type ReactNode } from 'react';
import { Plus } from 'lucide-react';
import type { Role } from '@shared/roles';
import type { MicroFranquiaCreate, MicroFranquiaView } from '@shared/schemas/micro-franquia';
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
import { useMicroFranquias } from '../api/get-micro-franquias';
import { useCreateMicroFranquia } from '../api/create-micro-franquia';
import { useUpdateMicroFranquia } from '../api/update-micro-franquia';
import { microFranquiasColumns } from './micro-franquias-columns';

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
  const readOnly = !can(role, 'microFranquias.editar');
  const list$ = useListState({ sortKeys: NETWORK_SORT_KEYS });
  const { search, setSearch, q, page, setPage, pageSize, setPageSize } = list$;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<MicroFranquiaView | null>(null);
  const sort = list$.sortParam;
  const listQuery = useMicroFranquias({ q, sort, page, pageSize });
  const live = useLiveList(listQuery, JSON.stringify({ q, sort, page, pageSize }));
  const list = { ...listQuery, data: live.data };

  const create = useCreateMicroFranquia({
    onSuccess: () => {
      setCreating(false);
      toast({ variant: 'success', title: 'Micro-franquia criada com sucesso' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao criar micro-franquia',
        description: errorMessage(error, error.message),
      }),
  });
  const update = useUpdateMicroFranquia({
    onSuccess: () => {
      setEditing(null);
      toast({ variant: 'success', title: 'Micro-franquia atualizada com sucesso' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao atualizar micro-franquia',
        description: errorMessage(error, error.message),
      }),
  });

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
                onSubmit: (values) => create.mutateAsync({ ...values, password: values.password ?? '' }),
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
                    onSubmit: ({ password: _password, ...data }) => update.mutateAsync({ id: editing.id, data }),
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
