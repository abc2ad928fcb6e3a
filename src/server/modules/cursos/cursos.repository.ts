import { and, asc, count, eq, getTableColumns, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Curso, Modulo } from '../../../shared/schemas/curso';
import type { Actor } from '../../access/actor';
import { clientesVisibleTo, cursosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, cursoModulos, cursos, eventosCursos } from '../../db/schema';
import { searchInText } from '../../lib/pagination';
import { countUpToLimit, networkOrder } from '../../lib/list-page';
import { orderByKeys } from '../../lib/keyset';
import type { ListSortValue, NetworkSortKey } from '../../../shared/schemas/list-query';

type CursoRow = typeof cursos.$inferSelect;
type ModuloRow = typeof cursoModulos.$inferSelect;

export function toModulo(row: ModuloRow): Modulo {
  return {
    id: row.id,
    cursoId: row.cursoId,
    titulo: row.titulo,
    modulo: row.modulo,
    cargaHoraria: row.cargaHoraria,
    ordem: row.ordem,
    isActive: row.isActive,
  };
}

function toCurso(row: CursoRow, modulos: Modulo[]): Curso {
  return {
    id: row.id,
    clienteId: row.clienteId,
    titulo: row.titulo,
    descricao: row.descricao,
    valor: row.valor,
    valorComDesconto: row.valorComDesconto,
    parcelas: row.parcelas,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    modulos,
  };
}

/** The modules of several courses in one query, each course's in its order. */
async function modulosOf(db: Executor, cursoIds: string[]): Promise<Map<string, Modulo[]>> {
  const byCurso = new Map<string, Modulo[]>(cursoIds.map((id) => [id, []]));
  if (cursoIds.length === 0) return byCurso;
  const rows = await db
    .select()
    .from(cursoModulos)
    .where(inArray(cursoModulos.cursoId, cursoIds))
    .orderBy(asc(cursoModulos.ordem), asc(cursoModulos.createdAt), asc(cursoModulos.id));
  for (const row of rows) byCurso.get(row.cursoId)?.push(toModulo(row));
  return byCurso;
}

/**
 * A course's modules (as `toModulo` answers them, in their order), read with its row: one probe of
 * curso_modulos_curso_id_ordem_idx a course. Read apart for a page's 500 courses, the planner scanned every module
 * of the table (40,000). The course's column is named in full: drizzle leaves the table out of a one-table select.
 */
const modulosDoCurso = sql<Modulo[]>`(select coalesce(json_agg(json_build_object('id', m.id, 'cursoId', m.curso_id,
    'titulo', m.titulo, 'modulo', m.modulo, 'cargaHoraria', m.carga_horaria, 'ordem', m.ordem, 'isActive', m.is_active)
    order by m.ordem, m.created_at, m.id), '[]') from ${cursoModulos} m where m.curso_id = cursos.id)`;

export interface CursoListFilter {
  sort?: ListSortValue<NetworkSortKey>;
  clienteId?: string;
  q?: string;
  limit: number;
  offset: number;
}

/**
 * A page of the courses the actor may read, newest first, with their modules; and the number matching, counted up
 * to the lists' limit (issue 46: `exact` false past it, the screens say 'mais de 10.000').
 */
export async function listCursos(db: Executor, actor: Actor, filter: CursoListFilter) {
  const conditions: (SQL | undefined)[] = [cursosVisibleTo(actor), searchInText(filter.q, cursos.busca)];
  if (filter.clienteId) conditions.push(eq(cursos.clienteId, filter.clienteId));
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    db
      .select({ ...getTableColumns(cursos), modulos: modulosDoCurso })
      .from(cursos)
      .where(where)
      .orderBy(
        ...orderByKeys(
          networkOrder('cursos', filter.sort, { nome: cursos.titulo, isActive: cursos.isActive, id: cursos.id }, [
            { expr: cursos.createdAt, type: 'timestamptz', desc: true },
            { expr: cursos.id, type: 'uuid', desc: true },
          ]).keys,
        ),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    countUpToLimit(db, cursos, where),
  ]);
  return { items: rows.map(({ modulos, ...r }) => toCurso(r, modulos)), ...counted };
}

/** True when the client exists and the actor may read it. */
export async function clienteVisible(db: Executor, actor: Actor, clienteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clientes.id })
    .from(clientes)
    .where(and(eq(clientes.id, clienteId), clientesVisibleTo(actor)))
    .limit(1);
  return row !== undefined;
}

/** One course the actor may read, or undefined; `lock` holds the row until the transaction ends. */
export async function findCursoRow(db: Executor, actor: Actor, id: string, lock = false) {
  const query = db
    .select()
    .from(cursos)
    .where(and(eq(cursos.id, id), cursosVisibleTo(actor)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findCurso(db: Executor, actor: Actor, id: string): Promise<Curso | undefined> {
  const row = await findCursoRow(db, actor, id);
  if (!row) return undefined;
  const modulos = await modulosOf(db, [row.id]);
  return toCurso(row, modulos.get(row.id) ?? []);
}

export async function insertCurso(db: Executor, values: typeof cursos.$inferInsert): Promise<CursoRow> {
  const [row] = await db.insert(cursos).values(values).returning();
  return row!;
}

export async function updateCurso(
  db: Executor,
  id: string,
  values: Partial<{
    titulo: string;
    descricao: string | null;
    valor: number;
    valorComDesconto: number | null;
    parcelas: number;
    isActive: boolean;
  }>,
): Promise<void> {
  const set: Partial<typeof cursos.$inferInsert> = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(set).length === 0) return;
  await db.update(cursos).set(set).where(eq(cursos.id, id));
}

export async function insertModulos(db: Executor, values: (typeof cursoModulos.$inferInsert)[]): Promise<Modulo[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(cursoModulos).values(values).returning();
  return rows.map(toModulo);
}

export async function findModulo(db: Executor, cursoId: string, moduloId: string) {
  const [row] = await db
    .select()
    .from(cursoModulos)
    .where(and(eq(cursoModulos.id, moduloId), eq(cursoModulos.cursoId, cursoId)))
    .limit(1);
  return row;
}

export async function nextOrdem(db: Executor, cursoId: string): Promise<number> {
  const [row] = await db
    .select({ value: max(cursoModulos.ordem) })
    .from(cursoModulos)
    .where(eq(cursoModulos.cursoId, cursoId));
  return (row?.value ?? 0) + 1;
}

export async function updateModulo(
  db: Executor,
  moduloId: string,
  values: Partial<Pick<ModuloRow, 'titulo' | 'modulo' | 'cargaHoraria' | 'ordem' | 'isActive'>>,
): Promise<Modulo> {
  const set: Partial<typeof cursoModulos.$inferInsert> = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(set).length === 0) set.updatedAt = new Date();
  const [row] = await db.update(cursoModulos).set(set).where(eq(cursoModulos.id, moduloId)).returning();
  return toModulo(row!);
}

export async function countModulos(db: Executor, cursoId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(cursoModulos).where(eq(cursoModulos.cursoId, cursoId));
  return Number(row?.value ?? 0);
}

export async function deleteModulo(db: Executor, moduloId: string): Promise<void> {
  await db.delete(cursoModulos).where(eq(cursoModulos.id, moduloId));
}

/** Module ordem stays its 1-based position after a removal. */
export async function renumberModulos(db: Executor, cursoId: string): Promise<void> {
  await db.execute(sql`
    update ${cursoModulos} set ordem = numbered.position
    from (
      select id, row_number() over (order by ordem, created_at, id)::int as position
      from ${cursoModulos} where curso_id = ${cursoId}
    ) as numbered
    where ${cursoModulos.id} = numbered.id and ${cursoModulos.ordem} <> numbered.position`);
}

/**
 * An event's active courses, by title, with their price today and their hours (the sum of their active modules):
 * what a pré-matrícula may be given and a matrícula may take (issue 42) -- the Efetivar dialog's choices and, in
 * Efetivar's transaction, its snapshot.
 */
export function cursosAtivosDoEvento(db: Executor, eventoId: string) {
  return db
    .select({
      id: cursos.id,
      titulo: cursos.titulo,
      valor: cursos.valor,
      valorComDesconto: cursos.valorComDesconto,
      parcelas: cursos.parcelas,
      cargaHoraria: sql<number>`coalesce((select sum(${cursoModulos.cargaHoraria}) from ${cursoModulos}
        where ${cursoModulos.cursoId} = ${cursos.id} and ${cursoModulos.isActive}), 0)::int`.mapWith(Number),
    })
    .from(eventosCursos)
    .innerJoin(cursos, eq(cursos.id, eventosCursos.cursoId))
    .where(and(eq(eventosCursos.eventoId, eventoId), eq(cursos.isActive, true)))
    .orderBy(asc(cursos.titulo), asc(cursos.id));
}
