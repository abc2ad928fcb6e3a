import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DrillFilter } from '../../../shared/schemas/relatorios';
import { eventos } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { type FunnelTable, funnelRowsOfEvents, funnelRowsVisibleTo } from '../../access/scope';
import { dayEnd, dayStart } from './brazil-time';

/** A funnel table's columns the report's drill-down filters compare: its event and its scope path. */
export interface DrillColumns {
  eventoId: AnyPgColumn;
  clienteId: AnyPgColumn;
  vendedorId: AnyPgColumn;
  microFranquiaId: AnyPgColumn;
  franquiaId: AnyPgColumn;
}

/**
 * The rows a group of the report counts (issue 15): the same period in days of Brasília, the same nodes of the
 * tree, the same place of the event, so the list's total equals the group's number. `countedAt` is the instant
 * the row counts on: a lead's and a pré-matrícula's creation, a matrícula's efetivadaEm. The place is not here:
 * it names events, and the rows are found by their events (`inPlace`, issue 46).
 */
export function drillFilters(filter: DrillFilter, columns: DrillColumns, countedAt: AnyPgColumn): SQL | undefined {
  return and(
    filter.de ? sql`${countedAt} >= ${dayStart(filter.de)}` : undefined,
    filter.ate ? sql`${countedAt} < ${dayEnd(filter.ate)}` : undefined,
    filter.franquiaId ? eq(columns.franquiaId, filter.franquiaId) : undefined,
    filter.microFranquiaId ? eq(columns.microFranquiaId, filter.microFranquiaId) : undefined,
    filter.vendedorId ? eq(columns.vendedorId, filter.vendedorId) : undefined,
    filter.clienteId ? eq(columns.clienteId, filter.clienteId) : undefined,
  );
}

/**
 * Whether a list's place (estado, cidade) is answered by its events alone (ADR 102): the rows by their events'
 * index, the page by its keys first. Not with a search: the trigram index leads it, and the scope's own condition
 * lets the page walk the scope newest first (a franqueador's state with 'Oliveira': 50 ms; by the events alone,
 * 434 ms).
 */
export function placeByEvents(filter: DrillFilter & { q?: string }): boolean {
  return Boolean((filter.estado || filter.cidade) && !filter.q);
}

/**
 * A funnel table's rows the actor sees, of the events in the drill-down's place when it names one (estado,
 * cidade): the access module finds them by their events (funnelRowsOfEvents). Without a place, the table's own rule.
 */
export function inPlace(actor: Actor, filter: DrillFilter & { q?: string }, table: FunnelTable): SQL {
  if (!filter.estado && !filter.cidade) return funnelRowsVisibleTo(actor, table);
  const place = and(
    filter.estado ? eq(eventos.estado, filter.estado) : undefined,
    filter.cidade ? sql`lower(${eventos.cidade}) = lower(${filter.cidade})` : undefined,
  )!;
  const rows = funnelRowsOfEvents(actor, table, place);
  return placeByEvents(filter) ? rows : and(funnelRowsVisibleTo(actor, table), rows)!;
}

/** Whether any drill-down filter is set (the counters then cannot answer the total). */
export function hasDrillFilter(filter: DrillFilter): boolean {
  return Boolean(
    filter.de ||
    filter.ate ||
    filter.franquiaId ||
    filter.microFranquiaId ||
    filter.vendedorId ||
    filter.clienteId ||
    filter.estado ||
    filter.cidade,
  );
}
