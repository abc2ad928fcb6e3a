import { hideCpf } from '../../../shared/format';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ActivationClaim,
  PreMatriculasFilter,
  PreMatriculasListQuery,
  FunnelResumo,
  PreMatriculaConflito,
} from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { preMatriculasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { eventos, preMatriculaConflitos, preMatriculas } from '../../db/schema';
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
  origemSelection,
  resolveFilter,
} from '../funnel';
import { consentimentoVigente, contatoSelection } from '../lgpd';

/** q= on the pré-matrículas: their one search text, which the trigram index serves (issue 39, item 13). */
export const buscaPreMatriculas = (q: string | undefined) =>
  funnelSearch(q, preMatriculas.busca, preMatriculas.telefone);

function preMatriculaConditions(actor: Actor, filter: PreMatriculasFilter) {
  return and(
    inPlace(actor, filter, 'preMatriculas'),
    filter.situacao ? eq(preMatriculas.status, filter.situacao) : undefined,
    eventFilters(filter, preMatriculas.eventoId),
    drillFilters(filter, preMatriculas, preMatriculas.createdAt),
    buscaPreMatriculas(filter.q),
  );
}

const preMatriculaSelection = {
  id: preMatriculas.id,
  eventoId: preMatriculas.eventoId,
  leadId: preMatriculas.leadId,
  nome: preMatriculas.nome,
  nomeAluno: preMatriculas.nomeAluno,
  nomeResponsavel: preMatriculas.nomeResponsavel,
  ...contatoSelection(preMatriculas),
  cursoInteresse: preMatriculas.cursoInteresse,
  status: preMatriculas.status,
  createdAt: preMatriculas.createdAt,
  // Masked below: the list tells two students apart, never shows a CPF whole (issue 23; the CSV has them whole).
  cpfAluno: preMatriculas.cpfAluno,
  cpfResponsavel: preMatriculas.cpfResponsavel,
  evento: eventoSelection,
  cliente: clienteSelection,
  // Issue 48: where the family came from (staff only), the link's vendedor read for the page's rows only.
  origem: origemSelection(preMatriculas),
  // An index probe per row (pre_matricula_conflitos_claim_key): the conflicts' details cost a second query only
  // on a page that has one.
  temConflito: sql<boolean>`exists (select 1 from ${preMatriculaConflitos} where ${preMatriculaConflitos.preMatriculaId} = ${preMatriculas.id})`,
};

/**
 * One page of the caller's pre-matrículas, newest first; effective ones stay listed with their status. The staff's
 * rows carry their activation conflicts (ADR 020); the aluno's rows do not.
 */
export async function listPreMatriculas(db: Executor, actor: Actor, asked: PreMatriculasListQuery) {
  const query = await resolveFilter(db, actor, 'preMatriculas', asked);
  const source = {
    table: preMatriculas,
    id: preMatriculas.id,
    eventoId: preMatriculas.eventoId,
    createdAt: preMatriculas.createdAt,
    counter: 'preMatriculas' as const,
  };
  const page = await listFunnelPage(
    db,
    actor,
    source,
    preMatriculaSelection,
    preMatriculaConditions(actor, query),
    query,
    // The scope's counters know no situação: with one, the total is counted in SQL.
    { filtered: query.situacao !== undefined },
  );
  const rows = page.items.map(({ temConflito: _temConflito, cpfAluno, cpfResponsavel, ...item }) => ({
    item,
    cpfs: { cpfAluno: hideCpf(cpfAluno) || null, cpfResponsavel: hideCpf(cpfResponsavel) || null },
  }));
  // The aluno's own answers carry no CPF and no origin at all; the staff's carry the CPFs masked.
  if (actor.role === 'aluno') return { ...page, items: rows.map(({ item: { origem: _origem, ...item } }) => item) };
  const items = rows.map((r) => ({ ...r.item, ...r.cpfs }));
  const withConflict = page.items.filter((item) => item.temConflito).map((item) => item.id);
  const conflitos =
    withConflict.length > 0 ? await conflitosOf(db, withConflict) : new Map<string, PreMatriculaConflito>();
  return { ...page, items: items.map((item) => ({ ...item, conflito: conflitos.get(item.id) ?? null })) };
}

/** The conflicts of the given pre-matrículas (already in the caller's scope), by pre-matrícula id. */
async function conflitosOf(db: Executor, ids: string[]): Promise<Map<string, PreMatriculaConflito>> {
  const byId = new Map<string, PreMatriculaConflito>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({
      preMatriculaId: preMatriculaConflitos.preMatriculaId,
      cpfOnRecord: preMatriculas.cpfResponsavel,
      id: preMatriculaConflitos.id,
      nomeAluno: preMatriculaConflitos.nomeAluno,
      nomeResponsavel: preMatriculaConflitos.nomeResponsavel,
      cpfResponsavel: preMatriculaConflitos.cpfResponsavel,
      email: preMatriculaConflitos.email,
      telefone: preMatriculaConflitos.telefone,
      createdAt: preMatriculaConflitos.createdAt,
    })
    .from(preMatriculaConflitos)
    .innerJoin(preMatriculas, eq(preMatriculas.id, preMatriculaConflitos.preMatriculaId))
    .where(inArray(preMatriculaConflitos.preMatriculaId, ids))
    .orderBy(asc(preMatriculaConflitos.createdAt), asc(preMatriculaConflitos.id));
  for (const { preMatriculaId, cpfOnRecord, createdAt, ...claim } of rows) {
    const conflito = byId.get(preMatriculaId) ?? { cpfResponsavel: cpfOnRecord, tentativas: [] as ActivationClaim[] };
    conflito.tentativas.push({ ...claim, createdAt: createdAt.toISOString() });
    byId.set(preMatriculaId, conflito);
  }
  return byId;
}

export function preMatriculasExportBatch(db: Executor, actor: Actor, filter: PreMatriculasFilter) {
  return (after: KeysetCursor | null, limit: number) =>
    db
      .select({
        id: preMatriculas.id,
        cursorAt: cursorText(preMatriculas.createdAt),
        nome: preMatriculas.nome,
        email: preMatriculas.email,
        telefone: preMatriculas.telefone,
        cursoInteresse: preMatriculas.cursoInteresse,
        nomeEscola: eventos.nomeEscola,
        dataEvento: eventos.dataEvento,
        nomeResponsavel: preMatriculas.nomeResponsavel,
        cpfAluno: preMatriculas.cpfAluno,
        cpfResponsavel: preMatriculas.cpfResponsavel,
        origem: origemSelection(preMatriculas),
      })
      .from(preMatriculas)
      .innerJoin(eventos, eq(eventos.id, preMatriculas.eventoId))
      .where(
        and(
          preMatriculaConditions(actor, filter),
          consentimentoVigente(preMatriculas),
          keysetAfter(after, preMatriculas.createdAt, preMatriculas.id),
        ),
      )
      .orderBy(...newestFirst(preMatriculas.createdAt, preMatriculas.id))
      .limit(limit);
}

export function preMatriculasResumo(db: Executor, actor: Actor): Promise<FunnelResumo> {
  return countResumo(db, actor, { table: preMatriculas, counter: 'preMatriculas' }, preMatriculasVisibleTo(actor));
}

/** The rows an export of these filters holds, counted up to `limite` + 1 when a limit is given (issue 22). */
export async function countPreMatriculasExport(
  db: Executor,
  actor: Actor,
  filter: PreMatriculasFilter,
  limite?: number,
): Promise<number> {
  const rows = db
    .select({ um: sql`1` })
    .from(preMatriculas)
    .innerJoin(eventos, eq(eventos.id, preMatriculas.eventoId))
    .where(and(preMatriculaConditions(actor, filter), consentimentoVigente(preMatriculas)));
  const counted = (limite === undefined ? rows : rows.limit(limite + 1)).as('exportadas');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(counted);
  return Number(row?.total ?? 0);
}

/* Issue 23: the staff set or change a pré-matrícula's course among its event's courses. */

/** The pré-matrícula when the actor sees it, locked until the transaction ends (two changes never interleave). */
export async function lockPreMatriculaInScope(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({
      id: preMatriculas.id,
      eventoId: preMatriculas.eventoId,
      status: preMatriculas.status,
      cursoInteresse: preMatriculas.cursoInteresse,
    })
    .from(preMatriculas)
    .where(and(eq(preMatriculas.id, id), preMatriculasVisibleTo(actor)))
    .limit(1)
    .for('update');
  return row;
}

/** The pré-matrícula's event, when the actor sees the pré-matrícula. */
export async function findPreMatriculaEvento(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({ eventoId: preMatriculas.eventoId })
    .from(preMatriculas)
    .where(and(eq(preMatriculas.id, id), preMatriculasVisibleTo(actor)))
    .limit(1);
  return row?.eventoId;
}

export async function setPreMatriculaCurso(db: Executor, id: string, cursoInteresse: string | null, now: Date) {
  await db.update(preMatriculas).set({ cursoInteresse, updatedAt: now }).where(eq(preMatriculas.id, id));
}
