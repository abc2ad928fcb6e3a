/**
 * The benchmark's table, as data and as text (issue 41: documents a person can read).
 *
 * `bench/table.json` (committed) holds every row of the generated benchmark, each with the time and hello-world
 * ceiling of its run. Two texts are rendered from it:
 * - the **summary** in BENCHMARKS.md, between its markers: the verdict, the rows by kind of path, the worst 20
 *   rows. `tests/docs/benchmarks.test.ts` renders it again and fails when the page says anything else.
 * - the **full table**, every row with its note, in `bench/results/table.md` (not committed: 1.3 MB of text a
 *   person does not read whole). `BENCH_RENDER=1 npm run bench` writes both, measuring nothing.
 *
 * Pure: no database, no server, no clock. `run.ts` measures; this file only renders.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Row {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  vsHello: number;
  vsSql: number | null;
  target: string;
  ok: boolean;
  note?: string;
  /** CPU per request, in ms: the server process, and every PostgreSQL process (where the time goes). */
  appCpuMs?: number;
  dbCpuMs?: number;
  /** How many requests the row's percentiles were read from (ADR 125; rows measured before it do not say). */
  requests?: number;
}

export interface TableRow extends Row {
  /** When the row was measured, and the hello-world ceiling of that run. */
  measured: string;
  helloRps: number;
}

export interface Table {
  /** The cores of the machine the rows were measured on (the notes' arithmetic depends on it). */
  cores?: number;
  rows: TableRow[];
}

export const root = fileURLToPath(new URL('..', import.meta.url));
export const TABLE_FILE = join(root, 'bench/table.json');
export const FULL_TABLE_FILE = join(root, 'bench/results/table.md');
export const BENCHMARKS_FILE = join(root, 'BENCHMARKS.md');
export const SUMMARY_START = '<!-- generated-bench:start -->';
export const SUMMARY_END = '<!-- generated-bench:end -->';
/** The rows the page shows, worst first. */
export const WORST_ROWS = 20;
/** The machine the committed rows were measured on, when the table does not say. */
const DEFAULT_CORES = 2;

/**
 * A row whose every answer was an error measured nothing: the generated filter's sample lies outside the
 * account's scope, and the route refuses it (404 'Filtro não encontrado'), as it must.
 */
export const refused = (r: Row) => r.errors > 0 && r.errors >= r.rps;

/**
 * A row whose requests all outlasted the run: no answer, no error, a p99 of 0 (autocannon's figure when nothing
 * completed). It measured the route at its slowest, not at its fastest: a miss, however its `ok` was written (the
 * runs before 2026-11-25 wrote it true: issue 39, item 13's searches were counted as met).
 */
export const answeredNothing = (r: Row) => r.rps === 0 && r.p99 === 0 && r.errors === 0 && /p99 ≤/.test(r.target);

/** Whether the row met its target. */
export const met = (r: Row) => r.ok && !answeredNothing(r);

/**
 * A scenario's target when a run measures it at another number of connections than its own (BENCH_CONNECTIONS):
 * its p99 alone. A requests-per-second target is its own concurrency's -- what sixteen connections get through two
 * cores -- and says nothing of how long one user waits (issue 46); a target that is only a throughput stays one.
 */
export function targetAt<T extends { p99?: number; rps?: number }>(target: T, own: number, connections: number) {
  return connections === own || target.p99 === undefined ? target : { p99: target.p99 };
}

/** The p99 a request costing `cpuMs` can reach when `connections` share the machine's cores: the wait is the queue. */
const TAIL_OVER_MEAN = 1.6;
const p99Floor = (cpuMs: number, connections: number, cores: number) => (connections * cpuMs * TAIL_OVER_MEAN) / cores;

/**
 * Why a row missed its target, and the next step, from its own figures: whether the CPU a request costs already
 * rules the target out at this concurrency on this machine, and whether the server or PostgreSQL spends it.
 */
export function diagnosis(r: Row, cores: number): string {
  if (met(r) || refused(r)) return '';
  if (answeredNothing(r)) return 'No request was answered within the run: each took longer than the run lasted.';
  if (r.errors > 0) return `${r.errors} errors: see the note.`;
  if (r.appCpuMs === undefined || r.dbCpuMs === undefined || r.dbCpuMs < 0) return '';
  const cpu = r.appCpuMs + r.dbCpuMs;
  const target = Number(/p99 ≤ (\d+)/.exec(r.target)?.[1] ?? Infinity);
  const floor = p99Floor(cpu, r.connections, cores);
  const side =
    r.dbCpuMs > r.appCpuMs
      ? `PostgreSQL spends most of it (${r.dbCpuMs} ms): next, this statement's plan (an index for the filter in this scope, or less read per page)`
      : `the server spends most of it (${r.appCpuMs} ms: routing, row mapping, JSON): next, less work per row, or more cores`;
  if (floor > target)
    return `Why: ${cpu.toFixed(2)} ms of CPU a request puts p99 near ${Math.round(floor)} ms at ${r.connections} connections on ${cores} cores; ${side}.`;
  return `Why: ${cpu.toFixed(2)} ms of CPU a request fits the target; the tail is queueing with the load generator on ${cores} cores (${side.replace(/: next.*$/, '')}). Next: more cores, or measure apart from the load generator.`;
}

/** What kind of path a row measures, for the summary (the generated names say it). */
export function kindOf(scenario: string): string {
  if (/^(POST|PUT|PATCH|DELETE) /.test(scenario) || /\((create|edit|audited)\)/.test(scenario)) return 'writes';
  if (scenario.includes('(public)')) return 'public pages';
  if (scenario.includes('pageSize=500') || scenario.includes('500 rows') || scenario.includes('all rows'))
    return 'pages of 500 rows';
  if (scenario.includes('deepest page')) return 'deepest pages';
  if (/[ &?]q=|\+q\b/.test(scenario)) return 'free-text searches';
  if (/^\/api\/\S+ \S+=/.test(scenario)) return 'filtered lists, page 1';
  if (/^\/api\/\S+ page 1/.test(scenario)) return 'unfiltered lists, page 1';
  return 'other paths (hand-written scenarios)';
}

/**
 * Issue 46's cost: the CPU a request of one user's row may spend, the server's and PostgreSQL's together -- 3 ms for
 * a first page or a filter, 8 ms for a page of 500 rows or a deepest page, 10 ms for a search, 20 ms for a report
 * (Relatórios, dashboards). Rows of several connections, writes, public pages and jobs have none.
 */
export function cpuBudget(r: Row): number | undefined {
  if (r.connections !== 1) return undefined;
  const kind = kindOf(r.scenario);
  if (kind === 'writes' || kind === 'public pages') return undefined;
  if (/\/api\/relatorios\/|dashboard|relatório/i.test(r.scenario)) return 20;
  if (kind === 'unfiltered lists, page 1' || kind === 'filtered lists, page 1') return 3;
  if (kind === 'pages of 500 rows' || kind === 'deepest pages') return 8;
  if (kind === 'free-text searches') return 10;
  return /\bpage 1\b/.test(r.scenario) ? 3 : undefined;
}

/** The CPU a request of the row cost, when the run could read both sides. */
const cpuOf = (r: Row) =>
  r.appCpuMs === undefined || r.dbCpuMs === undefined || r.dbCpuMs < 0 ? undefined : r.appCpuMs + r.dbCpuMs;

/** Whether a row with a CPU budget kept to it; undefined for a row without one, or that measured nothing. */
export function withinBudget(r: Row): boolean | undefined {
  const budget = cpuBudget(r);
  const cpu = cpuOf(r);
  if (budget === undefined || cpu === undefined || answeredNothing(r) || refused(r)) return undefined;
  return cpu <= budget + 1e-9;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

const cell = (v: string | number) => String(v).replaceAll('|', '\\|');

/** Met and missed by kind of path, with the worst p99 and the median CPU a request cost. */
export function summaryTable(rows: Row[]): string {
  const kinds = new Map<string, Row[]>();
  for (const row of rows) kinds.set(kindOf(row.scenario), [...(kinds.get(kindOf(row.scenario)) ?? []), row]);
  return [
    '| kind of path | rows | met | missed | worst p99 ms | median CPU ms/req (app + db) | one user, within CPU budget |',
    '| --- | --: | --: | --: | --: | --: | --: |',
    ...[...kinds].map(([kind, group]) => {
      const metRows = group.filter(met).length;
      const cpu = group.filter((r) => r.appCpuMs !== undefined && r.dbCpuMs! >= 0);
      const app = median(cpu.map((r) => r.appCpuMs!));
      const db = median(cpu.map((r) => r.dbCpuMs!));
      const budgeted = group.map(withinBudget).filter((w) => w !== undefined);
      const budgets = [...new Set(group.map(cpuBudget).filter((b) => b !== undefined))].sort((a, b) => a - b);
      const within = budgeted.length
        ? `${budgeted.filter(Boolean).length} of ${budgeted.length} (${budgets.map((b) => `${b}`).join(' or ')} ms)`
        : '—';
      return `| ${kind} | ${group.length} | ${metRows} | ${group.length - metRows} | ${Math.max(...group.map((r) => r.p99))} | ${cpu.length ? `${app} + ${db}` : '—'} | ${within} |`;
    }),
  ].join('\n');
}

/**
 * How far a missed row is from its target, as a factor (2 = twice the p99 allowed, or half the req/s asked):
 * the larger of its latency's and its rate's shortfall. A row without a target is not ranked.
 */
export function shortfall(r: Row): number {
  const p99 = /p99 ≤ (\d+) ms/.exec(r.target);
  const rps = /≥ (\d+) req\/s/.exec(r.target);
  const seconds = /^≤ (\d+) s/.exec(r.target);
  if (answeredNothing(r)) return Infinity;
  const factors = [
    p99 ? r.p99 / Number(p99[1]) : 0,
    rps && r.rps > 0 ? Number(rps[1]) / r.rps : rps ? Infinity : 0,
    seconds ? r.p99 / (Number(seconds[1]) * 1000) : 0,
  ];
  return Math.max(...factors);
}

/** The missed rows furthest from their target (refused rows measured nothing and are not among them). */
export function worstRows(rows: Row[], n = WORST_ROWS): Row[] {
  return rows
    .filter((r) => !met(r) && !refused(r) && r.target !== '')
    .map((r, i) => ({ r, i, f: shortfall(r) }))
    .sort((a, b) => b.f - a.f || a.i - b.i)
    .slice(0, n)
    .map(({ r }) => r);
}

/** A one-user row over its CPU budget says so, and which side spends the most. */
function overBudget(r: Row): string {
  if (withinBudget(r) !== false) return '';
  const side = r.dbCpuMs! > r.appCpuMs! ? 'PostgreSQL spends most of it' : 'the server spends most of it';
  return `Over its CPU budget: ${cpuOf(r)!.toFixed(2)} ms a request of ${cpuBudget(r)} (issue 46); ${side}`;
}

function rowsTable(rows: Row[], cores: number, withFactor: boolean): string {
  return [
    `| scenario | conn. | req/s | p50 ms | p99 ms | errors | CPU ms/req app + db | vs SQL | target | ${withFactor ? 'off by' : 'met'} | note |`,
    `| --- | --: | --: | --: | --: | --: | --: | --: | --- | ${withFactor ? '--:' : '---'} | --- |`,
    ...rows.map(
      (r) =>
        `| ${cell(r.scenario)} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ` +
        `${r.appCpuMs === undefined ? '—' : `${r.appCpuMs} + ${r.dbCpuMs! < 0 ? '?' : r.dbCpuMs}`} | ${r.vsSql ?? '—'} | ` +
        `${cell(r.target)} | ${withFactor ? (answeredNothing(r) ? 'no answer' : `×${shortfall(r).toFixed(1)}`) : refused(r) ? 'refused' : met(r) ? 'yes' : '**no**'} | ` +
        `${cell([r.note, diagnosis(r, cores), overBudget(r)].filter(Boolean).join('. '))} |`,
    ),
  ].join('\n');
}

/**
 * The verdict's sentence. The full table names every run with its hello-world ceiling; BENCHMARKS.md, one page, says
 * how many runs, their first and last, and the ceilings' range.
 */
function verdict(table: Table, everyRun = true): { measured: TableRow[]; outOfScope: TableRow[]; text: string } {
  const measured = table.rows.filter((r) => !refused(r));
  const outOfScope = table.rows.filter(refused);
  const metCount = measured.filter(met).length;
  // Issue 46's latency targets are one user's: the rows measured at one connection, counted on their own.
  const oneUser = measured.filter((r) => r.connections === 1);
  const budgeted = oneUser.map(withinBudget).filter((w) => w !== undefined);
  const runs = [
    ...new Set(measured.map((r) => `${r.measured.slice(0, 16).replace('T', ' ')} (hello-world ${r.helloRps} req/s)`)),
  ].sort();
  return {
    measured,
    outOfScope,
    text:
      `**${metCount} of ${measured.length} rows met their target.** At one connection (one user, issue 46's targets) ` +
      `${oneUser.filter(met).length} of ${oneUser.length} met their latency, and ${budgeted.filter(Boolean).length} of ` +
      `${budgeted.length} with a CPU budget kept to it (issue 46's cost: 3 ms a first page or filter, 8 ms a page of ` +
      `500 rows or a deepest page, 10 ms a search, 20 ms a report). ${outOfScope.length} more rows measured nothing: the ` +
      `route refused every request, as it must (the account may not filter or group by that level). The rows come ` +
      (everyRun ? `from ${runs.length} runs: ${runs.join('; ')}.` : `from ${runs.length} ${runSpan(measured)}.`),
  };
}

/** The runs' first and last, and the range of their hello-world ceilings. */
function runSpan(rows: TableRow[]): string {
  const dates = rows.map((r) => r.measured.slice(0, 16).replace('T', ' ')).sort();
  const hello = rows.map((r) => r.helloRps);
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    `runs, ${dates[0]} to ${dates.at(-1)} (their hello-world ceiling ${n(Math.min(...hello))} to ` +
    `${n(Math.max(...hello))} req/s; each run is named in \`bench/results/table.md\`)`
  );
}

/** Every row, with its note: `bench/results/table.md` (and each run's own `bench/results/<run>.md`). */
export function fullTable(table: Table): string {
  const cores = table.cores ?? DEFAULT_CORES;
  const { measured, outOfScope, text } = verdict(table);
  return [
    '# The generated benchmark, every row',
    '',
    `Rendered from \`bench/table.json\` (BENCHMARKS.md holds the summary). ${text}`,
    '',
    summaryTable(measured),
    '',
    rowsTable([...measured, ...outOfScope], cores, false),
    '',
  ].join('\n');
}

/** BENCHMARKS.md's generated section: the verdict, the rows by kind of path, the worst rows. */
export function summarySection(table: Table): string {
  const cores = table.cores ?? DEFAULT_CORES;
  const { measured, text } = verdict(table, false);
  return [
    text,
    '',
    summaryTable(measured),
    '',
    `The ${WORST_ROWS} rows furthest from their target ('off by': the p99 over the p99 allowed, or the req/s asked ` +
      `over the req/s measured). Every row, with its note, is in \`bench/results/table.md\` once rendered ` +
      `(\`BENCH_RENDER=1 npm run bench\`, which measures nothing).`,
    '',
    rowsTable(worstRows(measured), cores, true),
  ].join('\n');
}

/**
 * The page with the section between `startMarker` and `endMarker` replaced by `text`, formatted as the repository
 * formats Markdown (only the section is formatted: the rest of the page is kept by hand).
 */
export async function withSection(doc: string, startMarker: string, endMarker: string, text: string): Promise<string> {
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`BENCHMARKS.md has no ${startMarker} … ${endMarker} markers`);
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(BENCHMARKS_FILE)) ?? {};
  const section = await prettier.format(text, { ...options, filepath: BENCHMARKS_FILE });
  return `${doc.slice(0, start + startMarker.length)}\n\n${section}\n${doc.slice(end)}`;
}

/** The page with its generated section replaced by the verdict `table` gives. */
export const withSummary = (doc: string, table: Table) =>
  withSection(doc, SUMMARY_START, SUMMARY_END, summarySection(table));

export async function readTable(file = TABLE_FILE): Promise<Table> {
  return JSON.parse(await readFile(file, 'utf8')) as Table;
}

/** A sample value in a generated scenario's name: an id, or a day the data was generated around. */
const SAMPLE_IN_NAME = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b\d{4}-\d{2}-\d{2}\b/;

/** A generated Relatórios row's grouping: one the generator no longer plans is a choice the account is refused. */
const GENERATED_GROUPING = /^\/api\/relatorios\/\S+ agrupar=/;

/**
 * The table without the rows named for a sample value this bench data no longer holds (a day of another generation,
 * another account's id): `planned` holds the names this data gives its scenarios. Such a row measured a path no run
 * measures again, and a partial run's merge would keep it for ever (104 of them on 2026-12-01, one in the worst 20).
 * A row whose name holds no sample value stays (the one-off jobs and exports are named by hand, not planned). A row
 * measured at another connection count keeps the name's suffix (' (1 conn.)'), which is read past.
 */
export function withoutOrphans(table: Table, planned: ReadonlySet<string>): Table {
  const scenarioOf = (name: string) => name.replace(/ \(\d+ conn\.\)$/, '');
  const orphan = (name: string) =>
    (SAMPLE_IN_NAME.test(name) || GENERATED_GROUPING.test(name)) && !planned.has(scenarioOf(name));
  return { ...table, rows: table.rows.filter((r) => !orphan(r.scenario)) };
}

/**
 * A partial run's rows replace the same scenarios' rows in place; new scenarios go at the end. A row measured at a
 * number of connections not its scenario's own is named with a suffix (' (1 conn.)', BENCH_CONNECTIONS): it also
 * replaces the row of the same path a whole run measured at that number under its own name ('visitas, page 1 ·
 * franqueador · 1 user'), so one path is not two rows of different days (16 such pairs on 2026-12-04).
 */
export function mergeTable(previous: Table, rows: TableRow[], whole: boolean, cores: number): Table {
  if (whole) return { cores, rows };
  const fresh = new Map(rows.map((r) => [r.scenario, r]));
  const unsuffixed = (r: TableRow) => r.scenario.replace(/ \(\d+ conn\.\)$/, '');
  const superseded = new Set(
    rows.filter((r) => unsuffixed(r) !== r.scenario).map((r) => `${unsuffixed(r)}|${r.connections}`),
  );
  const merged = previous.rows
    .filter((r) => fresh.has(r.scenario) || !superseded.has(`${r.scenario}|${r.connections}`))
    .map((r) => fresh.get(r.scenario) ?? r);
  const known = new Set(merged.map((r) => r.scenario));
  return { cores: previous.cores ?? cores, rows: [...merged, ...rows.filter((r) => !known.has(r.scenario))] };
}
