/**
 * Issue 21: the benchmark generated from the app, as the access matrix is. Every GET route whose querystring takes
 * `page` and `pageSize` is a list: it is measured for every account in the route's audience, on page 1, with
 * pageSize 500, on the deepest page the screen reaches, with each of its filters alone and each with `q`. The
 * filters are read from the route's zod querystring schema, so a new route or a new filter is measured without
 * editing this file; a filter for which no sample value is known is printed as such (add it to `samples`).
 * The public routes and the write routes are listed beside them.
 */
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { newPglite, openPglite } from '../src/server/db/pglite';
import type { RouteAccess } from '../src/server/plugins/authorization';
import { makeCnpj, makeCpf } from '../src/shared/brazil-ids';
import { MAX_PAGE_SIZE, TOTAL_COUNT_LIMIT } from '../src/shared/schemas/list-query';
import type { Role } from '../src/shared/roles';

export type BenchAccount = 'franqueador' | 'franquia' | 'micro' | 'vendedor' | 'cliente';
export const ACCOUNT_ROLES: Record<BenchAccount, Role> = {
  franqueador: 'franqueador',
  franquia: 'franquia',
  micro: 'micro_franquia',
  vendedor: 'vendedor',
  cliente: 'cliente',
};

export interface GeneratedScenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  account?: BenchAccount;
  connections: number;
  target: { p99?: number; rps?: number };
  /** The deep page's path, known once page 1's X-Total-Count is read (null: the list fits on page 1). */
  resolvePath?: () => Promise<string | null>;
  body?: (n: number) => unknown;
  storedIn?: string;
  /** Headers of its own: the public pages are asked as a browser asks them (gzip taken, ADR 172). */
  headers?: Record<string, string>;
}

/** The page the screens show (DESIGN §4.3) and the deepest one they reach (the total stops at 10,000). */
const SCREEN_PAGE_SIZE = 50;

/**
 * Issue 46's targets by kind of route: a Relatórios request answers within 100 ms at p99 (its reports and their CSV
 * alike); a list within 50, a search within 150.
 */
export const REPORT_PREFIX = '/api/relatorios/';
export const targetP99 = (url: string, search: boolean) => (search ? 150 : url.startsWith(REPORT_PREFIX) ? 100 : 50);

/** Free-text searches, as people type them: words, a common surname, e-mail fragments, phone digits, accents. */
export const SEARCHES = ['Oliveira', 'maria', '@gmail', '98765', 'JOSÉ da', 'conceicao'];

/** The route list, from the app itself (an in-memory database: nothing of the bench database is touched). */
export async function listRoutes(): Promise<readonly RouteAccess[]> {
  const handle = await openPglite(newPglite());
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DEMO_DATA: '0', LOG_LEVEL: 'silent' }), { db: handle.db });
  await app.ready();
  const routes = [...app.routeAccess];
  await app.close();
  await handle.close();
  return routes;
}

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
  shape?: Record<string, ZodLike>;
  safeParse(value: unknown): {
    success: boolean;
    data?: Record<string, unknown>;
    error?: { issues: { path: PropertyKey[] }[] };
  };
}

/** The filters a route cannot answer without (`periodo` of a month's summary): the keys an empty query lacks. */
function requiredKeys(schema: ZodLike): string[] {
  const parsed = schema.safeParse({});
  if (parsed.success) return [];
  return [...new Set((parsed.error?.issues ?? []).map((i) => String(i.path[0])))].filter((k) => k in shapeOf(schema)!);
}

/** The route's zod querystring schema, as the app declared it. */
const qs = (route: RouteAccess): unknown => (route.schema as { querystring?: unknown } | undefined)?.querystring;

const shapeOf = (schema: unknown): Record<string, ZodLike> | null =>
  schema && typeof schema === 'object' && 'shape' in schema ? (schema as ZodLike).shape! : null;

/** Every literal value an enum inside the field accepts (through optional, default, pipe, union...). */
function enumValues(field: ZodLike | undefined, depth = 0): string[] {
  if (!field || depth > 8) return [];
  const def = field._zod.def;
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string>);
  if (def.type === 'literal') return (def.values as unknown[]).filter((v): v is string => typeof v === 'string');
  const inner = ['innerType', 'in', 'out', 'schema'].map((k) => def[k] as ZodLike | undefined);
  const options = (def.options as ZodLike[] | undefined) ?? [];
  return [...new Set([...inner, ...options].flatMap((f) => enumValues(f, depth + 1)))].filter(Boolean);
}

/** Values for filters that name a record, a place or a day, read from the bench database by the caller. */
export type Samples = Record<string, string[]>;

/** The first candidate the route's own schema accepts for `key`: so the value is one the screen could send. */
function sampleFor(
  schema: ZodLike,
  key: string,
  samples: Samples,
  refused: (value: string) => boolean = () => false,
): string | null {
  const field = shapeOf(schema)?.[key];
  const candidates = [...(samples[key] ?? []), ...enumValues(field)];
  for (const value of candidates) {
    if (refused(value)) continue;
    const parsed = schema.safeParse({ [key]: value });
    if (parsed.success && parsed.data?.[key] !== undefined) return value;
  }
  return null;
}

const LIST_KEYS = new Set(['page', 'pageSize', 'q']);

/**
 * A filter of at most this many choices has each measured (a status, a grouping, an order); the audit trail's
 * actions and entities (33 and 123 choices, one index shape) keep their first only.
 */
const OTHER_CHOICES_MAX = 16;

export interface GenerateInput {
  routes: readonly RouteAccess[];
  samples: Samples;
  /**
   * Per account, the values of the filters that name a record of the network (franquiaId, eventoId...): one
   * inside the account's own scope, so the list answers rows and not 404 'Filtro não encontrado'.
   */
  scoped?: Partial<Record<BenchAccount, Samples>>;
  /**
   * Per account, the concrete path of each list route that names a record (`/api/sac/tickets/:id/mensagens`): a
   * record of the account's own scope. A route without one is reported as not measured.
   */
  paths?: Partial<Record<BenchAccount, Record<string, string>>>;
  /**
   * What a scenario's name says for a sample that moves with the calendar (`de` = 30 days ago: `de=hoje-30d`): the
   * name stays the same from one day to the next, so a row measured today replaces yesterday's instead of leaving it
   * behind under an old date.
   */
  labels?: Record<string, string>;
  /** X-Total-Count of a path for an account (page 1). */
  totalOf: (path: string, account: BenchAccount) => Promise<number>;
  /**
   * A choice the route refuses the account by rule, whatever the data (Relatórios' `agrupar` above the caller's own
   * level answers 400 'Agrupamento acima do seu nível na rede'): no screen offers it, so no row measures it.
   */
  refuses?: (route: string, account: BenchAccount, key: string, value: string) => boolean;
}

function allowed(route: RouteAccess, account: BenchAccount): boolean {
  if (route.access === 'public' || route.access === 'authenticated') return true;
  return route.access.includes(ACCOUNT_ROLES[account]);
}

const withQuery = (url: string, params: Record<string, string>) => {
  const search = new URLSearchParams(params).toString();
  return search ? `${url}?${search}` : url;
};

/** Every list route × account × filter (alone and with q) × page 1 / pageSize 500 / deepest page. */
export function listScenarios({
  routes,
  samples,
  scoped = {},
  paths = {},
  labels = {},
  totalOf,
  refuses = () => false,
}: GenerateInput): {
  scenarios: GeneratedScenario[];
  unsampled: string[];
} {
  const scenarios: GeneratedScenario[] = [];
  const unsampled: string[] = [];
  const nameOf = (key: string, value: string) => (samples[key]?.[0] === value ? (labels[key] ?? value) : value);
  const lists = routes.filter((r) => {
    const shape = shapeOf(qs(r));
    return r.method === 'GET' && shape && 'page' in shape && 'pageSize' in shape && r.access !== 'public';
  });
  for (const route of lists) {
    const schema = qs(route) as ZodLike;
    const hasQ = 'q' in shapeOf(schema)!;
    for (const account of Object.keys(ACCOUNT_ROLES) as BenchAccount[]) {
      if (!allowed(route, account)) continue;
      const url = route.url.includes(':') ? paths[account]?.[route.url] : route.url;
      if (!url) {
        unsampled.push(`${route.url} (its path's record) · ${account}`);
        continue;
      }
      const accountSamples = { ...samples, ...scoped[account] };
      // A filter the route requires is in every combination: without a sample for it the route is not measured
      // (a request without it answers 400).
      const required: Record<string, string> = {};
      const requires = requiredKeys(schema);
      for (const key of requires) {
        const value = sampleFor(schema, key, accountSamples);
        if (value !== null) required[key] = value;
      }
      if (requires.some((key) => !(key in required))) {
        unsampled.push(
          `${route.url} ${requires.filter((key) => !(key in required)).join(', ')} (required) · ${account}`,
        );
        continue;
      }
      const filters: [string, string][] = [];
      const otherChoices: [string, string][] = [];
      for (const key of Object.keys(shapeOf(schema)!)) {
        if (LIST_KEYS.has(key) || key in required) continue;
        const refused = (v: string) => refuses(route.url, account, key, v);
        const value = sampleFor(schema, key, accountSamples, refused);
        if (value === null) unsampled.push(`${route.url} ${key} · ${account}`);
        else filters.push([key, value]);
        // The filter's other choices, page 1 alone: the first is often the commonest (a status 'aberta'), and a
        // rare one ('vencida') is read past every row of the common ones when no index leads with it.
        const choices = enumValues(shapeOf(schema)![key]);
        if (choices.length > OTHER_CHOICES_MAX) continue;
        for (const other of choices.filter((v) => v !== value && !refused(v))) {
          if (schema.safeParse({ [key]: other }).success) otherChoices.push([key, other]);
        }
      }
      const combos: { label: string; params: Record<string, string>; search: boolean }[] = [
        { label: '', params: {}, search: false },
        ...(hasQ ? [{ label: `q=${SEARCHES[0]}`, params: { q: SEARCHES[0]! }, search: true }] : []),
        ...filters.flatMap(([key, value]) => [
          { label: `${key}=${nameOf(key, value)}`, params: { [key]: value }, search: false },
          ...(hasQ
            ? [{ label: `${key}=${nameOf(key, value)}+q`, params: { [key]: value, q: SEARCHES[0]! }, search: true }]
            : []),
        ]),
      ].map((combo) => ({ ...combo, params: { ...required, ...combo.params } }));
      for (const combo of combos) {
        const base = `${route.url} ${combo.label || 'page 1'}`.trim();
        // Searches are measured at 4 connections, lists at 16 (issue 21's targets).
        const common = {
          account,
          connections: combo.search ? 4 : 16,
          target: { p99: targetP99(route.url, combo.search) },
        };
        scenarios.push({ ...common, name: `${base} · ${account}`, path: withQuery(url, combo.params) });
        scenarios.push({
          ...common,
          name: `${base} pageSize=500 · ${account}`,
          path: withQuery(url, { ...combo.params, pageSize: String(MAX_PAGE_SIZE) }),
        });
        scenarios.push({
          ...common,
          name: `${base} deepest page · ${account}`,
          path: withQuery(url, { ...combo.params, page: 'last' }),
          resolvePath: async () => {
            const total = await totalOf(withQuery(url, combo.params), account);
            const last = Math.ceil(Math.min(total, TOTAL_COUNT_LIMIT) / SCREEN_PAGE_SIZE);
            return last > 1 ? withQuery(url, { ...combo.params, page: String(last) }) : null;
          },
        });
      }
      for (const [key, value] of otherChoices) {
        scenarios.push({
          account,
          connections: 16,
          target: { p99: targetP99(route.url, false) },
          name: `${route.url} ${key}=${value} · ${account}`,
          path: withQuery(url, { ...required, [key]: value }),
        });
      }
    }
  }
  // The other searches, each alone, on the largest scope.
  for (const route of lists.filter((r) => 'q' in shapeOf(qs(r))! && !r.url.includes(':'))) {
    const account = (Object.keys(ACCOUNT_ROLES) as BenchAccount[]).find((a) => allowed(route, a))!;
    for (const q of SEARCHES.slice(1)) {
      scenarios.push({
        name: `${route.url} q=${q} · ${account}`,
        path: withQuery(route.url, { q }),
        account,
        connections: 4,
        target: { p99: 150 },
      });
    }
  }
  return { scenarios, unsampled };
}

/** What Chromium sends of its encodings: an answer the server keeps compressed is measured as a phone receives it. */
const BROWSER_ACCEPT = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The public GET routes, each with the sample values of the parameters it requires (cidade). */
export function publicScenarios(routes: readonly RouteAccess[], samples: Samples): GeneratedScenario[] {
  const scenarios: GeneratedScenario[] = [];
  for (const route of routes) {
    if (route.method !== 'GET' || route.access !== 'public' || !route.url.startsWith('/api/public/')) continue;
    // A path that names one record (a voucher's token) is not a list families open.
    if (route.url.includes(':')) continue;
    const schema = qs(route) as ZodLike | undefined;
    const params: Record<string, string> = {};
    for (const key of Object.keys(shapeOf(schema) ?? {})) {
      const value = samples[key]?.[0];
      if (value !== undefined) params[key] = value;
    }
    // A route that needs what no sample gives (a titular's token) is not a page families open.
    if (schema && !schema.safeParse(params).success) continue;
    scenarios.push({
      name: `${route.url} (public)`,
      path: withQuery(route.url, params),
      connections: 16,
      target: { p99: 20, rps: 3000 },
      headers: BROWSER_ACCEPT,
    });
  }
  return scenarios;
}

export interface WriteInput {
  /** An event of the cliente's, and its PUT body as it stands (the edit rewrites the same values). */
  evento: { id: string; body: Record<string, unknown> } | null;
  /** A cliente of the vendedor's as it stands, for the create body (a new name, CNPJ and e-mail each time). */
  cliente: { body: Record<string, unknown> };
}

/** The write routes of issue 21's write side: p99 <= 50 ms at 16 connections. */
export function writeScenarios(input: WriteInput): GeneratedScenario[] {
  const run = `${process.pid % 1000}`.padStart(3, '0');
  return [
    {
      name: 'POST /api/clientes (create) · vendedor',
      method: 'POST',
      path: '/api/clientes',
      account: 'vendedor',
      connections: 16,
      target: { p99: 50 },
      storedIn: 'clientes',
      body: (n) => ({
        ...input.cliente.body,
        nomeFantasia: `Escola Bench ${run}-${n}`,
        cnpj: makeCnpj(`${run}${String(n).padStart(9, '0')}`),
        email: `bench.cliente.${run}.${n}@bench.com.br`,
        cpf: makeCpf(`${run}${String(n).padStart(6, '0')}`),
        enviarConvite: true,
      }),
    },
    ...(input.evento
      ? [
          {
            name: 'PUT /api/eventos/:id (edit) · cliente',
            method: 'PUT' as const,
            path: `/api/eventos/${input.evento.id}`,
            account: 'cliente' as const,
            connections: 16,
            target: { p99: 50 },
            body: () => input.evento!.body,
          },
        ]
      : []),
  ];
}
