import { addDays, weekdayOf } from '../../../shared/brasilia';
import type { Role } from '../../../shared/roles';
import {
  DEFAULT_PERIOD_DAYS,
  MAX_PERIOD_DAYS,
  RELATORIO_MESSAGES,
  type AcompanhamentoRelatorio,
  type Agrupamento,
  type FunilQuery,
  type FunilResposta,
  type Intervalo,
  type MatriculasStatus,
  type MatriculasStatusQuery,
  type SerieQuery,
  type SerieResposta,
  type TreeFilter,
  agrupamentosFor,
  contagem,
  daysInPeriod,
  defaultAgrupamento,
} from '../../../shared/schemas/relatorios';
import type { Actor } from '../../access/actor';
import { scopeNodeOf } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { badRequest, notFound } from '../../lib/http-error';
import { type Level, type PathNode, type ReportRows } from '../contagens';
import {
  findFiltersSeen,
  findFollowUp,
  findGroups,
  findMatriculasPorStatus,
  findSeries,
} from './relatorios.repository';

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
 * filter naming a node the caller does not see answers 404, as an :id outside the scope does.
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

/** GET /api/relatorios/funil: one page of groups, the number of groups, and the totals over all of them. */
export async function funil(
  db: Executor,
  actor: Actor,
  query: FunilQuery,
  today: string,
): Promise<{ resposta: FunilResposta; total: number }> {
  const agrupar = resolveAgrupamento(actor.role, query.agrupar);
  const rows = await resolveRows(db, actor, query, today);
  const direcao = query.direcao ?? (query.ordenar === 'rotulo' ? 'asc' : 'desc');
  const groupQuery = {
    agrupar,
    ordenar: query.ordenar,
    direcao,
    semVendedor: RELATORIO_MESSAGES.semVendedor,
  } as const;
  const found = await findGroups(db, rows, {
    ...groupQuery,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  // A page past the last group has no row to carry the count and the totals: ask for them apart.
  const { count, totals } =
    found.totals || query.page === 1 ? found : await findGroups(db, rows, { ...groupQuery, limit: 1, offset: 0 });
  // No group at all: nothing was counted.
  const sum = totals ?? { leads: 0, presencas: 0, preMatriculas: 0, matriculas: 0 };
  return {
    resposta: {
      de: rows.de,
      ate: rows.ate,
      agrupar,
      totais: contagem(sum),
      grupos: found.groups.map(({ leads, presencas, preMatriculas, matriculas, ...group }) => ({
        ...group,
        ...contagem({ leads, presencas, preMatriculas, matriculas }),
      })),
    },
    total: count,
  };
}

/** Every group of the report, for the CSV. */
export async function funilCompleto(db: Executor, actor: Actor, query: FunilQuery, today: string) {
  const agrupar = resolveAgrupamento(actor.role, query.agrupar);
  const rows = await resolveRows(db, actor, query, today);
  const direcao = query.direcao ?? (query.ordenar === 'rotulo' ? 'asc' : 'desc');
  const { groups } = await findGroups(db, rows, {
    agrupar,
    ordenar: query.ordenar,
    direcao,
    semVendedor: RELATORIO_MESSAGES.semVendedor,
    limit: null,
    offset: 0,
  });
  return {
    agrupar,
    de: rows.de,
    ate: rows.ate,
    grupos: groups.map((g) => ({ ...g, ...contagem(g) })),
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
  const found = new Map((await findSeries(db, rows, query.intervalo)).map((point) => [point.inicio, point]));
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
  return { de: rows.de, ate: rows.ate, ...(await findMatriculasPorStatus(db, rows)) };
}
