import { type SQL, sql } from 'drizzle-orm';
import {
  type Agrupamento,
  type DrillFilter,
  type Intervalo,
  isOrigemAgrupamento,
} from '../../../shared/schemas/relatorios';
import { type Executor, executeRows, withoutParallelWorkers } from '../../db/connect';
import { eventos, users, vendedores } from '../../db/schema';
import { type ReportRows, type SourcePeriodRow, foldContagens, sourcePeriodRows } from '../contagens';
import { fonteConditions, fonteKey } from '../funnel';
import { nivelFor } from './relatorios.repository';

/**
 * Relatórios by where the families came from (issue 48), read from the counters per source (migration 0066,
 * `sourcePeriodRows` in modules/contagens): the funnel's counters per node and period, for the rows that came with an
 * origin only (`coalesce(utm_*, link_codigo) is not null`), one row per source -- `utm_source`, `utm_campaign`,
 * whether by a share link, the link's vendedor. A lead and a pré-matrícula count under their own origin and day, a
 * matrícula under its pré-matrícula's origin and its own `efetivadaEm`. The same level, months and loose days as the
 * tree's groupings read from the funnel's counters; the rows with no origin are the funnel's totals less these (the
 * service's 'Sem origem' group).
 */

export type OrigemFiltro = Pick<DrillFilter, 'origem' | 'campanha' | 'vendedorLinkId'>;

export const temFiltroDeOrigem = (f: OrigemFiltro) => Boolean(f.origem || f.campanha || f.vendedorLinkId);

/** A period's day, week or month: the series' bucket of a counter's day (or month, for 'mes'). */
function bucket(period: SQL, intervalo: Intervalo): SQL {
  if (intervalo === 'dia') return period;
  return intervalo === 'semana' ? sql`date_trunc('week', ${period})::date` : sql`date_trunc('month', ${period})::date`;
}

/** A counter's group: its origin, its node of the tree, or its event's place. */
function groupKey(agrupar: Agrupamento, row: SourcePeriodRow): SQL {
  if (isOrigemAgrupamento(agrupar)) return fonteKey(agrupar, row.source);
  if (agrupar === 'estado') return sql`${eventos.estado}`;
  if (agrupar === 'cidade') return sql`${eventos.cidade}`;
  return sql`${row.node(agrupar)}::text`;
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
 * grouping's key, or (`intervalo`) the series' buckets -- from the counters per source, every answered sign-up and
 * check-in folded first.
 */
export async function findAttributedGroups(
  db: Executor,
  rows: ReportRows,
  filtro: OrigemFiltro,
  agrupar: Agrupamento | { intervalo: Intervalo },
): Promise<OrigemGroupRow[]> {
  await foldContagens(db);
  const grouping = typeof agrupar === 'string' ? agrupar : undefined;
  const place = Boolean(rows.estado || rows.cidade) || grouping === 'estado' || grouping === 'cidade';
  // A series by day or week reads days; by month, as a grouping, whole months and the loose days at the ends.
  const split =
    typeof agrupar === 'string' || agrupar.intervalo === 'mes'
      ? undefined
      : { months: null, days: [{ from: rows.de, to: rows.ate, sign: 1 as const }] };
  const source = sourcePeriodRows(
    rows,
    nivelFor(rows, grouping),
    place,
    (row) => {
      const key = typeof agrupar === 'string' ? groupKey(agrupar, row) : bucket(row.period, agrupar.intervalo);
      const estado = grouping === 'cidade' ? sql`${eventos.estado}` : sql`null::text`;
      return sql`${key} as k, ${estado} as estado, ${row.leads} as l, ${row.presencas} as x, ${row.preMatriculas} as p, ${row.matriculas} as m`;
    },
    (row) => fonteConditions(filtro, row.source),
    split,
  );
  const found = await withoutParallelWorkers(db, (tx) =>
    executeRows<{ k: string | null; estado: string | null; l: number; x: number; p: number; m: number }>(
      tx,
      sql`select s.k::text as k, s.estado, sum(s.l)::int as l, sum(s.x)::int as x, sum(s.p)::int as p, sum(s.m)::int as m
        from (${source}) s group by s.k, s.estado`,
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
