/**
 * `npm run bench:web`: the web targets of issue 8, on the production build and the embedded database with the
 * demo data:
 *   - `npm start` (the README's command) on a data directory that already holds the demo network: time from the
 *     spawn to the first 200 from /api/health (median of BENCH_WEB_STARTS runs) and the server's memory; the
 *     very first start on an empty directory (migrations and demo data) is reported beside it;
 *   - the JavaScript each page downloads on its first load in Chromium, gzip-encoded as the server sends it, and
 *     that /credito-estudantil fetches none of the staff application's chunks;
 *   - Lighthouse (its default mobile emulation and throttling) on /credito-estudantil and /auth: the median of
 *     BENCH_WEB_LIGHTHOUSE_RUNS runs.
 * Prints one table and writes it as JSON to bench/results/web-<date>.json.
 *
 *   npm run bench:web
 *   BENCH_WEB_STARTS=3 BENCH_WEB_LIGHTHOUSE_RUNS=1 npm run bench:web     # quicker
 *   BENCH_WEB_ONLY=start npm run bench:web                                     # only the starts (or: pages)
 *   BENCH_WEB_URL=http://127.0.0.1:5000 BUILD_OUT_DIR=dist npm run bench:web   # only the pages, on a running server
 *
 * Needs Chromium (CHROME_PATH, default /usr/bin/chromium). The build goes to BUILD_OUT_DIR (default
 * .builds/bench-web), and the servers it starts serve that build, so dist/ is left alone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { importBenchTool } from './on-demand';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(root, process.env.BUILD_OUT_DIR ?? '.builds/bench-web');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const starts = Number(process.env.BENCH_WEB_STARTS ?? 5);
const lighthouseRuns = Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 5392);
/** `start` or `pages` measures only that part. */
const only = process.env.BENCH_WEB_ONLY;
/** An already running server (serving the build in BUILD_OUT_DIR): only the pages are measured. */
const runningServer = process.env.BENCH_WEB_URL?.replace(/\/+$/, '');
const base = runningServer ?? `http://127.0.0.1:${PORT}`;
const PUBLIC_PAGE = '/credito-estudantil';
const STAFF_FIRST_PAGE = '/auth';

interface Row {
  metric: string;
  value: string;
  target: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const details: Record<string, unknown> = {};

function record(metric: string, value: string, target: string, ok: boolean | null): void {
  rows.push({ metric, value, target, ok });
  console.log(
    `${ok === null ? '    ' : ok ? 'ok  ' : 'MISS'} ${metric}: ${value}${target ? ` (target ${target})` : ''}`,
  );
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- the server, started the way the README says --------------------------------------------------------------

/** The pids below `pid`, from /proc (npm runs `sh -c "node scripts/start.mjs"`, which runs the server). */
function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const task of safeReaddir(`/proc/${pid}/task`)) {
    const list = safeRead(`/proc/${pid}/task/${task}/children`).trim();
    for (const child of list ? list.split(/\s+/).map(Number) : []) children.push(child, ...descendants(child));
  }
  return children;
}
function safeReaddir(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}
function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
function serverPid(npm: ChildProcess): number | undefined {
  return descendants(npm.pid!).find((pid) => {
    const [program, script] = safeRead(`/proc/${pid}/cmdline`).split('\0');
    return /(^|\/)node$/.test(program ?? '') && (script ?? '').endsWith('scripts/start.mjs');
  });
}
/** Resident memory and its peak so far, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = safeRead(`/proc/${pid}/status`);
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

interface Started {
  npm: ChildProcess;
  pid: number;
  ms: number;
  rebuilt: boolean;
}

async function startServer(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BUILD_OUT_DIR: outDir,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: base,
    LOG_LEVEL: 'warn',
  };
  // The demo network is refused in production; the README's quick start runs without NODE_ENV.
  delete env.NODE_ENV;
  let output = '';
  const t0 = performance.now();
  const npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
      if (performance.now() - t0 > 180_000) throw new Error(`npm start answered no health check in 180 s:\n${output}`);
      try {
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(10);
    }
    const ms = performance.now() - t0;
    const pid = serverPid(npm);
    if (pid === undefined) throw new Error('the server process under npm start was not found');
    return { npm, pid, ms, rebuilt: output.includes('build finished') };
  } catch (error) {
    for (const pid of [...descendants(npm.pid!), npm.pid!]) {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
    throw error;
  }
}

async function stopServer({ npm, pid }: Started): Promise<void> {
  const exited = new Promise<void>((r) => (npm.exitCode !== null ? r() : npm.once('exit', () => r())));
  process.kill(pid, 'SIGINT'); // the server closes the embedded database cleanly on SIGINT
  await Promise.race([exited, sleep(15_000)]);
  if (npm.exitCode === null) npm.kill('SIGKILL');
  // The port and the data directory's lock are free once the server process is gone.
  for (let i = 0; i < 300 && existsSync(`/proc/${pid}`); i++) await sleep(20);
}

async function measureStarts(dataDir: string): Promise<void> {
  const first = await startServer(dataDir);
  await sleep(2000);
  const firstMemory = memory(first.pid);
  await stopServer(first);
  record(
    'npm start, empty data dir (migrations + demo data), to first 200',
    `${(first.ms / 1000).toFixed(2)} s${first.rebuilt ? ' (including a rebuild)' : ''}; ` +
      `RSS ${firstMemory.rss.toFixed(0)} MB, peak ${firstMemory.peak.toFixed(0)} MB`,
    '',
    null,
  );

  const times: number[] = [];
  const memories: { rss: number; peak: number }[] = [];
  for (let attempt = 0; times.length < starts && attempt < starts * 2; attempt++) {
    const run = await startServer(dataDir);
    await sleep(2000); // settled: after the first requests, timers and the statistics refresh
    const used = memory(run.pid);
    await stopServer(run);
    // Another change to the sources makes npm start build again first: that start is not the one measured.
    if (run.rebuilt) {
      console.warn('  (npm start rebuilt the client first: the sources changed during the run; started again)');
      continue;
    }
    times.push(run.ms);
    memories.push(used);
  }
  if (times.length === 0) throw new Error('every start rebuilt the client: the sources kept changing');
  const startMs = median(times);
  const rss = Math.max(...memories.map((m) => m.rss));
  const peak = Math.max(...memories.map((m) => m.peak));
  details.start = { firstStartMs: Math.round(first.ms), firstMemory, timesMs: times.map(Math.round), memories };
  record(
    `npm start, demo data in place, to first 200 (median of ${times.length})`,
    `${(startMs / 1000).toFixed(2)} s (runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    '≤ 3 s',
    startMs <= 3000,
  );
  record(
    'server memory after start (RSS, 2 s after the first 200; peak during start)',
    `${rss.toFixed(0)} MB; peak ${peak.toFixed(0)} MB`,
    '≤ 400 MB',
    peak <= 400,
  );
}

// --- JavaScript per page ---------------------------------------------------------------------------------------

/**
 * The built client's chunks that only the staff application uses: everything reachable from its entry
 * (app/staff-app.tsx: the router, the query cache, the shell, the screens and their libraries) that neither the
 * entry's own imports nor a public page reaches. Stricter than tests/e2e/public.spec.ts, which lists the staff
 * modules' own chunks but not the shared ones (the router's, for one).
 */
function staffOnlyChunks(): Set<string> {
  type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
  const manifest = JSON.parse(readFileSync(join(outDir, 'client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const reach = (keys: string[], dynamic: boolean) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      // The entry's dynamic imports are every page's start (the chunks import the entry for its helpers).
      const lazy = dynamic && !chunk.isEntry ? (chunk.dynamicImports ?? []) : [];
      for (const next of [...(chunk.imports ?? []), ...lazy]) visit(next);
    };
    keys.forEach(visit);
    return new Set([...seen].map((key) => manifest[key]!.file));
  };
  const keys = Object.keys(manifest);
  const staffEntry = keys.filter((key) => key === 'app/staff-app.tsx');
  if (staffEntry.length === 0) throw new Error('app/staff-app.tsx is not in the build manifest');
  const shared = new Set([
    ...reach(
      keys.filter((key) => manifest[key]!.isEntry),
      false,
    ),
    ...reach(
      keys.filter((key) => key.startsWith('app/routes/public/')),
      true,
    ),
  ]);
  return new Set([...reach(staffEntry, true)].filter((file) => !shared.has(file)));
}

interface Script {
  path: string;
  bytes: number;
  encoding: string;
}

async function measureJavaScript(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const staff = staffOnlyChunks();
  try {
    const load = async (path: string, then?: (page: Page) => Promise<void>) => {
      const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
      const page = await context.newPage();
      const pending: Promise<Script>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(
          (async () => ({
            path: new URL(response.url()).pathname,
            bytes: (await response.request().sizes()).responseBodySize,
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          }))(),
        );
      });
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      const firstLoad = (await Promise.all(pending)).length;
      if (then) {
        await then(page);
        await page.waitForLoadState('networkidle');
      }
      const scripts = await Promise.all(pending);
      await context.close();
      const notGzip = scripts.filter((s) => s.encoding !== 'gzip' && s.bytes > 1024);
      if (notGzip.length) throw new Error(`not sent gzip-encoded: ${notGzip.map((s) => s.path).join(', ')}`);
      return { first: scripts.slice(0, firstLoad), all: scripts };
    };
    const sum = (scripts: Script[]) => scripts.reduce((total, s) => total + s.bytes, 0);

    const publicPage = await load(PUBLIC_PAGE, async (page) => {
      // The visitor signs up: a city, an event, and a first (empty) submit that runs the form's checks.
      const cidade = page.getByLabel('Cidade');
      await cidade.selectOption({ index: 1 });
      const evento = page.getByLabel('Evento');
      await evento.locator('option').nth(1).waitFor({ state: 'attached' });
      await evento.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
      await page.getByText('Nome do aluno é obrigatório', { exact: true }).waitFor();
    });
    const staffFetched = publicPage.all.filter((s) => staff.has(s.path.replace(/^\//, '')));
    details.javascript = { [PUBLIC_PAGE]: publicPage };
    record(
      `JavaScript for ${PUBLIC_PAGE}, first load (gzip)`,
      `${kb(sum(publicPage.first))} in ${publicPage.first.length} files`,
      '≤ 100 KB',
      sum(publicPage.first) <= 100 * 1024,
    );
    record(
      `  the same, with the form filled and sent once`,
      `${kb(sum(publicPage.all))} in ${publicPage.all.length} files`,
      '',
      null,
    );
    record(
      `  staff-application chunks fetched by ${PUBLIC_PAGE}`,
      staffFetched.length ? staffFetched.map((s) => s.path).join(', ') : 'none',
      'none',
      staffFetched.length === 0,
    );

    const auth = await load(STAFF_FIRST_PAGE);
    (details.javascript as Record<string, unknown>)[STAFF_FIRST_PAGE] = auth;
    record(
      `JavaScript for ${STAFF_FIRST_PAGE}, first load (gzip)`,
      `${kb(sum(auth.first))} in ${auth.first.length} files`,
      '≤ 250 KB',
      sum(auth.first) <= 250 * 1024,
    );
  } finally {
    await browser.close();
  }
}

// --- Lighthouse --------------------------------------------------------------------------------------------------

const LIGHTHOUSE_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/** The little of Lighthouse and chrome-launcher this file uses (both installed on demand: bench/on-demand.ts). */
interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string; message: string };
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { displayValue?: string } | undefined>;
  };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
type ChromeLauncher = {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};

/** One Lighthouse run; a run that fails to record the page (it happens on a busy machine) is tried again. */
async function lighthouseRun(lighthouse: Lighthouse, url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    console.warn(`  (Lighthouse on ${url}: ${result.lhr.runtimeError.code}; trying again)`);
  }
}

async function measureLighthouse(): Promise<void> {
  const { default: lighthouse } = await importBenchTool<{ default: Lighthouse }>('lighthouse');
  const chromeLauncher = await importBenchTool<ChromeLauncher>('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const results: Record<string, unknown> = {};
  try {
    for (const path of [PUBLIC_PAGE, STAFF_FIRST_PAGE]) {
      const runs: { performance: number; accessibility: number; metrics: Record<string, string> }[] = [];
      for (let i = 0; i < lighthouseRuns; i++) {
        const lhr = await lighthouseRun(lighthouse, `${base}${path}`, chrome.port);
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          metrics: Object.fromEntries(LIGHTHOUSE_METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? '?'])),
        });
      }
      const performanceScore = median(runs.map((r) => r.performance));
      const accessibility = Math.min(...runs.map((r) => r.accessibility));
      const middle = runs.find((r) => r.performance === performanceScore) ?? runs[0]!;
      results[path] = runs;
      record(
        `Lighthouse mobile ${path}: performance (median of ${runs.length})`,
        `${performanceScore} (runs: ${runs.map((r) => r.performance).join(', ')}; ` +
          `FCP ${middle.metrics['first-contentful-paint']}, LCP ${middle.metrics['largest-contentful-paint']}, ` +
          `TBT ${middle.metrics['total-blocking-time']}, CLS ${middle.metrics['cumulative-layout-shift']})`,
        '≥ 95',
        performanceScore >= 95,
      );
      record(`Lighthouse mobile ${path}: accessibility`, String(accessibility), '100', accessibility === 100);
    }
  } finally {
    chrome.kill();
  }
  details.lighthouse = results;
}

// --- the run -----------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (runningServer) {
    await measureJavaScript();
    if (lighthouseRuns > 0) await measureLighthouse();
    finish();
    return;
  }
  console.log(`building into ${outDir}`);
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BUILD_OUT_DIR: outDir },
  });
  if (build.status !== 0) throw new Error('the build failed');

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  try {
    if (only !== 'pages') await measureStarts(dataDir);
    if (only !== 'start') {
      const server = await startServer(dataDir);
      try {
        await measureJavaScript();
        if (lighthouseRuns > 0) await measureLighthouse();
      } finally {
        await stopServer(server);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  finish();
}

function finish(): void {
  console.log('');
  console.table(rows);
  const date = new Date().toISOString();
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results', `web-${date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        date,
        machine: {
          cpus: cpus().length,
          model: cpus()[0]?.model,
          memoryGb: Math.round(totalmem() / 2 ** 30),
          node: process.version,
          chromium: spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim(),
        },
        rows,
        details,
      },
      null,
      2,
    ),
  );
  console.log(`written to ${file}`);
  process.exit(rows.every((r) => r.ok !== false) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
