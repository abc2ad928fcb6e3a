import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type Agrupamento,
  type DrillFilter,
  type Intervalo,
  isOrigemAgrupamento,
} from '../../../shared/schemas/relatorios';
import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import { type Executor, executeRows, withoutParallelWorkers } from '../../db/connect';
import { eventos, leads, matriculas, preMatriculas, users, vendedores } from '../../db/schema';
import { type Level, type ReportRows } from '../contagens';
import { type OrigemColumns, atribuida, drillFilters, origemKey } from '../funnel';

/**
 * Relatórios by where the families came from (issue 48). The counters know no origin, so these questions read the
 * rows themselves -- only the attributed ones (`coalesce(utm_*, link_codigo) is not null`, the partial
 * `*_origem_idx` indexes): a lead and a pré-matrícula by their own columns and day, a matrícula by its
 * pré-matrícula's origin and its own `efetivadaEm`. The rows with no origin are the counters' totals less these
 * (the service's 'Sem origem' group).
 */

export type OrigemFiltro = Pick<DrillFilter, 'origem' | 'campanha' | 'vendedorLinkId'>;

export const temFiltroDeOrigem = (f: OrigemFiltro) => Boolean(f.origem || f.campanha || f.vendedorLinkId);

type FunnelTable = typeof leads | typeof preMatriculas | typeof matriculas;

interface Source {
  table: FunnelTable;
  /** Where its origin is kept: its own columns, or the pré-matrícula's for a matrícula. */
  origem: OrigemColumns;
  /** The instant it counts on. */
  day: AnyPgColumn;
  /** What it adds: leads, presences, pré-matrículas, matrículas. */
  measures: SQL;
  join: SQL;
}

const SOURCES: Source[] = [
  {
    table: leads,
    origem: leads,
    day: leads.createdAt,
    measures: sql`1 as l, (${leads.presenteEm} is not null)::int as x, 0 as p, 0 as m`,
    join: sql``,
  },
  {
    table: preMatriculas,
    origem: preMatriculas,
    day: preMatriculas.createdAt,
    measures: sql`0 as l, 0 as x, 1 as p, 0 as m`,
    join: sql``,
  },
  {
    table: matriculas,
    origem: preMatriculas,
    day: matriculas.efetivadaEm,
    measures: sql`0 as l, 0 as x, 0 as p, 1 as m`,
    join: sql` join ${preMatriculas} on ${preMatriculas.id} = ${matriculas.preMatriculaId}`,
  },
];

function pathColumn(table: FunnelTable, level: Level): AnyPgColumn {
  switch (level) {
    case 'franqueador':
      return table.franqueadorId;
    case 'franquia':
      return table.franquiaId;
    case 'micro_franquia':
      return table.microFranquiaId;
    case 'vendedor':
      return table.vendedorId;
    case 'cliente':
      return table.clienteId;
    case 'evento':
      return table.eventoId;
  }
}

/** A day's bucket of the series: itself, its week's Monday, its month's 1st. */
function bucket(day: SQL, intervalo: Intervalo): SQL {
  if (intervalo === 'dia') return day;
  return intervalo === 'semana' ? sql`date_trunc('week', ${day})::date` : sql`date_trunc('month', ${day})::date`;
}

/** A row's group: its origin, its node of the tree (its own path column) or its event's place. */
function groupKey(agrupar: Agrupamento, source: Source): SQL {
  if (isOrigemAgrupamento(agrupar)) return origemKey(agrupar, source.origem);
  if (agrupar === 'estado') return sql`${eventos.estado}`;
  if (agrupar === 'cidade') return sql`${eventos.cidade}`;
  return sql`${pathColumn(source.table, agrupar)}::text`;
}

export interface OrigemGroupRow {
  /** The group's key; null: the attributed rows without one (a source-less UTM, no campaign, no seller's link). */
  id: string | null;
  estado: string | null;
  leads: number;
  presencas: number;
  preMatriculas: number;
  matriculas: number;
}

/**
 * The attributed rows in the question's scope, period and place (and origin filters), counted per group -- a
 * grouping's key, or (`key`) any expression of the row's day, for the series.
 */
export async function findAttributedGroups(
  db: Executor,
  rows: ReportRows,
  filtro: OrigemFiltro,
  agrupar: Agrupamento | { intervalo: Intervalo },
): Promise<OrigemGroupRow[]> {
  const zone = BRASILIA_TIME_ZONE;
  const place = Boolean(rows.estado || rows.cidade) || agrupar === 'estado' || agrupar === 'cidade';
  const selects = SOURCES.map((source) => {
    const key =
      typeof agrupar === 'string'
        ? groupKey(agrupar, source)
        : bucket(sql`(${source.day} at time zone ${zone})::date`, agrupar.intervalo);
    const estado = agrupar === 'cidade' ? sql`${eventos.estado}` : sql`null::text`;
    const where = and(
      ...rows.nodes.map((node) => eq(pathColumn(source.table, node.level), node.id)),
      sql`${source.day} >= (${rows.de}::date::timestamp at time zone ${zone})`,
      sql`${source.day} < ((${rows.ate}::date + 1)::timestamp at time zone ${zone})`,
      rows.estado ? eq(eventos.estado, rows.estado) : undefined,
      rows.cidade ? sql`lower(${eventos.cidade}) = lower(${rows.cidade})` : undefined,
      atribuida(source.origem),
      // The origin filters as the lists apply them (funnel/drill.ts), on the row's own origin columns.
      drillFilters(filtro, { ...origemColumnsOf(source.origem), ...pathColumns(source.table) }, source.day),
    );
    const placeJoin = place ? sql` join ${eventos} on ${eventos.id} = ${source.table.eventoId}` : sql``;
    return sql`select ${key} as k, ${estado} as estado, ${source.measures}
      from ${source.table}${source.join}${placeJoin} where ${where}`;
  });
  const found = await withoutParallelWorkers(db, (tx) =>
    executeRows<{ k: string | null; estado: string | null; l: number; x: number; p: number; m: number }>(
      tx,
      sql`select s.k::text as k, s.estado, sum(s.l)::int as l, sum(s.x)::int as x, sum(s.p)::int as p, sum(s.m)::int as m
        from (${sql.join(selects, sql` union all `)}) s group by s.k, s.estado`,
    ),
  );
  return found.map((row) => ({
    id: row.k,
    estado: row.estado,
    leads: Number(row.l),
    presencas: Number(row.x),
    preMatriculas: Number(row.p),
    matriculas: Number(row.m),
  }));
}

/** The origin columns by name (a table's columns picked out of it). */
const origemColumnsOf = (t: OrigemColumns): OrigemColumns => ({
  utmSource: t.utmSource,
  utmMedium: t.utmMedium,
  utmCampaign: t.utmCampaign,
  utmContent: t.utmContent,
  utmTerm: t.utmTerm,
  linkCodigo: t.linkCodigo,
  linkVendedorId: t.linkVendedorId,
});

/** A funnel table's path columns, for the drill-down filters' shape (only the origin ones are set here). */
function pathColumns(table: FunnelTable) {
  return {
    eventoId: table.eventoId,
    clienteId: table.clienteId,
    vendedorId: table.vendedorId,
    microFranquiaId: table.microFranquiaId,
    franquiaId: table.franquiaId,
  };
}

/** The names of the vendedores whose links grouped the rows (`vendedor_link`), by id. */
export async function findVendedorNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await executeRows<{ id: string; nome: string }>(
    db,
    sql`select ${vendedores.id}::text as id, ${users.nome} as nome from ${vendedores}
      join ${users} on ${users.id} = ${vendedores.userId}
      where ${vendedores.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return new Map(found.map((row) => [row.id, row.nome]));
}
