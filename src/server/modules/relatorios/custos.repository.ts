import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Agrupamento } from '../../../shared/schemas/relatorios';
import { type Executor, executeRows, planejadaACadaChamada } from '../../db/connect';
import { campanhaCustos, eventoCustos, eventos } from '../../db/schema';
import { type Level, type ReportRows, custoPeriodRows, levelOf } from '../contagens';

/**
 * What the report's groups cost (issue 48). An event's costs count in the period of the event's own day
 * (`data_evento`, not the day each cost was entered: the cards, the venue and the gifts are for that day), in the
 * group its event sits in now; a campaign's costs count on their own `data`. Sums in whole centavos.
 */

const EVENTO_PATH: Record<Level, AnyPgColumn> = {
  franqueador: eventos.franqueadorId,
  franquia: eventos.franquiaId,
  micro_franquia: eventos.microFranquiaId,
  vendedor: eventos.vendedorId,
  cliente: eventos.clienteId,
  evento: eventos.id,
};

const EVENTO_KEY: Partial<Record<Agrupamento, SQL>> = {
  franquia: sql`${eventos.franquiaId}::text`,
  micro_franquia: sql`${eventos.microFranquiaId}::text`,
  vendedor: sql`${eventos.vendedorId}::text`,
  cliente: sql`${eventos.clienteId}::text`,
  evento: sql`${eventos.id}::text`,
  estado: sql`${eventos.estado}`,
  cidade: sql`${eventos.cidade}`,
};

export interface CustoPorGrupo {
  /** By the group's key (`<cidade>|<estado>` for a city; '' for the group without an id). */
  grupos: Map<string, number>;
  /** Over every event of the question, null when none has a cost. */
  total: number | null;
}

const keyOf = (id: string | null, estado: string | null) => (estado === null ? (id ?? '') : `${id}|${estado}`);
export const custoKey = (agrupar: Agrupamento, id: string | null, estado?: string) =>
  agrupar === 'cidade' ? keyOf(id, estado ?? '') : keyOf(id, null);

async function grouped(db: Executor, query: SQL): Promise<CustoPorGrupo> {
  const found = await executeRows<{ id: string | null; estado: string | null; custo: string | null; total: number }>(
    db,
    planejadaACadaChamada(query),
  );
  const grupos = new Map<string, number>();
  let total: number | null = null;
  for (const row of found) {
    if (row.custo === null) continue;
    if (Number(row.total) !== 0) total = Number(row.custo);
    else grupos.set(keyOf(row.id, row.estado), Number(row.custo));
  }
  return { grupos, total };
}

/** The costs of the question's events dated in its period, per group of a tree or place grouping. */
export async function findEventoCustos(db: Executor, rows: ReportRows, agrupar: Agrupamento): Promise<CustoPorGrupo> {
  const key = EVENTO_KEY[agrupar] ?? sql`null::text`;
  const estado = agrupar === 'cidade' ? sql`${eventos.estado}` : sql`null::text`;
  const where = and(
    ...rows.nodes.map((node) => eq(EVENTO_PATH[node.level], node.id)),
    sql`${eventos.dataEvento} between ${rows.de}::date and ${rows.ate}::date`,
    rows.estado ? eq(eventos.estado, rows.estado) : undefined,
    rows.cidade ? sql`lower(${eventos.cidade}) = lower(${rows.cidade})` : undefined,
  );
  return grouped(
    db,
    sql`select b.id, b.estado, sum(b.valor)::bigint::text as custo, grouping(b.id, b.estado) as total
      from (select ${key} as id, ${estado} as estado, ${eventoCustos.valorCentavos} as valor
        from ${eventoCustos} join ${eventos} on ${eventos.id} = ${eventoCustos.eventoId} where ${where}) b
      group by grouping sets ((b.id, b.estado), ())`,
  );
}

/** The tree's groupings, whose costs the counters per node keep (migration 0068). */
export type TreeAgrupamento = Extract<Agrupamento, Level>;

/**
 * The same as `findEventoCustos` for a tree grouping with no place, read from the events' costs per node and period
 * (`custoPeriodRows`, modules/contagens) instead of the period's events joined to their costs: the total from the
 * rows of the question's own node, each group's from the rows of its level -- only `ids`' when given (a page's
 * groups; every group's for the CSV).
 */
export async function findEventoCustosContados(
  db: Executor,
  rows: ReportRows,
  agrupar: TreeAgrupamento,
  ids?: (string | null)[],
): Promise<CustoPorGrupo> {
  const nivel = Math.max(0, ...rows.nodes.map((node) => levelOf(node.level)));
  const nivelGrupo = Math.max(nivel, levelOf(agrupar));
  // A group without an id (no vendedor, no cliente) is not a node to look up: then every group of the level is read.
  const some = ids && ids.every((id) => id !== null) ? (ids as string[]) : undefined;
  const found = await executeRows<{ id: string | null; custo: string; total: number }>(
    db,
    planejadaACadaChamada(sql`select null::text as id, sum(t.v)::bigint::text as custo, 1 as total from (${custoPeriodRows(rows, nivel)}) t
      union all
      select g.id, sum(g.v)::bigint::text as custo, 0 as total
        from (${custoPeriodRows(rows, nivelGrupo, { level: agrupar, ids: some })}) g group by g.id`),
  );
  const grupos = new Map<string, number>();
  let total: number | null = null;
  for (const row of found) {
    // Every cost is above 0: a sum of 0 (or none) is a group, or a question, without any.
    if (row.custo === null || Number(row.custo) === 0) continue;
    if (Number(row.total) !== 0) total = Number(row.custo);
    else grupos.set(keyOf(row.id, null), Number(row.custo));
  }
  return { grupos, total };
}

/**
 * The campaigns' costs dated in the period, by `utm_campaign`: the network's and every franquia's (the
 * franqueador's question), or one franquia's own (a franquia's, or the franqueador's narrowed to it).
 */
export async function findCampanhaCustos(
  db: Executor,
  alcance: { franqueadorId: string } | { franquiaId: string },
  periodo: { de: string; ate: string },
): Promise<CustoPorGrupo> {
  const where = and(
    'franquiaId' in alcance
      ? eq(campanhaCustos.franquiaId, alcance.franquiaId)
      : eq(campanhaCustos.franqueadorId, alcance.franqueadorId),
    sql`${campanhaCustos.data} between ${periodo.de}::date and ${periodo.ate}::date`,
  );
  return grouped(
    db,
    sql`select ${campanhaCustos.utmCampaign} as id, null::text as estado,
        sum(${campanhaCustos.valorCentavos})::bigint::text as custo,
        grouping(${campanhaCustos.utmCampaign}) as total
      from ${campanhaCustos} where ${where}
      group by grouping sets ((${campanhaCustos.utmCampaign}), ())`,
  );
}
