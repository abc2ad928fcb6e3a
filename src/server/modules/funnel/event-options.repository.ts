import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FunnelEvento, FunnelEventoOptionsQuery } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { funnelEventosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { eventos, eventosOptionSearchText } from '../../db/schema';
import { pageWindow, searchInText } from '../../lib/pagination';

export const eventoSelection = {
  id: eventos.id,
  nomeEscola: eventos.nomeEscola,
  cidade: eventos.cidade,
  estado: eventos.estado,
  dataEvento: eventos.dataEvento,
};

/**
 * The events the funnel filter offers the caller (its scope, issue 21): a page of those whose school, city, state
 * or date (DD/MM/YYYY, so '15/03' or '15/03/2026' finds it) contains `q`, through its trigram index, newest event first, and how many match; `id` narrows to that one event.
 */
export async function listFunnelEventos(
  db: Executor,
  actor: Actor,
  query: FunnelEventoOptionsQuery,
): Promise<{ items: FunnelEvento[]; total: number }> {
  const where = and(
    funnelEventosVisibleTo(actor),
    query.id ? eq(eventos.id, query.id) : undefined,
    searchInText(query.q, eventosOptionSearchText(eventos)),
  ) as SQL;
  const { limit, offset } = pageWindow(query);
  const [items, [total]] = await Promise.all([
    db
      .select(eventoSelection)
      .from(eventos)
      .where(where)
      .orderBy(desc(eventos.dataEvento), desc(eventos.createdAt), desc(eventos.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(eventos).where(where),
  ]);
  return { items, total: Number(total?.value ?? 0) };
}

/** The event named in an export's file name, when it is in the caller's scope. */
export async function findFunnelEvento(
  db: Executor,
  actor: Actor,
  eventoId: string | undefined,
): Promise<FunnelEvento | null> {
  if (!eventoId) return null;
  const [row] = await db
    .select(eventoSelection)
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), funnelEventosVisibleTo(actor)))
    .limit(1);
  return row ?? null;
}
