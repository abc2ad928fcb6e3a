import { type SQL, sql } from 'drizzle-orm';
import {
  type Agrupamento,
  type Direcao,
  type DrillFilter,
  type Intervalo,
  type Ordenar,
  isOrigemAgrupamento,
} from '../../../shared/schemas/relatorios';
import { type Executor, executeRows, planejadaACadaChamada, semWorkersParalelos } from '../../db/connect';
import { eventos, users, vendedores } from '../../db/schema';
import { type ReportRows, type SourcePeriodRow, foldContagens, sourcePeriodRows } from '../contagens';
import { fonteConditions, fonteKey } from '../funnel';
import { groupLabel, inteiroSql, nivelFor } from './relatorios.repository';

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
  /** With `rotulos`: the group's name. */
  rotulo?: string;
}

export type Inteiro = Omit<OrigemGroupRow, 'id' | 'estado' | 'rotulo'>;

interface GroupSqlRow {
  k: string | null;
  estado: string | null;
  l: number | null;
  x: number | null;
  p: number | null;
  m: number | null;
  rotulo?: string | null;
  rotulo_sem?: string | null;
  wl?: number;
  wx?: number;
  wp?: number;
  wm?: number;
}

const inteiroDe = (row: { wl?: number; wx?: number; wp?: number; wm?: number } | undefined): Inteiro => ({
  leads: Number(row?.wl ?? 0),
  presencas: Number(row?.wx ?? 0),
  preMatriculas: Number(row?.wp ?? 0),
  matriculas: Number(row?.wm ?? 0),
});

/**
 * The attributed rows in the question's scope, period and place (and origin filters), counted per group -- a
 * grouping's key, or (`intervalo`) the series' buckets -- from the counters per source, every answered sign-up and
 * check-in folded first. `inteiro`: the question's whole from the funnel's counters (`inteiroSql`), and `rotulos`:
 * every group's name, in the same statement (issue 48: one round trip, one fold).
 */
export async function findAttributedGroups(
  db: Executor,
  rows: ReportRows,
  filtro: OrigemFiltro,
  agrupar: Agrupamento | { intervalo: Intervalo },
  extra: { inteiro?: boolean; rotulos?: { semVendedor: string } } = {},
): Promise<{ groups: OrigemGroupRow[]; inteiro?: Inteiro; rotuloSem?: string }> {
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
  const grouped = sql`select s.k::text as k, s.estado, sum(s.l)::int as l, sum(s.x)::int as x, sum(s.p)::int as p, sum(s.m)::int as m
    from (${source}) s group by s.k, s.estado`;
  const label = grouping && extra.rotulos ? groupLabel(grouping, extra.rotulos.semVendedor) : undefined;
  const rotulo = label ? sql`, ${label(sql.raw('g.k'))} as rotulo, ${label(sql`null::text`)} as rotulo_sem` : sql``;
  // The whole is one row that the groups join: it comes back also when no group does (then with nulls).
  const found = await executeRows<GroupSqlRow>(
    db,
    planejadaACadaChamada(
      extra.inteiro
        ? sql`select g.*${rotulo}, w.l as wl, w.x as wx, w.p as wp, w.m as wm
          from (${inteiroSql(rows)}) w left join (${grouped}) g on true where ${semWorkersParalelos}`
        : sql`select g.*${rotulo} from (${grouped}) g where ${semWorkersParalelos}`,
    ),
  );
  // A row with no group: the whole's alone (every group has its sums, never null).
  const groups = found.filter((row) => row.l !== null);
  return {
    groups: groups.map((row) => ({
      id: row.k,
      estado: row.estado,
      leads: Number(row.l),
      presencas: Number(row.x),
      preMatriculas: Number(row.p),
      matriculas: Number(row.m),
      ...(extra.rotulos ? { rotulo: row.rotulo ?? row.k ?? extra.rotulos.semVendedor } : {}),
    })),
    ...(extra.inteiro ? { inteiro: inteiroDe(found[0]) } : {}),
    ...(extra.rotulos && found[0] ? { rotuloSem: found[0].rotulo_sem ?? extra.rotulos.semVendedor } : {}),
  };
}

/**
 * A rate as the answer writes it (`taxa`, shared/schemas/relatorios.ts): 0 without a divisor, else the quotient
 * rounded to 4 places as JavaScript's Math.round does it (to the nearest, a half up: the ceiling, less 1 when it is
 * more than a half above), in the same double-precision steps -- so the SQL orders groups exactly as the answer's
 * rates would.
 */
function taxaSql(numerador: SQL, denominador: SQL): SQL {
  const x = sql`((${numerador})::float8 / (${denominador}) * 10000::float8)`;
  return sql`(case when ${denominador} <= 0 then 0::float8
    else (ceil(${x}) - (case when ceil(${x}) - 0.5::float8 > ${x} then 1 else 0 end)) / 10000::float8 end)`;
}

/** Each numeric sort's value over a group's sums (`b.l`, `b.x`, `b.p`, `b.m`), as `contagem` works it out. */
const SORT_VALUE: Record<Exclude<Ordenar, 'rotulo'>, SQL> = {
  leads: sql.raw('b.l'),
  presencas: sql.raw('b.x'),
  taxaLeadPresenca: taxaSql(sql.raw('b.x'), sql.raw('b.l')),
  preMatriculas: sql.raw('b.p'),
  matriculas: sql.raw('b.m'),
  taxaLeadPreMatricula: taxaSql(sql.raw('b.p'), sql.raw('b.l')),
  taxaPreMatriculaMatricula: taxaSql(sql.raw('b.m'), sql.raw('b.p')),
  taxaLeadMatricula: taxaSql(sql.raw('b.m'), sql.raw('b.l')),
};

/**
 * The first `first` groups of `vendedor_link` (no origin filter) in a numeric sort's order, with the number of groups
 * that count anything and the sums over all of them: the sort and the page in SQL, so the franqueador's question
 * (one group per seller of the network) sends and builds a page, not every seller (issue 48). The order is the
 * service's `sortGroups`: the value, then more leads first, then the id (a vendedor's uuid as text: ASCII, ordered
 * byte by byte, `collate "C"`, as JavaScript compares it). The group without a link is the service's. In the same
 * statement (one round trip): the question's whole from the funnel's counters (`inteiroSql`), the names of the groups
 * from the `nomear`-th on (1-based) and the name of the group without a link.
 */
export async function findAttributedFirst(
  db: Executor,
  rows: ReportRows,
  order: { ordenar: Exclude<Ordenar, 'rotulo'>; direcao: Direcao; first: number; nomear: number; semVendedor: string },
): Promise<{ groups: OrigemGroupRow[]; count: number; sums: Inteiro; inteiro: Inteiro; rotuloSem: string }> {
  await foldContagens(db);
  const source = sourcePeriodRows(
    rows,
    nivelFor(rows),
    Boolean(rows.estado || rows.cidade),
    (row) =>
      sql`${fonteKey('vendedor_link', row.source)} as k, ${row.leads} as l, ${row.presencas} as x, ${row.preMatriculas} as p, ${row.matriculas} as m`,
    () => undefined,
  );
  const nonZero = sql.raw('(b.l <> 0 or b.x <> 0 or b.p <> 0 or b.m <> 0)');
  const label = groupLabel('vendedor_link', order.semVendedor);
  const ranked = sql`select b.*, row_number() over (
        order by ${SORT_VALUE[order.ordenar]} ${sql.raw(order.direcao === 'asc' ? 'asc' : 'desc')}, b.l desc, b.k collate "C" asc) as rn
      from (
        select b.*, (count(*) filter (where ${nonZero}) over ())::int as n, (sum(b.l) over ())::int as tl,
          (sum(b.x) over ())::int as tx, (sum(b.p) over ())::int as tp, (sum(b.m) over ())::int as tm
        from (select s.k::text as k, sum(s.l)::int as l, sum(s.x)::int as x, sum(s.p)::int as p, sum(s.m)::int as m
          from (${source}) s where s.k is not null group by s.k) b) b
      where ${nonZero}`;
  // The whole is one row that the page joins: it comes back also when no group does (then with nulls).
  const found = await executeRows<{
    k: string | null;
    l: number | null;
    x: number;
    p: number;
    m: number;
    n: number;
    tl: number;
    tx: number;
    tp: number;
    tm: number;
    rotulo: string | null;
    wl: number;
    wx: number;
    wp: number;
    wm: number;
    rotulo_sem: string | null;
  }>(
    db,
    planejadaACadaChamada(sql`select f.k, f.l, f.x, f.p, f.m, f.n, f.tl, f.tx, f.tp, f.tm,
        case when f.rn >= ${order.nomear} then ${label(sql.raw('f.k'))} end as rotulo,
        w.l as wl, w.x as wx, w.p as wp, w.m as wm, ${label(sql`null::text`)} as rotulo_sem
      from (${inteiroSql(rows)}) w left join (${ranked}) f on f.rn <= ${order.first}
      where ${semWorkersParalelos}
      order by f.rn`),
  );
  const groups = found.filter((row) => row.l !== null);
  const head = groups[0];
  return {
    groups: groups.map((row) => ({
      id: row.k,
      estado: null,
      leads: Number(row.l),
      presencas: Number(row.x),
      preMatriculas: Number(row.p),
      matriculas: Number(row.m),
      ...(row.rotulo === null ? {} : { rotulo: row.rotulo }),
    })),
    count: head ? Number(head.n) : 0,
    sums: {
      leads: Number(head?.tl ?? 0),
      presencas: Number(head?.tx ?? 0),
      preMatriculas: Number(head?.tp ?? 0),
      matriculas: Number(head?.tm ?? 0),
    },
    inteiro: inteiroDe(found[0]),
    rotuloSem: found[0]?.rotulo_sem ?? order.semVendedor,
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
