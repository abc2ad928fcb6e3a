import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { USUARIO_ROLE_FILTERS, type UsuarioView } from '@shared/schemas/usuario';
import { formatCount } from '@shared/format';
import { StatusToggleDialog } from '@/components/ui/status-toggle-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableNotice } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useListState } from '@/hooks/use-list-state';
import { NETWORK_SORT_KEYS } from '@shared/schemas/list-query';
import { useLiveList } from '@/hooks/use-live-list';
import { LiveListControls } from '@/components/ui/live-list-controls';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateVendedor } from '../api/create-vendedor';
import { useUsuarios } from '../api/get-usuarios';
import { useUpdateUsuarioStatus } from '../api/update-usuario-status';
import { PermissionsCard } from './permissions-card';
import { usuariosColumns } from './usuarios-columns';
import { VendedorForm } from './vendedor-form';

const ALL = 'todos';

export interface UsuariosScreenProps {
  currentUser: { id: string; role: Role };
}

/**
 * Usuários (SPEC §2, DESIGN §4.3): the real list, searched by name or e-mail and filtered by role. The
 * micro-franquia also creates vendedores here and reads what each may do.
 */
export function UsuariosScreen({ currentUser }: UsuariosScreenProps) {
  const roleOptions = USUARIO_ROLE_FILTERS[currentUser.role] ?? [];
  const isMicro = currentUser.role === 'micro_franquia';
  const list$ = useListState({ filters: ['role'], sortKeys: NETWORK_SORT_KEYS });
  const role = ((roleOptions as readonly string[]).includes(list$.filters.role ?? '') ? list$.filters.role : ALL) as
    Role | typeof ALL;
  const { search, setSearch, q, page, setPage, pageSize, setPageSize } = list$;
  const [creatingVendedor, setCreatingVendedor] = useState(false);
  const [toggling, setToggling] = useState<UsuarioView | null>(null);
  const sort = list$.sortParam;
  const listQuery = useUsuarios({
    q,
    role: role === ALL ? undefined : role,
    sort,
    page,
    pageSize,
  });
  const live = useLiveList(
    listQuery,
    JSON.stringify({
      q,
      role: role === ALL ? undefined : role,
      sort,
      page,
      pageSize,
    }),
  );
  const list = { ...listQuery, data: live.data };

  const toggle = useUpdateUsuarioStatus({
    onSuccess: (user) => {
      setToggling(null);
      toast(
        user.isActive
          ? { variant: 'success', title: 'Usuário ativado', description: 'O usuário pode acessar o sistema novamente' }
          : {
              variant: 'success',
              title: 'Usuário desativado',
              description: 'O usuário não pode mais acessar o sistema',
            },
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
  const createVendedor = useCreateVendedor({
    onSuccess: () => {
      setCreatingVendedor(false);
      toast({
        variant: 'success',
        title: 'Vendedor criado com sucesso',
        description: 'O novo vendedor foi cadastrado no sistema',
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao criar vendedor',
        description: errorMessage(error, error.message),
      }),
  });

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  let notice: DataTableNotice | null = null;
  if (list.isError) notice = { kind: 'error', title: errorMessage(list.error, 'Erro ao carregar usuários') };
  else if (list.data && rows.length === 0) notice = { kind: 'empty', title: 'Nenhum usuário encontrado' };

  return (
    <div className="grid grid-cols-1 gap-6">
      {isMicro ? <PermissionsCard /> : null}

      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-2 max-sm:px-4">
          <CardTitle as="h2" className="text-lg">
            Lista de Usuários
          </CardTitle>
          {list.data ? (
            <Badge variant="secondary">
              {formatCount(total)} {total === 1 ? 'usuário' : 'usuários'}
            </Badge>
          ) : null}
          <LiveListControls live={live} className="ml-auto" />
        </CardHeader>
        <CardContent className="max-sm:px-4">
          <DataTable
            caption="Lista de usuários"
            columns={usuariosColumns({ currentUserId: currentUser.id, onToggle: setToggling, sortFor: list$.sortFor })}
            rows={rows}
            isLoading={list.isPending}
            isUpdating={list.isPlaceholderData}
            notice={notice}
            search={{
              id: 'usuarios-busca',
              label: 'Buscar',
              placeholder: 'Nome ou email...',
              value: search,
              onChange: setSearch,
            }}
            toolbar={
              <>
                <div className="grid gap-2 md:w-56">
                  <Label htmlFor="usuarios-perfil">Perfil</Label>
                  <Select
                    value={role}
                    onValueChange={(value) => {
                      list$.setFilter('role', value === ALL ? undefined : value);
                    }}
                  >
                    <SelectTrigger id="usuarios-perfil">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={ALL}>Todos</SelectItem>
                      {roleOptions.map((option) => (
                        <SelectItem key={option} value={option}>
                          {ROLE_LABELS[option]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                {isMicro ? (
                  <Button onClick={() => setCreatingVendedor(true)}>
                    <UserPlus aria-hidden="true" />
                    Novo Vendedor
                  </Button>
                ) : null}
              </>
            }
            pagination={{ page, pageSize, total, onPageChange: setPage, onPageSizeChange: setPageSize }}
          />
        </CardContent>
      </Card>

      {isMicro ? (
        <Dialog open={creatingVendedor} onOpenChange={setCreatingVendedor}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>Novo Vendedor</DialogTitle>
              <DialogDescription>O vendedor será vinculado automaticamente à sua micro-franquia.</DialogDescription>
            </DialogHeader>
            <VendedorForm
              onSubmit={(values) => createVendedor.mutateAsync(values)}
              onCancel={() => setCreatingVendedor(false)}
            />
          </DialogContent>
        </Dialog>
      ) : null}

      <StatusToggleDialog
        target={toggling}
        title={(usuario) => `${usuario.isActive ? 'Desativar' : 'Ativar'} o usuário ${usuario.nome || usuario.email}?`}
        describe={(usuario) =>
          usuario.isActive
            ? `Tem certeza que deseja desativar ${usuario.nome || usuario.email}? O acesso ao sistema será encerrado imediatamente.`
            : `Tem certeza que deseja ativar ${usuario.nome || usuario.email}? O acesso ao sistema será liberado.`
        }
        pending={toggle.isPending}
        onConfirm={(usuario) => toggle.mutate({ id: usuario.id, isActive: !usuario.isActive })}
        onClose={() => setToggling(null)}
      />
    </div>
  );
}
