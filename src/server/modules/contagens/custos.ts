import { type SQL, and, eq, sql } from 'drizzle-orm';
import { eventoCustosDia, eventoCustosMes } from '../../db/schema';
import { type Level, type ReportRows, splitPeriod } from './periods';

/**
 * The events' costs per node and period (issue 48, migration 0068): `evento_custos_dia` and `evento_custos_mes` hold,
 * for every prefix of an event's path (franqueador ... evento, `nivel` 0..5, keyed as funnel_dia is), the centavos of
 * the costs of the events dated that day or month -- an event's costs count on its own day (`data_evento`), at the
 * nodes it sits under now. Kept by triggers on evento_custos and eventos. A question reads the rows of ONE level under
 * its nodes in the period, whole months and loose days as `periodRows` splits it; the event's place is not kept
 * (a question about places reads the events themselves).
 */

type CustoTable = typeof eventoCustosDia | typeof eventoCustosMes;
const COLUMN = {
  franqueador: 'franqueadorId',
  franquia: 'franquiaId',
  micro_franquia: 'microFranquiaId',
  vendedor: 'vendedorId',
  cliente: 'clienteId',
  evento: 'eventoId',
} as const satisfies Record<Level, keyof CustoTable['_']['columns']>;

/**
 * The costs of the events dated in the question's period under its nodes, as `select id, v` over the rows of level
 * `nivel`: `id` the row's node at `grupo` (text; null for the whole), `v` its centavos (negated for the days a month
 * is read less). `ids`: only those nodes of `grupo` (a page's groups). `de`: only the node of `grupo` an outer
 * statement's column names (a uuid; null: the rows without a node at that level) -- one group's costs, read inside
 * the statement that found the group (issue 48). The caller sums `v` per `id`.
 */
export function custoPeriodRows(
  rows: Pick<ReportRows, 'nodes' | 'de' | 'ate'>,
  nivel: number,
  grupo?: { level: Level; ids?: string[]; de?: SQL },
): SQL {
  const split = splitPeriod(rows.de, rows.ate);
  const piece = (table: CustoTable, period: SQL, from: string, to: string, sign: number) => {
    const id = grupo ? sql`${table[COLUMN[grupo.level]]}::text` : sql`null::text`;
    const where = and(
      eq(table.nivel, nivel),
      ...rows.nodes.map((node) => eq(table[COLUMN[node.level]], node.id)),
      // One array parameter, not a list of 50: the statement's text (and its plan) is the same for every page.
      grupo?.ids ? sql`${table[COLUMN[grupo.level]]} = any(${sql.param(grupo.ids)}::uuid[])` : undefined,
      grupo?.de ? sql`${table[COLUMN[grupo.level]]} = ${grupo.de}` : undefined,
    );
    const v = sign < 0 ? sql`-${table.valorCentavos}` : sql`${table.valorCentavos}`;
    return sql`select ${id} as id, ${v} as v from ${table} where ${where} and ${period} between ${from} and ${to}`;
  };
  const list: SQL[] = [];
  if (split.months) list.push(piece(eventoCustosMes, sql`${eventoCustosMes.mes}`, ...split.months, 1));
  for (const { from, to, sign } of split.days)
    list.push(piece(eventoCustosDia, sql`${eventoCustosDia.dia}`, from, to, sign));
  return list.length > 0 ? sql.join(list, sql` union all `) : sql`select null::text as id, 0::bigint as v where false`;
}
