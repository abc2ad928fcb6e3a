import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type Agrupamento,
  type Direcao,
  type DrillFilter,
  type Intervalo,
  ORIGEM_LINK_EVENTO,
  ORIGEM_LINK_VENDEDOR,
  type Ordenar,
  RELATORIO_MESSAGES,
  TREE_LEVELS,
  type TreeFilter,
  type TreeLevel,
  isOrigemAgrupamento,
} from '../../../shared/schemas/relatorios';
import type { Actor } from '../../access/actor';
import {
  clientesVisibleTo,
  eventosVisibleTo,
  franquiasVisibleTo,
  microFranquiasVisibleTo,
  nodesImpliedByScope,
  vendedoresVisibleTo,
} from '../../access/scope';
import { drillFilters, origemKey, selectScalars } from '../funnel';
import {
  type Executor,
  executeRows,
  planejadaACadaChamada,
  semWorkersParalelos,
  withoutParallelWorkers,
} from '../../db/connect';
import { clientes, eventos, franquias, leads, matriculas, microFranquias, users, vendedores } from '../../db/schema';
import { MOTIVOS_PERDA, type MotivoPerda } from '../../../shared/schemas/acompanhamento';
import type { AcompanhamentoContagem, MatriculasStatus } from '../../../shared/schemas/relatorios';
import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import {
  type Level,
  type PeriodRow,
  type ReportRows,
  custoPeriodRows,
  foldContagens,
  levelOf,
  periodRows,
} from '../contagens';

/**
 * The report's reads over the funnel's counters per period (`periodRows`, modules/contagens). Every question has
 * the same shape: the rows of ONE level (`nivel`) under the caller's node and the filters' nodes, in the period,
 * grouped by a column. The level is the deepest of the grouping, the filters and the caller, so each lead is
 * counted once. The event's place is read from the event: a question about places reads the events' own rows
 * (level 5).
 */

const EVENT_LEVEL = levelOf('evento');

const isPlace = (agrupar?: Agrupamento) => agrupar === 'estado' || agrupar === 'cidade';

/**
 * The deepest level among the nodes and the grouping; a question about places reads the events' rows. An origin
 * grouping (issue 48) has no level of its own: the counters per source are read at the nodes' (origem.repository.ts).
 */
export function nivelFor(rows: ReportRows, agrupar?: Agrupamento): number {
  if (rows.estado || rows.cidade || isPlace(agrupar)) return EVENT_LEVEL;
  const depths = rows.nodes.map((node) => levelOf(node.level));
  if (agrupar && !isOrigemAgrupamento(agrupar)) depths.push(levelOf(agrupar));
  return Math.max(0, ...depths);
}

/** Each group's key (text), its state for a city, and the label a key reads as. */
function grouping(agrupar: Agrupamento, semVendedor: string) {
  const byId = (row: PeriodRow, level: Level) => row.node(level);
  switch (agrupar) {
    case 'estado':
      return { key: () => sql`${eventos.estado}`, label: (key: SQL) => key };
    case 'cidade':
      return { key: () => sql`${eventos.cidade}`, estado: sql`${eventos.estado}`, label: (key: SQL) => key };
    case 'franquia':
      return {
        key: (row: PeriodRow) => byId(row, 'franquia'),
        label: (key: SQL) =>
          sql`(select ${franquias.razaoSocial} from ${franquias} where ${franquias.id} = ${key}::uuid)`,
      };
    case 'micro_franquia':
      return {
        key: (row: PeriodRow) => byId(row, 'micro_franquia'),
        label: (key: SQL) =>
          sql`(select ${microFranquias.razaoSocial} from ${microFranquias} where ${microFranquias.id} = ${key}::uuid)`,
      };
    case 'vendedor':
      return {
        key: (row: PeriodRow) => byId(row, 'vendedor'),
        label: (key: SQL) =>
          sql`coalesce((select ${users.nome} from ${vendedores} join ${users} on ${users.id} = ${vendedores.userId} where ${vendedores.id} = ${key}::uuid), ${semVendedor})`,
      };
    case 'cliente':
      return {
        key: (row: PeriodRow) => byId(row, 'cliente'),
        label: (key: SQL) =>
          sql`(select ${clientes.nomeFantasia} from ${clientes} where ${clientes.id} = ${key}::uuid)`,
      };
    // Issue 48: never read from the funnel's counters (origem.repository.ts reads the counters per source); their
    // keys are text.
    case 'origem':
      return {
        key: () => sql`null::text`,
        label: (key: SQL) =>
          sql`(case when ${key} is null then ${RELATORIO_MESSAGES.semOrigem} when ${key} = ${ORIGEM_LINK_VENDEDOR} then ${RELATORIO_MESSAGES.linkDeVendedor} when ${key} = ${ORIGEM_LINK_EVENTO} then ${RELATORIO_MESSAGES.linkDeEvento} else ${key} end)`,
      };
    case 'campanha':
      return {
        key: () => sql`null::text`,
        label: (key: SQL) => sql`coalesce(${key}, ${RELATORIO_MESSAGES.semCampanha})`,
      };
    case 'vendedor_link':
      return {
        key: () => sql`null::text`,
        label: (key: SQL) =>
          sql`coalesce((select ${users.nome} from ${vendedores} join ${users} on ${users.id} = ${vendedores.userId} where ${vendedores.id} = ${key}::uuid), ${RELATORIO_MESSAGES.semLinkDeVendedor})`,
      };
    case 'evento':
      return {
        key: (row: PeriodRow) => byId(row, 'evento'),
        label: (key: SQL) =>
          sql`(select ${eventos.nomeEscola} || ' - ' || ${eventos.cidade} || ', ' || upper(${eventos.estado}) || ' (' || to_char(${eventos.dataEvento}, 'DD/MM/YYYY') || ')' from ${eventos} where ${eventos.id} = ${key}::uuid)`,
      };
  }
}

/** A group's name as SQL, from its key (Inadimplência, issue 43, labels its groups as the funnel does). */
export const groupLabel = (agrupar: Agrupamento, semVendedor: string) => grouping(agrupar, semVendedor).label;

/** Whether a grouping's names are its keys themselves, or words over them: naming every group reads no table. */
export const rotuloSemConsulta = (agrupar: Agrupamento) =>
  agrupar === 'estado' || agrupar === 'cidade' || agrupar === 'origem' || agrupar === 'campanha';

/**
 * The whole of a question from the funnel's counters, as SQL of one row (`l`, `x`, `p`, `m`: leads, presences,
 * pré-matrículas, matrículas): the rows of its own level -- the caller's node's, or the events' at a place. Every
 * lead counts once at every level of its path, so any deeper level sums to the same (issue 48: an origin grouping's
 * whole rides in its own statement).
 */
export function inteiroSql(rows: ReportRows): SQL {
  const source = periodRows(
    rows,
    nivelFor(rows),
    Boolean(rows.estado || rows.cidade),
    (row) => sql`${row.leads} as l, ${row.presencas} as x, ${row.preMatriculas} as p, ${row.matriculas} as m`,
  );
  return sql`select coalesce(sum(w.l), 0)::int as l, coalesce(sum(w.x), 0)::int as x, coalesce(sum(w.p), 0)::int as p,
    coalesce(sum(w.m), 0)::int as m from (${source}) w`;
}

export interface GroupRow {
  id: string | null;
  rotulo: string;
  estado?: string;
  leads: number;
  presencas: number;
  preMatriculas: number;
  matriculas: number;
}

export interface Totals {
  leads: number;
  presencas: number;
  preMatriculas: number;
  matriculas: number;
}

const ORDER_COLUMNS: Record<Ordenar, SQL> = {
  leads: sql.raw('g.leads'),
  presencas: sql.raw('g.pres'),
  taxaLeadPresenca: sql.raw('(case when g.leads = 0 then 0 else g.pres::float8 / g.leads end)'),
  preMatriculas: sql.raw('g.pre'),
  matriculas: sql.raw('g.mat'),
  taxaLeadPreMatricula: sql.raw('(case when g.leads = 0 then 0 else g.pre::float8 / g.leads end)'),
  taxaPreMatriculaMatricula: sql.raw('(case when g.pre = 0 then 0 else g.mat::float8 / g.pre end)'),
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
  /**
   * Issue 48: a tree grouping's costs, read in the same statement -- each group's of the page, from the events' costs
   * per node at the groups' level, and the question's, at its own node's (`custoPeriodRows`).
   */
  custos?: boolean;
}

export interface FoundGroups {
  groups: (GroupRow & { custo?: number | null })[];
  count: number;
  totals: Totals | null;
  /** With `custos`: the question's costs, null with none (or no row to carry them: no group on the page). */
  custoTotal?: number | null;
}

/** A sum of costs as the statement gives it (text), or null for none: every cost is above 0, so 0 is none too. */
const centavos = (value: string | null | undefined) =>
  value === null || value === undefined || Number(value) === 0 ? null : Number(value);

/**
 * One page of groups, with the number of groups and the totals over all of them, in one round trip: the groups
 * are aggregated once, and window sums over them ride along with each row of the page. Labels are looked up for
 * the page only, unless the page is sorted by them. A tree grouping's key stays a uuid until the page is written
 * out: grouping and ordering the uuids themselves costs less than their text, and orders them alike (a uuid's text
 * is its bytes in hexadecimal, in the same order). Planned without parallel workers, in its own round trip.
 */
export async function findGroups(db: Executor, rows: ReportRows, query: GroupQuery): Promise<FoundGroups> {
  // Every check-in already answered counts (ADR 042).
  await foldContagens(db);
  const group = grouping(query.agrupar, query.semVendedor);
  const place = isPlace(query.agrupar) || Boolean(rows.estado || rows.cidade);
  const nivel = nivelFor(rows, query.agrupar);
  const source = periodRows(
    rows,
    nivel,
    place,
    (row) =>
      sql`${group.key(row)} as id, ${group.estado ?? sql`null::text`} as estado, ${row.leads} as l, ${row.presencas} as x, ${row.preMatriculas} as p, ${row.matriculas} as m`,
  );
  const direction = sql.raw(query.direcao === 'asc' ? 'asc' : 'desc');
  const page = query.limit === null ? sql`` : sql`limit ${query.limit} offset ${query.offset}`;
  const byLabel = query.ordenar === 'rotulo';
  const ranked = sql`
    select k.id, k.estado, k.leads, k.pres, k.pre, k.mat, ${byLabel ? group.label(sql.raw('k.id')) : sql`null::text`} as rotulo,
      count(*) over ()::int as n, (sum(k.leads) over ())::int as tl, (sum(k.pres) over ())::int as tx, (sum(k.pre) over ())::int as tp,
      (sum(k.mat) over ())::int as tm
    from (
      select s.id, s.estado, sum(s.l)::int as leads, sum(s.x)::int as pres, sum(s.p)::int as pre,
        sum(s.m)::int as mat
      from (${source}) s group by s.id, s.estado
      having sum(s.l) <> 0 or sum(s.x) <> 0 or sum(s.p) <> 0 or sum(s.m) <> 0
    ) k`;
  const ordered = sql`select g.* from (${ranked}) g
    order by ${ORDER_COLUMNS[query.ordenar]} ${direction}, ${byLabel ? sql`g.id` : sql`g.leads desc, g.id`} asc nulls last
    ${page}`;
  const tree = query.custos && TREE_LEVELS.includes(query.agrupar as TreeLevel);
  const custos = tree
    ? sql`, (select sum(c.v)::bigint::text from (${custoPeriodRows(rows, nivel, { level: query.agrupar as Level, de: sql.raw('p.id') })}) c) as custo,
        (select sum(t.v)::bigint::text from (${custoPeriodRows(rows, Math.max(0, ...rows.nodes.map((node) => levelOf(node.level))))}) t) as custo_total`
    : sql``;
  const list = await executeRows<{
    id: string | null;
    rotulo: string | null;
    estado: string | null;
    leads: number;
    pres: number;
    pre: number;
    mat: number;
    n: number;
    tl: number;
    tx: number;
    tp: number;
    tm: number;
    custo?: string | null;
    custo_total?: string | null;
  }>(
    db,
    planejadaACadaChamada(sql`select p.id::text as id, p.estado, p.leads, p.pres, p.pre, p.mat, p.n, p.tl, p.tx, p.tp, p.tm,
        ${byLabel ? sql.raw('p.rotulo') : group.label(sql.raw('p.id'))} as rotulo${custos}
      from (${ordered}) p where ${semWorkersParalelos}`),
  );
  const first = list[0];
  return {
    groups: list.map((row) => ({
      id: row.id,
      rotulo: row.rotulo ?? row.id ?? query.semVendedor,
      ...(query.agrupar === 'cidade' ? { estado: row.estado ?? '' } : {}),
      leads: Number(row.leads),
      presencas: Number(row.pres),
      preMatriculas: Number(row.pre),
      matriculas: Number(row.mat),
      ...(tree ? { custo: centavos(row.custo) } : {}),
    })),
    count: first ? Number(first.n) : 0,
    totals: first
      ? {
          leads: Number(first.tl),
          presencas: Number(first.tx),
          preMatriculas: Number(first.tp),
          matriculas: Number(first.tm),
        }
      : null,
    ...(tree && first ? { custoTotal: centavos(first.custo_total) } : {}),
  };
}

/** Each group's name, for groups counted outside the counters (issue 48: origin groupings and filters). */
export async function findGroupLabels(
  db: Executor,
  agrupar: Agrupamento,
  ids: (string | null)[],
  semVendedor: string,
): Promise<Map<string | null, string>> {
  if (ids.length === 0) return new Map();
  const label = grouping(agrupar, semVendedor).label;
  const list = await executeRows<{ id: string | null; rotulo: string | null }>(
    db,
    sql`select k.id, ${label(sql.raw('k.id'))} as rotulo from (values ${sql.join(
      ids.map((id) => sql`(${id}::text)`),
      sql`, `,
    )}) as k(id)`,
  );
  return new Map(list.map((row) => [row.id, row.rotulo ?? row.id ?? semVendedor]));
}

export { isOrigemAgrupamento };

/** The counts per bucket that has any (the service fills the empty ones). */
export async function findSeries(
  db: Executor,
  rows: ReportRows,
  intervalo: Intervalo,
): Promise<{ inicio: string; leads: number; presencas: number; preMatriculas: number; matriculas: number }[]> {
  await foldContagens(db);
  const place = Boolean(rows.estado || rows.cidade);
  // Days and weeks need days; months take whole months from funnel_mes.
  const split =
    intervalo === 'mes' ? undefined : { months: null, days: [{ from: rows.de, to: rows.ate, sign: 1 as const }] };
  const bucket = (period: SQL) =>
    intervalo === 'dia'
      ? period
      : intervalo === 'semana'
        ? sql`date_trunc('week', ${period})::date`
        : sql`date_trunc('month', ${period})::date`;
  const source = periodRows(
    rows,
    nivelFor(rows),
    place,
    (row) =>
      sql`${bucket(row.period)} as inicio, ${row.leads} as l, ${row.presencas} as x, ${row.preMatriculas} as p, ${row.matriculas} as m`,
    split,
  );
  const list = await withoutParallelWorkers(db, (tx) =>
    executeRows<{ inicio: string; leads: number; pres: number; pre: number; mat: number }>(
      tx,
      planejadaACadaChamada(sql`select s.inicio::text as inicio, sum(s.l)::int as leads, sum(s.x)::int as pres, sum(s.p)::int as pre, sum(s.m)::int as mat
        from (${source}) s group by s.inicio`),
    ),
  );
  return list.map((row) => ({
    inicio: row.inicio,
    leads: Number(row.leads),
    presencas: Number(row.pres),
    preMatriculas: Number(row.pre),
    matriculas: Number(row.mat),
  }));
}

/**
 * The leads' own column (or the event's, for a place) a follow-up group is keyed by, in its own type: the groups
 * are formed on the uuid and the key written as text after (ADR 098's addendum) -- sorting a year's 173,699 leads
 * by their key as text, in the database's collation, took 62 of the report's 150 ms.
 */
const LEAD_GROUP_KEY: Record<Agrupamento, SQL> = {
  franquia: sql`${leads.franquiaId}`,
  micro_franquia: sql`${leads.microFranquiaId}`,
  vendedor: sql`${leads.vendedorId}`,
  cliente: sql`${leads.clienteId}`,
  evento: sql`${leads.eventoId}`,
  estado: sql`${leads.eventoEstado}`,
  cidade: sql`${leads.eventoCidade}`,
  origem: origemKey('origem', leads),
  campanha: origemKey('campanha', leads),
  vendedor_link: sql`${leads.linkVendedorId}`,
};
/**
 * A lead's hours from its sign-up to its first contact (the follow-up's median), over the rows `b` of a report, in
 * `double precision` from the start (ADR 148): `percentile_cont` takes that type, and `extract` gave a numeric that
 * was divided as a numeric and then converted -- a third of the network's report by franquia.
 */
const HORAS_ATE_O_CONTATO = "date_part('epoch', b.contato - b.inscricao) / 3600";

const LEAD_PATH_COLUMN = {
  franqueador: leads.franqueadorId,
  franquia: leads.franquiaId,
  micro_franquia: leads.microFranquiaId,
  vendedor: leads.vendedorId,
  cliente: leads.clienteId,
  evento: leads.eventoId,
} as const satisfies Record<Level, AnyPgColumn>;

/** The groupings of the network's report with thousands of groups, each a path level below the franquia (ADR 156). */
const NIVEIS_ABAIXO_DA_FRANQUIA: ReadonlySet<Agrupamento> = new Set([
  'micro_franquia',
  'vendedor',
  'cliente',
  'evento',
]);

export interface FollowUpRow extends AcompanhamentoContagem {
  id: string | null;
  rotulo: string;
  estado?: string;
}

interface FollowUpSqlRow {
  id: string | null;
  estado: string | null;
  rotulo?: string | null;
  contatados: number;
  mediana: number | null;
  perdidos: number;
  n?: number;
  [motivo: `m_${string}`]: number;
}

/**
 * How the leads signed up in the period were followed, per group (issue 16), read from the leads themselves: a
 * lead contacted or lost is never 'novo' (a contact moves it on, and it cannot go back), so the partial status
 * indexes hold every row this reads.
 */
export async function findFollowUp(
  db: Executor,
  rows: ReportRows,
  agrupar: Agrupamento,
  page: { limit: number; offset: number },
  semVendedor: string,
  /** Issue 48: the origin filters, on the leads' own columns. */
  filtro: Pick<DrillFilter, 'origem' | 'campanha' | 'vendedorLinkId'> = {},
  /**
   * The network's own statements -- by franquia, franquia by franquia (ADR 146); by a level below it, the medians of
   * the page's groups only (ADR 156). False: in one pass, as any other report.
   */
  formasDaRede = true,
): Promise<{ groups: FollowUpRow[]; count: number; totals: AcompanhamentoContagem }> {
  const place = isPlace(agrupar) || Boolean(rows.estado || rows.cidade);
  const zone = BRASILIA_TIME_ZONE;
  const where = and(
    ...rows.nodes.map((node) => eq(LEAD_PATH_COLUMN[node.level], node.id)),
    sql`${leads.status} in ('em_contato', 'interessado', 'sem_interesse', 'convertido')`,
    sql`${leads.createdAt} >= (${rows.de}::date::timestamp at time zone ${zone})`,
    sql`${leads.createdAt} < ((${rows.ate}::date + 1)::timestamp at time zone ${zone})`,
    // The event's place, from the lead's copy of it (ADR 158). A city is named in any case: its spellings are read
    // from the events' own index and each lead's copy compared with them as written -- `lower()` of every lead's
    // city cost the network's 63,000 leads more than the join it replaced.
    rows.estado ? eq(leads.eventoEstado, rows.estado) : undefined,
    rows.cidade
      ? sql`${leads.eventoCidade} in (select ${eventos.cidade} from ${eventos} where lower(${eventos.cidade}) = lower(${rows.cidade}))`
      : undefined,
    drillFilters(filtro, leads, leads.createdAt),
  );
  const baseWhere = (
    extra?: SQL,
  ) => sql`select ${LEAD_GROUP_KEY[agrupar]} as k, ${agrupar === 'cidade' ? sql`${leads.eventoEstado}` : sql`null::text`} as estado,
      ${leads.primeiroContatoEm} as contato, ${leads.createdAt} as inscricao, ${leads.status} as status,
      ${leads.motivoPerda} as motivo
    from ${leads} where ${and(where, extra)}`;
  const base = baseWhere();
  const contagens = [
    'count(b.contato)::int as contatados',
    "count(*) filter (where b.status = 'sem_interesse')::int as perdidos",
    ...MOTIVOS_PERDA.map((m) => `count(*) filter (where b.motivo = '${m}')::int as m_${m}`),
  ];
  const contadas = ['contatados', 'perdidos', ...MOTIVOS_PERDA.map((m) => `m_${m}`)];
  const mediana = `percentile_cont(0.5) within group (order by ${HORAS_ATE_O_CONTATO})`;
  const medidas = sql.raw([...contagens, `${mediana} filter (where b.contato is not null) as mediana`].join(', '));
  const label = grouping(agrupar, semVendedor).label;
  const [rede] = rows.nodes;
  const daRede = formasDaRede && !place && rows.nodes.length === 1 && rede?.level === 'franqueador';
  const daRedePorFranquia = daRede && agrupar === 'franquia';

  // Over a statement's `agg` (its groups, `total` 0, and the whole's row): the page of the groups that have any
  // contact or loss, each with how many there are (`n`), and that count on its own for the whole's row.
  const paginaDosGrupos = sql`select a.*, count(*) over ()::int as n from agg a
        where a.total = 0 and (a.contatados > 0 or a.perdidos > 0)
        order by a.contatados desc, a.perdidos desc, a.id asc nulls last
        limit ${page.limit} offset ${page.offset}`;
  const gruposContados = sql`(select count(*) from agg c where c.total = 0 and (c.contatados > 0 or c.perdidos > 0))::int`;
  const emOrdem = sql`order by total, contatados desc, perdidos desc, id asc nulls last`;

  /** The page of `agg`'s groups (`total` 0) with their labels, then the whole's row (`total` 3) counting them. */
  const umaPagina = (agg: SQL) => sql`with agg as materialized (${agg}),
      pagina as (${paginaDosGrupos})
      select g.*, ${label(sql.raw('g.id'))} as rotulo from pagina g
      union all select a.*, ${gruposContados}, null from agg a where a.total <> 0
      ${emOrdem}`;

  /**
   * The network's report by franquia, its default (ADR 146): each franquia's leads of the period read from the
   * franquias' status index by its key, its status and the period -- already a group, its median sorting only its
   * own hours -- then the whole's. One pass grouped them by sorting every lead of the period first: 80-110 ms of
   * PostgreSQL a request for the benchmark network's 30 days, against 57-64 franquia by franquia.
   * The whole's row adds up the groups', its median from the hours each group kept (`horas`), where it read the
   * period's leads once more (ADR 147). Its plan is the same for every period -- each franquia's leads by its key
   * -- so the statement is kept prepared and planned once, not at every call: planning it was 7 of its 40 ms.
   */
  const franquiaPorFranquia = (franqueadorId: string) => {
    const doGrupo = (condicao: SQL) =>
      sql`(select ${medidas}, array_agg(${sql.raw(HORAS_ATE_O_CONTATO)}) filter (where b.contato is not null) as horas
        from (${baseWhere(condicao)}) b)`;
    const somadas = contadas.slice(1);
    const medidasDoGrupo = sql.raw(['contatados', 'mediana', ...somadas].map((c) => `g.${c}`).join(', '));
    const somas = sql.raw(somadas.map((c) => `coalesce(sum(g.${c}), 0)::int as ${c}`).join(', '));
    return sql`with grupo as materialized (
        select f.id::text as id, x.* from ${franquias} f cross join lateral ${doGrupo(sql`${leads.franquiaId} = f.id`)} x
          where f.franqueador_id = ${franqueadorId}
        union all select null, x.* from ${doGrupo(sql`${leads.franquiaId} is null`)} x)
      select g.id, null::text as estado, 0 as total, ${medidasDoGrupo} from grupo g
      union all select null, null, 3, coalesce(sum(g.contatados), 0)::int,
        (select percentile_cont(0.5) within group (order by h) from grupo g, unnest(g.horas) h), ${somas} from grupo g`;
  };

  /**
   * The network's report by micro-franquia, vendedor, cliente or evento (ADR 156): thousands of groups, a page of
   * 50. The groups and the whole are counted in one pass by hash -- the page is ordered by counts alone -- and a
   * median is worked out only where one is shown: each of the page's groups from its own contacted leads, the
   * whole's from all of them. A median for every group sorted the period's 63,000 leads by group and then each
   * group's hours again: 12,000 medians for the network by evento, to show 50.
   */
  const medianasDaPagina = () => {
    const comContato = baseWhere(sql`${leads.primeiroContatoEm} is not null`);
    const de = (t: string) => sql.raw(contadas.map((c) => `${t}.${c}`).join(', '));
    // The page's groups meet their medians by key as text, where a character no key holds stands for the group
    // without one (`is not distinct from` cannot be hashed).
    const chave = (t: string) => sql.raw(`coalesce(${t}.id, chr(1))`);
    return sql`with agg as materialized (
        select b.k, b.k::text as id, grouping(b.k) as total, ${sql.raw(contagens.join(', '))}
        from (${base}) b group by grouping sets ((b.k), ())),
      pagina as materialized (${paginaDosGrupos}),
      medianas as (
        select b.k::text as id, ${sql.raw(mediana)} as mediana from (${comContato}) b
        where b.k in (select p.k from pagina p) or (b.k is null and exists (select 1 from pagina p where p.k is null))
        group by b.k)
      select g.id, null::text as estado, 0 as total, ${de('g')}, m.mediana, g.n, ${label(sql.raw('g.id'))} as rotulo
        from pagina g left join medianas m on ${chave('m')} = ${chave('g')}
      union all select null, null, 3, ${de('a')}, (select ${sql.raw(mediana)} from (${comContato}) b), ${gruposContados}, null
        from agg a where a.total <> 0
      ${emOrdem}`;
  };

  // The network's own statements where they apply; any other report measures every group and the whole in one pass
  // over the period's leads (grouping sets) -- two statements read those leads twice, half of the report's time for
  // a franqueador's year.
  const statement =
    daRedePorFranquia && rede
      ? umaPagina(franquiaPorFranquia(rede.id))
      : daRede && NIVEIS_ABAIXO_DA_FRANQUIA.has(agrupar)
        ? medianasDaPagina()
        : umaPagina(sql`select b.k::text as id, b.estado, grouping(b.k, b.estado) as total, ${medidas}
            from (${base}) b group by grouping sets ((b.k, b.estado), ())`);
  const planejada = daRedePorFranquia ? (s: SQL) => s : planejadaACadaChamada;
  const rowsRead = await withoutParallelWorkers(db, (tx) =>
    executeRows<FollowUpSqlRow & { total: number }>(tx, planejada(statement)),
  );
  const list = rowsRead.filter((row) => Number(row.total) === 0);
  const totals = rowsRead.filter((row) => Number(row.total) !== 0);
  const contagem = (row: FollowUpSqlRow | undefined): AcompanhamentoContagem => ({
    contatados: Number(row?.contatados ?? 0),
    medianaPrimeiroContatoHoras:
      row?.mediana === null || row?.mediana === undefined ? null : Math.round(Number(row.mediana) * 10) / 10,
    perdidos: Number(row?.perdidos ?? 0),
    motivosPerda: Object.fromEntries(MOTIVOS_PERDA.map((m) => [m, Number(row?.[`m_${m}`] ?? 0)])) as Record<
      MotivoPerda,
      number
    >,
  });
  return {
    groups: list.map((row) => ({
      id: row.id,
      rotulo: row.rotulo ?? row.id ?? semVendedor,
      ...(agrupar === 'cidade' ? { estado: row.estado ?? '' } : {}),
      ...contagem(row),
    })),
    // The whole's row counts the groups, also for a page past the last one.
    count: Number(totals[0]?.n ?? 0),
    totals: contagem(totals[0]),
  };
}

const MATRICULA_PATH_COLUMN = {
  franqueador: matriculas.franqueadorId,
  franquia: matriculas.franquiaId,
  micro_franquia: matriculas.microFranquiaId,
  vendedor: matriculas.vendedorId,
  cliente: matriculas.clienteId,
  evento: matriculas.eventoId,
} as const satisfies Record<Level, AnyPgColumn>;

/**
 * The period's matrículas by status and reason (issue 42), read from the matrículas themselves: the counters know
 * no status, and none was added for it -- the funnel's counts stay as they are. One grouped count over the
 * caller's scope page index (its path column and the day), as a filtered list counts; the network's from its own
 * index alone (migration 0086), without parallel workers, whose start cost more than the count (ADR 144).
 */
export async function findMatriculasPorStatus(
  db: Executor,
  rows: ReportRows,
  /** Issue 48: the origin filters, on each matrícula's pré-matrícula. */
  filtro: Pick<DrillFilter, 'origem' | 'campanha' | 'vendedorLinkId'> = {},
): Promise<Omit<MatriculasStatus, 'de' | 'ate'>> {
  const zone = BRASILIA_TIME_ZONE;
  const place = Boolean(rows.estado || rows.cidade);
  const where = and(
    ...rows.nodes.map((node) => eq(MATRICULA_PATH_COLUMN[node.level], node.id)),
    sql`${matriculas.efetivadaEm} >= (${rows.de}::date::timestamp at time zone ${zone})`,
    sql`${matriculas.efetivadaEm} < ((${rows.ate}::date + 1)::timestamp at time zone ${zone})`,
    rows.estado ? eq(eventos.estado, rows.estado) : undefined,
    rows.cidade ? sql`lower(${eventos.cidade}) = lower(${rows.cidade})` : undefined,
    drillFilters(filtro, matriculas, matriculas.efetivadaEm),
  );
  const list = await executeRows<{ status: string; motivo: string | null; n: number }>(
    db,
    planejadaACadaChamada(sql`select ${matriculas.status}::text as status, ${matriculas.motivoCancelamento}::text as motivo, count(*)::int as n
      from ${matriculas}${place ? sql` join ${eventos} on ${eventos.id} = ${matriculas.eventoId}` : sql``}
      where ${where} and ${semWorkersParalelos} group by 1, 2`),
  );
  const out = {
    total: 0,
    aguardandoAceite: 0,
    ativa: 0,
    cancelada: 0,
    canceladaPorMotivo: { arrependimento: 0, cancelamento: 0, contrato_expirado: 0 },
  };
  for (const row of list) {
    const n = Number(row.n);
    out.total += n;
    if (row.status === 'aguardando_aceite') out.aguardandoAceite += n;
    else if (row.status === 'ativa') out.ativa += n;
    else {
      out.cancelada += n;
      const motivo = row.motivo as keyof typeof out.canceladaPorMotivo | null;
      if (motivo && motivo in out.canceladaPorMotivo) out.canceladaPorMotivo[motivo] += n;
    }
  }
  return out;
}

/** Whether the caller may see a tree filter's node, as SQL (a scalar of one round trip). */
const FILTER_VISIBLE: Record<TreeFilter, (actor: Actor, id: string) => SQL> = {
  franquiaId: (actor, id) =>
    sql`exists (select 1 from ${franquias} where ${and(eq(franquias.id, id), franquiasVisibleTo(actor))})`,
  microFranquiaId: (actor, id) =>
    sql`exists (select 1 from ${microFranquias} where ${and(eq(microFranquias.id, id), microFranquiasVisibleTo(actor))})`,
  vendedorId: (actor, id) =>
    sql`exists (select 1 from ${vendedores} where ${and(eq(vendedores.id, id), vendedoresVisibleTo(actor))})`,
  clienteId: (actor, id) =>
    sql`exists (select 1 from ${clientes} where ${and(eq(clientes.id, id), clientesVisibleTo(actor))})`,
  eventoId: (actor, id) =>
    sql`exists (select 1 from ${eventos} where ${and(eq(eventos.id, id), eventosVisibleTo(actor))})`,
};

/**
 * What each filter's node is to the caller, in one round trip: a node it sees ('visto'); a node at or above its own
 * that every one of its events lies under ('implicito': it filters nothing, as the lists leave it out, ADR 129 --
 * a cliente asking for its own franquia); or neither (false: outside, 404).
 */
export async function findFiltersSeen(
  db: Executor,
  actor: Actor,
  filters: Partial<Record<TreeFilter, string>>,
): Promise<Partial<Record<TreeFilter, 'visto' | 'implicito' | false>>> {
  const names = Object.keys(filters) as TreeFilter[];
  const { eventoId: _evento, ...pathNodes } = filters;
  const implied = new Map(nodesImpliedByScope(actor, pathNodes).map((c) => [c.level as TreeFilter, c.implied]));
  const fields = Object.fromEntries(
    names.flatMap((name) => {
      const seen: [string, SQL][] = [[name, sql<boolean>`${FILTER_VISIBLE[name](actor, filters[name]!)}`]];
      const below = implied.get(name);
      if (below !== undefined && typeof below !== 'boolean') seen.push([`${name}_implicito`, below]);
      return seen;
    }),
  );
  const [read] = await selectScalars(db, fields);
  const isImplied = (name: TreeFilter) => implied.get(name) === true || Boolean(read?.[`${name}_implicito`]);
  return Object.fromEntries(
    names.map((name) => [name, read?.[name] ? 'visto' : isImplied(name) ? 'implicito' : (false as const)]),
  );
}
