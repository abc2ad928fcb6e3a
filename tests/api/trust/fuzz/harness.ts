import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z, type ZodType } from 'zod';
import type { RouteAccess } from '../../../../src/server/plugins/authorization';
import { startFakeCepServer } from '../../../support/fake-cep-server';
import { createTestApp, type TestContext } from '../../../setup/test-app';
import { multipartBody } from '../fixtures/multipart';
import { bodyText, cookieHeader, formFields, paramValue, queryText, uploadFile } from './arbitraries';
import { DatabaseFingerprint } from './fingerprint';
import { messageProblem } from './messages';
import { PlanContext, planFor } from './plans';

/**
 * Runs per route, and the seed: fixed, so a failure found once is found again on every machine (the failure names
 * its seed). `npm test` runs 1,000 per route on the first seed. CI splits its 1,000 between its three suite runs
 * (.ci/run, ADR 039): FUZZ_RUNS sets a part's runs and FUZZ_SEED its own seed, so the parts try different inputs.
 */
export const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 1000);
export const SEED = Number(process.env.FUZZ_SEED) || 20_261_121;

/**
 * The fuzz files split the routes between them so Vitest runs them in parallel, each on its own copy of the
 * demo database. A route no group names falls in 'rest', so a new route is fuzzed without touching these files.
 */
const GROUPS = {
  public: (r: RouteAccess) =>
    r.url.startsWith('/api/public/') ||
    r.url === '/api/health' ||
    (r.method === 'POST' && (r.url === '/api/leads' || r.url === '/api/pre-matriculas')),
  auth: (r: RouteAccess) =>
    ['/api/login', '/api/logout', '/api/user'].includes(r.url) || r.url.startsWith('/api/auth/'),
  franquias: (r: RouteAccess) => /^\/api\/(franquias|micro-franquias)(\/|$)/.test(r.url),
  clientes: (r: RouteAccess) => /^\/api\/(clientes|vendedores)(\/|$)/.test(r.url),
  cursos: (r: RouteAccess) => /^\/api\/cursos(\/|$)/.test(r.url),
  eventos: (r: RouteAccess) => /^\/api\/eventos(\/|$)/.test(r.url),
  leads: (r: RouteAccess) => /^\/api\/leads(\/|$)/.test(r.url),
  enrolment: (r: RouteAccess) => /^\/api\/(pre-matriculas|matriculas)(\/|$)/.test(r.url),
  // Issue 49: the visits to schools and the day's agenda (before 'conta', which would take /api/user/agenda).
  visitas: (r: RouteAccess) => /^\/api\/visitas(\/|$)/.test(r.url) || r.url === '/api/user/agenda',
  conta: (r: RouteAccess) => r.url.startsWith('/api/user/'),
  lgpd: (r: RouteAccess) => r.url.startsWith('/api/lgpd/'),
  relatorios: (r: RouteAccess) => /^\/api\/(relatorios|auditoria)(\/|$)/.test(r.url),
  // The money: contracts, billing and its gateway's webhook, commissions, royalties.
  dinheiro: (r: RouteAccess) =>
    /^\/api\/(contratos|cobranca|parcelas|comissoes|royalties)(\/|$)/.test(r.url) || r.url.startsWith('/api/webhooks/'),
  // The help desk and the operators' screens: SAC, Envios, exports, integrations.
  operacao: (r: RouteAccess) => /^\/api\/(sac|envios|exportacoes|integracoes)(\/|$)/.test(r.url),
  // Issue 50: the imports -- an upload reads a whole file, and each 'Importar' runs its job.
  importacao: (r: RouteAccess) => /^\/api\/importacoes(\/|$)/.test(r.url),
  // Dashboard, usuários, CEP, the API's documents, and any route added later. 'rest' was a third of the fuzz's time
  // in one file, the run's last to end on two workers, until money and operations had files of their own.
  rest: () => true,
} as const;
export type Group = keyof typeof GROUPS;

export function groupOf(route: RouteAccess): Group {
  return (Object.keys(GROUPS) as Group[]).find((group) => GROUPS[group](route))!;
}

/** The keys of a zod object schema (through refinements, pipes and optionals), or none. */
export function shapeKeys(schema: unknown): string[] {
  let current = schema;
  for (let depth = 0; depth < 6 && current; depth++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return [];
}

export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

const short = (text: string | undefined, max = 400) =>
  text === undefined ? '' : text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

const RAW_EMAIL = /[^\s"*@\\]+@[^\s"*@\\]+\.[a-z]{2,}/i;
const RAW_CPF = /\d{3}\.\d{3}\.\d{3}-\d{2}|(?<!\d)\d{11}(?!\d)/;
const SECRET_FIELD = /email|cpf|telefone|password|senha|token/i;

/** The values a request carried in personal or secret fields (its JSON body), as sent. */
function sentSecrets(body: string | undefined): string[] {
  if (!body) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const found: string[] = [];
  // Hostile bodies nest thousands deep; a field the server takes is near the top.
  const walk = (value: unknown, field: string, depth: number) => {
    if (depth > 20) return;
    if (typeof value === 'string' && SECRET_FIELD.test(field) && value.trim().length >= 6) found.push(value.trim());
    else if (Array.isArray(value)) value.forEach((v) => walk(v, field, depth + 1));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, k, depth + 1);
    }
  };
  walk(parsed, '', 0);
  return found;
}

/**
 * Issue 17: no audit row holds a raw e-mail, CPF, phone, password or token, whatever the input -- neither a
 * value the request sent in such a field, nor anything shaped like an e-mail or a CPF.
 */
function auditLeaks(rows: Record<string, unknown>[], [body]: (string | undefined)[]): string[] {
  const problems: string[] = [];
  const secrets = sentSecrets(body).map((s) => s.toLowerCase());
  for (const row of rows) {
    const { ip: _ip, user_agent: _ua, request_id: _id, ...kept } = row;
    const text = JSON.stringify([kept.alteracoes, kept.detalhes])
      .toLowerCase()
      // Record ids and session ids are not documents.
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}/g, '');
    for (const secret of secrets)
      if (text.includes(secret)) problems.push(`audit row ${String(row.acao)} holds '${secret}'`);
    const email = text.match(RAW_EMAIL);
    if (email) problems.push(`audit row ${String(row.acao)} holds an e-mail: ${email[0]}`);
    const cpf = text.match(RAW_CPF);
    if (cpf) problems.push(`audit row ${String(row.acao)} holds a CPF or phone: ${cpf[0]}`);
  }
  return problems;
}

/** What is wrong with an answer as a client sees it: a 5xx, or a refusal without a pt-BR message. */
export function answerProblems(response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  if (status >= 500) return [`answered ${status}`];
  if (status < 400) return [];
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = response.json();
  } catch {
    return [`answered ${status} with a body that is not JSON`];
  }
  const problems: string[] = [];
  const problem = messageProblem(body.message);
  if (problem) problems.push(`${status}: ${problem}`);
  for (const [field, message] of Object.entries(body.errors ?? {})) {
    const fieldProblem = messageProblem(message);
    if (fieldProblem) problems.push(`${status} errors.${field}: ${fieldProblem}`);
  }
  return problems;
}

export interface RouteTally {
  route: string;
  caller: string;
  runs: number;
  byStatus: Record<number, number>;
}

/** One line per route fuzzed in this file; printed when FUZZ_SUMMARY is set. */
export const tallies: RouteTally[] = [];

/** The zod schemas a route validates its input with, as it declared them (the app's `routeAccess`). */
export interface RouteSchemas {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
}

/** Everything the fuzz files share: the app on its own database, the CEP stand-in, the plans. */
export interface FuzzWorld {
  ctx: TestContext;
  plans: PlanContext;
  fingerprint: DatabaseFingerprint;
  schemas: Map<string, RouteSchemas>;
}

export async function fuzzWorld(): Promise<FuzzWorld> {
  const cep = await startFakeCepServer();
  const ctx = await createTestApp({
    // Webhooks (issue 22) to a local port where nothing listens: saved and tried without DNS, failing fast, and
    // retried in an hour, never in the middle of a sweep.
    WEBHOOKS_PERMITIR_REDE_LOCAL: '1',
    JOBS_ESPERA_BASE_MS: '3600000',
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_FORGOT_PASSWORD: '1000000',
    RATE_LIMIT_PUBLIC: '1000000',
    // The fuzz answers thousands of 409s per account (tickets answered twice, final requests): the per-account
    // conflict guard would otherwise refuse every later write of that account with 429, whatever the route.
    RATE_LIMIT_CONFLICTS: '1000000',
    CEP_API_URL: cep.urlTemplate,
    // Exports with progress (issue 22): every valid export of the demo's lists is long enough to be a job.
    EXPORTACAO_DIRETA_MAX: '1',
  });
  afterAll(async () => {
    if (process.env.FUZZ_SUMMARY) {
      for (const t of tallies) console.info(`${t.route} | ${t.caller} | ${t.runs} | ${JSON.stringify(t.byStatus)}`);
    }
    await ctx.close();
    await cep.close();
  });
  return {
    ctx,
    plans: new PlanContext(ctx.app),
    fingerprint: await DatabaseFingerprint.of(ctx.handle.db),
    schemas: new Map(ctx.app.routeAccess.map((r) => [`${r.method} ${r.url}`, (r.schema ?? {}) as RouteSchemas])),
  };
}

/** FUZZ_COLLECT=1 prints every distinct problem instead of stopping at the first (for a fixing session). */
const COLLECT = Boolean(process.env.FUZZ_COLLECT);
const collected = new Set<string>();

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * For every route of the group, RUNS requests built from its valid input with hostile parts, as a caller
 * allowed to call it. Properties: never a 5xx; every refusal carries a pt-BR message (and so does each field
 * error); a refusal leaves the database as it was; nothing fails after the answer (background work).
 */
export async function fuzzGroup(group: Group): Promise<void> {
  const world = await fuzzWorld();
  const { ctx, plans, fingerprint, schemas } = world;
  const routes = ctx.app.routeAccess.filter((route) => groupOf(route) === group);
  const logged = vi.spyOn(ctx.app.log, 'error');

  describe(`hostile input (${group}): ${RUNS} runs per route, seed ${SEED}`, () => {
    // Each route's input schemas come with it (`routeAccess`, as the OpenAPI document reads them); the API
    // contract's test checks them against what each route takes.
    it('has routes to fuzz', () => {
      expect(routes.length).toBeGreaterThan(0);
    });

    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      it(key, { timeout: 240_000 }, async () => {
        const schema = schemas.get(key) ?? {};
        const names = paramNames(route.url);
        const queryKeys = shapeKeys(schema.querystring);
        const plan = await planFor(plans, route, { query: queryKeys, params: names });
        const session = plan.caller === 'anonymous' ? undefined : await plans.freshSession(plan.caller);
        const takesBody = BODY_METHODS.has(route.method);

        const input = fc.record({
          params: fc.record(Object.fromEntries(names.map((n) => [n, paramValue(plan.params[n]!)]))),
          query: queryText(plan.query, queryKeys),
          body: !takesBody
            ? fc.constant(undefined)
            : plan.upload && plan.body
              ? // An upload's hostile file needs valid fields as often as not to be read at all.
                fc.oneof(
                  bodyText(plan.body, shapeKeys(schema.body)),
                  fc.nat({ max: 2 ** 30 }).map((seed) => JSON.stringify(plan.body!(seed))),
                )
              : bodyText(plan.body, shapeKeys(schema.body)),
          // An upload (issue 50): the body's keys become the form's fields, beside a file.
          arquivo: plan.upload ? uploadFile(plan.upload) : fc.constant(undefined),
          cookie: cookieHeader(session),
        });

        const byStatus: Record<number, number> = {};
        // The plan's own setup may have queued work (an export to cancel is a job): it runs now, before the
        // baseline, or the first run would be charged with it (found by seed 20261122 on PostgreSQL).
        await ctx.app.background.drain();
        await fingerprint.refresh();
        logged.mockClear();
        await fc.assert(
          fc.asyncProperty(input, async ({ params, query, body, arquivo, cookie }) => {
            const url = route.url.replace(/:(\w+)/g, (_, name: string) => params[name]!) + (query ? `?${query}` : '');
            const headers: Record<string, string> = {};
            if (cookie !== undefined) headers.cookie = cookie;
            let payload: string | Buffer | undefined = body;
            if (plan.upload && body !== undefined) {
              const form = multipartBody(formFields(body, 'tipo'), arquivo);
              headers['content-type'] = form.headers['content-type'];
              payload = form.payload;
            } else if (body !== undefined) headers['content-type'] = 'application/json';
            const response = await ctx.app.inject({
              method: route.method as 'GET',
              url,
              headers,
              ...(payload !== undefined ? { payload } : {}),
            });
            const status = response.statusCode;
            byStatus[status] = (byStatus[status] ?? 0) + 1;

            const problems = answerProblems(response);
            const since = fingerprint.seenXid;
            // What the request wrote, then what its background work and the jobs it queued wrote. A request that
            // wrote nothing and left no task behind queued nothing: the worker's round is skipped, not the check.
            let changed = await fingerprint.changes();
            if (changed !== '' || ctx.app.background.busy) {
              await ctx.app.background.drain();
              const later = await fingerprint.changes();
              changed = [...new Set([...changed.split(', '), ...later.split(', ')])].filter(Boolean).sort().join(', ');
            }
            // A refused sign-in is recorded (auth.login_falhou), and only that.
            const refusalAudited = key === 'POST /api/login' && changed === 'audit_log';
            if (status >= 400 && status < 500 && changed && !refusalAudited) {
              // Which audit rows, when the trail is among the changes: a row of other work names its writer.
              const acoes = changed.split(', ').includes('audit_log')
                ? ` (audit: ${(await fingerprint.auditRowsSince(since)).map((r) => String(r.acao)).join(', ')})`
                : '';
              problems.push(`refused with ${status}, yet changed ${changed}${acoes}`);
            }
            if (changed.split(', ').includes('audit_log')) {
              problems.push(...auditLeaks(await fingerprint.auditRowsSince(since), [body, query, url]));
            }
            if (Object.keys(Object.prototype).length > 0 || 'isAdmin' in {}) {
              problems.push(`polluted Object.prototype: ${Object.keys(Object.prototype).join(', ')}`);
            }
            if (logged.mock.calls.length > 0) {
              const [first] = logged.mock.calls[0] as unknown[];
              problems.push(`logged an error: ${short(String((first as { err?: unknown })?.err ?? first))}`);
              logged.mockClear();
            }
            if (problems.length > 0 && COLLECT) {
              const signature = `${key}: ${problems.map((p) => p.replace(/".*"|:.*/s, '…')).join(' / ')}`;
              if (!collected.has(signature)) {
                collected.add(signature);
                console.info(
                  `FOUND ${key}: ${problems.join(' / ')}\n  ${route.method} ${short(url, 200)} body: ${short(body, 300)}\n  answer: ${status} ${short(response.body, 300)}`,
                );
              }
            } else if (problems.length > 0) {
              throw new Error(
                `${problems.join('\n')}\n${route.method} ${short(url)}\nbody: ${short(body)}\nanswer: ${status} ${short(response.body)}`,
              );
            }
          }),
          { numRuns: RUNS, seed: SEED },
        );

        const runs = Object.values(byStatus).reduce((a, b) => a + b, 0);
        tallies.push({ route: key, caller: plan.caller, runs, byStatus });
        // The valid input gets through, so the hostile variants of it reach the handler and the database.
        if (!plan.neverSucceeds && plan.realParams && (plan.body || !takesBody)) {
          const succeeded = Object.entries(byStatus)
            .filter(([s]) => Number(s) < 300)
            .reduce((a, [, n]) => a + n, 0);
          expect(succeeded, `${key}: no run succeeded (${JSON.stringify(byStatus)})`).toBeGreaterThan(0);
        }
      });
    }
  });
}
