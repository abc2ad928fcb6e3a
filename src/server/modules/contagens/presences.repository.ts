import { inArray, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/connect';
import { contagensPendentes, eventoVagas, funnelMes } from '../../db/schema';

/**
 * An event's presences, correlated with the outer query's `eventos` row: its monthly counters (migration 0015)
 * plus its presences not yet folded into them (0027, ADR 042). No index of leads reads presente_em, so a
 * check-in updates its lead in place (migration 0025) and the count is read here. The column is named in full:
 * drizzle leaves the table out of a one-table select's columns.
 */
export const eventoPresentes = sql<number>`((select coalesce(sum(f.presencas), 0) from ${funnelMes} f where f.evento_id = eventos.id)
    + (select coalesce(sum(p.dx), 0) from ${contagensPendentes} p where p.evento_id = eventos.id))::int`;

/**
 * The presences of several events (`eventoPresentes` for each), in one read of each table: a page of 500 events
 * probed each event's counters on its own, a bitmap scan an event (about 5 ms a page); here one scan of the same
 * index takes all of them. An event without a row is absent (its presences are 0).
 */
export async function presentesDe(db: Executor, eventoIds: string[]): Promise<Map<string, number>> {
  const presentes = new Map<string, number>();
  if (eventoIds.length === 0) return presentes;
  const ids = sql`${sql.param(eventoIds)}::uuid[]`;
  const rows = await executeRows<{ eventoId: string; n: number }>(
    db,
    sql`select x.evento_id as "eventoId", sum(x.n)::int as n from (
      select f.evento_id, f.presencas as n from ${funnelMes} f where f.evento_id = any(${ids})
      union all select p.evento_id, p.dx from ${contagensPendentes} p where p.evento_id = any(${ids})) x
    group by x.evento_id`,
  );
  for (const { eventoId, n } of rows) presentes.set(eventoId, Number(n));
  return presentes;
}

/** The node a list's rows lie under, as the counters' path names it: one column of `funnel_mes` and its id. */
export interface CounterNode {
  column: 'franqueadorId' | 'franquiaId' | 'microFranquiaId' | 'vendedorId' | 'clienteId';
  id: string;
}

/**
 * Past this many events with someone present, `eventosComPresencas` names none: presence is then common in the
 * node's rows, and a list finds them walking its own order as it did before.
 */
export const EVENTOS_COM_PRESENCAS_LIMITE = 10_000;

/**
 * The events under a node with at least one family present (issue 46): their events' monthly counters (level 5,
 * the event's own row) plus the presences not yet folded, the whole sum per event. The attendance filter
 * (presenca=sim) reads them first: `presente_em` has no index (migration 0025 keeps the check-in a HOT update), and
 * without them a list of a network where few families were checked in read every row of it to find them. Exact as
 * the counters are: an event left out has no one present. With them, how many are present under the node in all
 * (`presentes`). Undefined past `EVENTOS_COM_PRESENCAS_LIMITE`.
 */
export async function eventosComPresencas(
  db: Executor,
  node: CounterNode,
): Promise<{ ids: string[]; presentes: number } | undefined> {
  const rows = await executeRows<{ ids: string[] | null; presentes: number | null }>(
    db,
    sql`select array_agg(e.evento_id) as ids, sum(e.n)::int as presentes from (
      select x.evento_id, sum(x.n) as n from (
        select ${funnelMes.eventoId} as evento_id, ${funnelMes.presencas} as n from ${funnelMes}
          where ${funnelMes[node.column]} = ${node.id} and ${funnelMes.nivel} = 5 and ${funnelMes.presencas} <> 0
        union all select p.evento_id, p.dx from ${contagensPendentes} p
          where ${node.id}::uuid = any (p.p) and p.dx <> 0) x
      group by x.evento_id having sum(x.n) > 0 limit ${EVENTOS_COM_PRESENCAS_LIMITE + 1}) e`,
  );
  const ids = rows[0]?.ids ?? [];
  if (ids.length > EVENTOS_COM_PRESENCAS_LIMITE) return undefined;
  return { ids, presentes: Number(rows[0]?.presentes ?? 0) };
}

/** The seated families of events with seats, as `evento_vagas` counts them (migration 0030, ADR 045). */
export async function seatsTaken(db: Executor, eventoIds: string[]): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  if (eventoIds.length === 0) return taken;
  const counted = await db
    .select({ eventoId: eventoVagas.eventoId, n: eventoVagas.sentados })
    .from(eventoVagas)
    .where(inArray(eventoVagas.eventoId, eventoIds));
  for (const { eventoId, n } of counted) taken.set(eventoId, n);
  return taken;
}
