import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { eventos, funnelDia, funnelMes } from '../../db/schema';

/**
 * The funnel's counters per period (migration 0007): `funnel_dia` and `funnel_mes` hold, per path node (one row per
 * level, `nivel`) and day or month, its leads, presences, pré-matrículas and matrículas. Every question read from
 * them has the same shape: the rows of ONE level under the caller's node and the filters' nodes, in the period. A
 * period reads whole months from funnel_mes and only the days at its ends from funnel_dia.
 */

/** The tree's levels as the tables number them, top to bottom. */
export const LEVELS = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente', 'evento'] as const;
export type Level = (typeof LEVELS)[number];
export const levelOf = (level: Level) => LEVELS.indexOf(level);
type PeriodTable = typeof funnelDia | typeof funnelMes;
const PATH_COLUMN = {
  franqueador: 'franqueadorId',
  franquia: 'franquiaId',
  micro_franquia: 'microFranquiaId',
  vendedor: 'vendedorId',
  cliente: 'clienteId',
  evento: 'eventoId',
} as const satisfies Record<Level, keyof PeriodTable['_']['columns']>;

/** A node the rows must sit under: the caller's own, or a filter's. */
export interface PathNode {
  level: Level;
  id: string;
}

/** Which rows: under every node, at an optional place, in a period (inclusive days in Brasília). */
export interface ReportRows {
  nodes: PathNode[];
  estado?: string;
  cidade?: string;
  de: string;
  ate: string;
}

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Days counted with a sign: +1 adds loose days, -1 takes a month's other days away from it. */
export interface DayRange {
  from: string;
  to: string;
  sign: 1 | -1;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
function monthEnd(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return toDay(Date.UTC(y, m, 0));
}
const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;

/**
 * A period read as months and days, with the fewest day rows: each month it touches is either read whole from
 * funnel_mes (less the days outside the period, subtracted) or as its loose days from funnel_dia, whichever
 * names fewer days. A period ending today reads its current month whole: the days after today hold nothing.
 */
export function splitPeriod(de: string, ate: string): { months: [string, string] | null; days: DayRange[] } {
  const firstMonth = monthStart(de);
  const lastMonth = monthStart(ate);
  if (firstMonth === lastMonth) {
    const outside = daysBetween(firstMonth, monthEnd(ate)) - daysBetween(de, ate);
    if (outside >= daysBetween(de, ate)) return { months: null, days: [{ from: de, to: ate, sign: 1 }] };
    const days: DayRange[] = [];
    if (de > firstMonth) days.push({ from: firstMonth, to: toDay(dayMs(de) - DAY_MS), sign: -1 });
    if (ate < monthEnd(ate)) days.push({ from: toDay(dayMs(ate) + DAY_MS), to: monthEnd(ate), sign: -1 });
    return { months: [firstMonth, firstMonth], days };
  }
  const days: DayRange[] = [];
  let from = firstMonth;
  let to = lastMonth;
  // The first month: its loose days, or the month less the days before `de`.
  if (de > firstMonth) {
    const loose = daysBetween(de, monthEnd(de));
    const before = daysBetween(firstMonth, toDay(dayMs(de) - DAY_MS));
    if (loose <= before) {
      days.push({ from: de, to: monthEnd(de), sign: 1 });
      from = toDay(dayMs(monthEnd(de)) + DAY_MS);
    } else days.push({ from: firstMonth, to: toDay(dayMs(de) - DAY_MS), sign: -1 });
  }
  // The last month: its loose days, or the month less the days after `ate`.
  if (ate < monthEnd(ate)) {
    const loose = daysBetween(lastMonth, ate);
    const after = daysBetween(toDay(dayMs(ate) + DAY_MS), monthEnd(ate));
    if (loose < after) {
      days.push({ from: lastMonth, to: ate, sign: 1 });
      to = monthStart(toDay(dayMs(lastMonth) - DAY_MS));
    } else days.push({ from: toDay(dayMs(ate) + DAY_MS), to: monthEnd(ate), sign: -1 });
  }
  return { months: from <= to ? [from, to] : null, days };
}

/** The row conditions on one of the two tables, the period aside. */
function rowsWhere(table: PeriodTable, rows: ReportRows, nivel: number): SQL {
  return and(
    eq(table.nivel, nivel),
    ...rows.nodes.map((node) => eq(table[PATH_COLUMN[node.level]], node.id)),
    rows.estado ? eq(eventos.estado, rows.estado) : undefined,
    rows.cidade ? sql`lower(${eventos.cidade}) = lower(${rows.cidade})` : undefined,
  ) as SQL;
}

/** A count column, negated for days taken away from a month. */
const signed = (column: AnyPgColumn, sign: number) => (sign < 0 ? sql`-${column}` : sql`${column}`);

/**
 * One row of a period's counters as its reader sees it: the row's day or month, its node at a level, and its
 * four counts, each already negated for days taken away from a month.
 */
export interface PeriodRow {
  period: SQL;
  node(level: Level): SQL;
  leads: SQL;
  presencas: SQL;
  preMatriculas: SQL;
  matriculas: SQL;
}

function periodRow(table: PeriodTable, period: SQL, sign: number): PeriodRow {
  return {
    period,
    node: (level) => sql`${table[PATH_COLUMN[level]]}`,
    leads: signed(table.leads, sign),
    presencas: signed(table.presencas, sign),
    preMatriculas: signed(table.preMatriculas, sign),
    matriculas: signed(table.matriculas, sign),
  };
}

/**
 * The period's rows as one subquery of `select ...` pieces (whole months, loose days), each with the columns the
 * caller picks from a row (`pick(row)`). `withPlace` joins each row's event, for a filter or a group by its place.
 * The caller folds the pending counts first (`foldContagens`) when every answered write must count.
 */
export function periodRows(
  rows: ReportRows,
  nivel: number,
  withPlace: boolean,
  pick: (row: PeriodRow) => SQL,
  split = splitPeriod(rows.de, rows.ate),
): SQL {
  const piece = (table: PeriodTable, period: SQL, from: string, to: string, sign: number) =>
    sql`select ${pick(periodRow(table, period, sign))} from ${table}${
      withPlace ? sql` join ${eventos} on ${eventos.id} = ${table.eventoId}` : sql``
    } where ${rowsWhere(table, rows, nivel)} and ${period} between ${from} and ${to}`;
  const pieces: SQL[] = [];
  if (split.months) pieces.push(piece(funnelMes, sql`${funnelMes.mes}`, ...split.months, 1));
  for (const { from, to, sign } of split.days) pieces.push(piece(funnelDia, sql`${funnelDia.dia}`, from, to, sign));
  return sql.join(pieces, sql` union all `);
}
