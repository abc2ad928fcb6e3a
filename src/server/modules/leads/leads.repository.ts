import { and, eq } from 'drizzle-orm';
import type { FunnelFilter, FunnelListQuery, FunnelResumo } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { leadsVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { eventos, leads, leadsSearchText } from '../../db/schema';
import {
  type KeysetCursor,
  clienteSelection,
  countResumo,
  cursorText,
  drillFilters,
  eventFilters,
  eventoSelection,
  funnelSearch,
  keysetAfter,
  newestFirst,
  listFunnelPage,
} from '../funnel';

function leadConditions(actor: Actor, filter: FunnelFilter) {
  return and(
    leadsVisibleTo(actor),
    eventFilters(filter, leads.eventoId),
    drillFilters(filter, leads, leads.createdAt),
    funnelSearch(filter.q, leadsSearchText(leads), leads.telefone),
  );
}

const leadSelection = {
  id: leads.id,
  eventoId: leads.eventoId,
  nomeAluno: leads.nomeAluno,
  nomeResponsavel: leads.nomeResponsavel,
  email: leads.email,
  telefone: leads.telefone,
  createdAt: leads.createdAt,
  evento: eventoSelection,
  cliente: clienteSelection,
};

/** One page of the caller's leads, newest first, with the number of all that match. */
export function listLeads(db: Executor, actor: Actor, query: FunnelListQuery) {
  const source = {
    table: leads,
    id: leads.id,
    eventoId: leads.eventoId,
    createdAt: leads.createdAt,
    counter: 'leads' as const,
  };
  return listFunnelPage(db, actor, source, leadSelection, leadConditions(actor, query), query);
}

/** One export batch: the rows after the cursor, with the text of each row's sort key. */
export function leadsExportBatch(db: Executor, actor: Actor, filter: FunnelFilter) {
  return (after: KeysetCursor | null, limit: number) =>
    db
      .select({
        id: leads.id,
        cursorAt: cursorText(leads.createdAt),
        nomeAluno: leads.nomeAluno,
        nomeResponsavel: leads.nomeResponsavel,
        email: leads.email,
        telefone: leads.telefone,
        createdAt: leads.createdAt,
        nomeEscola: eventos.nomeEscola,
        dataEvento: eventos.dataEvento,
      })
      .from(leads)
      .innerJoin(eventos, eq(eventos.id, leads.eventoId))
      .where(and(leadConditions(actor, filter), keysetAfter(after, leads.createdAt, leads.id)))
      .orderBy(...newestFirst(leads.createdAt, leads.id))
      .limit(limit);
}

export function leadsResumo(db: Executor, actor: Actor): Promise<FunnelResumo> {
  return countResumo(db, actor, { table: leads, counter: 'leads' }, leadsVisibleTo(actor));
}
