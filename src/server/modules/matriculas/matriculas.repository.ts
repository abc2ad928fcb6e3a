import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { FunnelResumo, MatriculasFilter, MatriculasListQuery } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { matriculasVisibleTo, preMatriculasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { alunos, eventos, matriculas, preMatriculas, users } from '../../db/schema';
import {
  type KeysetCursor,
  clienteSelection,
  countResumo,
  cursorText,
  drillFilters,
  inPlace,
  eventFilters,
  eventoSelection,
  funnelSearch,
  keysetAfter,
  newestFirst,
  listFunnelPage,
  origemDaPreMatriculaSelection,
  resolveFilter,
} from '../funnel';
import { consentimentoVigente, contatoSelection } from '../lgpd';

/** q= on the matrículas: their one search text, which the trigram index serves (issue 39, item 13). */
export const buscaMatriculas = (q: string | undefined) =>
  funnelSearch(q, matriculas.busca, matriculas.telefone);

function matriculaConditions(actor: Actor, filter: MatriculasFilter) {
  return and(
    inPlace(actor, filter, 'matriculas'),
    filter.status ? eq(matriculas.status, filter.status) : undefined,
    eventFilters(filter, matriculas.eventoId),
    drillFilters(filter, matriculas, matriculas.efetivadaEm),
    buscaMatriculas(filter.q),
  );
}

/** The course and price snapshot of a matrícula (issue 42), as the list, its CSV and Efetivar answer it. */
function cursoSnapshotSelection() {
  return {
    cursoId: matriculas.cursoId,
    cursoTitulo: matriculas.cursoTitulo,
    cursoCargaHoraria: matriculas.cursoCargaHoraria,
    valor: matriculas.valor,
    valorComDesconto: matriculas.valorComDesconto,
    parcelas: matriculas.parcelas,
    valorTotal: matriculas.valorTotal,
    valorParcela: matriculas.valorParcela,
    valorUltimaParcela: matriculas.valorUltimaParcela,
  };
}

/** Where the matrícula's contract stands (issue 42, second slice). */
function statusSelection() {
  return {
    status: matriculas.status,
    motivoCancelamento: matriculas.motivoCancelamento,
    canceladaEm: matriculas.canceladaEm,
  };
}

const matriculaSelection = {
  id: matriculas.id,
  preMatriculaId: matriculas.preMatriculaId,
  eventoId: matriculas.eventoId,
  leadId: matriculas.leadId,
  nome: matriculas.nome,
  ...contatoSelection(matriculas),
  cursoInteresse: matriculas.cursoInteresse,
  efetivadaEm: matriculas.efetivadaEm,
  createdAt: matriculas.createdAt,
  ...cursoSnapshotSelection(),
  ...statusSelection(),
  evento: eventoSelection,
  cliente: clienteSelection,
  // Issue 48: its pré-matrícula's origin, read by primary key for the page's rows only.
  origem: origemDaPreMatriculaSelection(matriculas.preMatriculaId),
};

/** One page of the caller's matrículas, newest first; the aluno's without the origin (staff only). */
export async function listMatriculas(db: Executor, actor: Actor, asked: MatriculasListQuery) {
  const query = await resolveFilter(db, actor, 'matriculas', asked);
  const source = {
    table: matriculas,
    id: matriculas.id,
    eventoId: matriculas.eventoId,
    createdAt: matriculas.createdAt,
    counter: 'matriculas' as const,
  };
  const page = await listFunnelPage(db, actor, source, matriculaSelection, matriculaConditions(actor, query), query, {
    // The scope's counters know no status: with one, the total is counted in SQL.
    filtered: query.status !== undefined,
  });
  if (actor.role !== 'aluno') return page;
  return { ...page, items: page.items.map(({ origem: _origem, ...item }) => item) };
}

export function matriculasExportBatch(db: Executor, actor: Actor, filter: MatriculasFilter) {
  return (after: KeysetCursor | null, limit: number) =>
    db
      .select({
        id: matriculas.id,
        cursorAt: cursorText(matriculas.createdAt),
        nome: matriculas.nome,
        email: matriculas.email,
        telefone: matriculas.telefone,
        cursoInteresse: matriculas.cursoInteresse,
        efetivadaEm: matriculas.efetivadaEm,
        cursoTitulo: matriculas.cursoTitulo,
        cursoCargaHoraria: matriculas.cursoCargaHoraria,
        parcelas: matriculas.parcelas,
        valorTotal: matriculas.valorTotal,
        valorParcela: matriculas.valorParcela,
        valorUltimaParcela: matriculas.valorUltimaParcela,
        status: matriculas.status,
        motivoCancelamento: matriculas.motivoCancelamento,
        nomeEscola: eventos.nomeEscola,
        dataEvento: eventos.dataEvento,
        origem: origemDaPreMatriculaSelection(matriculas.preMatriculaId),
      })
      .from(matriculas)
      .innerJoin(eventos, eq(eventos.id, matriculas.eventoId))
      .where(
        and(
          matriculaConditions(actor, filter),
          consentimentoVigente(matriculas),
          keysetAfter(after, matriculas.createdAt, matriculas.id),
        ),
      )
      .orderBy(...newestFirst(matriculas.createdAt, matriculas.id))
      .limit(limit);
}

export function matriculasResumo(db: Executor, actor: Actor): Promise<FunnelResumo> {
  return countResumo(db, actor, { table: matriculas, counter: 'matriculas' }, matriculasVisibleTo(actor));
}

/* Efetivar (DESIGN §4.5): the steps below run inside one transaction of the service. */

export async function findPreMatriculaInScope(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(preMatriculas)
    .where(and(eq(preMatriculas.id, id), preMatriculasVisibleTo(actor)))
    .limit(1);
  return row;
}

/** Marks it effective only if it still is pending: of two racing calls, one wins and the other sees nothing. */
export async function markPreMatriculaEfetivada(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(preMatriculas)
    .set({ status: 'efetivada', updatedAt: now })
    .where(and(eq(preMatriculas.id, id), eq(preMatriculas.status, 'pendente')))
    .returning({ id: preMatriculas.id });
  return rows.length > 0;
}

export async function insertMatricula(db: Executor, values: typeof matriculas.$inferInsert) {
  // The unique pre_matricula_id is the last guard: a matrícula already there means "already effective".
  const [row] = await db
    .insert(matriculas)
    .values(values)
    .onConflictDoNothing({ target: matriculas.preMatriculaId })
    .returning();
  return row;
}

export async function findUserIdByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, nome: users.nome, role: users.role, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** Creates the aluno's user unless the e-mail was taken meanwhile; answers the new row or undefined. */
export async function insertAlunoUser(db: Executor, values: { email: string; nome: string; password: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'aluno' })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, nome: users.nome, role: users.role, isActive: users.isActive });
  return row;
}

/**
 * Links the aluno's login to the pre-matrícula. The link takes the status the network already gave this aluno
 * (a network that switched it off keeps it off), and is active in a network new to it (ADR 019); the answer is
 * the link's status.
 */
export async function linkAluno(
  db: Executor,
  userId: string,
  pre: { id: string; franqueadorId: string | null },
): Promise<boolean> {
  const [sameNetwork] = pre.franqueadorId
    ? await db
        .select({ isActive: alunos.isActive })
        .from(alunos)
        .innerJoin(preMatriculas, eq(preMatriculas.id, alunos.preMatriculaId))
        .where(and(eq(alunos.userId, userId), eq(preMatriculas.franqueadorId, pre.franqueadorId)))
        .orderBy(desc(alunos.createdAt), desc(alunos.id))
        .limit(1)
    : [];
  const isActive = sameNetwork?.isActive ?? true;
  await db.insert(alunos).values({ userId, preMatriculaId: pre.id, isActive });
  return isActive;
}

/** The rows an export of these filters holds, counted up to `limite` + 1 when a limit is given (issue 22). */
export async function countMatriculasExport(
  db: Executor,
  actor: Actor,
  filter: MatriculasFilter,
  limite?: number,
): Promise<number> {
  const rows = db
    .select({ um: sql`1` })
    .from(matriculas)
    .innerJoin(eventos, eq(eventos.id, matriculas.eventoId))
    .where(and(matriculaConditions(actor, filter), consentimentoVigente(matriculas)));
  const counted = (limite === undefined ? rows : rows.limit(limite + 1)).as('exportadas');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(counted);
  return Number(row?.total ?? 0);
}

/** The network and branch of a matrícula, as SQL that selects them (a webhook event's `redes`). */
export const redesDaMatricula = (id: string): SQL =>
  sql`select franqueador_id, franquia_id from ${matriculas} where id = ${id}::uuid`;

/** A matrícula in the caller's scope, by id (its contract's route). */
export async function findMatriculaInScope(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({ id: matriculas.id, status: matriculas.status })
    .from(matriculas)
    .where(and(eq(matriculas.id, id), matriculasVisibleTo(actor)))
    .limit(1);
  return row;
}

/** Issue 42: the status a new matrícula takes once its contract is known (none: 'ativa'). */
export async function setMatriculaStatus(db: Executor, id: string, status: 'aguardando_aceite' | 'ativa') {
  const [row] = await db.update(matriculas).set({ status }).where(eq(matriculas.id, id)).returning();
  return row!;
}
