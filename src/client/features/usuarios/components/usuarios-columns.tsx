import { Palmtree, Power, UserCheck } from 'lucide-react';
import { ROLE_LABELS } from '@shared/roles';
import type { UsuarioView } from '@shared/schemas/usuario';
import { Badge } from '@/components/ui/badge';
import type { DataTableColumn, DataTableSort } from '@/components/ui/data-table';
import { RowActions } from '@/components/ui/row-actions';
import type { NetworkSortKey } from '@shared/schemas/list-query';

export interface UsuariosColumnsOptions {
  /** The signed-in user's row says 'Você' instead of a button: nobody switches itself off. */
  currentUserId: string;
  onToggle: (user: UsuarioView) => void;
  /** Issue 50: the micro-franquia marks its vendedores away or back (absent: no such action). */
  onAusente?: (user: UsuarioView) => void;
  /** The sortable headers' state and click (issue 23). */
  sortFor?: (key: NetworkSortKey) => DataTableSort;
}

/** Usuários columns (SPEC §2): user, email, role, status and the Desativar/Ativar action. */
export function usuariosColumns({
  currentUserId,
  onToggle,
  onAusente,
  sortFor,
}: UsuariosColumnsOptions): DataTableColumn<UsuarioView>[] {
  return [
    {
      key: 'usuario',
      header: 'Usuário',
      sort: sortFor?.('nome'),
      cell: (user) => (
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
          >
            {(user.nome || user.email).charAt(0).toUpperCase()}
          </span>
          <span className="font-medium">{user.nome || '-'}</span>
        </div>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      cell: (user) => user.email,
      // A long address breaks rather than widen the table past 1280 px (issue 23).
      className: 'max-w-64 [overflow-wrap:anywhere]',
    },
    { key: 'perfil', header: 'Perfil', cell: (user) => <Badge variant="outline">{ROLE_LABELS[user.role]}</Badge> },
    {
      key: 'status',
      header: 'Status',
      sort: sortFor?.('status'),
      cell: (user) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={user.isActive ? 'success' : 'secondary'}>{user.isActive ? 'Ativo' : 'Inativo'}</Badge>
          {/* Issue 50: away, skipped by the distribution of new leads until back. */}
          {user.ausente ? (
            <Badge variant="warning" title="Não recebe novos leads pela distribuição automática">
              Ausente
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      // The one row-action pattern (issue 23): the menu, with Desativar/Ativar behind a confirmation naming the user.
      cell: (user) =>
        user.id === currentUserId ? (
          <span className="text-xs text-muted-foreground">Você</span>
        ) : (
          <RowActions
            record={user.nome || user.email}
            actions={[
              ...(onAusente && user.role === 'vendedor' && user.isActive
                ? [
                    {
                      label: user.ausente ? 'Marcar como disponível' : 'Marcar como ausente',
                      icon: user.ausente ? UserCheck : Palmtree,
                      onSelect: () => onAusente(user),
                    },
                  ]
                : []),
              {
                label: user.isActive ? 'Desativar' : 'Ativar',
                icon: Power,
                destructive: user.isActive,
                onSelect: () => onToggle(user),
              },
            ]}
          />
        ),
    },
  ];
}
