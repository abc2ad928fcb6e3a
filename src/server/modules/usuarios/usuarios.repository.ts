import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UsuarioView } from '../../../shared/schemas/usuario';
import type { Role } from '../../../shared/roles';
import type { Actor } from '../../access/actor';
import { alunoLinksVisibleTo, preMatriculasVisibleTo, usuariosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { alunos, preMatriculas, users, vendedores } from '../../db/schema';
import { listPage, networkOrder } from '../../lib/list-page';
import type { ListSortValue, NetworkSortKey } from '../../../shared/schemas/list-query';
import type { ListCursor } from '../../../shared/schemas/list-cursor';
import { containsIgnoringAccents, containsInSearchText } from '../../lib/pagination';

/**
 * An aluno is one login shared by every network that made one of its pré-matrículas effective, so its `users`
 * row holds what the FIRST network wrote. Each network shows it as its own links describe it (ADR 019): the name
 * of its first pré-matrícula linked to that login, since when it is its aluno, and whether IT switched it off.
 * Every other role is shown from its user row.
 */
function ownAlunoLinks(db: Executor, actor: Actor) {
  return db
    .select({
      userId: alunos.userId,
      nome: sql<string | null>`(array_agg(${preMatriculas.nome} order by ${alunos.createdAt}, ${alunos.id}))[1]`.as(
        'link_nome',
      ),
      since: sql<Date>`min(${alunos.createdAt})`.as('link_since'),
      isActive: sql<boolean>`bool_and(${alunos.isActive})`.as('link_active'),
    })
    .from(alunos)
    .innerJoin(preMatriculas, eq(preMatriculas.id, alunos.preMatriculaId))
    .where(preMatriculasVisibleTo(actor))
    .groupBy(alunos.userId)
    .as('own_links');
}

/** The columns a usuário is shown and sorted by: an aluno's as its network's links describe it (ADR 019). */
function usuarioColumns(db: Executor, actor: Actor) {
  const links = ownAlunoLinks(db, actor);
  const isAluno = sql`${users.role} = 'aluno'`;
  const createdAt = sql<Date>`case when ${isAluno} then coalesce(${links.since}, ${users.createdAt}) else ${users.createdAt} end`;
  const nome = sql<string | null>`case when ${isAluno} then ${links.nome} else ${users.nome} end`;
  // The name's sort key (ADR 167): the one stored on the row, but for an aluno, whose name is its network's.
  const nomeOrdem = sql<
    string | null
  >`case when ${isAluno} then lower(f_unaccent(${links.nome})) else ${users.nomeOrdem} end`;
  const isActive = sql<boolean>`case when ${isAluno} then ${users.isActive} and coalesce(${links.isActive}, false) else ${users.isActive} end`;
  return { links, createdAt, nome, nomeOrdem, isActive };
}

/**
 * The list's order (issue 23, 46): newest first without a sort, or by name or status; its keys are the cursors'.
 * The name may be null: an aluno whose links the actor's network does not see.
 */
function usuariosOrder(columns: ReturnType<typeof usuarioColumns>, sort?: ListSortValue<NetworkSortKey>) {
  return networkOrder(
    'usuarios',
    sort,
    { nome: columns.nome, nomeOrdem: columns.nomeOrdem, isActive: columns.isActive, id: users.id, nomeNullable: true },
    [
      { expr: columns.createdAt, type: 'timestamptz', desc: true },
      { expr: users.id, type: 'uuid', desc: true },
    ],
  );
}

function selectUsuarios<E extends Record<string, SQL>>(
  db: Executor,
  columns: ReturnType<typeof usuarioColumns>,
  extra: E = {} as E,
) {
  const { links, createdAt, nome, isActive } = columns;
  return db
    .select({
      id: users.id,
      nome,
      email: users.email,
      role: users.role,
      isActive,
      createdAt: createdAt.mapWith(users.createdAt),
      // Issue 50: a vendedor away, and its record's id (what a bulk action's filter names); false and null for the
      // other roles.
      ausente: sql<boolean>`coalesce(${vendedores.ausente}, false)`,
      vendedorId: vendedores.id,
      ...extra,
    })
    .from(users)
    .leftJoin(links, eq(links.userId, users.id))
    .leftJoin(vendedores, eq(vendedores.userId, users.id));
}

/**
 * The search box: e-mail, and the name as shown -- for an aluno, any name the actor's network collected. Each part
 * is read from a trigram index (issue 46): the user's own name and e-mail (users.busca, ADR 138; an aluno's by its
 * e-mail only), and an aluno's pré-matrículas by their search text (pre_matriculas_busca_trgm_idx, then the name
 * itself compared as before); the matching ids are a set the list and its count read by key. One condition with a
 * CASE over each row read every user of the network and unaccented each name (40 ms for 8,000).
 */
function searchUsuarios(actor: Actor, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const u = alias(users, 'usuario_busca');
  const byNameOrEmail = sql`select ${u.id} from ${users} usuario_busca where ${containsInSearchText(u.busca, q)}
    and (${u.role} <> 'aluno' or ${containsInSearchText(sql`f_unaccent(lower(${u.email}))`, q)})`;
  const byOwnName = sql`select ${alunos.userId} from ${alunos}
    inner join ${preMatriculas} on ${preMatriculas.id} = ${alunos.preMatriculaId}
    inner join ${users} usuario_busca on ${u.id} = ${alunos.userId}
    where ${u.role} = 'aluno' and ${preMatriculasVisibleTo(actor)}
      and ${containsInSearchText(preMatriculas.busca, q)}
      and ${containsIgnoringAccents(preMatriculas.nome, q)}`;
  return sql`${users.id} in (${byNameOrEmail} union ${byOwnName})`;
}

type Row = Awaited<ReturnType<typeof selectUsuarios<Record<never, SQL>>>>[number];

export function toUsuarioView(row: Row): UsuarioView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export interface UsuariosFilter {
  q?: string;
  role?: Role;
  sort?: ListSortValue<NetworkSortKey>;
  page: number;
  pageSize: number;
  apos?: ListCursor;
  antes?: ListCursor;
}

/** A page of the usuários the actor sees, by number or by cursor (issue 46), the matching count, and its cursors. */
export async function listUsuarios(db: Executor, actor: Actor, filter: UsuariosFilter) {
  const columns = usuarioColumns(db, actor);
  const { rows, total, exact, cursors } = await listPage(
    db,
    {
      table: users,
      where: [
        usuariosVisibleTo(actor),
        searchUsuarios(actor, filter.q),
        filter.role ? eq(users.role, filter.role) : undefined,
      ],
      order: usuariosOrder(columns, filter.sort),
      select: ({ where, orderBy, cursorChaves }) =>
        selectUsuarios(db, columns, { cursorChaves })
          .where(where)
          .orderBy(...orderBy),
    },
    filter,
  );
  return { rows: rows.map(toUsuarioView), total, exact, cursors };
}

export async function findUsuario(db: Executor, actor: Actor, id: string) {
  const [row] = await selectUsuarios(db, usuarioColumns(db, actor))
    .where(and(usuariosVisibleTo(actor), eq(users.id, id)))
    .limit(1);
  return row;
}

/**
 * Switches an aluno on or off for the actor's network only: its links there. The shared login stays usable while
 * any network keeps a link active (ADR 019); the answer is whether it still is.
 */
export async function setAlunoLinksActive(db: Executor, actor: Actor, userId: string, isActive: boolean) {
  await db
    .update(alunos)
    .set({ isActive })
    .where(and(eq(alunos.userId, userId), alunoLinksVisibleTo(actor)));
  const [active] = await db
    .select({ id: alunos.id })
    .from(alunos)
    .where(and(eq(alunos.userId, userId), eq(alunos.isActive, true)))
    .limit(1);
  return active !== undefined;
}

/** Issue 50: the vendedor of this user away or back. */
export async function setAusente(db: Executor, userId: string, ausente: boolean): Promise<void> {
  await db.update(vendedores).set({ ausente }).where(eq(vendedores.userId, userId));
}
