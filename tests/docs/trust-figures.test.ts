import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccessMatrix, CALLERS } from '../setup/access-matrix';
import { createTestApp, type TestContext } from '../setup/test-app';

/**
 * TRUST.md's opening figures that follow from the routes themselves (issue 41: it counted 51 routes when the app
 * had 117). The app is built once, as every API test builds it, and nothing is called: the counts come from the
 * routes it registers. After a new route: write the new counts into TRUST.md's opening table (and the access
 * matrix section's), as this test's message says.
 */
const trust = readFileSync(new URL('../../TRUST.md', import.meta.url), 'utf8');
const number = (text: string) => Number(text.replaceAll(',', ''));

/** The figure of a row of the opening table, found by the start of its 'what' cell. */
function headline(what: string): string {
  const row = trust.split('\n').find((line) => line.startsWith(`| ${what}`));
  if (!row) throw new Error(`TRUST.md's opening table has no row '${what}'`);
  return row.split('|')[2]!.trim();
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("TRUST.md's opening figures", () => {
  it('count the routes the app registers and the access-matrix cells they make', () => {
    const routes = Object.keys(buildAccessMatrix(ctx.app.routeAccess)).length;
    const cells = routes * CALLERS.length;
    const figure = headline('access matrix: cells called / mismatches');
    const stated = /^([\d,]+) \(([\d,]+) routes × 6 roles \+ anonymous\) \/ 0$/.exec(figure);
    expect(stated, `write '${cells} (${routes} routes × 6 roles + anonymous) / 0'`).not.toBeNull();
    expect({ cells: number(stated![1]!), routes: number(stated![2]!) }).toEqual({ cells, routes });
    // The access matrix section says how many cells its test calls.
    expect(number(/calls all\s+([\d,]+)\s+cells/.exec(trust)?.[1] ?? '0')).toBe(cells);
  });

  it('count the hostile-input runs of one `npm test`: every route, and every route that reads a body on the wire', () => {
    const routes = ctx.app.routeAccess.length;
    const bodies = ctx.app.routeAccess.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method)).length;
    const figure = headline('hostile-input runs / 5xx');
    const stated =
      /^([\d,]+) in each `npm test` \(([\d,]+) routes × ([\d,]+), and the ([\d,]+) that read a body × ([\d,]+) on the wire\) \/ 0$/.exec(
        figure,
      );
    expect(
      stated,
      `write '… (${routes} routes × 1,000, and the ${bodies} that read a body × 300 on the wire) / 0'`,
    ).not.toBeNull();
    const [, total, statedRoutes, perRoute, statedBodies, perBody] = stated!.map((part) => number(part ?? ''));
    expect({ routes: statedRoutes, bodies: statedBodies }).toEqual({ routes, bodies });
    expect(total).toBe(routes * perRoute! + bodies * perBody!);
  });
});
