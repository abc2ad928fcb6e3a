import { addDays, brasiliaAt, weekdayOf } from '../../../shared/brasilia';
import type { Role } from '../../../shared/roles';
import {
  DEFAULT_PERIOD_DAYS,
  MAX_PERIOD_DAYS,
  RELATORIO_MESSAGES,
  type AcompanhamentoRelatorio,
  AGRUPAMENTOS_COM_CUSTO_DE_EVENTO,
  type Agrupamento,
  type Direcao,
  type FunilContagem,
  type FunilQuery,
  type Ordenar,
  type FunilResposta,
  type Intervalo,
  type MatriculasStatus,
  type MatriculasStatusQuery,
  type SerieQuery,
  type SerieResposta,
  type TreeFilter,
  type TreeLevel,
  type VisitasRelatorio,
  type VisitasRelatorioQuery,
  agrupamentosFor,
  contagem,
  daysInPeriod,
  custos,
  defaultAgrupamento,
  isOrigemAgrupamento,
  TREE_LEVELS,
  VISITAS_VENDEDORES_MAX,
  visitasContagem,
} from '../../../shared/schemas/relatorios';
import type { Actor } from '../../access/actor';
import { scopeNodeOf } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { badRequest, notFound } from '../../lib/http-error';
import { type Level, type PathNode, type ReportRows } from '../contagens';
import {
  type FoundGroups,
  type GroupRow,
  type Totals,
  findFiltersSeen,
  findFollowUp,
  findGroupLabels,
  findGroups,
  findMatriculasPorStatus,
  findSeries,
  rotuloSemConsulta,
} from './relatorios.repository';
import { type OrigemFiltro, findAttributedFirst, findAttributedGroups, temFiltroDeOrigem } from './origem.repository';
import {
  type CustoPorGrupo,
  type TreeAgrupamento,
  custoKey,
  findCampanhaCustos,
  findEventoCustos,
  findEventoCustosContados,
} from './custos.repository';
import { findVisitasPorVendedor } from './visitas.repository';

/** The caller's node in the period counters' terms. */
const SCOPE_LEVELS: Record<NonNullable<ReturnType<typeof scopeNodeOf>>['column'], Level> = {
  franqueadorId: 'franqueador',
  franquiaId: 'franquia',
  microFranquiaId: 'micro_franquia',
  vendedorId: 'vendedor',
  clienteId: 'cliente',
};

/** Each tree filter's level. */
const FILTER_LEVELS: Record<TreeFilter, Level> = {
  franquiaId: 'franquia',
  microFranquiaId: 'micro_franquia',
  vendedorId: 'vendedor',
  clienteId: 'cliente',
  eventoId: 'evento',
};

type Filters = Partial<Record<TreeFilter, string>> & { de?: string; ate?: string; estado?: string; cidade?: string };

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period asked for, or the last 30 days ending today (Brasília); refused when reversed or over 3 years. */
export function resolvePeriod(filters: Pick<Filters, 'de' | 'ate'>, today: string): { de: string; ate: string } {
  const ate = filters.ate ?? today;
  const de = filters.de ?? addDays(ate, -(DEFAULT_PERIOD_DAYS - 1));
  if (de > ate) throw badRequest(RELATORIO_MESSAGES.periodoInvertido, { de: RELATORIO_MESSAGES.periodoInvertido });
  if (daysInPeriod(de, ate) > MAX_PERIOD_DAYS) {
    throw badRequest(RELATORIO_MESSAGES.periodoLongo, { de: RELATORIO_MESSAGES.periodoLongo });
  }
  return { de, ate };
}

/**
 * The rows a caller's question covers: under its own node and every filter's node, at the place asked for. A
 * filter naming a node the caller does not see answers 404, as an :id outside the scope does -- unless the node is
 * at or above the caller's own with every one of its events under it (a cliente's own franquia): it filters
 * nothing and is left out, as the lists leave it out (ADR 129, ADR 144).
 */
export async function resolveRows(db: Executor, actor: Actor, filters: Filters, today: string): Promise<ReportRows> {
  const scope = scopeNodeOf(actor);
  if (!scope) throw notFound(RELATORIO_MESSAGES.naoEncontrado);
  const nodes: PathNode[] = [{ level: SCOPE_LEVELS[scope.column], id: scope.id }];
  const asked = (Object.keys(FILTER_LEVELS) as TreeFilter[]).filter((name) => filters[name]);
  if (asked.length > 0) {
    // Whether the caller sees each filter's node (DESIGN §4.3: outside -> 404).
    const seen = await findFiltersSeen(db, actor, Object.fromEntries(asked.map((name) => [name, filters[name]!])));
    for (const name of asked) {
      if (!seen[name]) throw notFound(RELATORIO_MESSAGES.naoEncontrado);
      if (seen[name] === 'implicito') continue;
      nodes.push({ level: FILTER_LEVELS[name], id: filters[name]! });
    }
  }
  return { nodes, estado: filters.estado, cidade: filters.cidade, ...resolvePeriod(filters, today) };
}

export function resolveAgrupamento(role: Role, agrupar: Agrupamento | undefined): Agrupamento {
  const chosen = agrupar ?? defaultAgrupamento(role);
  if (!agrupamentosFor(role).includes(chosen)) {
    throw badRequest(RELATORIO_MESSAGES.agruparAcima, { agrupar: RELATORIO_MESSAGES.agruparAcima });
  }
  return chosen;
}

/**
 * The groups counted outside the counters in order, as the SQL orders the others. Each group's sort value is worked
 * out once, not at each comparison: the franqueador's report by vendedor_link sorts a group per seller of the
 * network, and its rates recomputed at every comparison were most of the server's time (issue 48).
 */
function sortGroups(groups: GroupRow[], ordenar: Ordenar, direcao: Direcao): void {
  const values = new Map<GroupRow, number | string>(
    groups.map((g) => [g, ordenar === 'rotulo' ? g.rotulo.toLowerCase() : contagem(g)[ordenar]]),
  );
  const sign = direcao === 'asc' ? 1 : -1;
  groups.sort((a, b) => {
    const va = values.get(a)!;
    const vb = values.get(b)!;
    if (va !== vb) return (va < vb ? -1 : 1) * sign;
    if (ordenar !== 'rotulo' && a.leads !== b.leads) return b.leads - a.leads;
    if (a.id === b.id) return 0;
    if (a.id === null) return 1;
    if (b.id === null) return -1;
    return a.id < b.id ? -1 : 1;
  });
}

const SEM_GRUPO: Partial<Record<Agrupamento, string>> = {
  origem: RELATORIO_MESSAGES.semOrigem,
  campanha: RELATORIO_MESSAGES.semCampanha,
  vendedor_link: RELATORIO_MESSAGES.semLinkDeVendedor,
};

const ZERO: Totals = { leads: 0, presencas: 0, preMatriculas: 0, matriculas: 0 };
const nonZero = (g: Totals) => g.leads !== 0 || g.presencas !== 0 || g.preMatriculas !== 0 || g.matriculas !== 0;

/**
 * Issue 48: the groups of an origin grouping, or of any grouping narrowed by an origin filter, read from the
 * counters per source (origem.repository.ts). Without a filter, the rows with no origin are one more group (id
 * null): the funnel's totals less the attributed rows, so the groups add up to the totals. The whole, and every
 * group's name when naming them all reads no table or they are sorted by name, come in the same statement.
 */
async function gruposPorOrigem(
  db: Executor,
  rows: ReportRows,
  agrupar: Agrupamento,
  filtro: OrigemFiltro,
  byLabel: boolean,
): Promise<{ groups: GroupRow[]; totals: Totals; named: boolean }> {
  const named = byLabel || rotuloSemConsulta(agrupar);
  const found = await findAttributedGroups(db, rows, filtro, agrupar, {
    inteiro: !temFiltroDeOrigem(filtro),
    ...(named ? { rotulos: { semVendedor: RELATORIO_MESSAGES.semVendedor } } : {}),
  });
  const counted = temFiltroDeOrigem(filtro) ? found.groups : found.groups.filter((g) => g.id !== null);
  const sum = (list: Totals[]): Totals =>
    list.reduce(
      (t, g) => ({
        leads: t.leads + g.leads,
        presencas: t.presencas + g.presencas,
        preMatriculas: t.preMatriculas + g.preMatriculas,
        matriculas: t.matriculas + g.matriculas,
      }),
      ZERO,
    );
  let totals = sum(counted);
  const groups: GroupRow[] = counted
    .filter(nonZero)
    .map(({ rotulo, ...g }) => ({ ...g, estado: g.estado ?? undefined, rotulo: rotulo ?? '' }));
  if (found.inteiro) {
    const whole = found.inteiro;
    const sem: Totals = {
      leads: whole.leads - totals.leads,
      presencas: whole.presencas - totals.presencas,
      preMatriculas: whole.preMatriculas - totals.preMatriculas,
      matriculas: whole.matriculas - totals.matriculas,
    };
    // Named as the grouping names a null key (the statement's `rotuloSem`).
    if (nonZero(sem)) groups.push({ id: null, estado: undefined, rotulo: found.rotuloSem ?? '', ...sem });
    totals = whole;
  }
  for (const g of groups) {
    if (agrupar !== 'cidade') delete g.estado;
    else g.estado = g.estado ?? '';
  }
  return { groups, totals, named };
}

/**
 * Issue 48: a page of `vendedor_link` (no origin filter) sorted by a number, its sort and page in SQL
 * (`findAttributedFirst`: the first groups up to the page's end): the group without a link -- the whole less the
 * attributed rows -- is put in its place among them by the same `sortGroups`, so the page is the one sorting every
 * group would give. The franqueador's question has one group per seller of the network. One statement also brings
 * the whole and the names of the groups that can be on the page: from the one before the page's first on, since the
 * group without a link moves the others down by one at most.
 */
async function paginaPorVendedorLink(
  db: Executor,
  rows: ReportRows,
  order: { ordenar: Exclude<Ordenar, 'rotulo'>; direcao: Direcao },
  page: { limit: number; offset: number },
): Promise<{ groups: GroupRow[]; count: number; totals: Totals }> {
  const found = await findAttributedFirst(db, rows, {
    ...order,
    first: page.offset + page.limit,
    nomear: page.offset,
    semVendedor: RELATORIO_MESSAGES.semVendedor,
  });
  const whole = found.inteiro;
  const groups: GroupRow[] = found.groups.map((g) => ({
    id: g.id,
    rotulo: g.rotulo ?? '',
    leads: g.leads,
    presencas: g.presencas,
    preMatriculas: g.preMatriculas,
    matriculas: g.matriculas,
  }));
  const named = new Set(found.groups.filter((g) => g.rotulo !== undefined).map((g) => g.id));
  const sem: Totals = {
    leads: whole.leads - found.sums.leads,
    presencas: whole.presencas - found.sums.presencas,
    preMatriculas: whole.preMatriculas - found.sums.preMatriculas,
    matriculas: whole.matriculas - found.sums.matriculas,
  };
  const comSem = nonZero(sem);
  if (comSem) groups.push({ id: null, rotulo: found.rotuloSem, ...sem });
  sortGroups(groups, order.ordenar, order.direcao);
  const shown = groups.slice(page.offset, page.offset + page.limit);
  if (shown.some((g) => g.id !== null && !named.has(g.id))) await nomearGrupos(db, 'vendedor_link', shown);
  return { groups: shown, count: found.count + (comSem ? 1 : 0), totals: whole };
}

/**
 * The names of groups counted outside the counters, in place. Only the groups answered are named (a page), unless
 * they are sorted by their names: the franqueador's report by vendedor_link has one group per seller of the network,
 * and naming them all took most of its time (issue 48).
 */
async function nomearGrupos(db: Executor, agrupar: Agrupamento, groups: GroupRow[]): Promise<void> {
  const labels = await findGroupLabels(
    db,
    agrupar,
    groups.map((g) => g.id),
    RELATORIO_MESSAGES.semVendedor,
  );
  for (const g of groups) g.rotulo = labels.get(g.id) ?? g.id ?? SEM_GRUPO[agrupar] ?? RELATORIO_MESSAGES.semVendedor;
}

/**
 * Whether a grouping's costs are read from the events' costs per node (migration 0068): a tree grouping, with no
 * place and no origin filter (a place is the event's, which the counters do not keep).
 */
function custoContado(rows: ReportRows, agrupar: Agrupamento, filtro: OrigemFiltro): agrupar is TreeAgrupamento {
  return TREE_LEVELS.includes(agrupar as TreeLevel) && !rows.estado && !rows.cidade && !temFiltroDeOrigem(filtro);
}

/**
 * Issue 48: what the groups cost, when the question has costs -- a tree or place grouping from its events' costs
 * (dated by the event's day), `campanha` from the campaigns' costs (the network's and its franquias' for the
 * franqueador, a franquia's own). Null when the grouping has none to give: an origin filter (a part of an event's
 * or campaign's families cannot be given a part of its cost), `campanha` below a franquia or at a place.
 */
async function custosDoRelatorio(
  db: Executor,
  actor: Actor,
  rows: ReportRows,
  agrupar: Agrupamento,
  filtro: OrigemFiltro,
): Promise<CustoPorGrupo | null> {
  if (temFiltroDeOrigem(filtro)) return null;
  if (AGRUPAMENTOS_COM_CUSTO_DE_EVENTO.includes(agrupar)) return findEventoCustos(db, rows, agrupar);
  if (agrupar !== 'campanha' || rows.estado || rows.cidade) return null;
  const deeper = rows.nodes.filter((n) => n.level !== 'franqueador' && n.level !== 'franquia');
  if (deeper.length > 0) return null;
  const franquia = rows.nodes.find((n) => n.level === 'franquia');
  if (franquia) return findCampanhaCustos(db, { franquiaId: franquia.id }, rows);
  if (actor.role !== 'franqueador' || !actor.franqueadorId) return null;
  return findCampanhaCustos(db, { franqueadorId: actor.franqueadorId }, rows);
}

type GroupCounts = Omit<GroupRow, 'id' | 'rotulo' | 'estado'>;
type Contado<G> = G & FunilContagem;

/** Counts with their rates, and the costs when the report has any (issue 48). */
function comCusto<G extends GroupCounts>(
  agrupar: Agrupamento,
  custo: CustoPorGrupo | null,
  group: G & { id?: string | null; estado?: string },
  total?: boolean,
): Contado<Omit<G, keyof GroupCounts>> {
  const { leads, presencas, preMatriculas, matriculas, ...rest } = group;
  const numeros = { leads, presencas, preMatriculas, matriculas };
  const base = { ...rest, ...contagem(numeros) };
  if (!custo || custo.total === null) return base;
  const value = total ? custo.total : (custo.grupos.get(custoKey(agrupar, group.id ?? null, group.estado)) ?? null);
  return { ...base, ...custos(value, numeros) };
}

interface Agrupados {
  agrupar: Agrupamento;
  rows: ReportRows;
  groups: GroupRow[];
  count: number;
  totals: Totals;
  custo: CustoPorGrupo | null;
}

/** The groups of a question (a page, or all for the CSV), their number, the totals and the costs. */
async function agrupar(
  db: Executor,
  actor: Actor,
  query: FunilQuery,
  today: string,
  page: { limit: number; offset: number } | null,
): Promise<Agrupados> {
  const agrupar = resolveAgrupamento(actor.role, query.agrupar);
  const rows = await resolveRows(db, actor, query, today);
  const direcao = query.direcao ?? (query.ordenar === 'rotulo' ? 'asc' : 'desc');
  const filtro: OrigemFiltro = { origem: query.origem, campanha: query.campanha, vendedorLinkId: query.vendedorLinkId };
  // A tree grouping's costs are read after its groups: a page's only (below).
  const porPagina = custoContado(rows, agrupar, filtro);
  const custo = porPagina ? null : await custosDoRelatorio(db, actor, rows, agrupar, filtro);
  if (page && agrupar === 'vendedor_link' && !temFiltroDeOrigem(filtro) && query.ordenar !== 'rotulo') {
    const { groups, count, totals } = await paginaPorVendedorLink(db, rows, { ordenar: query.ordenar, direcao }, page);
    return { agrupar, rows, groups, count, totals, custo };
  }
  if (isOrigemAgrupamento(agrupar) || temFiltroDeOrigem(filtro)) {
    // Sorted by name, every group is named in the statement that finds them; else the page's only, after the sort.
    const { groups, totals, named } = await gruposPorOrigem(db, rows, agrupar, filtro, query.ordenar === 'rotulo');
    sortGroups(groups, query.ordenar, direcao);
    const shown = page ? groups.slice(page.offset, page.offset + page.limit) : groups;
    if (!named) await nomearGrupos(db, agrupar, shown);
    return { agrupar, rows, groups: shown, count: groups.length, totals, custo };
  }
  const groupQuery = {
    agrupar,
    ordenar: query.ordenar,
    direcao,
    semVendedor: RELATORIO_MESSAGES.semVendedor,
  } as const;
  // A page's costs ride in the statement that finds its groups (issue 48): one round trip.
  const found = await findGroups(db, rows, {
    ...groupQuery,
    limit: page?.limit ?? null,
    offset: page?.offset ?? 0,
    custos: porPagina && page !== null,
  });
  // A page past the last group has no row to carry the count and the totals: ask for them apart.
  const { count, totals } =
    found.totals || !page || page.offset === 0
      ? found
      : await findGroups(db, rows, { ...groupQuery, limit: 1, offset: 0 });
  const groups: GroupRow[] = found.groups.map(({ custo: _custo, ...g }) => g);
  // The costs of the page's groups (every group's for the CSV), and the whole's, from the counters per node: read
  // apart for the CSV, an empty page (no row carried the whole's) and a group without a node (no vendedor, cliente).
  const lidos = found.custoTotal !== undefined && groups.every((g) => g.id !== null);
  const custoContados = !porPagina
    ? custo
    : lidos
      ? custosDaPagina(agrupar, found)
      : await findEventoCustosContados(db, rows, agrupar, page ? groups.map((g) => g.id) : undefined);
  // No group at all: nothing was counted.
  return { agrupar, rows, groups, count, totals: totals ?? ZERO, custo: custoContados };
}

/** The costs a page's statement read (`findGroups` with `custos`), as the report keeps them. */
function custosDaPagina(agrupar: Agrupamento, found: FoundGroups): CustoPorGrupo {
  const grupos = new Map<string, number>();
  for (const g of found.groups) if (g.custo) grupos.set(custoKey(agrupar, g.id), g.custo);
  return { grupos, total: found.custoTotal ?? null };
}

/** GET /api/relatorios/funil: one page of groups, the number of groups, and the totals over all of them. */
export async function funil(
  db: Executor,
  actor: Actor,
  query: FunilQuery,
  today: string,
): Promise<{ resposta: FunilResposta; total: number }> {
  const found = await agrupar(db, actor, query, today, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    resposta: {
      de: found.rows.de,
      ate: found.rows.ate,
      agrupar: found.agrupar,
      totais: comCusto(found.agrupar, found.custo, found.totals, true),
      grupos: found.groups.map((g) => comCusto(found.agrupar, found.custo, g)),
    },
    total: found.count,
  };
}

/** Every group of the report, for the CSV; `comCusto`: whether the report has costs (their columns). */
export async function funilCompleto(db: Executor, actor: Actor, query: FunilQuery, today: string) {
  const found = await agrupar(db, actor, query, today, null);
  return {
    agrupar: found.agrupar,
    de: found.rows.de,
    ate: found.rows.ate,
    comCusto: Boolean(found.custo && found.custo.total !== null),
    grupos: found.groups.map((g) => comCusto(found.agrupar, found.custo, g)),
  };
}

/** The first day of the bucket a day falls in: itself, its week's Monday, its month's 1st. */
export function bucketStart(day: string, intervalo: Intervalo): string {
  if (intervalo === 'dia') return day;
  if (intervalo === 'mes') return `${day.slice(0, 7)}-01`;
  const weekday = weekdayOf(day); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

function nextBucket(start: string, intervalo: Intervalo): string {
  if (intervalo === 'dia') return addDays(start, 1);
  if (intervalo === 'semana') return addDays(start, 7);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return toDay(Date.UTC(y, m, 1));
}

/** GET /api/relatorios/serie: every bucket of the period, zeros included. */
export async function serie(db: Executor, actor: Actor, query: SerieQuery, today: string): Promise<SerieResposta> {
  const rows = await resolveRows(db, actor, query, today);
  const filtro: OrigemFiltro = { origem: query.origem, campanha: query.campanha, vendedorLinkId: query.vendedorLinkId };
  // Issue 48: narrowed to an origin, the counters per source, as the funnel's by day, week or month.
  const points = temFiltroDeOrigem(filtro)
    ? (await findAttributedGroups(db, rows, filtro, { intervalo: query.intervalo })).groups.map((g) => ({
        ...g,
        inicio: g.id ?? '',
      }))
    : await findSeries(db, rows, query.intervalo);
  const found = new Map(points.map((point) => [point.inicio, point]));
  const pontos: SerieResposta['pontos'] = [];
  for (
    let inicio = bucketStart(rows.de, query.intervalo);
    inicio <= rows.ate;
    inicio = nextBucket(inicio, query.intervalo)
  ) {
    const point = found.get(inicio);
    pontos.push({
      inicio,
      leads: point?.leads ?? 0,
      presencas: point?.presencas ?? 0,
      preMatriculas: point?.preMatriculas ?? 0,
      matriculas: point?.matriculas ?? 0,
    });
  }
  return { intervalo: query.intervalo, pontos };
}

/** GET /api/relatorios/acompanhamento: the follow-up of the period's leads, per group (issue 16). */
export async function acompanhamento(
  db: Executor,
  actor: Actor,
  query: FunilQuery,
  today: string,
): Promise<{ resposta: AcompanhamentoRelatorio; total: number }> {
  const agrupar = resolveAgrupamento(actor.role, query.agrupar);
  const rows = await resolveRows(db, actor, query, today);
  const { groups, count, totals } = await findFollowUp(
    db,
    rows,
    agrupar,
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    RELATORIO_MESSAGES.semVendedor,
    { origem: query.origem, campanha: query.campanha, vendedorLinkId: query.vendedorLinkId },
  );
  return { resposta: { de: rows.de, ate: rows.ate, agrupar, totais: totals, grupos: groups }, total: count };
}

/** GET /api/relatorios/matriculas-status: the period's matrículas by status and reason (issue 42). */
export async function matriculasPorStatus(
  db: Executor,
  actor: Actor,
  query: MatriculasStatusQuery,
  today: string,
): Promise<MatriculasStatus> {
  const rows = await resolveRows(db, actor, query, today);
  const filtro = { origem: query.origem, campanha: query.campanha, vendedorLinkId: query.vendedorLinkId };
  return { de: rows.de, ate: rows.ate, ...(await findMatriculasPorStatus(db, rows, filtro)) };
}

/**
 * GET /api/relatorios/visitas (issue 49): the period's visits per vendedor, under the report's filters (a node out
 * of the caller's scope answers 404, as everywhere in Relatórios).
 */
export async function visitasPorVendedor(
  db: Executor,
  actor: Actor,
  query: VisitasRelatorioQuery,
  today: string,
): Promise<VisitasRelatorio> {
  const { de, ate } = await resolveRows(db, actor, query, today);
  const { de: _de, ate: _ate, ...filtro } = query;
  const rows = await findVisitasPorVendedor(
    db,
    actor,
    { inicio: brasiliaAt(de, 0), fim: brasiliaAt(addDays(ate, 1), 0) },
    filtro,
  );
  const soma = (campo: 'agendadas' | 'realizadas' | 'naoRealizadas' | 'eventosAgendados') =>
    rows.reduce((n, r) => n + r[campo], 0);
  return {
    de,
    ate,
    totais: visitasContagem({
      agendadas: soma('agendadas'),
      realizadas: soma('realizadas'),
      naoRealizadas: soma('naoRealizadas'),
      eventosAgendados: soma('eventosAgendados'),
    }),
    vendedoresTotal: rows.length,
    vendedores: rows.slice(0, VISITAS_VENDEDORES_MAX).map(({ vendedorNome, ...r }) => ({
      ...visitasContagem(r),
      vendedorId: r.vendedorId,
      vendedorNome: vendedorNome ?? RELATORIO_MESSAGES.semVendedor,
    })),
  };
}
