import { and, desc, eq } from 'drizzle-orm';
import type { FunnelEvento } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { funnelEventosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { eventos } from '../../db/schema';

/** At most this many events in the filter's options (newest first). */
const EVENT_OPTIONS_LIMIT = 500;

export const eventoSelection = {
  id: eventos.id,
  nomeEscola: eventos.nomeEscola,
  cidade: eventos.cidade,
  estado: eventos.estado,
  dataEvento: eventos.dataEvento,
};

/** The events the funnel filter offers the caller (its scope), newest event first. */
export async function listFunnelEventos(db: Executor, actor: Actor): Promise<FunnelEvento[]> {
  return db
    .select(eventoSelection)
    .from(eventos)
    .where(funnelEventosVisibleTo(actor))
    .orderBy(desc(eventos.dataEvento), desc(eventos.createdAt), desc(eventos.id))
    .limit(EVENT_OPTIONS_LIMIT);
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
