import { Building2, Filter } from 'lucide-react';
import type { CepResult } from '@shared/schemas/cep';
import type { FranquiaView } from '@shared/schemas/franquia';
import { formatTotalCount } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableNotice } from '@/components/ui/data-table';
import { NewRecordButton, RecordListCard, useRecordList } from '@/components/ui/record-list-card';
import { RecordFormDialogs } from '@/components/ui/record-form-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useListState } from '@/hooks/use-list-state';
import { StatusToggleDialog } from '@/components/ui/status-toggle-dialog';
import { NETWORK_SORT_KEYS } from '@shared/schemas/list-query';
import { errorMessage } from '@/lib/api-client';
import { useRecordDialogs } from '@/hooks/use-record-dialogs';
import { useCreateFranquia } from '../api/create-franquia';
import { type FranquiasParams, useFranquias } from '../api/get-franquias';
import { useSetFranquiaStatus } from '../api/set-franquia-status';
import { useUpdateFranquia } from '../api/update-franquia';
import { EmpresaForm, type EmpresaFormOutput, empresaValuesFrom } from './empresa-form';
import { franquiasColumns } from './franquias-columns';

type StatusFilter = FranquiasParams['status'];
const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: undefined, label: 'Todas' },
  { value: 'ativos', label: 'Ativas' },
  { value: 'inativos', label: 'Inativas' },
];

export interface FranquiasScreenProps {
  lookupCep: (cep: string) => Promise<CepResult | null>;
}

/** SPEC §2 'Franquias screen' (franqueador). */
export function FranquiasScreen({ lookupCep }: FranquiasScreenProps) {
  const list$ = useListState({ filters: ['status'], sortKeys: NETWORK_SORT_KEYS, searchMinimum: true });
  const rawStatus = list$.filters.status;
  const status: StatusFilter = rawStatus === 'ativos' || rawStatus === 'inativos' ? rawStatus : undefined;
  const { search, setSearch, q, pageParams, pageSize } = list$;
  const dialogs = useRecordDialogs<FranquiaView>();
  const { creating, setCreating, editing, setEditing, toggling, setToggling } = dialogs;
  const sort = list$.sortParam;
  // The page's number, and its cursor past the first page (issue 46).
  const params = { q, status, sort, ...pageParams, pageSize };
  const franquias = useRecordList(useFranquias(params), list$, params);

  const create = useCreateFranquia(
    dialogs.created({ success: 'Franquia criada com sucesso', error: 'Erro ao criar franquia' }),
  );
  const update = useUpdateFranquia(
    dialogs.updated({ success: 'Franquia atualizada com sucesso', error: 'Erro ao atualizar franquia' }),
  );
  const toggle = useSetFranquiaStatus(
    dialogs.toggled({
      success: (row: FranquiaView) =>
        row.isActive
          ? { title: 'Franquia ativada', description: 'A franquia foi ativada com sucesso' }
          : { title: 'Franquia desativada', description: 'A franquia foi desativada com sucesso' },
      error: 'Erro ao alterar status',
    }),
  );

  const { total, exact } = franquias;
  const filtering = Boolean(q) || status !== undefined;
  let notice: DataTableNotice | null = null;
  if (franquias.isError) {
    notice = { kind: 'error', title: errorMessage(franquias.error, 'Erro ao carregar franquias') };
  } else if (franquias.loaded && franquias.rows.length === 0) {
    notice = filtering
      ? { kind: 'empty', icon: Building2, title: 'Nenhuma franquia encontrada para a busca' }
      : {
          kind: 'empty',
          icon: Building2,
          title: 'Nenhuma franquia cadastrada',
          action: <NewRecordButton onClick={() => setCreating(true)}>Criar primeira franquia</NewRecordButton>,
        };
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <RecordListCard
        title="Lista de Franquias"
        badges={
          <>
            {franquias.loaded ? (
              <Badge variant="secondary" aria-label={`${exact ? total : `mais de ${total}`} franquias`}>
                {formatTotalCount(total, exact)}
              </Badge>
            ) : null}
            {status ? (
              <Badge variant="outline">{status === 'ativos' ? 'Somente ativas' : 'Somente inativas'}</Badge>
            ) : null}
          </>
        }
        list={franquias}
        caption="Lista de Franquias"
        columns={franquiasColumns({
          onEdit: setEditing,
          onToggle: setToggling,
          sortFor: list$.sortFor,
        })}
        notice={notice}
        search={{
          id: 'franquias-busca',
          label: 'Buscar franquias',
          labelHidden: true,
          placeholder: 'Buscar por razão social, CNPJ ou representante...',
          value: search,
          onChange: setSearch,
          hint: list$.searchHint,
        }}
        toolbar={
          <>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  <Filter aria-hidden="true" />
                  Filtrar
                  {status ? <span className="sr-only">(filtro ativo)</span> : null}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuLabel>Status</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {STATUS_FILTERS.map((option) => (
                  <DropdownMenuItem
                    key={option.label}
                    aria-current={status === option.value ? 'true' : undefined}
                    className={status === option.value ? 'font-semibold' : undefined}
                    onSelect={() => {
                      list$.setFilter('status', option.value);
                    }}
                  >
                    {option.label}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
            <NewRecordButton onClick={() => setCreating(true)}>Nova Franquia</NewRecordButton>
          </>
        }
      />

      <StatusToggleDialog
        target={toggling}
        title={(franquia) => `${franquia.isActive ? 'Desativar' : 'Ativar'} a franquia ${franquia.razaoSocial}?`}
        describe={(franquia) =>
          franquia.isActive
            ? 'A franquia e o seu acesso ao sistema ficarão inativos. Você poderá ativá-la novamente.'
            : 'A franquia voltará a acessar o sistema.'
        }
        pending={toggle.isPending}
        onConfirm={(franquia) => toggle.mutate({ id: franquia.id, isActive: !franquia.isActive })}
        onClose={() => setToggling(null)}
      />

      <RecordFormDialogs<FranquiaView, EmpresaFormOutput>
        creating={creating}
        editing={editing}
        onCloseCreate={() => setCreating(false)}
        onCloseEdit={() => setEditing(null)}
        texts={{
          createTitle: 'Nova Franquia',
          createDescription: 'Preencha os dados da franquia e do seu representante legal.',
          createLabel: 'Criar Franquia',
          createIdPrefix: 'nova-franquia',
          editTitle: 'Editar Franquia',
          editDescription: (row) => `Atualize os dados da franquia ${row?.razaoSocial ?? ''}.`,
          editIdPrefix: 'editar-franquia',
        }}
        onCreate={(values) => create.mutateAsync({ ...values, password: values.password ?? '' })}
        onUpdate={(row, { password: _password, ...data }) => update.mutateAsync({ id: row.id, data })}
        renderForm={({ row, ...slot }) => (
          <EmpresaForm {...slot} defaultValues={row ? empresaValuesFrom(row) : undefined} lookupCep={lookupCep} />
        )}
      />
    </div>
  );
}
