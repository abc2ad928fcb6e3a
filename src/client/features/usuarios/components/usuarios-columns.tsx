import { Power } from 'lucide-react';
import { ROLE_LABELS } from '@shared/roles';
import type { UsuarioView } from '@shared/schemas/usuario';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';

export interface UsuariosColumnsOptions {
  /** The signed-in user's row says 'Você' instead of a button: nobody switches itself off. */
  currentUserId: string;
  onToggle: (user: UsuarioView) => void;
}

/** Usuários columns (SPEC §2): user, email, role, status and the Desativar/Ativar action. */
export function usuariosColumns({ currentUserId, onToggle }: UsuariosColumnsOptions): DataTableColumn<UsuarioView>[] {
  return [
    {
      key: 'usuario',
      header: 'Usuário',
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
    { key: 'email', header: 'Email', cell: (user) => user.email, className: 'whitespace-nowrap' },
    { key: 'perfil', header: 'Perfil', cell: (user) => <Badge variant="outline">{ROLE_LABELS[user.role]}</Badge> },
    {
      key: 'status',
      header: 'Status',
      cell: (user) => (
        <Badge variant={user.isActive ? 'success' : 'secondary'}>{user.isActive ? 'Ativo' : 'Inativo'}</Badge>
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      cell: (user) =>
        user.id === currentUserId ? (
          <span className="text-xs text-muted-foreground">Você</span>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className={user.isActive ? 'text-destructive' : undefined}
            onClick={() => onToggle(user)}
          >
            <Power aria-hidden="true" />
            {user.isActive ? 'Desativar' : 'Ativar'} <span className="sr-only">{user.nome || user.email}</span>
          </Button>
        ),
    },
  ];
}
