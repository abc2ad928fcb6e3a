import { useState } from 'react';
import { Building2, Filter, Plus, Search } from 'lucide-react';
import type { CepResult } from '@shared/schemas/cep';
import type { FranquiaView } from '@shared/schemas/franquia';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { formatCount } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateFranquia } from '../api/create-franquia';
import { type FranquiasParams, useFranquias } from '../api/get-franquias';
import { useUpdateFranquia } from '../api/update-franquia';
import { EmpresaForm, empresaValuesFrom } from './empresa-form';
import { FranquiasTable } from './franquias-table';

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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>(undefined);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<FranquiaView | null>(null);
  const q = useDebouncedValue(search.trim());
  const franquias = useFranquias({ q: q || undefined, status, page, pageSize: DEFAULT_PAGE_SIZE });

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
  const toggle = useUpdateFranquia({
    onSuccess: (row) =>
      toast(
        row.isActive
          ? { variant: 'success', title: 'Franquia ativada', description: 'A franquia foi ativada com sucesso' }
          : { variant: 'success', title: 'Franquia desativada', description: 'A franquia foi desativada com sucesso' },
      ),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao alterar status',
        description: errorMessage(error, error.message),
      }),
  });

  const total = franquias.data?.total ?? 0;
  const rows = franquias.data?.items;
  const filtering = Boolean(q) || status !== undefined;
  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-2">
          <Label htmlFor="franquias-busca" className="sr-only">
            Buscar franquias
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="franquias-busca"
              type="search"
              className="pl-9"
              placeholder="Buscar por razão social, CNPJ ou representante..."
              value={search}
              onChange={(event) => changeSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="flex gap-2">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" className="flex-1 sm:flex-none">
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
                    setStatus(option.value);
                    setPage(1);
                  }}
                >
                  {option.label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <Button className="flex-1 sm:flex-none" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Nova Franquia
          </Button>
        </div>
      </div>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-2">
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
        </CardHeader>
        <CardContent>
          {franquias.isError ? (
            <p role="alert" className="py-10 text-center text-destructive">
              {errorMessage(franquias.error, 'Erro ao carregar franquias')}
            </p>
          ) : !franquias.isPending && rows?.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-10 text-center">
              <Building2 aria-hidden="true" className="size-10 text-muted-foreground" />
              {filtering ? (
                <p className="text-muted-foreground">Nenhuma franquia encontrada para a busca</p>
              ) : (
                <>
                  <p className="text-muted-foreground">Nenhuma franquia cadastrada</p>
                  <Button onClick={() => setCreating(true)}>
                    <Plus aria-hidden="true" />
                    Criar primeira franquia
                  </Button>
                </>
              )}
            </div>
          ) : (
            <>
              <FranquiasTable
                rows={rows}
                loading={franquias.isPending}
                onEdit={setEditing}
                onToggle={(row) => toggle.mutate({ id: row.id, data: { isActive: !row.isActive } })}
              />
              <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onPageChange={setPage} />
            </>
          )}
        </CardContent>
      </Card>

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
