import { useState } from 'react';
import { Building2, Filter, Plus } from 'lucide-react';
import type { CepResult } from '@shared/schemas/cep';
import type { FranquiaView } from '@shared/schemas/franquia';
import { formatCount } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableNotice } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
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
import { useLiveList } from '@/hooks/use-live-list';
import { LiveListControls } from '@/components/ui/live-list-controls';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateFranquia } from '../api/create-franquia';
import { type FranquiasParams, useFranquias } from '../api/get-franquias';
import { useSetFranquiaStatus } from '../api/set-franquia-status';
import { useUpdateFranquia } from '../api/update-franquia';
import { EmpresaForm, empresaValuesFrom } from './empresa-form';
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
  const list$ = useListState({ filters: ['status'], sortKeys: NETWORK_SORT_KEYS });
  const rawStatus = list$.filters.status;
  const status: StatusFilter = rawStatus === 'ativos' || rawStatus === 'inativos' ? rawStatus : undefined;
  const { search, setSearch, q, page, setPage, pageSize, setPageSize } = list$;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<FranquiaView | null>(null);
  const [toggling, setToggling] = useState<FranquiaView | null>(null);
  const sort = list$.sortParam;
  const franquiasQuery = useFranquias({ q, status, sort, page, pageSize });
  const live = useLiveList(franquiasQuery, JSON.stringify({ q, status, sort, page, pageSize }));
  const franquias = { ...franquiasQuery, data: live.data };

  const create = useCreateFranquia({
    onSuccess: () => {
      setCreating(false);
      toast({ variant: 'success', title: 'Franquia criada com sucesso' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao criar franquia',
        description: errorMessage(error, error.message),
      }),
  });
  const update = useUpdateFranquia({
    onSuccess: () => {
      setEditing(null);
      toast({ variant: 'success', title: 'Franquia atualizada com sucesso' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao atualizar franquia',
        description: errorMessage(error, error.message),
      }),
  });
  const toggle = useSetFranquiaStatus({
    onSuccess: (row) => {
      setToggling(null);
      toast(
        row.isActive
          ? { variant: 'success', title: 'Franquia ativada', description: 'A franquia foi ativada com sucesso' }
          : { variant: 'success', title: 'Franquia desativada', description: 'A franquia foi desativada com sucesso' },
      );
    },
    onError: (error) => {
      setToggling(null);
      toast({
        variant: 'destructive',
        title: 'Erro ao alterar status',
        description: errorMessage(error, error.message),
      });
    },
  });

  const total = franquias.data?.total ?? 0;
  const rows = franquias.data?.items ?? [];
  const filtering = Boolean(q) || status !== undefined;
  let notice: DataTableNotice | null = null;
  if (franquias.isError) {
    notice = { kind: 'error', title: errorMessage(franquias.error, 'Erro ao carregar franquias') };
  } else if (franquias.data && rows.length === 0) {
    notice = filtering
      ? { kind: 'empty', icon: Building2, title: 'Nenhuma franquia encontrada para a busca' }
      : {
          kind: 'empty',
          icon: Building2,
          title: 'Nenhuma franquia cadastrada',
          action: (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Criar primeira franquia
            </Button>
          ),
        };
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-2 max-sm:px-4">
          <CardTitle as="h2" className="text-lg">
            Lista de Franquias
          </CardTitle>
          {franquias.data ? (
            <Badge variant="secondary" aria-label={`${total} franquias`}>
              {formatCount(total)}
            </Badge>
          ) : null}
          {status ? (
            <Badge variant="outline">{status === 'ativos' ? 'Somente ativas' : 'Somente inativas'}</Badge>
          ) : null}
          <LiveListControls live={live} className="ml-auto" />
        </CardHeader>
        <CardContent className="max-sm:px-4">
          <DataTable
            caption="Lista de Franquias"
            columns={franquiasColumns({
              onEdit: setEditing,
              onToggle: setToggling,
              sortFor: list$.sortFor,
            })}
            rows={rows}
            isLoading={franquias.isPending}
            notice={notice}
            search={{
              id: 'franquias-busca',
              label: 'Buscar franquias',
              labelHidden: true,
              placeholder: 'Buscar por razão social, CNPJ ou representante...',
              value: search,
              onChange: setSearch,
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
                <Button onClick={() => setCreating(true)}>
                  <Plus aria-hidden="true" />
                  Nova Franquia
                </Button>
              </>
            }
            pagination={{ page, pageSize, total, onPageChange: setPage, onPageSizeChange: setPageSize }}
          />
        </CardContent>
      </Card>

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

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Nova Franquia</DialogTitle>
            <DialogDescription>Preencha os dados da franquia e do seu representante legal.</DialogDescription>
          </DialogHeader>
          <EmpresaForm
            mode="create"
            idPrefix="nova-franquia"
            submitLabel="Criar Franquia"
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
            <DialogTitle>Editar Franquia</DialogTitle>
            <DialogDescription>Atualize os dados da franquia {editing?.razaoSocial}.</DialogDescription>
          </DialogHeader>
          {editing ? (
            <EmpresaForm
              key={editing.id}
              mode="edit"
              idPrefix="editar-franquia"
              defaultValues={empresaValuesFrom(editing)}
              submitLabel="Salvar Alterações"
              pendingLabel="Salvando..."
              onSubmit={(values) => {
                const { password: _password, ...data } = values;
                return update.mutateAsync({ id: editing.id, data });
              }}
              onCancel={() => setEditing(null)}
              lookupCep={lookupCep}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
