import { type SQL, and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { eventos, funnelDia, funnelMes, funnelOrigemDia, funnelOrigemMes } from '../../db/schema';

/**
 * The funnel's counters per period (migration 0007): `funnel_dia` and `funnel_mes` hold, per path node (one row per
 * level, `nivel`) and day or month, its leads, presences, pré-matrículas and matrículas. Every question read from
 * them has the same shape: the rows of ONE level under the caller's node and the filters' nodes, in the period. A
 * period reads whole months from funnel_mes and only the days at its ends from funnel_dia. The counters per source
 * (issue 48, migration 0066: `funnel_origem_dia`, `funnel_origem_mes`) are their twins for the rows that came with
 * an origin, one row per source too, read the same way (`sourcePeriodRows`).
 */

/** The tree's levels as the tables number them, top to bottom. */
export const LEVELS = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente', 'evento'] as const;
export type Level = (typeof LEVELS)[number];
export const levelOf = (level: Level) => LEVELS.indexOf(level);
type PeriodTable = typeof funnelDia | typeof funnelMes | typeof funnelOrigemDia | typeof funnelOrigemMes;
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

/** The row conditions on one of the two tables, the period and the place aside. */
function rowsWhere(table: PeriodTable, rows: ReportRows, nivel: number): SQL {
  return and(eq(table.nivel, nivel), ...rows.nodes.map((node) => eq(table[PATH_COLUMN[node.level]], node.id))) as SQL;
}

/** The place conditions, on the rows' events. */
function placeWhere(rows: ReportRows): SQL | undefined {
  return and(
    rows.estado ? eq(eventos.estado, rows.estado) : undefined,
    rows.cidade ? sql`lower(${eventos.cidade}) = lower(${rows.cidade})` : undefined,
  );
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

/**
 * What a row of the counters per source counts under (issue 48): `utm_source`, `utm_campaign`, whether it came by a
 * share link, and the link's vendedor -- what Relatórios' origin groups and filters read (funnel/drill.ts).
 */
export interface SourceColumns {
  utmSource: SQL;
  utmCampaign: SQL;
  link: SQL;
  linkVendedorId: SQL;
}

/** A row of the counters per source: a period's row, with its source. */
export interface SourcePeriodRow extends PeriodRow {
  source: SourceColumns;
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

function sourcePeriodRow(table: typeof funnelOrigemDia | typeof funnelOrigemMes, period: SQL, sign: number) {
  return {
    ...periodRow(table, period, sign),
    source: {
      utmSource: sql`${table.utmSource}`,
      utmCampaign: sql`${table.utmCampaign}`,
      link: sql`${table.link}`,
      linkVendedorId: sql`${table.linkVendedorId}`,
    },
  };
}

/** A pair of counter tables: a period's months and its days, and how each reads a row. */
interface PeriodTables<R extends PeriodRow> {
  month: { table: PeriodTable; period: SQL; row: (sign: number) => R };
  day: { table: PeriodTable; period: SQL; row: (sign: number) => R };
}

const FUNNEL: PeriodTables<PeriodRow> = {
  month: {
    table: funnelMes,
    period: sql`${funnelMes.mes}`,
    row: (sign) => periodRow(funnelMes, sql`${funnelMes.mes}`, sign),
  },
  day: {
    table: funnelDia,
    period: sql`${funnelDia.dia}`,
    row: (sign) => periodRow(funnelDia, sql`${funnelDia.dia}`, sign),
  },
};

const BY_SOURCE: PeriodTables<SourcePeriodRow> = {
  month: {
    table: funnelOrigemMes,
    period: sql`${funnelOrigemMes.mes}`,
    row: (sign) => sourcePeriodRow(funnelOrigemMes, sql`${funnelOrigemMes.mes}`, sign),
  },
  day: {
    table: funnelOrigemDia,
    period: sql`${funnelOrigemDia.dia}`,
    row: (sign) => sourcePeriodRow(funnelOrigemDia, sql`${funnelOrigemDia.dia}`, sign),
  },
};

const COUNT_COLUMNS = new Set(['leads', 'presencas', 'preMatriculas', 'matriculas']);
/** A column's name in the database (the connection's `snake_case` casing, db/connect.ts). */
const columnName = (key: string, column: { name: string; keyAsName: boolean }) =>
  column.keyAsName ? toSnakeCase(key) : column.name;

/**
 * A piece's rows under the month table's own column names, their counts already signed and their day or month as
 * its period column: the pieces of a period joined to their events once, over all of them (ADR 152).
 */
function rowsAsMonthTable(
  month: PeriodTable,
  which: { table: PeriodTable; period: SQL },
  sign: number,
  condition: SQL,
): SQL {
  const own: Record<string, AnyPgColumn> = getTableColumns(which.table);
  const columns = Object.entries(getTableColumns(month)).map(([key, column]) => {
    const name = sql.identifier(columnName(key, column));
    if (key === 'mes') return sql`${which.period} as ${name}`;
    const mine = own[key];
    if (!mine) throw new Error(`a period's table has no column ${key}`);
    return COUNT_COLUMNS.has(key) ? sql`${signed(mine, sign)} as ${name}` : sql`${mine} as ${name}`;
  });
  return sql`select ${sql.join(columns, sql`, `)} from ${which.table} where ${condition}`;
}

/**
 * The period's pieces over a pair of tables: whole months, loose days, each `where` its rows' own condition too.
 * With the place, the pieces' rows meet their events in ONE join: a join in each piece hashed the network's
 * events once a piece, two or three times a question (ADR 152).
 */
function pieces<R extends PeriodRow>(
  tables: PeriodTables<R>,
  rows: ReportRows,
  nivel: number,
  withPlace: boolean,
  pick: (row: R) => SQL,
  split: { months: [string, string] | null; days: DayRange[] },
  where?: (row: R) => SQL | undefined,
): SQL {
  const ranges: { which: PeriodTables<R>['month']; from: string; to: string; sign: number }[] = [];
  if (split.months) ranges.push({ which: tables.month, from: split.months[0], to: split.months[1], sign: 1 });
  for (const { from, to, sign } of split.days) ranges.push({ which: tables.day, from, to, sign });
  const condition = (which: PeriodTables<R>['month'], from: string, to: string) =>
    sql`${rowsWhere(which.table, rows, nivel)} and ${which.period} between ${from} and ${to}`;
  if (!withPlace) {
    return sql.join(
      ranges.map(({ which, from, to, sign }) => {
        const row = which.row(sign);
        return sql`select ${pick(row)} from ${which.table} where ${and(condition(which, from, to), where?.(row))}`;
      }),
      sql` union all `,
    );
  }
  // The outer rows read as the month table's, so `pick` and `where` name the same columns as without the place.
  const month = tables.month;
  const row = month.row(1);
  const union = sql.join(
    ranges.map(({ which, from, to, sign }) => rowsAsMonthTable(month.table, which, sign, condition(which, from, to))),
    sql` union all `,
  );
  const onde = and(placeWhere(rows), where?.(row));
  return sql`select ${pick(row)} from (${union}) as ${sql.identifier(getTableName(month.table))}
    join ${eventos} on ${eventos.id} = ${month.table.eventoId}${onde ? sql` where ${onde}` : sql``}`;
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
  return pieces(FUNNEL, rows, nivel, withPlace, pick, split);
}

/**
 * The same over the counters per source (issue 48): only the rows that came with an origin, each with its source
 * (`row.source`), narrowed by `where` (an origin filter over the source's columns). Periods split as `periodRows`
 * splits them, so a question reads the same months and days of either pair.
 */
export function sourcePeriodRows(
  rows: ReportRows,
  nivel: number,
  withPlace: boolean,
  pick: (row: SourcePeriodRow) => SQL,
  where: (row: SourcePeriodRow) => SQL | undefined,
  split = splitPeriod(rows.de, rows.ate),
): SQL {
  return pieces(BY_SOURCE, rows, nivel, withPlace, pick, split, where);
}
