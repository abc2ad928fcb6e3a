import { can } from '@shared/permissions';
import { formatTotalCount } from '@shared/format';
import type { ReactNode } from 'react';
import type { Role } from '@shared/roles';
import type { MicroFranquiaCreate, MicroFranquiaView } from '@shared/schemas/micro-franquia';
import type { DataTableNotice } from '@/components/ui/data-table';
import { NewRecordButton, RecordListCard, useRecordList } from '@/components/ui/record-list-card';
import { RecordFormDialogs, type RecordFormSlot } from '@/components/ui/record-form-dialog';
import { useListState } from '@/hooks/use-list-state';
import { NETWORK_SORT_KEYS } from '@shared/schemas/list-query';
import { useRecordDialogs } from '@/hooks/use-record-dialogs';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useMicroFranquias } from '../api/get-micro-franquias';
import { DistribuicaoDe } from './distribuicao-screen';
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
  const list$ = useListState({ sortKeys: NETWORK_SORT_KEYS, searchMinimum: true });
  const { search, setSearch, q, pageParams, pageSize } = list$;
  const dialogs = useRecordDialogs<MicroFranquiaView>();
  const [distribuicao, setDistribuicao] = useState<MicroFranquiaView | null>(null);
  const { creating, setCreating, editing, setEditing } = dialogs;
  const sort = list$.sortParam;
  // The page's number, and its cursor past the first page (issue 46).
  const params = { q, sort, ...pageParams, pageSize };
  const list = useRecordList(useMicroFranquias(params), list$, params);

  const create = useCreateMicroFranquia(
    dialogs.created({ success: 'Micro-franquia criada com sucesso', error: 'Erro ao criar micro-franquia' }),
  );
  const update = useUpdateMicroFranquia(
    dialogs.updated({ success: 'Micro-franquia atualizada com sucesso', error: 'Erro ao atualizar micro-franquia' }),
  );

  let notice: DataTableNotice | null = null;
  if (list.isError) notice = { kind: 'error', title: 'Failed to fetch micro-franquias' };
  else if (list.loaded && list.rows.length === 0) {
    notice = {
      kind: 'empty',
      title: q ? 'Nenhuma micro-franquia encontrada para a busca' : 'Nenhuma micro-franquia cadastrada',
    };
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <RecordListCard
        title="Micro-franquias"
        badges={
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {list.loaded
              ? `${list.exact ? list.total : formatTotalCount(list.total, false)} micro-franquia(s) cadastrada(s)`
              : ' '}
          </p>
        }
        list={list}
        caption="Lista de micro-franquias"
        columns={microFranquiasColumns({
          readOnly,
          onEdit: setEditing,
          onDistribuicao: can(role, 'distribuicao.definir') ? setDistribuicao : undefined,
          sortFor: list$.sortFor,
        })}
        loadingText="Carregando..."
        notice={notice}
        search={{
          id: 'micro-franquias-busca',
          label: 'Buscar micro-franquias',
          labelHidden: true,
          placeholder: 'Buscar por razão social, CNPJ ou representante...',
          value: search,
          onChange: setSearch,
          hint: list$.searchHint,
        }}
        toolbar={
          readOnly ? null : <NewRecordButton onClick={() => setCreating(true)}>Nova Micro-franquia</NewRecordButton>
        }
      />

      <Dialog open={distribuicao !== null} onOpenChange={(open) => (open ? undefined : setDistribuicao(null))}>
        <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Distribuição de leads</DialogTitle>
            <DialogDescription>
              Como os novos leads de {distribuicao?.razaoSocial ?? 'esta micro-franquia'} ganham um vendedor
              responsável.
            </DialogDescription>
          </DialogHeader>
          {distribuicao ? (
            <DistribuicaoDe microFranquiaId={distribuicao.id} onSaved={() => setDistribuicao(null)} />
          ) : null}
        </DialogContent>
      </Dialog>

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
