/**
 * Issue 46's scale table: what page 1, each filter and each search of the lists that read the leads cost at
 * 1,000,000 leads and at 10,000,000, for one user (1 connection), and how much the cost grew (the target: at most
 * 25%). The same scenarios are measured on two databases `npm run bench:data` loaded from the same seed, the second
 * with `BENCH_LEADS_SCALE=10` (ADR 120), in turns: 1M, 10M, 1M, 10M.
 *
 *   npx tsx bench/scale.ts 1000000=bench/results/<a>.json 10000000=bench/results/<b>.json 1000000=<c> 10000000=<d>
 *
 * records `bench/scale.json` (committed) and renders BENCHMARKS.md's scale section; with no arguments it only
 * renders. Of a scenario's turns at one size, the cheaper is kept: what another process on the shared machine adds
 * to a turn is noise, never the path's own cost. `tests/docs/benchmarks.test.ts` renders the section again and
 * fails when the page says anything else.
 *
 * The cost compared is the CPU a request cost, the server's and PostgreSQL's together (ADR 040): it is what grows
 * with the data, where a one-connection p99 on a shared machine moves with the neighbours too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BENCHMARKS_FILE, refused, root, type Row, withSection } from './table';

export const SCALE_FILE = join(root, 'bench/scale.json');
export const SCALE_START = '<!-- generated-scale:start -->';
export const SCALE_END = '<!-- generated-scale:end -->';
/** Issue 46: the cost may grow by this much from 1M to 10M leads. */
export const GROWTH_ALLOWED = 0.25;
/** The rows the page shows, the most grown first. */
const SHOWN = 15;

export interface Cost {
  appCpuMs: number;
  dbCpuMs: number;
  p99: number;
  turns: number;
}

export interface ScaleRow {
  scenario: string;
  /** By number of leads. */
  at: Record<string, Cost>;
}

export interface ScaleTable {
  /** The sizes compared, smaller first, and when each was measured. */
  sizes: { leads: number; measured: string[] }[];
  rows: ScaleRow[];
}

const total = (c: Cost) => c.appCpuMs + c.dbCpuMs;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The growth of a row's cost from the smallest size to the largest (0.1 = 10% more), or null when one is missing. */
export function growth(row: ScaleRow, sizes: number[]): number | null {
  const small = row.at[String(sizes[0])];
  const large = row.at[String(sizes[sizes.length - 1])];
  if (!small || !large || total(small) === 0) return null;
  return total(large) / total(small) - 1;
}

/** Merges runs (`leads=results.json`) into a table: per scenario and size, the cheaper turn. */
export function mergeRuns(runs: { leads: number; date: string; rows: Row[] }[]): ScaleTable {
  const sizes = new Map<number, string[]>();
  const rows = new Map<string, ScaleRow>();
  for (const run of runs) {
    sizes.set(run.leads, [...(sizes.get(run.leads) ?? []), run.date]);
    for (const r of run.rows) {
      if (refused(r) || r.appCpuMs === undefined || r.dbCpuMs === undefined || r.rps === 0) continue;
      const row = rows.get(r.scenario) ?? { scenario: r.scenario, at: {} };
      const before = row.at[String(run.leads)];
      const cost: Cost = { appCpuMs: r.appCpuMs, dbCpuMs: r.dbCpuMs, p99: r.p99, turns: 1 };
      row.at[String(run.leads)] =
        before === undefined ? cost : { ...(total(cost) < total(before) ? cost : before), turns: before.turns + 1 };
      rows.set(r.scenario, row);
    }
  }
  return {
    sizes: [...sizes].sort(([a], [b]) => a - b).map(([leads, measured]) => ({ leads, measured: measured.sort() })),
    rows: [...rows.values()].sort((a, b) => a.scenario.localeCompare(b.scenario)),
  };
}

const millions = (n: number) => `${n / 1_000_000}M`;
const pct = (g: number) => `${g >= 0 ? '+' : ''}${Math.round(g * 100)}%`;
const cost = (c: Cost | undefined) => (c ? `${round2(c.appCpuMs)} + ${round2(c.dbCpuMs)}` : '—');

/** The section: the verdict, then the rows that grew most. */
export function scaleSection(table: ScaleTable): string {
  const sizes = table.sizes.map((s) => s.leads);
  if (sizes.length < 2) return 'Not measured yet: the scale table needs runs at two sizes.';
  const [small, large] = [sizes[0]!, sizes[sizes.length - 1]!];
  const compared = table.rows
    .map((row) => ({ row, g: growth(row, sizes) }))
    .filter((x): x is { row: ScaleRow; g: number } => x.g !== null);
  const within = compared.filter((x) => x.g <= GROWTH_ALLOWED);
  const medianGrowth = [...compared].sort((a, b) => a.g - b.g)[Math.floor(compared.length / 2)]?.g ?? 0;
  const when = (leads: number) => table.sizes.find((s) => s.leads === leads)!.measured.map((d) => d.slice(0, 16));
  return [
    `**${within.length} of ${compared.length} paths cost at most ${Math.round(GROWTH_ALLOWED * 100)}% more at ` +
      `${millions(large)} leads than at ${millions(small)}** (CPU per request, the server's + PostgreSQL's, one ` +
      `connection; median growth ${pct(medianGrowth)}). ${millions(small)} measured ${when(small).join(', ')}; ` +
      `${millions(large)} measured ${when(large).join(', ')}; each size's cheaper turn is kept.`,
    '',
    `The ${Math.min(SHOWN, compared.length)} that grew most:`,
    '',
    `| scenario | CPU ms/req at ${millions(small)} | at ${millions(large)} | growth | p99 ms at ${millions(small)} | at ${millions(large)} |`,
    '| --- | --: | --: | --: | --: | --: |',
    ...[...compared]
      .sort((a, b) => b.g - a.g)
      .slice(0, SHOWN)
      .map(
        ({ row, g }) =>
          `| ${row.scenario.replaceAll('|', '\\|')} | ${cost(row.at[String(small)])} | ${cost(row.at[String(large)])} | ${pct(g)} | ${row.at[String(small)]!.p99} | ${row.at[String(large)]!.p99} |`,
      ),
  ].join('\n');
}

/** The page with its scale section replaced by what `table` gives. */
export const withScale = (doc: string, table: ScaleTable) =>
  withSection(doc, SCALE_START, SCALE_END, scaleSection(table));

export async function readScale(file = SCALE_FILE): Promise<ScaleTable> {
  return JSON.parse(await readFile(file, 'utf8')) as ScaleTable;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const table = args.length
    ? mergeRuns(
        args.map((arg) => {
          const [leads, file] = arg.split('=');
          const run = JSON.parse(readFileSync(file!, 'utf8')) as { date: string; rows: Row[] };
          return { leads: Number(leads), date: run.date, rows: run.rows };
        }),
      )
    : await readScale();
  if (args.length) writeFileSync(SCALE_FILE, `${JSON.stringify(table, null, 1)}\n`);
  writeFileSync(BENCHMARKS_FILE, await withScale(readFileSync(BENCHMARKS_FILE, 'utf8'), table));
  console.log(scaleSection(table));
}
