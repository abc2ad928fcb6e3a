import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DrillFilter } from '../../../shared/schemas/relatorios';
import { eventos } from '../../db/schema';
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
 * tree, the same place of the event, so the list's total equals the group's number. Only the place needs the
 * event row (a subquery on its key). `countedAt` is the instant the row counts on: a lead's and a pré-matrícula's
 * creation, a matrícula's efetivadaEm.
 */
export function drillFilters(filter: DrillFilter, columns: DrillColumns, countedAt: AnyPgColumn): SQL | undefined {
  const place =
    filter.estado || filter.cidade
      ? sql`exists (select 1 from ${eventos} where ${and(
          eq(eventos.id, columns.eventoId),
          filter.estado ? eq(eventos.estado, filter.estado) : undefined,
          filter.cidade ? sql`lower(${eventos.cidade}) = lower(${filter.cidade})` : undefined,
        )})`
      : undefined;
  return and(
    filter.de ? sql`${countedAt} >= ${dayStart(filter.de)}` : undefined,
    filter.ate ? sql`${countedAt} < ${dayEnd(filter.ate)}` : undefined,
    filter.franquiaId ? eq(columns.franquiaId, filter.franquiaId) : undefined,
    filter.microFranquiaId ? eq(columns.microFranquiaId, filter.microFranquiaId) : undefined,
    filter.vendedorId ? eq(columns.vendedorId, filter.vendedorId) : undefined,
    filter.clienteId ? eq(columns.clienteId, filter.clienteId) : undefined,
    place,
  );
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
