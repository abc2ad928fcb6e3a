import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import type { RouteAccess } from '../../src/server/plugins/authorization';
import type { Role } from '../../src/shared/roles';
import { growth, mergeRuns, readScale, scaleSection, withScale } from '../../bench/scale';
import {
  BENCHMARKS_FILE,
  cpuBudget,
  mergeTable,
  readTable,
  root,
  type Row,
  summarySection,
  type TableRow,
  targetAt,
  withinBudget,
  withoutOrphans,
  withSummary,
} from '../../bench/table';

/**
 * BENCHMARKS.md is one page (issue 41): the verdict between its markers is rendered from the committed rows
 * (bench/table.json), so it cannot say anything the rows do not. After a benchmark run or a hand edit of the
 * rows: `BENCH_RENDER=1 npm run bench` renders it again (and the full table into bench/results/table.md).
 */
const page = readFileSync(BENCHMARKS_FILE, 'utf8');

describe('BENCHMARKS.md', () => {
  it('says the verdict bench/table.json gives, formatted as the repository formats Markdown', async () => {
    expect(await withSummary(page, await readTable())).toBe(page);
  });

  it("stays one page: the full table and the rounds' narratives live elsewhere", () => {
    // About 20 KB today; the generated table alone was 1.3 MB.
    expect(page.length).toBeLessThan(30_000);
    expect(page.split('\n').length).toBeLessThan(200);
  });

  it('links only to decision records that exist', () => {
    const links = [...page.matchAll(/\]\((docs\/decisions\/[^)#]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !existsSync(join(root, link)))).toEqual([]);
  });
});

/** A one-user row of the table, with the figures the tests set. */
const row = (scenario: string, appCpuMs: number, dbCpuMs: number, p99 = 5): Row => ({
  scenario,
  connections: 1,
  rps: 100,
  p50: 1,
  p99,
  errors: 0,
  vsHello: 0,
  vsSql: null,
  target: 'p99 ≤ 50 ms',
  ok: true,
  appCpuMs,
  dbCpuMs,
});

describe("BENCHMARKS.md's scale table (issue 46: 1M against 10M leads)", () => {
  it('says what bench/scale.json gives', async () => {
    expect(await withScale(page, await readScale())).toBe(page);
  });

  it("keeps each size's cheaper turn and measures the growth on the server's and PostgreSQL's CPU together", () => {
    const table = mergeRuns([
      { leads: 1_000_000, date: '2026-11-29T23:00:00Z', rows: [row('a', 1, 3), row('b', 1, 1)] },
      { leads: 10_000_000, date: '2026-11-29T23:10:00Z', rows: [row('a', 1, 9), row('b', 1, 1.4)] },
      { leads: 1_000_000, date: '2026-11-29T23:20:00Z', rows: [row('a', 1, 1)] },
      { leads: 10_000_000, date: '2026-11-29T23:30:00Z', rows: [row('a', 1, 1.2)] },
    ]);
    expect(table.sizes.map((s) => [s.leads, s.measured.length])).toEqual([
      [1_000_000, 2],
      [10_000_000, 2],
    ]);
    const a = table.rows.find((r) => r.scenario === 'a')!;
    expect(a.at['1000000']).toMatchObject({ appCpuMs: 1, dbCpuMs: 1, turns: 2 });
    expect(growth(a, [1_000_000, 10_000_000])).toBeCloseTo(0.1);
    expect(
      growth(
        table.rows.find((r) => r.scenario === 'b')!,
        [1_000_000, 10_000_000],
      ),
    ).toBeCloseTo(0.2);
    expect(scaleSection(table)).toMatch(/^\*\*2 of 2 paths cost at most 25% more at 10M leads than at 1M\*\*/);
  });

  it('counts a path that grew past 25% as missed, and leaves out a row that answered nothing', () => {
    const table = mergeRuns([
      { leads: 1_000_000, date: '2026-11-29T23:00:00Z', rows: [row('a', 1, 1), { ...row('c', 1, 1), rps: 0 }] },
      { leads: 10_000_000, date: '2026-11-29T23:10:00Z', rows: [row('a', 1, 2), row('c', 1, 1)] },
    ]);
    expect(scaleSection(table)).toMatch(/^\*\*0 of 1 paths cost/);
    expect(scaleSection(table)).toContain('| a | 1 + 1 | 1 + 2 | +50% | 5 | 5 |');
  });
});

describe("the generated scenarios' names (bench/generated.ts)", () => {
  /** One list route, `/api/exemplo` unless named, paged, with the given filters, read by one role. */
  const exampleList = (role: Role, filters: Record<string, ZodType>, url = '/api/exemplo'): RouteAccess[] => [
    {
      method: 'GET',
      url,
      access: [role],
      schema: {
        querystring: z.object({
          page: z.coerce.number().optional(),
          pageSize: z.coerce.number().optional(),
          ...filters,
        }),
      },
    },
  ];

  it('name a day that moves with the calendar by its label, so the row measured tomorrow replaces it', async () => {
    const { listScenarios } = await import('../../bench/generated');
    const routes = exampleList('franqueador', {
      de: z
        .string()
        .regex(/^\d{4}-\d\d-\d\d$/)
        .optional(),
    });
    const names = (day: string) =>
      listScenarios({ routes, samples: { de: [day] }, labels: { de: 'hoje-30d' }, totalOf: async () => 0 })
        .scenarios.filter((s) => s.path.includes('de='))
        .map((s) => ({ name: s.name, path: s.path }));

    const today = names('2026-10-31');
    expect(today.map((s) => s.name)).toEqual([
      '/api/exemplo de=hoje-30d · franqueador',
      '/api/exemplo de=hoje-30d pageSize=500 · franqueador',
      '/api/exemplo de=hoje-30d deepest page · franqueador',
    ]);
    // The request still sends the day itself; tomorrow's run gives the same names.
    expect(today[0]!.path).toBe('/api/exemplo?de=2026-10-31');
    expect(names('2026-11-01').map((s) => s.name)).toEqual(today.map((s) => s.name));
  });

  it("measure each other choice of a filter's list on page 1: a rare status is not read as the commonest is", async () => {
    const { listScenarios } = await import('../../bench/generated');
    const routes = exampleList('franquia', { status: z.enum(['aberta', 'paga', 'vencida']).optional() });
    const generated = listScenarios({ routes, samples: {}, totalOf: async () => 0 }).scenarios;
    expect(generated.filter((s) => s.path.includes('status=')).map((s) => `${s.name} -> ${s.path}`)).toEqual([
      '/api/exemplo status=aberta · franquia -> /api/exemplo?status=aberta',
      '/api/exemplo status=aberta pageSize=500 · franquia -> /api/exemplo?status=aberta&pageSize=500',
      '/api/exemplo status=aberta deepest page · franquia -> /api/exemplo?status=aberta&page=last',
      '/api/exemplo status=paga · franquia -> /api/exemplo?status=paga',
      '/api/exemplo status=vencida · franquia -> /api/exemplo?status=vencida',
    ]);
  });

  it("hold a Relatórios request to the report's 100 ms and a list to 50 (issue 46), its other choices too", async () => {
    const { listScenarios } = await import('../../bench/generated');
    const agrupar = { agrupar: z.enum(['franquia', 'estado']).optional() };
    const targets = (url: string) =>
      listScenarios({
        routes: exampleList('franqueador', agrupar, url),
        samples: {},
        totalOf: async () => 0,
      }).scenarios.map((s) => `${s.name}: ${s.target.p99}`);
    expect(targets('/api/relatorios/exemplo')).toEqual([
      '/api/relatorios/exemplo page 1 · franqueador: 100',
      '/api/relatorios/exemplo page 1 pageSize=500 · franqueador: 100',
      '/api/relatorios/exemplo page 1 deepest page · franqueador: 100',
      '/api/relatorios/exemplo agrupar=franquia · franqueador: 100',
      '/api/relatorios/exemplo agrupar=franquia pageSize=500 · franqueador: 100',
      '/api/relatorios/exemplo agrupar=franquia deepest page · franqueador: 100',
      '/api/relatorios/exemplo agrupar=estado · franqueador: 100',
    ]);
    expect(targets('/api/exemplo').every((t) => t.endsWith(': 50'))).toBe(true);
  });

  it('leave out a choice the route refuses the account by rule: a grouping above its level answers 400', async () => {
    const { listScenarios } = await import('../../bench/generated');
    const agrupar = { agrupar: z.enum(['franquia', 'estado', 'cidade']).optional() };
    const names = listScenarios({
      routes: exampleList('micro_franquia', agrupar, '/api/relatorios/exemplo'),
      samples: {},
      totalOf: async () => 0,
      refuses: (_route, _account, key, value) => key === 'agrupar' && value === 'franquia',
    }).scenarios.map((s) => s.name);
    expect(names.filter((n) => n.includes('agrupar='))).toEqual([
      '/api/relatorios/exemplo agrupar=estado · micro',
      '/api/relatorios/exemplo agrupar=estado pageSize=500 · micro',
      '/api/relatorios/exemplo agrupar=estado deepest page · micro',
      '/api/relatorios/exemplo agrupar=cidade · micro',
    ]);
  });
});

describe("issue 46's CPU budget a request, for one user's rows", () => {
  const oneUser = (scenario: string, appCpuMs: number, dbCpuMs: number, connections = 1): TableRow => ({
    ...row(scenario, appCpuMs, dbCpuMs),
    connections,
    measured: '2026-12-01T13:00:00Z',
    helloRps: 50_000,
  });

  it('gives 3 ms to a first page or a filter, 8 to a page of 500 rows or a deepest page, 10 to a search, 20 to a report', () => {
    const budgets = [
      '/api/leads page 1 · franqueador (1 conn.)',
      '/api/leads estado=AL · franquia (1 conn.)',
      '/api/leads estado=AL pageSize=500 · franquia (1 conn.)',
      '/api/leads page 1 deepest page · micro (1 conn.)',
      '/api/leads q=Oliveira · franqueador (1 conn.)',
      '/api/leads estado=AL+q · cliente (1 conn.)',
      '/api/relatorios/funil agrupar=estado · franqueador (1 conn.)',
      '/api/relatorios/funil agrupar=estado pageSize=500 · franqueador (1 conn.)',
      'leads page 1 · vendedor (1 conn.)',
      'POST /api/leads (public sign-up) (1 conn.)',
      'CSV export, all leads · franqueador (1 conn.)',
    ].map((scenario) => cpuBudget(oneUser(scenario, 1, 1)));
    expect(budgets).toEqual([3, 3, 8, 8, 10, 10, 20, 20, 3, undefined, undefined]);
    // Issue 46's budgets are one user's: a row of 16 connections has none.
    expect(cpuBudget(oneUser('/api/leads page 1 · franqueador', 1, 1, 16))).toBeUndefined();
  });

  it("counts the server's and PostgreSQL's CPU together against it, and leaves out a row that measured nothing", () => {
    expect(withinBudget(oneUser('/api/leads page 1 · franqueador (1 conn.)', 1.5, 1.5))).toBe(true);
    expect(withinBudget(oneUser('/api/leads page 1 · franqueador (1 conn.)', 1.5, 1.51))).toBe(false);
    expect(withinBudget(oneUser('/api/leads q=maria · franqueador (1 conn.)', 2, 7.9))).toBe(true);
    expect(withinBudget({ ...oneUser('/api/leads page 1 · micro (1 conn.)', 1, 1), rps: 0, p99: 0 })).toBeUndefined();
    expect(withinBudget(oneUser('/api/leads page 1 · micro (1 conn.)', 1, -1))).toBeUndefined();
  });

  it('says in the verdict and by kind of path how many one-user rows kept to their budget', () => {
    const section = summarySection({
      cores: 2,
      rows: [
        oneUser('/api/leads page 1 · franqueador (1 conn.)', 1, 1),
        oneUser('/api/leads estado=AL · franqueador (1 conn.)', 2, 4),
        oneUser('/api/leads q=maria · franqueador (1 conn.)', 2, 3),
        oneUser('/api/leads page 1 · franqueador', 1, 1, 16),
      ],
    });
    expect(section).toContain('3 of 3 met their latency, and 2 of 3 with a CPU budget kept to it');
    expect(section).toContain('| unfiltered lists, page 1 | 2 | 2 | 0 | 5 | 1 + 1 | 1 of 1 (3 ms) |');
    expect(section).toContain('| filtered lists, page 1 | 1 | 1 | 0 | 5 | 2 + 4 | 0 of 1 (3 ms) |');
    expect(section).toContain('| free-text searches | 1 | 1 | 0 | 5 | 2 + 3 | 1 of 1 (10 ms) |');
  });
});

describe('a scenario measured at another number of connections than its own (BENCH_CONNECTIONS)', () => {
  it("replaces, when merged, the row a whole run measured at that number under the scenario's own name", () => {
    const at = (scenario: string, connections: number, measured: string): TableRow => ({
      ...row(scenario, 1, 1),
      connections,
      measured,
      helloRps: 50_000,
    });
    const previous = {
      cores: 2,
      rows: [
        at('visitas, page 1 · franqueador · 1 user', 1, 'old'),
        at('visitas, page 1 · franqueador', 16, 'old'),
        at('visitas, page 1 · micro · 1 user', 1, 'old'),
      ],
    };
    const merged = mergeTable(previous, [at('visitas, page 1 · franqueador · 1 user (1 conn.)', 1, 'new')], false, 2);
    expect(merged.rows.map((r) => [r.scenario, r.connections, r.measured])).toEqual([
      ['visitas, page 1 · franqueador', 16, 'old'],
      ['visitas, page 1 · micro · 1 user', 1, 'old'],
      ['visitas, page 1 · franqueador · 1 user (1 conn.)', 1, 'new'],
    ]);
    // A row of that name at another number of connections is another measure: it stays.
    const sixteen = mergeTable(previous, [at('visitas, page 1 · franqueador (1 conn.)', 1, 'new')], false, 2);
    expect(sixteen.rows.map((r) => r.scenario)).toContain('visitas, page 1 · franqueador');
  });

  it("is held to its p99 alone: sixteen connections' throughput is not one user's wait", () => {
    const webhook = { p99: 50, rps: 500 };
    expect(targetAt(webhook, 16, 1)).toEqual({ p99: 50 });
    expect(targetAt(webhook, 16, 16)).toEqual({ p99: 50, rps: 500 });
    // A target that is only a throughput has no latency to fall back on: it stays what it is.
    expect(targetAt({ rps: 5000 }, 16, 1)).toEqual({ rps: 5000 });
    expect(webhook).toEqual({ p99: 50, rps: 500 });
  });

  it('leaves no one-user row of the table judged by a throughput', async () => {
    const oneUser = (await readTable()).rows.filter((r) => r.connections === 1);
    expect(oneUser.filter((r) => r.target.includes('req/s') && r.target.includes('p99'))).toEqual([]);
  });
});

describe('the rows of scenarios no run names any more (BENCH_PRUNE=1)', () => {
  const at = (scenario: string, connections: number): TableRow => ({
    ...row(scenario, 1, 1),
    connections,
    measured: '2026-11-24T17:02:00Z',
    helloRps: 50_000,
  });

  it("leave the table, one user's rows by their scenario's name; the rows still named stay as they were", () => {
    const kept = [
      at('/api/leads page 1 · franqueador', 16),
      at('/api/leads page 1 · franqueador (1 conn.)', 1),
      at('/api/relatorios/funil agrupar=micro_franquia · franquia', 16),
      at('/api/leads vendedorId=6476e7cf-82d0-4d88-8e5b-3d959fa61d7a · franqueador', 16),
      // Named by hand, with no sample value: no plan lists the one-off jobs and exports.
      at('a 50,000-row import of leads (job)', 1),
      at('CSV export, all leads · franqueador', 1),
    ];
    const orphans = [
      at('/api/leads data=2025-07-09 · franqueador', 16),
      at('/api/leads data=2025-07-09 · franqueador (1 conn.)', 1),
      at('/api/matriculas vendedorId=5cfe02ed-dac7-4385-8304-8824d72cae18 pageSize=500 · franqueador', 16),
      // A grouping the account is refused (400 by rule) is no longer planned.
      at('/api/relatorios/funil agrupar=franquia · micro', 16),
      at('/api/relatorios/inadimplencia agrupar=franquia · cliente (1 conn.)', 1),
    ];
    const planned = new Set([
      '/api/relatorios/funil agrupar=micro_franquia · franquia',
      '/api/leads page 1 · franqueador',
      '/api/leads vendedorId=6476e7cf-82d0-4d88-8e5b-3d959fa61d7a · franqueador',
      '/api/leads data=hoje-30d · franqueador',
    ]);
    const table = withoutOrphans({ cores: 2, rows: [orphans[0]!, ...kept, ...orphans.slice(1)] }, planned);
    expect(table).toEqual({ cores: 2, rows: kept });
  });
});
