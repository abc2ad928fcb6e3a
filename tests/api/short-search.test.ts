import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOO_SHORT_MESSAGE } from '../../src/shared/schemas/list-query';
import { createTestApp, type TestContext } from '../setup/test-app';
import { as } from '../support/inject-as';

/**
 * Issue 46: "a search that cannot be answered within its budget (a one-letter query, a bare '@') answers at once
 * with a pt-BR hint instead of scanning, on every list the same way". Every list whose free-text `q` reads a table
 * that grows with the network answers 400 with the one message for a search of fewer than 3 letters or digits
 * (punctuation and spaces do not count), and a search of 3 as before.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Role = Parameters<typeof as>[1];

/** Each list's route, a role that reads it, and a 3-character search it answers. */
const LISTS: { path: string; role: Role }[] = [
  { path: '/api/leads', role: 'franqueador' },
  { path: '/api/pre-matriculas', role: 'franqueador' },
  { path: '/api/matriculas', role: 'franqueador' },
  { path: '/api/usuarios', role: 'franqueador' },
  { path: '/api/parcelas', role: 'franqueador' },
  { path: '/api/parcelas/export.csv', role: 'franqueador' },
  { path: '/api/clientes', role: 'franqueador' },
  { path: '/api/franquias', role: 'franqueador' },
  { path: '/api/micro-franquias', role: 'franqueador' },
  { path: '/api/eventos', role: 'franqueador' },
  { path: '/api/cursos', role: 'cliente' },
  { path: '/api/sac/tickets', role: 'franqueador' },
  { path: '/api/sac/users', role: 'franqueador' },
  { path: '/api/auditoria', role: 'franqueador' },
  { path: '/api/auditoria/export.csv', role: 'franqueador' },
  { path: '/api/envios', role: 'franqueador' },
  { path: '/api/visitas', role: 'franqueador' },
];

describe('a search too short to answer, on every list (issue 46)', () => {
  for (const { path, role } of LISTS) {
    it(`${path}: 'a', '@', 'jo' and '(1' answer the hint; a 3-character search and a blank one answer the list`, async () => {
      for (const q of ['a', '@', 'jo', '(1', 'a@']) {
        const response = await as(ctx.app, role).get(`${path}?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, `${path}?q=${q}`).toBe(400);
        expect(response.json().message, `${path}?q=${q}`).toBe(SEARCH_TOO_SHORT_MESSAGE);
      }
      for (const q of ['ana', '@gm1', ' ']) {
        const response = await as(ctx.app, role).get(`${path}?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, `${path}?q=${q}: ${response.body.slice(0, 200)}`).toBe(200);
      }
    });
  }

  it("/api/eventos: a state alone ('SP', 'mg') is SPEC §4's search by state, answered by the state's index", async () => {
    for (const uf of ['SP', 'mg', ' Mg ']) {
      const response = await as(ctx.app, 'franqueador').get(`/api/eventos?q=${encodeURIComponent(uf)}&pageSize=100`);
      expect(response.statusCode, uf).toBe(200);
      const estados = (response.json() as { estado: string }[]).map((e) => e.estado);
      expect(estados.length, uf).toBeGreaterThan(0);
      expect(new Set(estados), uf).toEqual(new Set([uf.trim().toUpperCase()]));
    }
    // Two letters that are no state are too short, as on every list.
    const jo = await as(ctx.app, 'franqueador').get('/api/eventos?q=jo');
    expect(jo.statusCode).toBe(400);
    expect(jo.json().message).toBe(SEARCH_TOO_SHORT_MESSAGE);
  });
});
