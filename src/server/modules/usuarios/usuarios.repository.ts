import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { UsuarioView } from '../../../shared/schemas/usuario';
import type { Role } from '../../../shared/roles';
import type { Actor } from '../../access/actor';
import { usuariosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { users } from '../../db/schema';
import { listPage } from '../../lib/list-page';
import { searchAny } from '../../lib/pagination';

const usuarioView = {
  id: users.id,
  nome: users.nome,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

function selectUsuarios(db: Executor, where: SQL | undefined) {
  return db.select(usuarioView).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id));
}

type Row = Awaited<ReturnType<typeof selectUsuarios>>[number];

export function toUsuarioView(row: Row): UsuarioView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export interface UsuariosFilter {
  q?: string;
  role?: Role;
  page: number;
  pageSize: number;
}

export async function listUsuarios(db: Executor, actor: Actor, filter: UsuariosFilter) {
  const { rows, total } = await listPage(
    db,
    {
      table: users,
      where: [
        usuariosVisibleTo(actor),
        searchAny(filter.q, [users.nome, users.email]),
        filter.role ? eq(users.role, filter.role) : undefined,
      ],
      select: (where) => selectUsuarios(db, where),
    },
    filter,
  );
  return { rows: rows.map(toUsuarioView), total };
}

export async function findUsuario(db: Executor, actor: Actor, id: string) {
  const [row] = await selectUsuarios(db, and(usuariosVisibleTo(actor), eq(users.id, id))).limit(1);
  return row;
}
