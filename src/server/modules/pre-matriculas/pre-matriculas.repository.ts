import { and, eq } from 'drizzle-orm';
import type { FunnelFilter, FunnelListQuery, FunnelResumo } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { preMatriculasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { eventos, preMatriculas } from '../../db/schema';
import {
  type KeysetCursor,
  clienteSelection,
  countResumo,
  cursorText,
  eventFilters,
  eventoSelection,
  funnelSearch,
  keysetAfter,
  newestFirst,
  listFunnelPage,
} from '../funnel';

function preMatriculaConditions(actor: Actor, filter: FunnelFilter) {
  return and(
    preMatriculasVisibleTo(actor),
    eventFilters(filter, preMatriculas.eventoId),
    funnelSearch(
      filter.q,
      [
        preMatriculas.nome,
        preMatriculas.nomeAluno,
        preMatriculas.nomeResponsavel,
        preMatriculas.email,
        preMatriculas.cursoInteresse,
      ],
      preMatriculas.telefone,
    ),
  );
}

const preMatriculaSelection = {
  id: preMatriculas.id,
  eventoId: preMatriculas.eventoId,
  leadId: preMatriculas.leadId,
  nome: preMatriculas.nome,
  nomeAluno: preMatriculas.nomeAluno,
  nomeResponsavel: preMatriculas.nomeResponsavel,
  email: preMatriculas.email,
  telefone: preMatriculas.telefone,
  cursoInteresse: preMatriculas.cursoInteresse,
  status: preMatriculas.status,
  createdAt: preMatriculas.createdAt,
  evento: eventoSelection,
  cliente: clienteSelection,
};

/** One page of the caller's pre-matrículas, newest first; effective ones stay listed with their status. */
export function listPreMatriculas(db: Executor, actor: Actor, query: FunnelListQuery) {
  const source = {
    table: preMatriculas,
    id: preMatriculas.id,
    eventoId: preMatriculas.eventoId,
    createdAt: preMatriculas.createdAt,
    counter: 'preMatriculas' as const,
  };
  return listFunnelPage(db, actor, source, preMatriculaSelection, preMatriculaConditions(actor, query), query);
}

export function preMatriculasExportBatch(db: Executor, actor: Actor, filter: FunnelFilter) {
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
      })
      .from(preMatriculas)
      .innerJoin(eventos, eq(eventos.id, preMatriculas.eventoId))
      .where(and(preMatriculaConditions(actor, filter), keysetAfter(after, preMatriculas.createdAt, preMatriculas.id)))
      .orderBy(...newestFirst(preMatriculas.createdAt, preMatriculas.id))
      .limit(limit);
}

export function preMatriculasResumo(db: Executor, actor: Actor): Promise<FunnelResumo> {
  return countResumo(db, actor, { table: preMatriculas, counter: 'preMatriculas' }, preMatriculasVisibleTo(actor));
}
