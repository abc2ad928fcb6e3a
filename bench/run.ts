/**
 * `npm run bench`: starts the production server on the bench database (npm run bench:data) and drives it with
 * autocannon through the scenarios of issue 8, next to two ceilings measured in the same run: (a) a bare
 * node:http hello-world at the same concurrency, (b) the endpoint's own query, called in-process straight
 * through pg at the same concurrency. Prints one table and writes it as JSON to bench/results/.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench
 *   BENCH_DURATION=10 BENCH_ONLY='leads|dashboard' npm run bench     # shorter runs, a subset of scenarios
 *   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench                # the server's flags (a profile)
 *   BENCH_PLAN=1 BENCH_RESUME=bench/table.json npm run bench       # what a run would measure, without measuring
 *   BENCH_PRUNE=1 npm run bench                                    # drops rows named for samples this data lacks
 *   BENCH_CONNECTIONS=1 BENCH_ONLY='conceicao' npm run bench       # one user's latency (rows named '(1 conn.)')
 *   BENCH_SERVER=../old/.builds/bench npm run bench                # another tree's built server (before and after)
 *   BENCH_MIN_REQUESTS=1000 BENCH_MAX_DURATION=20 npm run bench   # each row from at least that many requests (ADR 125)
 *   BENCH_MATCH='^mixed load' BENCH_TURNS=3 npm run bench          # the mixed load, one instance and two (ADR 134)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { count, sql } from 'drizzle-orm';
import type { Actor } from '../src/server/access/actor';
import { leadsVisibleTo } from '../src/server/access/scope';
import type { Database } from '../src/server/db/connect';
import { SESSION_OPTIONS, connectPostgres } from '../src/server/db/postgres';
import * as schema from '../src/server/db/schema';
import { leads } from '../src/server/db/schema';
import { countMetrics } from '../src/server/modules/dashboard/dashboard.repository';
import { listClientes } from '../src/server/modules/clientes/clientes.repository';
import { listFranquias } from '../src/server/modules/franquias/franquias.repository';
import { listLeads } from '../src/server/modules/leads/leads.repository';
import { listMicroFranquias } from '../src/server/modules/micro-franquias/micro-franquias.repository';
import { listUsuarios } from '../src/server/modules/usuarios/usuarios.repository';
import { listMatriculas } from '../src/server/modules/matriculas/matriculas.repository';
import { listPreMatriculas } from '../src/server/modules/pre-matriculas/pre-matriculas.repository';
import { funnelListQuerySchema } from '../src/shared/schemas/funnel';
import { type Agrupamento, agrupamentosFor } from '../src/shared/schemas/relatorios';
import { BENCH_PASSWORD } from './accounts';
import { reportScenarios } from './relatorios';
import { metasScenarios } from './metas';
import { checkInScenarios, garantirVisitas } from './check-in';
import { inadimplenciaScenarios } from './inadimplencia';
import { followUpScenarios, followedLeadIds } from './acompanhamento';
import { auditScenarios, busiestMicroUser, pendingPreMatriculas } from './auditoria';
import { lgpdBenchInput, lgpdScenarios } from './lgpd';
import { busyTicketIds, conversationPathOf, sacScenarios } from './sac';
import { eventosComVagas, familiasNaPorta, inscricaoScenarios } from './inscricoes';
import { desfazer, IMPORTACAO_BENCH_LINHAS, importar } from './importacao';
import { MIXED_LOAD_ROWS, mixedRequests, startInstances } from './instances';
import { contratoScenarios, contratosNaEspera } from './contratos';
import { COBRANCA_ENV, cobrancaBenchInput, cobrancaScenarios, gatewayDoBench, rodarJobDiario } from './cobranca';
import { ledgerBenchInput, ledgerScenarios, rodarFechamento } from './ledgers';
import { avisosDesde, WHATSAPP_ENV, whatsappDoBench } from './whatsapp';
import {
  ACCOUNT_ROLES,
  type BenchAccount,
  listRoutes,
  listScenarios,
  publicScenarios,
  writeScenarios,
  type Samples,
} from './generated';
import {
  BENCHMARKS_FILE,
  FULL_TABLE_FILE,
  TABLE_FILE,
  fullTable,
  mergeTable,
  readTable,
  refused,
  targetAt,
  withSummary,
  withoutOrphans,
  type Row,
  type Table,
} from './table';

const root = fileURLToPath(new URL('..', import.meta.url));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const duration = Number(process.env.BENCH_DURATION ?? 10);
/**
 * A row's p99 is read from at least BENCH_MIN_REQUESTS requests (ADR 125): a run that the warm-up's rate says would
 * answer fewer lasts longer, up to BENCH_MAX_DURATION seconds. Of 190 requests (a 500-row page for one user over 3 s)
 * the p99 is the second slowest, and one pause decided it: the same path read 21 to 68 ms from run to run.
 */
const minRequests = Number(process.env.BENCH_MIN_REQUESTS ?? 1000);
const maxDuration = Math.max(duration, Number(process.env.BENCH_MAX_DURATION ?? 20));

/** How long a scenario runs: BENCH_DURATION, or longer when that would answer fewer than minRequests. */
function secondsFor(warm: { requests: number; seconds: number } | null): number {
  if (!warm || warm.requests <= 0 || warm.seconds <= 0) return duration;
  const needed = Math.ceil((minRequests * warm.seconds) / warm.requests);
  return Math.min(maxDuration, Math.max(duration, needed));
}
/** Seconds of unmeasured requests before each scenario (BENCH_WARMUP=0: none). */
const warmup = Number(process.env.BENCH_WARMUP ?? 1);
/** BENCH_CONNECTIONS: every scenario at this many connections instead of its own (1: one user's latency). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || undefined;
/** `BENCH_ONLY=a|b`: the scenarios whose name or path holds any of the parts. */
const only = process.env.BENCH_ONLY;
const onlyParts = only?.split('|') ?? [];
/** `BENCH_SKIP=a|b`: of those, not the ones whose name holds any of these (issue 46's scale table: page 1 only). */
const skipParts = process.env.BENCH_SKIP?.split('|').filter(Boolean) ?? [];
/** `BENCH_MATCH=<regular expression>`: of those, the ones whose name it matches (a run cut into turns by account). */
const match = process.env.BENCH_MATCH ? new RegExp(process.env.BENCH_MATCH) : undefined;
const chosen = (name: string, path: string) =>
  (!only || onlyParts.some((p) => name.includes(p) || path.includes(p))) &&
  !skipParts.some((p) => name.includes(p)) &&
  (!match || match.test(name));

/** The application_name of the measured server's connections to the bench database. */
const BENCH_SERVER_APP = 'bench-server';
const PORT = 5390;
const HELLO_PORT = 5391;
/** The mixed load's instances (5392 and 5393 are the bench's gateway and Cloud API). */
const MIXED_LOAD_PORT = 5394;
const base = `http://127.0.0.1:${PORT}`;

interface Target {
  p99?: number;
  rps?: number;
}
interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  account?: string;
  /** The path, when it depends on what the data holds (the deepest page): null skips the scenario. */
  resolvePath?: () => Promise<string | null>;
  connections: number;
  target: Target;
  /** The endpoint's own query, for ceiling (b). */
  query?: (db: Database, actor: Actor) => Promise<unknown>;
  /** The total the list must report exactly. */
  exactTotal?: (db: Database, actor: Actor) => Promise<number>;
  body?: (n: number) => unknown;
  /** The path per request, when it is not always the same (a POST's record, a search's query). */
  pathFor?: (n: number) => string;
  /** The table whose new rows prove each 201 was stored (default: leads). */
  storedIn?: string;
  /** Compares the answer's numbers with a row-by-row count (the reports). */
  exact?: (db: Database, actor: Actor, answer: unknown) => Promise<string>;
  /** Headers of its own (the gateway's webhook token). */
  headers?: Record<string, string>;
}

const listQuery = (q: Record<string, unknown>) => funnelListQuerySchema.parse(q);

async function loadActor(db: Database, email: string): Promise<Actor> {
  const result = await db.execute(sql`
    select u.id, u.email, u.nome, u.role, u.franqueador_id as "franqueadorId", u.franquia_id as "franquiaId",
      u.micro_franquia_id as "microFranquiaId", u.cliente_id as "clienteId", v.id as "vendedorId"
    from users u left join vendedores v on v.user_id = u.id where u.email = ${email}`);
  const actor = (result as unknown as { rows: Actor[] }).rows[0];
  if (!actor) throw new Error(`${email} is not in the bench database: run npm run bench:data first`);
  return actor;
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** The first of the vendedor's clientes, and its edit body as it stands (issue 17's audited write). */
async function clienteAsItIs(cookie: string): Promise<{ id: string; body: Record<string, unknown> }> {
  const [cliente] = (await (await fetch(`${base}/api/clientes?pageSize=1`, { headers: { cookie } })).json()) as {
    id: string;
    nomeFantasia: string;
    cnpj: string;
    repLegal: string;
    produto: string;
    kit: string;
    cep: string | null;
    cidade: string | null;
    estado: string | null;
    user: { email: string; cpf: string | null; telefone: string | null; endereco: string | null };
  }[];
  const { id, nomeFantasia, cnpj, repLegal, produto, kit, cep, cidade, estado, user } = cliente!;
  const body = { nomeFantasia, cnpj, repLegal, produto, kit, cep, cidade, estado, ...user };
  return { id, body: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)) };
}

/** One of the cliente's events, and its edit body as it stands (issue 21's write side: editing an event). */
async function eventoAsItIs(cookie: string): Promise<{ id: string; body: Record<string, unknown> } | null> {
  const [evento] = (await (await fetch(`${base}/api/eventos?pageSize=1`, { headers: { cookie } })).json()) as Record<
    string,
    unknown
  >[];
  if (!evento) return null;
  const keys = ['nomeEscola', 'tipoEscola', 'cep', 'cidade', 'estado', 'dataDistribuicao', 'dataEvento', 'horario'];
  const more = ['local', 'qtdAlunos', 'valorTotalDesconto', 'observacao', 'status', 'vagas', 'inscricoesAte'];
  const body = Object.fromEntries([...keys, ...more].map((k) => [k, evento[k]]).filter(([, v]) => v !== null));
  const cursos = (evento.cursos as { id: string }[] | undefined) ?? [];
  return { id: String(evento.id), body: { ...body, cursoIds: cursos.map((c) => c.id) } };
}

/**
 * autocannon's run. A run whose requests need no function of this process (no per-request path or body) runs in a
 * worker thread of its own (ADR 125): in this process its client shared a 115 MB heap with the harness, whose
 * collections (scavenges up to 18 ms, mark-compacts up to 16 ms) landed inside the requests they timed -- a 500-row
 * page that answers at p99 25 ms read 51.
 */
function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  const ownThread = !options.requests?.some((r) => r.setupRequest ?? r.onResponse);
  return new Promise((resolve, reject) => {
    const instance = autocannon(ownThread ? { ...options, workers: 1 } : options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

interface CapturedQuery {
  text: string;
  values: unknown[];
}

/**
 * The SQL an endpoint's repository function sends, recorded once through a drizzle instance that logs every
 * query, so ceiling (b) can replay exactly that SQL straight through `pg`, without the app or drizzle.
 */
async function captureSql(pool: pg.Pool, run: (db: Database) => Promise<unknown>): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const logging = drizzlePg(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, values) => captured.push({ text, values }) },
  }) as unknown as Database;
  await run(logging);
  return captured;
}

/** Ceiling (b): the same query, `connections` callers at once, straight through the pg pool. */
async function measureQuery(run: () => Promise<unknown>, connections: number, seconds: number) {
  const latencies: number[] = [];
  const stopAt = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < stopAt) {
        const t = performance.now();
        await run();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

/** CPU time used so far by a process, in ms (utime + stime from /proc; 0 once it has gone). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** The database the bench reads, whose backends' CPU is the run's. */
const BENCH_DATABASE = new URL(databaseUrl).pathname.slice(1);

/**
 * CPU time used so far by each PostgreSQL process on this machine (the bench database is local), by pid: the
 * shared processes (WAL writer, checkpointer, parallel and autovacuum workers) and the backends of the bench's own
 * database. A backend of another database (another session's tests on the same cluster) is not this run's work:
 * counted, it once made one path cost ten times more in one turn than in the next.
 */
function postgresCpuMs(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      // A backend's title: 'postgres: 15/main: <user> <database> <client> <state>'.
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const backendOf = /^postgres: (?:[^:]+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(title)?.[1];
      if (backendOf === undefined || backendOf === BENCH_DATABASE) byPid.set(Number(entry), cpuMsOf(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/**
 * The CPU PostgreSQL used between two readings: each process's own difference, a process that started meanwhile
 * counted whole. A process that ended meanwhile (an autovacuum worker) is left out rather than subtracted.
 */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuMs()) total += ms - (before.get(pid) ?? 0);
  return total;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

/** Renders the table: its summary into BENCHMARKS.md between the markers, every row into bench/results/table.md. */
async function writeDoc(table: Table): Promise<void> {
  writeFileSync(BENCHMARKS_FILE, await withSummary(readFileSync(BENCHMARKS_FILE, 'utf8'), table));
  mkdirSync(dirname(FULL_TABLE_FILE), { recursive: true });
  writeFileSync(FULL_TABLE_FILE, fullTable(table));
}

async function main() {
  // BENCH_RENDER=1: only renders BENCHMARKS.md's summary and bench/results/table.md again from bench/table.json
  // (nothing is measured).
  if (process.env.BENCH_RENDER === '1') {
    await writeDoc(await readTable());
    console.log("BENCHMARKS.md's summary and bench/results/table.md are rendered from bench/table.json");
    return;
  }
  // BENCH_SERVER=<another tree>/.builds/bench: that tree's server, built there by its own bench run, driven by
  // these scenarios -- a change's before and after measured by the same harness, in turns.
  const out = process.env.BENCH_SERVER ?? join(root, '.builds/bench');
  if (!process.env.BENCH_SERVER) {
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
      stdio: 'inherit',
      env: { ...process.env, BUILD_OUT_DIR: '.builds/bench' },
    });
    if (build.status !== 0) throw new Error('build failed');
  } else if (!existsSync(join(out, 'server/server.js'))) {
    throw new Error(`BENCH_SERVER: no server/server.js in ${out} (build it there with BUILD_OUT_DIR=.builds/bench)`);
  }

  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': the server's own flags, to profile where its time goes.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // A data directory of the run's own: the e-mails the sign-ups send go to its outbox, not to ./data's, where
  // the runs before left theirs (hundreds of thousands of files make every open slower, and the start walks them).
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-run-'));
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    // Its connections carry this name (node-postgres reads PGAPPNAME), so the end of the run stops only theirs.
    PGAPPNAME: BENCH_SERVER_APP,
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: base,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_FORGOT_PASSWORD: '1000000',
    RATE_LIMIT_PUBLIC: '100000000',
    // No daily jobs of its own (ADR 065): the first start of each day otherwise ran the day's royalties invoices
    // (1,523, each through the gateway), the retention's anonymisation and the audit purge inside the first
    // scenarios' windows (a 500-row page measured 22.0 + 20.3 ms of CPU per request, 14.5 + 12.9 on the day's next
    // start) and changed the data the next run reads. A scenario that
    // needs a daily job runs it by hand (`rodarJob`, bench/cobranca.ts).
    JOBS_DIARIAS: '0',
    // Issue 43 (ADR 084): billing through the bench's own Asaas (bench/cobranca.ts).
    ...COBRANCA_ENV,
    // Issue 47 (ADR 103): WhatsApp's notices through the bench's own Cloud API (bench/whatsapp.ts).
    ...WHATSAPP_ENV,
  };
  const server = spawn(process.execPath, [...nodeArgs, join(out, 'server/server.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnv,
  });
  const hello = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('hello')).listen(${HELLO_PORT}, '127.0.0.1')`],
    { stdio: 'ignore' },
  );
  const db = (await connectPostgres(databaseUrl, 16)).db;
  // The same SQL through `pg` alone, on connections set as the app's are (ADR 115).
  const rawPool = new pg.Pool({ connectionString: databaseUrl, max: 16, options: SESSION_OPTIONS });
  const gateway = await gatewayDoBench(db);
  /** What the run opened besides, closed at its end. */
  const closers: (() => void)[] = [];
  try {
    await waitForHealth(`${base}/api/health`, server);
    await waitForHealth(`http://127.0.0.1:${HELLO_PORT}/`, hello);

    const accounts = {
      franqueador: 'franqueador1@bench.com.br',
      franquia: 'franquia1@bench.com.br',
      cliente: 'cliente1@bench.com.br',
      vendedor: 'vendedor1@bench.com.br',
      micro: 'micro.franquia1@bench.com.br',
    };
    const actors = Object.fromEntries(
      await Promise.all(Object.entries(accounts).map(async ([k, email]) => [k, await loadActor(db, email)])),
    ) as Record<keyof typeof accounts, Actor>;
    const cookies = Object.fromEntries(
      await Promise.all(Object.entries(accounts).map(async ([k, email]) => [k, await signIn(email)])),
    ) as Record<keyof typeof accounts, string>;

    const busiest = (
      (await db.execute(sql`
        select l.evento_id as id, e.data_evento as data from leads l join eventos e on e.id = l.evento_id
        group by l.evento_id, e.data_evento order by count(*) desc limit 1`)) as unknown as {
        rows: { id: string; data: string }[];
      }
    ).rows[0]!;
    const openEvento = (
      (await db.execute(sql`
        select id from eventos where status = 'agendado' and is_active and data_evento >= current_date limit 1`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]!;
    // Issue 47: the bench's Cloud API, and a template for the sign-up's moment in that event's network.
    const zap = await whatsappDoBench(db, openEvento.id);
    closers.push(() => zap.server.close());
    const fragment = 'Oliveira';
    const dataFilter = String(busiest.data).slice(0, 10);
    // Counted row by row, not through the counters the endpoint reads: X-Total-Count must equal it.
    const leadsTotal = async (database: Database, actor: Actor) => {
      const [row] = await database.select({ n: count() }).from(leads).where(leadsVisibleTo(actor));
      return Number(row?.n ?? 0);
    };

    // Issue 21: the lists, filters, public pages and writes generated from the app's routes (bench/generated.ts).
    const one = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: { v: string }[] }).rows.map((r) => String(r.v));
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const openCity = (
      await one(sql`select cidade as v from eventos where is_active and status = 'agendado' and data_evento >= current_date
        group by cidade order by count(*) desc limit 1`)
    )[0];
    const samples: Samples = {
      eventoId: [busiest.id],
      id: [busiest.id],
      data: [dataFilter],
      de: [monthAgo],
      ate: [today],
      franquiaId: [actors.franquia.franquiaId!],
      microFranquiaId: await one(
        sql`select id as v from micro_franquias where franquia_id = ${actors.franquia.franquiaId} limit 1`,
      ),
      vendedorId: [actors.vendedor.vendedorId!],
      responsavelId: [actors.vendedor.vendedorId!],
      clienteId: [actors.cliente.clienteId!],
      usuarioId: [await busiestMicroUser(db)],
      entidadeId: [(await clienteAsItIs(cookies.vendedor)).id],
      estado: await one(sql`select estado as v from eventos where id = ${busiest.id}`),
      cidade: openCity ? [openCity] : [],
      status: ['em_contato', 'pendente', 'ativos'],
      retorno: ['hoje'],
      semContato: ['48h'],
      listaEspera: ['sim'],
      presenca: ['sim'],
      role: ['vendedor'],
      acao: ['cliente.editar'],
      entidade: ['cliente'],
      // Issue 43: the Parcelas list's due period and course.
      vencimentoDe: [monthAgo],
      vencimentoAte: [today],
      cursoId: await one(sql`select curso_id as v from parcelas where curso_id is not null limit 1`),
    };
    const routes = await listRoutes();
    const totalOf = async (path: string, account: string) => {
      const answer = await fetch(`${base}${path}`, { headers: { cookie: cookies[account as keyof typeof cookies] } });
      return Number(answer.headers.get('x-total-count') ?? 0);
    };
    // Each account's filters name records of its own scope: the busiest path of its leads.
    const scopeColumn = {
      franquia: 'franquia_id',
      micro: 'micro_franquia_id',
      vendedor: 'vendedor_id',
      cliente: 'cliente_id',
    };
    const scopeIdOf = (a: Actor, k: keyof typeof scopeColumn) =>
      ({ franquia: a.franquiaId, micro: a.microFranquiaId, vendedor: a.vendedorId, cliente: a.clienteId })[k];
    const scoped: Partial<Record<keyof typeof accounts, Samples>> = {};
    // BENCH_SCOPED_SAMPLES=0: the network-wide samples for every account, as runs before 2026-11-24 measured
    // (so a run resumed from one of those generates the same scenario names).
    const scopeColumns = process.env.BENCH_SCOPED_SAMPLES === '0' ? [] : Object.entries(scopeColumn);
    for (const [account, column] of scopeColumns as [keyof typeof scopeColumn, string][]) {
      const [path] = (
        (await db.execute(sql`
          select franquia_id, micro_franquia_id, vendedor_id, cliente_id, evento_id from leads
          where ${sql.identifier(column)} = ${scopeIdOf(actors[account], account)}
          group by 1, 2, 3, 4, 5 order by count(*) desc limit 1`)) as unknown as {
          rows: Record<string, string | null>[];
        }
      ).rows;
      if (!path) continue;
      // A column the busiest path leaves empty (a franquia's busiest leads may have no vendedor): the account's
      // most common value of it.
      for (const key of ['micro_franquia_id', 'vendedor_id', 'cliente_id'] as const) {
        if (path[key]) continue;
        const [common] = (
          (await db.execute(sql`
            select ${sql.identifier(key)} as v from leads
            where ${sql.identifier(column)} = ${scopeIdOf(actors[account], account)} and ${sql.identifier(key)} is not null
            group by 1 order by count(*) desc limit 1`)) as unknown as { rows: { v: string }[] }
        ).rows;
        path[key] = common?.v ?? null;
      }
      const only = (v: string | null | undefined) => (v ? [v] : []);
      scoped[account] = {
        franquiaId: only(path.franquia_id),
        microFranquiaId: only(path.micro_franquia_id),
        vendedorId: only(path.vendedor_id),
        responsavelId: only(path.vendedor_id),
        clienteId: only(path.cliente_id),
        eventoId: only(path.evento_id),
        id: only(path.evento_id),
      };
    }
    // The lists whose path names a record (a ticket's conversation): one of each account's own.
    const paths: Partial<Record<keyof typeof accounts, Record<string, string>>> = {};
    for (const account of Object.keys(accounts) as (keyof typeof accounts)[]) {
      paths[account] = await conversationPathOf(db, actors[account]);
    }
    const relative = { de: 'hoje-30d', ate: 'hoje', vencimentoDe: 'hoje-30d', vencimentoAte: 'hoje' };
    // Relatórios' groupings above the account's own level answer 400 by rule (no screen offers them): not measured.
    const refuses = (route: string, account: BenchAccount, key: string, value: string) =>
      key === 'agrupar' &&
      route.startsWith('/api/relatorios/') &&
      !agrupamentosFor(ACCOUNT_ROLES[account]).includes(value as Agrupamento);
    const generated = listScenarios({ routes, samples, scoped, paths, labels: relative, totalOf, refuses });
    for (const filter of generated.unsampled) console.log(`not measured: ${filter} (no sample value in bench/run.ts)`);
    const eventoDoCliente = await eventoAsItIs(cookies.cliente);
    const clienteBody = (await clienteAsItIs(cookies.vendedor)).body;

    const scenarios: Scenario[] = [
      {
        name: 'leads page 1 · franqueador',
        path: '/api/leads',
        account: 'franqueador',
        connections: 16,
        target: { p99: 50, rps: 1000 },
        query: (d, a) => listLeads(d, a, listQuery({})),
        exactTotal: leadsTotal,
      },
      {
        name: 'leads page 1 · cliente',
        path: '/api/leads',
        account: 'cliente',
        connections: 16,
        target: { p99: 50, rps: 1000 },
        query: (d, a) => listLeads(d, a, listQuery({})),
        exactTotal: leadsTotal,
      },
      {
        name: 'leads q=fragment · franqueador',
        path: `/api/leads?q=${fragment}`,
        account: 'franqueador',
        connections: 16,
        target: { p99: 150 },
        query: (d, a) => listLeads(d, a, listQuery({ q: fragment })),
      },
      {
        name: 'leads q=fragment · cliente',
        path: `/api/leads?q=${fragment}`,
        account: 'cliente',
        connections: 16,
        target: { p99: 150 },
        query: (d, a) => listLeads(d, a, listQuery({ q: fragment })),
      },
      {
        name: 'leads eventoId+data · franqueador',
        path: `/api/leads?eventoId=${busiest.id}&data=${dataFilter}`,
        account: 'franqueador',
        connections: 16,
        target: { p99: 150 },
        query: (d, a) => listLeads(d, a, listQuery({ eventoId: busiest.id, data: dataFilter })),
      },
      {
        name: 'pre-matriculas page 1 · franqueador',
        path: '/api/pre-matriculas',
        account: 'franqueador',
        connections: 16,
        target: { p99: 50 },
        query: (d, a) => listPreMatriculas(d, a, listQuery({})),
      },
      {
        name: 'pre-matriculas page 1 · franquia',
        path: '/api/pre-matriculas',
        account: 'franquia',
        connections: 16,
        target: { p99: 50 },
        query: (d, a) => listPreMatriculas(d, a, listQuery({})),
      },
      {
        name: 'matriculas page 1 · franqueador',
        path: '/api/matriculas',
        account: 'franqueador',
        connections: 16,
        target: { p99: 50 },
        query: (d, a) => listMatriculas(d, a, listQuery({})),
      },
      {
        name: 'matriculas page 1 · franquia',
        path: '/api/matriculas',
        account: 'franquia',
        connections: 16,
        target: { p99: 50 },
        query: (d, a) => listMatriculas(d, a, listQuery({})),
      },
      // The network's lists with a full page of 500 rows, through the routes' response schemas (ADR 018).
      {
        name: 'clientes 500 rows · franqueador',
        path: '/api/clientes?pageSize=500',
        account: 'franqueador',
        connections: 16,
        target: { p99: 250 },
        query: (d, a) => listClientes(d, a, { page: 1, pageSize: 500 }),
      },
      {
        name: 'micro-franquias 500 rows · franqueador',
        path: '/api/micro-franquias?pageSize=500',
        account: 'franqueador',
        connections: 16,
        target: { p99: 250 },
        query: (d, a) => listMicroFranquias(d, a, { page: 1, pageSize: 500 }),
      },
      {
        name: 'franquias all rows · franqueador',
        path: '/api/franquias?pageSize=500',
        account: 'franqueador',
        connections: 16,
        target: { p99: 250 },
        query: (d, a) => listFranquias(d, a, { page: 1, pageSize: 500 }),
      },
      {
        name: 'usuarios 500 rows · franqueador',
        path: '/api/usuarios?pageSize=500',
        account: 'franqueador',
        connections: 16,
        target: { p99: 250 },
        query: (d, a) => listUsuarios(d, a, { page: 1, pageSize: 500 }),
      },
      {
        name: 'dashboard metrics · franqueador',
        path: '/api/dashboard/metrics',
        account: 'franqueador',
        connections: 16,
        target: { p99: 30 },
        query: countMetrics,
      },
      {
        name: 'dashboard metrics · franquia',
        path: '/api/dashboard/metrics',
        account: 'franquia',
        connections: 16,
        target: { p99: 30 },
        query: countMetrics,
      },
      {
        name: 'dashboard metrics · cliente',
        path: '/api/dashboard/metrics',
        account: 'cliente',
        connections: 16,
        target: { p99: 30 },
        query: countMetrics,
      },
      {
        name: 'GET /api/user (session)',
        path: '/api/user',
        account: 'cliente',
        connections: 16,
        target: { rps: 5000 },
      },
      {
        name: 'POST /api/leads (public)',
        method: 'POST',
        path: '/api/leads',
        connections: 16,
        target: { p99: 50, rps: 1500 },
        body: (n) => ({
          eventoId: openEvento.id,
          nomeAluno: `Aluno Bench ${process.pid}-${n}`,
          nomeResponsavel: 'Responsável Bench',
          email: `bench.${process.pid}.${n}@email.com.br`,
          telefone: '11987654321',
          consentimento: true,
        }),
      },
      // Issue 47 (ADR 103): Integrações > WhatsApp's two reads, the franqueador's.
      {
        name: 'WhatsApp templates · franqueador',
        path: '/api/integracoes/whatsapp/modelos',
        account: 'franqueador',
        connections: 16,
        target: { p99: 50 },
      },
      {
        name: 'WhatsApp moments · franqueador',
        path: '/api/integracoes/whatsapp/momentos',
        account: 'franqueador',
        connections: 16,
        target: { p99: 50 },
      },
      // Issue 47 (ADR 103): the same sign-up with 'Quero receber avisos pelo WhatsApp' ticked -- a second consent
      // row, and a `whatsapp` job instead of the e-mail's -- to hold the same target.
      {
        name: 'POST /api/leads (public, WhatsApp ticked)',
        method: 'POST',
        path: '/api/leads',
        connections: 16,
        target: { p99: 50, rps: 1500 },
        body: (n) => ({
          eventoId: openEvento.id,
          nomeAluno: `Aluno Zap ${process.pid}-${n}`,
          nomeResponsavel: 'Responsável Bench',
          email: `bench.zap.${process.pid}.${n}@email.com.br`,
          telefone: '11987654321',
          consentimento: true,
          whatsapp: true,
        }),
      },
      ...reportScenarios(new Date()),
      // Issue 48 (ADR 104): goals, rankings and Relatórios by source with their costs.
      ...metasScenarios(new Date()),
      // Issue 49 (ADR 105): the offline roster, the batches of offline check-ins, the visits and the agenda.
      ...(await (async () => {
        await garantirVisitas(db);
        return checkInScenarios(db, new Date());
      })()),
      // Issue 43 (ADR 077): Inadimplência over the year's parcelas.
      ...inadimplenciaScenarios(new Date()),
      ...followUpScenarios(new Date(), await followedLeadIds(db, actors.vendedor, 500)),
      // Issue 20: a sign-up under an event's seat lock, and the check-in at the door.
      ...(await (async () => {
        const [hot, ...spread] = await eventosComVagas(db, 201);
        return inscricaoScenarios(hot!, spread, await familiasNaPorta(db, actors.cliente, 200_000));
      })()),
      // Issue 42: the family's contract page and its acceptance.
      ...contratoScenarios(await contratosNaEspera(db, 10_000)),
      ...auditScenarios({
        cliente: await clienteAsItIs(cookies.vendedor),
        pendentes: await pendingPreMatriculas(db, 200_000),
        microUserId: await busiestMicroUser(db),
        login: { email: accounts.franquia, password: BENCH_PASSWORD },
      }),
      ...publicScenarios(routes, samples),
      ...generated.scenarios,
      ...writeScenarios({ evento: eventoDoCliente, cliente: { body: clienteBody } }),
      // Issue 19: the late tickets and a ticket's page.
      ...sacScenarios(await busyTicketIds(db)),
      // Issues 44 and 45: the seller's commissions, the franqueador's month, a franquia's statement.
      ...ledgerScenarios(new Date(), actors.franquia.franquiaId!, await ledgerBenchInput(db, actors, new Date())),
      // Issue 43 (ADR 084): billing's requests -- the webhook, the family's link, the baixa, the renegotiation.
      ...cobrancaScenarios(await cobrancaBenchInput(db, actors.franquia.franquiaId!), new Date()),
      // Last: the anonymisation rewrites the leads it names.
      ...lgpdScenarios(await lgpdBenchInput(db, actors.franqueador.franqueadorId!)),
    ];

    const helloRun = await cannon({ url: `http://127.0.0.1:${HELLO_PORT}/`, connections: 16, duration });
    const helloRps = helloRun.requests.average;
    console.log(`ceiling (a) node:http hello-world: ${Math.round(helloRps)} req/s at 16 connections\n`);

    const storedRows = async (table = 'leads') =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    const file = join(root, 'bench/results', `${stamp}.json`);
    const machine = { cpus: cpus().length, model: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30) };
    const save = (rowsSoFar: Row[]) =>
      writeFileSync(
        file,
        JSON.stringify(
          {
            date: new Date().toISOString(),
            machine: { ...machine, node: process.version },
            durationSeconds: duration,
            helloRps: Math.round(helloRps),
            rows: rowsSoFar,
          },
          null,
          2,
        ),
      );
    // BENCH_RESUME=bench/results/<run>.json: a run cut off goes on where it stopped, keeping the rows it measured
    // -- those of scenarios this run still has, and not the refused ones, which are measured again.
    const planned = new Set(scenarios.map((s) => s.name));
    const resumed: Row[] = process.env.BENCH_RESUME
      ? (JSON.parse(readFileSync(process.env.BENCH_RESUME, 'utf8')) as { rows: Row[] }).rows.filter(
          (r) => planned.has(r.scenario) && !refused(r),
        )
      : [];
    const done = new Set(resumed.map((r) => r.scenario));
    const rows: Row[] = [...resumed];
    const toMeasure = scenarios.filter((s) => chosen(s.name, s.path) && !done.has(s.name));
    // BENCH_PRUNE=1: drops from bench/table.json the rows named for a sample value this data no longer holds
    // (withoutOrphans), renders BENCHMARKS.md's summary and bench/results/table.md again, and stops.
    if (process.env.BENCH_PRUNE === '1') {
      const names = new Set([...planned, ...Object.values(MIXED_LOAD_ROWS)]);
      const previous = await readTable();
      const table = withoutOrphans(previous, names);
      writeFileSync(TABLE_FILE, `${JSON.stringify(table, null, 1)}\n`);
      await writeDoc(table);
      console.log(`${previous.rows.length - table.rows.length} rows named for samples this data lacks were dropped`);
      return;
    }
    // BENCH_PLAN=1: lists what this run would measure, and stops.
    if (process.env.BENCH_PLAN === '1') {
      for (const s of toMeasure) console.log(`would measure: ${s.name}`);
      for (const name of Object.values(MIXED_LOAD_ROWS)) if (chosen(name, '')) console.log(`would measure: ${name}`);
      console.log(`${toMeasure.length} scenarios to measure, ${resumed.length} kept from BENCH_RESUME`);
      return;
    }
    /**
     * The jobs earlier scenarios queued (a sign-up run queues thousands of e-mails), sent before the next scenario
     * starts: each measures its own requests and the worker's work on them, not the backlog of another's.
     */
    const settle = async () => {
      const started = performance.now();
      for (;;) {
        const [row] = (
          (await db.execute(sql`select count(*)::int as n from jobs
            where status in ('pendente', 'executando') and executar_em <= now()`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows;
        const waited = Math.round((performance.now() - started) / 1000);
        if (Number(row?.n ?? 0) === 0 || waited >= 180) {
          if (waited > 0)
            console.log(
              `waited ${waited} s for ${Number(row?.n ?? 0) === 0 ? 'the job queue to drain' : 'the job queue (still busy)'}`,
            );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    for (const scenario of toMeasure) {
      // BENCH_CONNECTIONS=1: the scenarios as one user waits for them (issue 39 item 13, issue 46's first column);
      // a row's requests-per-second target is then a concurrency's, and only its p99 speaks for the one user.
      if (CONNECTIONS) {
        scenario.target = targetAt(scenario.target, scenario.connections, CONNECTIONS);
        scenario.connections = CONNECTIONS;
        scenario.name = `${scenario.name} (${CONNECTIONS} conn.)`;
      }
      await settle();
      if (scenario.resolvePath) {
        const path = await scenario.resolvePath();
        if (!path) {
          console.log(`skip ${scenario.name}: the list fits on its first page`);
          continue;
        }
        scenario.path = path;
      }
      const account = scenario.account as keyof typeof accounts | undefined;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (account) headers.cookie = cookies[account];
      Object.assign(headers, scenario.headers);
      let note: string | undefined;
      if (scenario.exactTotal && account) {
        const answer = await fetch(`${base}${scenario.path}`, { headers });
        const header = Number(answer.headers.get('x-total-count'));
        const exact = await scenario.exactTotal(db, actors[account]);
        note = header === exact ? `X-Total-Count ${header} exact` : `X-Total-Count ${header} ≠ ${exact}`;
      }
      if (scenario.exact && account) {
        const answer = await fetch(`${base}${scenario.path}`, { headers });
        note = await scenario.exact(db, actors[account], await answer.json());
      }
      let counter = 0;
      let before = 0;
      const checksStorage = scenario.body && (scenario.method ?? 'GET') === 'POST';
      const options: autocannon.Options = {
        url: `${base}${scenario.path}`,
        connections: scenario.connections,
        duration,
        method: scenario.method ?? 'GET',
        headers,
        requests:
          scenario.body || scenario.pathFor
            ? [
                {
                  setupRequest: (request) => {
                    const n = counter++;
                    const path = scenario.pathFor ? { path: scenario.pathFor(n) } : {};
                    const body = scenario.body ? { body: JSON.stringify(scenario.body(n)) } : {};
                    return { ...request, ...path, ...body };
                  },
                },
              ]
            : undefined,
      };
      // A second of the same requests first, unmeasured: the route's code compiled and its statements prepared
      // on the pool's connections, so p99 is the steady state's and not the first requests'.
      const warm = warmup > 0 ? await cannon({ ...options, duration: warmup }) : null;
      options.duration = secondsFor(warm && { requests: warm.requests.total, seconds: warmup });
      if (checksStorage) {
        // Counted after the warm-up, whose rows are not the measured run's.
        await new Promise((resolve) => setTimeout(resolve, 500));
        before = await storedRows(scenario.storedIn);
      }
      const cpuBefore = { app: cpuMsOf(server.pid!), db: postgresCpuMs() };
      const result = await cannon(options);
      const requests = Math.max(1, result.requests.total);
      const appCpuMs = Number(((cpuMsOf(server.pid!) - cpuBefore.app) / requests).toFixed(2));
      const dbCpuMs = Number((postgresCpuSince(cpuBefore.db) / requests).toFixed(2));
      if (checksStorage) {
        // Requests still in flight when the run stopped may land after it: let them, then count.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const after = await storedRows(scenario.storedIn);
        // Each request names a new student: every 201 is one new row, and a request cut off at the end of the
        // run may have stored its row without its answer being counted.
        const created = result['2xx'];
        const stored = after - before;
        note =
          stored >= created
            ? `${created} answered 201, ${stored} stored (every 201 stored)`
            : `${created} answered 201 but only ${stored} stored: ${created - stored} LOST`;
        if (stored < created) result.errors += created - stored;
      }
      let vsSql: number | null = null;
      if (scenario.query && account) {
        const actor = actors[account];
        // The endpoint sends its queries at once (page and total): so does the replay.
        const queries = await captureSql(rawPool, (logging) => scenario.query!(logging, actor));
        const ceiling = await measureQuery(
          () => Promise.all(queries.map((q) => rawPool.query(q.text, q.values))),
          scenario.connections,
          duration,
        );
        vsSql = result.requests.average / ceiling.rps;
        note = `${note ? `${note}; ` : ''}SQL alone ${Math.round(ceiling.rps)} req/s, p99 ${ceiling.p99.toFixed(1)} ms`;
      }
      const p99 = result.latency.p99;
      const rps = result.requests.average;
      const errors = result.errors + result.non2xx + result.timeouts;
      if (errors > 0) {
        // What the failures were: the statuses other than 2xx, the timeouts, the connection errors.
        const statuses = Object.entries(result.statusCodeStats ?? {})
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, stat]) => `${stat.count ?? 0}× ${code}`);
        if (result.timeouts) statuses.push(`${result.timeouts} timeouts`);
        const other = result.errors - result.timeouts;
        if (other > 0) statuses.push(`${other} connection errors`);
        note = `${note ? `${note}; ` : ''}failed: ${statuses.join(', ')}`;
      }
      // A run in which no request completed met nothing (table.ts: answeredNothing).
      const ok =
        result['2xx'] > 0 &&
        errors === 0 &&
        (scenario.target.p99 === undefined || p99 <= scenario.target.p99) &&
        (scenario.target.rps === undefined || rps >= scenario.target.rps);
      const target = [
        scenario.target.p99 && `p99 ≤ ${scenario.target.p99} ms`,
        scenario.target.rps && `≥ ${scenario.target.rps} req/s`,
      ]
        .filter(Boolean)
        .join(', ');
      rows.push({
        scenario: scenario.name,
        connections: scenario.connections,
        rps: Math.round(rps),
        p50: result.latency.p50,
        p99,
        errors,
        vsHello: Number((rps / helloRps).toFixed(3)),
        vsSql: vsSql === null ? null : Number(vsSql.toFixed(2)),
        target,
        ok,
        note,
        appCpuMs,
        dbCpuMs,
        requests: result.requests.total,
      });
      // Every row is on disk as soon as it is measured: a run of two hours cut off loses nothing.
      save(rows);
      console.log(
        `${ok ? 'ok  ' : 'MISS'} ${scenario.name}: ${Math.round(rps)} req/s, p50 ${result.latency.p50} ms, p99 ${p99} ms, errors ${errors}, CPU/request app ${appCpuMs} ms + db ${dbCpuMs} ms${note ? ` (${note})` : ''}`,
      );
    }

    // Issue 46, "past one machine": the mixed load through one instance and through two behind one address, in
    // turns (BENCH_TURNS, 2 by default), each instance count's better turn kept as its row and every turn in its note.
    if (chosen(MIXED_LOAD_ROWS[1], '') || chosen(MIXED_LOAD_ROWS[2], '')) {
      const mix = mixedRequests(scenarios, cookies, 2_000_000);
      const port = MIXED_LOAD_PORT;
      const turns: Map<number, (Row & { rpsExact: number })[]> = new Map([
        [1, []],
        [2, []],
      ]);
      for (let turn = 0; turn < Number(process.env.BENCH_TURNS ?? 2); turn++) {
        for (const count of [1, 2] as const) {
          await settle();
          const url = `http://127.0.0.1:${port}`;
          const instances = startInstances(join(out, 'server/server.js'), count, {
            ...serverEnv,
            PORT: String(port),
            APP_URL: url,
          });
          try {
            await instances.ready;
            const options: autocannon.Options = { url, connections: 16, duration, requests: mix.requests };
            if (warmup > 0) await cannon({ ...options, duration: warmup });
            const pids = instances.pids();
            const appCpu = () => pids.reduce((total, pid) => total + cpuMsOf(pid), 0);
            const cpuBefore = { app: appCpu(), db: postgresCpuMs() };
            const result = await cannon(options);
            const requests = Math.max(1, result.requests.total);
            const errors = result.errors + result.non2xx + result.timeouts;
            const rps = result.requests.average;
            turns.get(count)!.push({
              scenario: MIXED_LOAD_ROWS[count],
              connections: 16,
              rps: Math.round(rps),
              rpsExact: rps,
              p50: result.latency.p50,
              p99: result.latency.p99,
              errors,
              vsHello: Number((rps / helloRps).toFixed(3)),
              vsSql: null,
              target: 'throughput recorded (issue 46)',
              ok: result['2xx'] > 0 && errors === 0,
              appCpuMs: Number(((appCpu() - cpuBefore.app) / requests).toFixed(2)),
              dbCpuMs: Number((postgresCpuSince(cpuBefore.db) / requests).toFixed(2)),
              requests: result.requests.total,
            });
            console.log(
              `mixed load, ${count} instance(s), turn ${turn + 1}: ${Math.round(rps)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${errors}`,
            );
          } finally {
            await instances.stop();
          }
        }
      }
      for (const [count, measured] of turns) {
        if (!measured.length) continue;
        const { rpsExact: _, ...best } = measured.reduce((a, b) => (b.rpsExact > a.rpsExact ? b : a));
        const each = measured.map((t) => `${t.rps} req/s (p99 ${t.p99} ms, ${t.appCpuMs} + ${t.dbCpuMs} ms)`);
        rows.push({
          ...best,
          ok: measured.every((t) => t.ok),
          note: `the mix of ${mix.names.length} scenarios (${mix.requests.length} requests a cycle, bench/instances.ts), ${count === 1 ? 'one instance' : `${count} instances behind one address (node:cluster)`}; turns: ${each.join(', ')}; the better kept`,
        });
      }
      save(rows);
    }

    /** A one-off run (an export, a daily job): its time and the server's memory growth while it ran. */
    const oneOff = async (
      scenario: string,
      target: { seconds: number; growthMb: number },
      run: () => Promise<{ ok: boolean; note: string }>,
    ) => {
      await settle();
      const rssBefore = rssMb(server.pid!);
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 50);
      const t = performance.now();
      const result = await run().catch((error: unknown) => ({ ok: false, note: String(error) }));
      const seconds = (performance.now() - t) / 1000;
      clearInterval(sampler);
      const growth = peak - rssBefore;
      const ok = result.ok && seconds <= target.seconds && growth <= target.growthMb;
      rows.push({
        scenario,
        connections: 1,
        rps: 0,
        p50: 0,
        p99: Math.round(seconds * 1000),
        errors: result.ok ? 0 : 1,
        vsHello: 0,
        vsSql: null,
        target: `≤ ${target.seconds} s, memory growth ≤ ${target.growthMb} MB`,
        ok,
        note: `${result.note} in ${seconds.toFixed(1)} s, RSS +${growth.toFixed(0)} MB`,
      });
      save(rows);
      console.log(
        `${ok ? 'ok  ' : 'MISS'} ${scenario}: ${result.note} in ${seconds.toFixed(1)} s, RSS +${growth.toFixed(0)} MB`,
      );
    };
    /** A CSV streamed to its end: its rows and size. */
    const csv = async (path: string, cookie: string) => {
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      return { ok: response.ok, note: `${lines - 1} rows, ${(bytes / 1e6).toFixed(0)} MB` };
    };

    // CSV export of every lead, as the franqueador: time and the server's memory growth.
    if (chosen('export', '')) {
      await oneOff('CSV export, all leads · franqueador', { seconds: 20, growthMb: 100 }, () =>
        csv('/api/leads/export.csv', cookies.franqueador),
      );
    }
    // Issue 43 (ADR 084): every parcela's CSV, the régua's daily run and the conciliação over the million parcelas.
    if (chosen('CSV export, all parcelas', '/api/parcelas/export.csv')) {
      await oneOff('CSV export, all parcelas · franqueador', { seconds: 20, growthMb: 100 }, () =>
        csv('/api/parcelas/export.csv', cookies.franqueador),
      );
    }
    for (const [tipo, scenario, seconds] of [
      ['cobranca_regua', 'régua de cobrança, daily run (job)', 120],
      ['cobranca_conciliacao', 'conciliação, daily run (job)', 600],
    ] as const) {
      if (!chosen(scenario, tipo)) continue;
      await oneOff(scenario, { seconds, growthMb: 100 }, async () => {
        const job = await rodarJobDiario(db, tipo);
        const [run] =
          tipo === 'cobranca_conciliacao'
            ? (
                (await db.execute(sql`select pagamentos_no_gateway as p, parcelas_comparadas as c, corrigidas as f,
                pendentes as d from cobranca_conciliacoes where concluida_em is not null
                order by concluida_em desc limit 1`)) as unknown as {
                  rows: { p: number; c: number; f: number; d: number }[];
                }
              ).rows
            : [];
        const what = run
          ? `${run.p} payments listed, ${run.c} parcelas compared, ${run.f} fixed, ${run.d} pending`
          : `${job.emails} family e-mails queued today`;
        return {
          ok: job.status === 'concluido',
          note: `${job.status}: ${what}${job.ultimo_erro ? ` (${job.ultimo_erro})` : ''}`,
        };
      });
    }

    // Issue 47 (ADR 103): a burst of 1,000 sign-ups with WhatsApp ticked, at the sign-up's concurrency: every one
    // answered 201 within the sign-up's target, and its 1,000 notices written and sent by the workers.
    const zapSignup = scenarios.find((s) => s.name === 'POST /api/leads (public, WhatsApp ticked)');
    if (zapSignup && chosen('WhatsApp burst', 'whatsapp')) {
      await oneOff(
        'a burst of 1,000 sign-ups with WhatsApp ticked: 1,000 notices (job)',
        { seconds: 60, growthMb: 100 },
        async () => {
          const desde = new Date(Date.now() - 1000);
          const enviadasAntes = zap.recebidas();
          let n = 2_000_000;
          const burst = await cannon({
            url: `${base}${zapSignup.path}`,
            connections: zapSignup.connections,
            amount: 1000,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(zapSignup.body!(n++)) }) }],
          });
          const errors = burst.errors + burst.non2xx + burst.timeouts;
          let avisos = await avisosDesde(db, desde);
          for (let i = 0; i < 120 && avisos.enviados < 1000; i++) {
            await new Promise((resolve) => setTimeout(resolve, 500));
            avisos = await avisosDesde(db, desde);
          }
          const enviadas = zap.recebidas() - enviadasAntes;
          const ok = errors === 0 && burst['2xx'] === 1000 && avisos.escritos === 1000 && enviadas === 1000;
          rows.push({
            scenario: `${zapSignup.name}, a burst of 1,000`,
            connections: zapSignup.connections,
            rps: Math.round(burst.requests.average),
            p50: burst.latency.p50,
            p99: burst.latency.p99,
            errors,
            vsHello: Number((burst.requests.average / helloRps).toFixed(3)),
            vsSql: null,
            target: `p99 ≤ ${zapSignup.target.p99} ms`,
            ok: errors === 0 && burst.latency.p99 <= zapSignup.target.p99!,
            note: `${burst['2xx']} sign-ups answered 201`,
          });
          return {
            ok,
            note: `${burst['2xx']} answered 201, ${avisos.escritos} notices queued, ${enviadas} sent to the Cloud API`,
          };
        },
      );
    }

    /**
     * The public sign-up driven at its own concurrency while `work` runs (a job), measured as a row of its own
     * ('POST /api/leads (public) <while>'): what a long job does to the path families wait on.
     */
    const signUpsWhile = async <T>(while_: string, firstN: number, work: () => Promise<T>): Promise<T> => {
      const signup = scenarios.find((s) => s.name === 'POST /api/leads (public)');
      let n = firstN;
      let signups: autocannon.Instance | null = null;
      const during = new Promise<autocannon.Result | null>((resolve) => {
        if (!signup) return resolve(null);
        signups = autocannon(
          {
            url: `${base}${signup.path}`,
            connections: signup.connections,
            duration: 600,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(signup.body!(n++)) }) }],
          },
          (error, result) => resolve(error ? null : result),
        );
      });
      const outcome = await work().finally(() => (signups as autocannon.Instance | null)?.stop());
      const result = await during;
      if (result && signup) {
        const errors = result.errors + result.non2xx + result.timeouts;
        const ok = result['2xx'] > 0 && errors === 0 && result.latency.p99 <= signup.target.p99!;
        rows.push({
          scenario: `${signup.name} ${while_}`,
          connections: signup.connections,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors,
          vsHello: Number((result.requests.average / helloRps).toFixed(3)),
          vsSql: null,
          target: `p99 ≤ ${signup.target.p99} ms`,
          ok,
          note: `${result['2xx']} sign-ups answered 201 in ${result.duration} s`,
        });
        console.log(
          `${ok ? 'ok  ' : 'MISS'} sign-ups ${while_}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, errors ${errors}`,
        );
      }
      return outcome;
    };

    // Issue 45: the statement job of the 1st over both networks (550 franquias, a million lines in the month of the
    // second), with the public sign-up driven at its own concurrency while the job runs, measured as a row of its own.
    if (chosen('statement job', 'royalties_fechamento')) {
      await oneOff('royalties statement job, every franquia (job)', { seconds: 300, growthMb: 100 }, async () => {
        const job = await signUpsWhile('while the statement job runs', 1_000_000, () =>
          rodarFechamento(db, new Date()),
        );
        return {
          ok: job.status === 'concluido',
          note: `${job.status}: ${job.fechados} statements of ${job.mes} closed over ${job.linhas} lines${job.ultimo_erro ? ` (${job.ultimo_erro})` : ''}`,
        };
      });
    }

    // Issue 50 (ADR 106): a new unit's 50,000 leads imported into its busiest event through the API (upload,
    // 'Importar', the job followed to its end), with the public sign-up driven at its own concurrency meanwhile as a
    // row of its own; then undone (a job too), so every run starts from the same database.
    if (chosen('50,000-row import', 'importacoes')) {
      const evento = await one(
        sql`select evento_id as v from leads where micro_franquia_id = ${actors.micro.microFranquiaId}
          group by evento_id order by count(*) desc limit 1`,
      );
      let importada: string | null = null;
      await oneOff('a 50,000-row import of leads (job)', { seconds: 60, growthMb: 200 }, async () => {
        const { id, status, criados, erros, uploadS, jobS } = await signUpsWhile(
          'while a 50,000-row import runs',
          2_000_000,
          () => importar(base, cookies.micro, evento[0]!),
        );
        importada = id;
        return {
          ok: status === 'concluida' && criados === IMPORTACAO_BENCH_LINHAS,
          note: `${status}: ${criados} created, ${erros} errors; upload ${uploadS.toFixed(1)} s, job ${jobS.toFixed(1)} s`,
        };
      });
      if (importada) {
        const id: string = importada;
        await oneOff('the undo of that import (job)', { seconds: 300, growthMb: 200 }, async () => {
          const { status, removidos } = await desfazer(base, cookies.micro, id);
          return {
            ok: status === 'desfeita' && removidos === IMPORTACAO_BENCH_LINHAS,
            note: `${status}: ${removidos} removed`,
          };
        });
      }
    }

    console.log('');
    console.table(rows.map(({ note: _note, ...row }) => row));
    save(rows);
    console.log(`written to ${file}`);
    // The generated table (issue 21): every row with its target and whether it was met. A whole run (no
    // BENCH_ONLY) replaces bench/table.json; BENCH_UPDATE_DOC=1 merges a partial run's rows into it. Either way
    // BENCHMARKS.md's summary and bench/results/table.md are rendered again from it.
    const measured = new Date().toISOString();
    const fresh = rows.map((r) => ({ ...r, measured, helloRps: Math.round(helloRps) }));
    writeFileSync(file.replace(/\.json$/, '.md'), fullTable({ cores: cpus().length, rows: fresh }));
    const partial = Boolean(only) || skipParts.length > 0 || match !== undefined;
    if (!partial || process.env.BENCH_UPDATE_DOC === '1') {
      const previous: Table = existsSync(TABLE_FILE)
        ? (JSON.parse(readFileSync(TABLE_FILE, 'utf8')) as Table)
        : { rows: [] };
      const table = mergeTable(previous, fresh, !partial, cpus().length);
      writeFileSync(TABLE_FILE, `${JSON.stringify(table, null, 1)}\n`);
      await writeDoc(table);
      console.log('bench/table.json, the summary of BENCHMARKS.md and bench/results/table.md are updated');
    }
  } finally {
    const exited =
      server.exitCode === null && server.signalCode === null
        ? new Promise((resolve) => server.once('exit', resolve))
        : Promise.resolve();
    server.kill('SIGTERM');
    gateway.close();
    for (const close of closers) close();
    hello.kill('SIGTERM');
    await exited;
    // A statement the stopped server left running goes on without its client (a conciliação's million payments ran
    // for two hours, ADR 111), and the next run would count its CPU as its own: end those of the server's
    // connections. Only the server's: a `bench:data` loading beside the run was ended with the rest.
    await rawPool
      .query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
            and state = 'active' and application_name = $1`,
        [BENCH_SERVER_APP],
      )
      .catch(() => undefined);
    await rawPool.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
