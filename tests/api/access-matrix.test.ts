import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-network';
import { ROLES, type Role } from '../../src/shared/roles';
import { buildAccessMatrix, CALLERS, type AccessMatrix, type Caller } from '../setup/access-matrix';
import { createTestApp, login, type TestContext } from '../setup/test-app';

/**
 * The access matrix (tests/api/access-matrix.json): every /api route x the six roles and a visitor, as the
 * routes declare it. A change of who may call what shows as a diff of that file; then every cell is called.
 * Regenerate after a deliberate change with: npx tsx scripts/access-matrix.ts > tests/api/access-matrix.json
 */
const committed = JSON.parse(readFileSync(new URL('./access-matrix.json', import.meta.url), 'utf8')) as AccessMatrix;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_FORGOT_PASSWORD: '100000',
    RATE_LIMIT_PUBLIC: '100000',
    // Nothing answers there: the look-up fails fast instead of reaching out.
    CEP_API_URL: 'http://127.0.0.1:9/ws/{cep}/json/',
  });
});
afterAll(() => ctx.close());

/** A concrete URL for a route pattern: ids that exist nowhere, so an allowed call changes nothing. */
function concrete(url: string): string {
  return url.replace(/:cep\b/, '01310100').replace(/:[A-Za-z]+/g, () => randomUUID());
}

describe('access matrix', () => {
  it('matches the routes as they are declared (deny by default: every route says who may call it)', () => {
    expect(buildAccessMatrix(ctx.app.routeAccess)).toEqual(committed);
  });

  const cells = Object.entries(committed).flatMap(([route, row]) =>
    CALLERS.map((caller) => ({ route, caller, expected: row[caller] })),
  );

  // 861 calls one after another, and a sign-in per role: minutes on a busy two-core machine, not the default 20 s.
  it(`answers every one of the ${cells.length} cells as the matrix says`, { timeout: 180_000 }, async () => {
    // A session per role, opened again after a route (logout) ends it.
    const sessions = new Map<Role, string>();
    const sessionOf = async (role: Role) => {
      if (!sessions.has(role)) sessions.set(role, await login(ctx.app, DEMO_ACCOUNTS[role]));
      return sessions.get(role)!;
    };
    const mismatches: string[] = [];
    for (const { route, caller, expected } of cells) {
      const [method, url] = route.split(' ') as [string, string];
      const headers: Record<string, string> = {};
      if (caller !== 'anonymous') headers.cookie = await sessionOf(caller as Exclude<Caller, 'anonymous'>);
      const hasBody = !['GET', 'DELETE'].includes(method);
      const response = await ctx.app.inject({
        method: method as 'GET',
        url: concrete(url),
        headers,
        ...(hasBody ? { payload: {} } : {}),
      });
      const status = response.statusCode;
      const ok = expected === 'allowed' ? status !== 401 && status !== 403 : status === expected;
      if (!ok) mismatches.push(`${route} as ${caller}: expected ${expected}, got ${status}`);
      if (url === '/api/logout' && caller !== 'anonymous') sessions.delete(caller as Role);
    }
    expect(mismatches).toEqual([]);
  });

  it('lists a route for every role-specific screen API of SPEC §7', () => {
    for (const route of ['GET /api/user', 'POST /api/login', 'GET /api/dashboard/metrics', 'GET /api/leads']) {
      expect(committed[route]).toBeDefined();
    }
    expect(ROLES.every((role) => committed['GET /api/user']?.[role] === 'allowed')).toBe(true);
  });
});
