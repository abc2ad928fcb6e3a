import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { USUARIO_ROLE_FILTERS, type UsuarioView } from '@shared/schemas/usuario';
import { formatTotal } from '@shared/format';
import { StatusToggleDialog } from '@/components/ui/status-toggle-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableNotice } from '@/components/ui/data-table';
import { RecordListCard, useRecordList } from '@/components/ui/record-list-card';
import { mutationToasts } from '@/hooks/use-record-dialogs';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useListState } from '@/hooks/use-list-state';
import { NETWORK_SORT_KEYS } from '@shared/schemas/list-query';
import { errorMessage } from '@/lib/api-client';
import { useCreateVendedor } from '../api/create-vendedor';
import { useUsuarios } from '../api/get-usuarios';
import { useUpdateUsuarioStatus } from '../api/update-usuario-status';
import { useUpdateUsuarioAusente } from '../api/update-usuario-ausente';
import { RedistribuirDialog, type VendedorDesativado } from './redistribuir-dialog';
import { toast } from '@/lib/toast';
import { PermissionsCard } from './permissions-card';
import { usuariosColumns } from './usuarios-columns';
import { VendedorForm } from './vendedor-form';

const ALL = 'todos';

/**
 * A vendedor's id as its leads name their responsável (issue 50), when the row carries it: the users' list is of
 * accounts, the leads point at the vendedor record.
 */
function vendedorIdDe(user: UsuarioView): string | null {
  return user.vendedorId ?? null;
}

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
  const list$ = useListState({ filters: ['role'], sortKeys: NETWORK_SORT_KEYS, searchMinimum: true });
  const role = ((roleOptions as readonly string[]).includes(list$.filters.role ?? '') ? list$.filters.role : ALL) as
    Role | typeof ALL;
  const { search, setSearch, q, pageParams, pageSize } = list$;
  const [creatingVendedor, setCreatingVendedor] = useState(false);
  const [toggling, setToggling] = useState<UsuarioView | null>(null);
  const sort = list$.sortParam;
  // The page's number, and its cursor past the first page (issue 46).
  const params = { q, role: role === ALL ? undefined : role, sort, ...pageParams, pageSize };
  const list = useRecordList(useUsuarios(params), list$, params);

  const [desativado, setDesativado] = useState<VendedorDesativado | null>(null);
  const ausente = useUpdateUsuarioAusente({
    onSuccess: (user) =>
      toast({
        variant: 'success',
        title: user.ausente ? 'Vendedor marcado como ausente' : 'Vendedor marcado como disponível',
        description: user.ausente
          ? 'Os novos leads vão para os outros vendedores até ele voltar'
          : 'Ele volta a receber novos leads pela distribuição',
      }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao alterar a ausência',
        description: errorMessage(error, error.message),
      }),
  });
  const toggleToasts = mutationToasts({
    done: () => setToggling(null),
    closeOnError: true,
    success: (user: UsuarioView) =>
      user.isActive
        ? { title: 'Usuário ativado', description: 'O usuário pode acessar o sistema novamente' }
        : { title: 'Usuário desativado', description: 'O usuário não pode mais acessar o sistema' },
    error: 'Erro ao alterar status',
  });
  const toggle = useUpdateUsuarioStatus({
    ...toggleToasts,
    onSuccess: (user) => {
      toggleToasts.onSuccess(user);
      // Issue 50: a vendedor switched off leaves its open leads; the micro-franquia may hand them on at once.
      if (isMicro && user.role === 'vendedor' && !user.isActive) {
        setDesativado({ nome: user.nome || user.email, vendedorId: vendedorIdDe(user) });
      }
    },
  });
  const createVendedor = useCreateVendedor(
    mutationToasts({
      done: () => setCreatingVendedor(false),
      success: () => ({
        title: 'Vendedor criado com sucesso',
        description: 'O novo vendedor foi cadastrado no sistema',
      }),
      error: 'Erro ao criar vendedor',
    }),
  );

  const { total, exact } = list;
  let notice: DataTableNotice | null = null;
  if (list.isError) notice = { kind: 'error', title: errorMessage(list.error, 'Erro ao carregar usuários') };
  else if (list.loaded && list.rows.length === 0) notice = { kind: 'empty', title: 'Nenhum usuário encontrado' };

  return (
    <div className="grid grid-cols-1 gap-6">
      {isMicro ? <PermissionsCard /> : null}

      <RecordListCard
        title="Lista de Usuários"
        badges={
          list.loaded ? <Badge variant="secondary">{formatTotal(total, exact, ['usuário', 'usuários'])}</Badge> : null
        }
        list={list}
        caption="Lista de usuários"
        columns={usuariosColumns({
          currentUserId: currentUser.id,
          onToggle: setToggling,
          onAusente: isMicro ? (user) => ausente.mutate({ id: user.id, ausente: !user.ausente }) : undefined,
          sortFor: list$.sortFor,
        })}
        notice={notice}
        search={{
          id: 'usuarios-busca',
          label: 'Buscar',
          placeholder: 'Nome ou email...',
          value: search,
          onChange: setSearch,
          hint: list$.searchHint,
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
      />

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
      <RedistribuirDialog vendedor={desativado} onClose={() => setDesativado(null)} />
    </div>
  );
}
