import { type SQL, and, between, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Agrupamento, Direcao, Intervalo, Ordenar } from '../../../shared/schemas/relatorios';
import { type Executor, executeRows } from '../../db/connect';
import { clientes, eventos, franquias, funnelDia, microFranquias, users, vendedores } from '../../db/schema';

/**
 * The report's reads over funnel_dia (migration 0007). Every question is the same shape: the rows of ONE level
 * (`nivel`) under the caller's node and the filters' nodes, in the period, grouped by a column. The level is the
 * deepest of the grouping, the filters and the caller, so each row is counted once.
 */

/** The tree's levels as funnel_dia numbers them, top to bottom, with each level's path column. */
export const LEVELS = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente', 'evento'] as const;
export type Level = (typeof LEVELS)[number];
const PATH_COLUMNS: Record<Level, AnyPgColumn> = {
  franqueador: funnelDia.franqueadorId,
  franquia: funnelDia.franquiaId,
  micro_franquia: funnelDia.microFranquiaId,
  vendedor: funnelDia.vendedorId,
  cliente: funnelDia.clienteId,
  evento: funnelDia.eventoId,
};

export const levelOf = (level: Level) => LEVELS.indexOf(level);

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

function rowsWhere(rows: ReportRows, nivel: number): SQL {
  return and(
    eq(funnelDia.nivel, nivel),
    ...rows.nodes.map((node) => eq(PATH_COLUMNS[node.level], node.id)),
    rows.estado ? eq(funnelDia.estado, rows.estado) : undefined,
    rows.cidade ? sql`lower(${funnelDia.cidade}) = lower(${rows.cidade})` : undefined,
    between(funnelDia.dia, rows.de, rows.ate),
  ) as SQL;
}

/** The deepest level among the nodes (and the grouping, when it is a level). */
function nivelFor(rows: ReportRows, agrupar?: Agrupamento): number {
  const depths = rows.nodes.map((node) => levelOf(node.level));
  if (agrupar && agrupar !== 'estado' && agrupar !== 'cidade') depths.push(levelOf(agrupar));
  return Math.max(0, ...depths);
}

const sums = {
  leads: sql<number>`coalesce(sum(${funnelDia.leads}), 0)::int`,
  preMatriculas: sql<number>`coalesce(sum(${funnelDia.preMatriculas}), 0)::int`,
  matriculas: sql<number>`coalesce(sum(${funnelDia.matriculas}), 0)::int`,
};

/** Each group's key and, for a level, the label joined from its table. */
function grouping(agrupar: Agrupamento, semVendedor: string): { key: SQL; estado?: SQL; label: (key: SQL) => SQL } {
  switch (agrupar) {
    case 'estado':
      return { key: sql`${funnelDia.estado}`, label: (key) => key };
    case 'cidade':
      return { key: sql`${funnelDia.cidade}`, estado: sql`${funnelDia.estado}`, label: (key) => key };
    case 'franquia':
      return {
        key: sql`${funnelDia.franquiaId}`,
        label: (key) => sql`(select ${franquias.razaoSocial} from ${franquias} where ${franquias.id} = (${key})::uuid)`,
      };
    case 'micro_franquia':
      return {
        key: sql`${funnelDia.microFranquiaId}`,
        label: (key) =>
          sql`(select ${microFranquias.razaoSocial} from ${microFranquias} where ${microFranquias.id} = (${key})::uuid)`,
      };
    case 'vendedor':
      return {
        key: sql`${funnelDia.vendedorId}`,
        label: (key) =>
          sql`coalesce((select ${users.nome} from ${vendedores} join ${users} on ${users.id} = ${vendedores.userId} where ${vendedores.id} = (${key})::uuid), ${semVendedor})`,
      };
    case 'cliente':
      return {
        key: sql`${funnelDia.clienteId}`,
        label: (key) => sql`(select ${clientes.nomeFantasia} from ${clientes} where ${clientes.id} = (${key})::uuid)`,
      };
    case 'evento':
      return {
        key: sql`${funnelDia.eventoId}`,
        label: (key) =>
          sql`(select ${eventos.nomeEscola} || ' - ' || ${eventos.cidade} || ', ' || upper(${eventos.estado}) || ' (' || to_char(${eventos.dataEvento}, 'DD/MM/YYYY') || ')' from ${eventos} where ${eventos.id} = (${key})::uuid)`,
      };
  }
}

export interface GroupRow {
  id: string | null;
  rotulo: string;
  estado?: string;
  leads: number;
  preMatriculas: number;
  matriculas: number;
}

export interface Totals {
  leads: number;
  preMatriculas: number;
  matriculas: number;
}

const ORDER_COLUMNS: Record<Ordenar, SQL> = {
  leads: sql.raw('g.leads'),
  preMatriculas: sql.raw('g.pre'),
  matriculas: sql.raw('g.mat'),
  taxaLeadMatricula: sql.raw('(case when g.leads = 0 then 0 else g.mat::float8 / g.leads end)'),
  rotulo: sql.raw('lower(g.rotulo)'),
};

export interface GroupQuery {
  agrupar: Agrupamento;
  ordenar: Ordenar;
  direcao: Direcao;
  /** null: every group (the CSV). */
  limit: number | null;
  offset: number;
  semVendedor: string;
}

/**
 * One page of groups, with the number of groups and the totals over all of them, in one round trip: the groups
 * are aggregated once, and window sums over them ride along with each row of the page.
 */
export async function findGroups(
  db: Executor,
  rows: ReportRows,
  query: GroupQuery,
): Promise<{ groups: GroupRow[]; count: number; totals: Totals | null }> {
  const group = grouping(query.agrupar, query.semVendedor);
  const keys = group.estado ? sql`${group.key}, ${group.estado}` : group.key;
  const direction = query.direcao === 'asc' ? sql.raw('asc') : sql.raw('desc');
  const page = query.limit === null ? sql`` : sql`limit ${query.limit} offset ${query.offset}`;
  const list = await executeRows<{
    id: string | null;
    rotulo: string | null;
    estado: string | null;
    leads: number;
    pre: number;
    mat: number;
    n: number;
    tl: number;
    tp: number;
    tm: number;
  }>(
    db,
    sql`
    select g.id, g.rotulo, g.estado, g.leads, g.pre, g.mat, g.n, g.tl, g.tp, g.tm from (
      select k.id, ${group.label(sql.raw('k.id'))} as rotulo, k.estado, k.leads, k.pre, k.mat,
        count(*) over ()::int as n, (sum(k.leads) over ())::int as tl, (sum(k.pre) over ())::int as tp,
        (sum(k.mat) over ())::int as tm
      from (
        select ${group.key}::text as id, ${group.estado ?? sql`null::text`} as estado, ${sums.leads} as leads,
          ${sums.preMatriculas} as pre, ${sums.matriculas} as mat
        from ${funnelDia} where ${rowsWhere(rows, nivelFor(rows, query.agrupar))}
        group by ${keys}
        having sum(${funnelDia.leads}) <> 0 or sum(${funnelDia.preMatriculas}) <> 0 or sum(${funnelDia.matriculas}) <> 0
      ) k
    ) g
    order by ${ORDER_COLUMNS[query.ordenar]} ${direction}, lower(g.rotulo) asc, g.id asc nulls last
    ${page}`,
  );
  const first = list[0];
  return {
    groups: list.map((row) => ({
      id: row.id,
      rotulo: row.rotulo ?? row.id ?? query.semVendedor,
      ...(query.agrupar === 'cidade' ? { estado: row.estado ?? '' } : {}),
      leads: Number(row.leads),
      preMatriculas: Number(row.pre),
      matriculas: Number(row.mat),
    })),
    count: first ? Number(first.n) : 0,
    totals: first ? { leads: Number(first.tl), preMatriculas: Number(first.tp), matriculas: Number(first.tm) } : null,
  };
}

const BUCKETS: Record<Intervalo, SQL> = {
  dia: sql`${funnelDia.dia}`,
  semana: sql`date_trunc('week', ${funnelDia.dia})::date`,
  mes: sql`date_trunc('month', ${funnelDia.dia})::date`,
};

/** The counts per bucket that has any (the service fills the empty ones). */
export async function findSeries(
  db: Executor,
  rows: ReportRows,
  intervalo: Intervalo,
): Promise<{ inicio: string; leads: number; preMatriculas: number; matriculas: number }[]> {
  const bucket = BUCKETS[intervalo];
  const result = await db
    .select({ inicio: sql<string>`(${bucket})::text`, ...sums })
    .from(funnelDia)
    .where(rowsWhere(rows, nivelFor(rows)))
    .groupBy(bucket);
  return result.map((row) => ({
    inicio: row.inicio,
    leads: Number(row.leads),
    preMatriculas: Number(row.preMatriculas),
    matriculas: Number(row.matriculas),
  }));
}
