/**
 * The report's scenarios for `npm run bench` (issue 15): every grouping a user can pick, the series, over a year
 * of the national network, and a check that each answer's numbers equal a row-by-row count of leads,
 * pré-matrículas and matrículas (not the aggregates the endpoint reads).
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/server/access/actor';
import { type Database, executeRows } from '../src/server/db/connect';
import type { FunilResposta, MatriculasStatus, SerieResposta } from '../src/shared/schemas/relatorios';
import { todayInBrasilia } from '../src/shared/brasilia';

export interface ReportScenario {
  name: string;
  path: string;
  account: 'franqueador' | 'franquia' | 'cliente';
  connections: number;
  target: { p99?: number };
  /** Compares the answer with a row-by-row count; a note saying whether every number agreed. */
  exact: (db: Database, actor: Actor, answer: unknown) => Promise<string>;
}

const ZONE = 'America/Sao_Paulo';
const DAY_MS = 86_400_000;

/** The actor's node column on the funnel tables. */
function scopeColumn(actor: Actor): { column: string; id: string } {
  if (actor.role === 'franqueador') return { column: 'franqueador_id', id: actor.franqueadorId! };
  if (actor.role === 'franquia') return { column: 'franquia_id', id: actor.franquiaId! };
  return { column: 'cliente_id', id: actor.clienteId! };
}

/**
 * Counts straight from the rows: each stage by its own day in Brasília, grouped by `group` (an expression over
 * the row `r` and its event `e`, or over the day `d`).
 */
async function naive(db: Database, actor: Actor, de: string, ate: string, group: string) {
  const { column, id } = scopeColumn(actor);
  const from = sql`(${de}::date::timestamp at time zone ${ZONE})`;
  const to = sql`((${ate}::date + 1)::timestamp at time zone ${ZONE})`;
  const piece = (table: string, at: string, l: number, p: number, m: number) =>
    sql`select ${sql.raw(group)} as g, ${sql.raw(String(l))} as l, ${sql.raw(String(p))} as p, ${sql.raw(String(m))} as m
      from (select r.*, (r.${sql.raw(at)} at time zone ${ZONE})::date as d from ${sql.identifier(table)} r
        where r.${sql.raw(column)} = ${id} and r.${sql.raw(at)} >= ${from} and r.${sql.raw(at)} < ${to}) r
      join eventos e on e.id = r.evento_id`;
  const rows = await executeRows<{ g: string | null; l: number; p: number; m: number }>(
    db,
    sql`select x.g::text as g, sum(x.l)::int as l, sum(x.p)::int as p, sum(x.m)::int as m from (
      ${piece('leads', 'created_at', 1, 0, 0)} union all ${piece('pre_matriculas', 'created_at', 0, 1, 0)}
      union all ${piece('matriculas', 'efetivada_em', 0, 0, 1)}) x group by x.g`,
  );
  return new Map(rows.map((row) => [row.g, [Number(row.l), Number(row.p), Number(row.m)]]));
}

function compareGroups(expected: Map<string | null, number[]>, answer: FunilResposta, whole: boolean): string {
  let wrong = 0;
  for (const group of answer.grupos) {
    const [l, p, m] = expected.get(group.id) ?? [0, 0, 0];
    if (group.leads !== l || group.preMatriculas !== p || group.matriculas !== m) wrong++;
  }
  const totals = [...expected.values()].reduce((s, [l, p, m]) => [s[0]! + l!, s[1]! + p!, s[2]! + m!], [0, 0, 0]);
  const t = answer.totais;
  if (t.leads !== totals[0] || t.preMatriculas !== totals[1] || t.matriculas !== totals[2]) wrong++;
  if (whole && answer.grupos.length !== expected.size) wrong++;
  return wrong === 0
    ? `${answer.grupos.length} groups and totals (${t.leads} leads) exact`
    : `${wrong} numbers ≠ the row-by-row count`;
}

const GROUP_EXPRESSIONS: Record<string, string> = {
  franquia: 'r.franquia_id',
  micro_franquia: 'r.micro_franquia_id',
  cliente: 'r.cliente_id',
  evento: 'r.evento_id',
  estado: 'e.estado',
};

/** The status answer against a row-by-row count of the scope's matrículas effective in the period. */
const matriculasPorStatus =
  (de: string, ate: string) =>
  async (db: Database, actor: Actor, answer: unknown): Promise<string> => {
    const { column, id } = scopeColumn(actor);
    const [row] = await executeRows<{ total: number; aguardando: number; ativa: number; cancelada: number }>(
      db,
      sql`select count(*)::int as total, count(*) filter (where status = 'aguardando_aceite')::int as aguardando,
          count(*) filter (where status = 'ativa')::int as ativa, count(*) filter (where status = 'cancelada')::int as cancelada
        from matriculas where ${sql.raw(column)} = ${id}
          and efetivada_em >= (${de}::date::timestamp at time zone ${ZONE})
          and efetivada_em < ((${ate}::date + 1)::timestamp at time zone ${ZONE})`,
    );
    const a = answer as MatriculasStatus;
    const same =
      a.total === row!.total &&
      a.aguardandoAceite === row!.aguardando &&
      a.ativa === row!.ativa &&
      a.cancelada === row!.cancelada;
    return same ? `${a.total} matrículas by status exact` : 'status counts ≠ the row-by-row count';
  };

export function reportScenarios(now: Date): ReportScenario[] {
  const today = todayInBrasilia(now);
  const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * DAY_MS).toISOString().slice(0, 10);
  const year = `de=${yearAgo}&ate=${today}`;
  const funil =
    (agrupar: string, de: string, whole: boolean) =>
    async (db: Database, actor: Actor, answer: unknown): Promise<string> =>
      compareGroups(await naive(db, actor, de, today, GROUP_EXPRESSIONS[agrupar]!), answer as FunilResposta, whole);
  const serie = async (db: Database, actor: Actor, answer: unknown): Promise<string> => {
    const expected = await naive(db, actor, yearAgo, today, "date_trunc('week', r.d)::date");
    const pontos = (answer as SerieResposta).pontos;
    const wrong = pontos.filter((p) => {
      const [l, pm, m] = expected.get(p.inicio) ?? [0, 0, 0];
      return p.leads !== l || p.preMatriculas !== pm || p.matriculas !== m;
    }).length;
    return wrong === 0 ? `${pontos.length} weeks exact` : `${wrong} weeks ≠ the row-by-row count`;
  };
  return [
    {
      name: 'relatório franquia · franqueador, 365 d',
      path: `/api/relatorios/funil?${year}&agrupar=franquia&pageSize=500`,
      account: 'franqueador',
      connections: 8,
      target: { p99: 100 },
      exact: funil('franquia', yearAgo, true),
    },
    {
      name: 'relatório micro_franquia · franquia, 365 d',
      path: `/api/relatorios/funil?${year}&agrupar=micro_franquia&pageSize=500`,
      account: 'franquia',
      connections: 8,
      target: { p99: 100 },
      exact: funil('micro_franquia', yearAgo, true),
    },
    {
      name: 'relatório evento, page 1 · cliente, 365 d',
      path: `/api/relatorios/funil?${year}&agrupar=evento`,
      account: 'cliente',
      connections: 8,
      target: { p99: 100 },
      // The screen's request: page 1 of 50 (the busiest cliente holds 1,003 events).
      exact: funil('evento', yearAgo, false),
    },
    {
      name: 'relatório série semanal · franqueador, 365 d',
      path: `/api/relatorios/serie?${year}&intervalo=semana`,
      account: 'franqueador',
      connections: 8,
      target: { p99: 100 },
      exact: serie,
    },
    {
      name: 'relatório cliente (5,000 groups) page 1 · franqueador, 365 d',
      path: `/api/relatorios/funil?${year}&agrupar=cliente`,
      account: 'franqueador',
      connections: 8,
      target: { p99: 150 },
      exact: funil('cliente', yearAgo, false),
    },
    // The other paths a user can take, measured without a target of the issue's.
    {
      name: 'relatório estado · franqueador, 365 d',
      path: `/api/relatorios/funil?${year}&agrupar=estado`,
      account: 'franqueador',
      connections: 8,
      target: {},
      exact: funil('estado', yearAgo, true),
    },
    {
      name: 'relatório evento page 1 · franqueador, 365 d',
      path: `/api/relatorios/funil?${year}&agrupar=evento`,
      account: 'franqueador',
      connections: 8,
      target: {},
      exact: funil('evento', yearAgo, false),
    },
    {
      name: 'relatório padrão (30 d, franquia) · franqueador',
      path: '/api/relatorios/funil',
      account: 'franqueador',
      connections: 8,
      target: {},
      exact: funil(
        'franquia',
        new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10),
        true,
      ),
    },
    // Issue 42: the period's matrículas by status and reason, counted from the rows, for the network and a franquia.
    ...(['franqueador', 'franquia'] as const).map((account): ReportScenario => ({
      name: `relatório matrículas por status · ${account}, 365 d`,
      path: `/api/relatorios/matriculas-status?${year}`,
      account,
      connections: 8,
      target: { p99: 100 },
      exact: matriculasPorStatus(yearAgo, today),
    })),
  ];
}
