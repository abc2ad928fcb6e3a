import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app';
import { as } from '../support/inject-as';
import type { Role } from '../../src/shared/roles';

/**
 * Issue 23 / ADR 036: the network lists sort by name and status, the funnel lists by their own date, in SQL, inside
 * the caller's scope; an unknown sort answers 400 'Ordenação inválida'.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Row = Record<string, unknown> & { id: string; isActive?: boolean; createdAt?: string };

async function list(role: Role, url: string) {
  const response = await as(ctx.app, role).get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return { rows: response.json() as Row[], total: response.headers['x-total-count'] };
}

/** The name as the server compares it: lower case, no accents. */
const fold = (value: unknown) =>
  String(value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

const NETWORK: { path: string; role: Role; nome: string }[] = [
  { path: '/api/franquias', role: 'franqueador', nome: 'razaoSocial' },
  { path: '/api/micro-franquias', role: 'franqueador', nome: 'razaoSocial' },
  { path: '/api/micro-franquias', role: 'franquia', nome: 'razaoSocial' },
  { path: '/api/clientes', role: 'franqueador', nome: 'nomeFantasia' },
  { path: '/api/clientes', role: 'micro_franquia', nome: 'nomeFantasia' },
  { path: '/api/usuarios', role: 'franqueador', nome: 'nome' },
  { path: '/api/usuarios', role: 'micro_franquia', nome: 'nome' },
  { path: '/api/cursos', role: 'cliente', nome: 'titulo' },
];

describe.each(NETWORK)('GET $path?sort= as $role', ({ path, role, nome }) => {
  it('sorts by name both ways, in the same scope and total as the unsorted list', async () => {
    const plain = await list(role, `${path}?pageSize=500`);
    const up = await list(role, `${path}?pageSize=500&sort=nome`);
    const down = await list(role, `${path}?pageSize=500&sort=-nome`);
    expect(plain.rows.length).toBeGreaterThan(0);
    for (const sorted of [up, down]) {
      expect(sorted.total).toBe(plain.total);
      expect(sorted.rows.map((r) => r.id).sort()).toEqual(plain.rows.map((r) => r.id).sort());
    }
    const names = up.rows.map((r) => fold(r[nome]));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(down.rows.map((r) => r.id)).toEqual([...up.rows.map((r) => r.id)].reverse());
  });

  it('sorts by status, active ones first ascending', async () => {
    const up = await list(role, `${path}?pageSize=500&sort=status`);
    const down = await list(role, `${path}?pageSize=500&sort=-status`);
    const flags = up.rows.map((r) => r.isActive);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    const downFlags = down.rows.map((r) => r.isActive);
    expect(downFlags).toEqual([...downFlags].sort((a, b) => Number(a) - Number(b)));
  });

  it('answers 400 in Portuguese for an unknown sort', async () => {
    for (const sort of ['foo', 'createdAt', '--nome', 'nome;drop', '']) {
      const response = await as(ctx.app, role).get(`${path}?sort=${encodeURIComponent(sort)}`);
      expect(response.statusCode, sort).toBe(400);
      expect(response.json().message).toBe('Ordenação inválida');
    }
  });
});

describe('a sorted page is a page of the sorted list', () => {
  it('pages through the franqueador clientes by name without repeating or skipping a row', async () => {
    const all = await list('franqueador', '/api/clientes?pageSize=500&sort=nome');
    const paged: string[] = [];
    for (let page = 1; paged.length < all.rows.length; page += 1) {
      const { rows } = await list('franqueador', `/api/clientes?pageSize=2&page=${page}&sort=nome`);
      expect(rows.length).toBeGreaterThan(0);
      paged.push(...rows.map((r) => r.id));
    }
    expect(paged).toEqual(all.rows.map((r) => r.id));
  });
});

const FUNNEL: { path: string; role: Role }[] = [
  { path: '/api/leads', role: 'franqueador' },
  { path: '/api/leads', role: 'micro_franquia' },
  { path: '/api/pre-matriculas', role: 'franqueador' },
  { path: '/api/pre-matriculas', role: 'vendedor' },
  { path: '/api/matriculas', role: 'franqueador' },
  { path: '/api/matriculas', role: 'cliente' },
];

describe.each(FUNNEL)('GET $path?sort= as $role', ({ path, role }) => {
  it('sorts by its own date, oldest first or newest first, in the same scope', async () => {
    const plain = await list(role, `${path}?pageSize=500`);
    const oldest = await list(role, `${path}?pageSize=500&sort=criadoEm`);
    const newest = await list(role, `${path}?pageSize=500&sort=-criadoEm`);
    expect(newest.rows.map((r) => r.id)).toEqual(plain.rows.map((r) => r.id));
    expect(oldest.total).toBe(plain.total);
    expect(oldest.rows.map((r) => r.id)).toEqual([...plain.rows.map((r) => r.id)].reverse());
    const dates = oldest.rows.map((r) => r.createdAt!);
    expect(dates).toEqual([...dates].sort());
  });

  it('turns deep pages in the ascending order too', async () => {
    const oldest = await list(role, `${path}?pageSize=500&sort=criadoEm`);
    if (oldest.rows.length < 3) return;
    const second = await list(role, `${path}?pageSize=1&page=2&sort=criadoEm`);
    const third = await list(role, `${path}?pageSize=1&page=3&sort=criadoEm`);
    expect(second.rows.map((r) => r.id)).toEqual([oldest.rows[1]!.id]);
    expect(third.rows.map((r) => r.id)).toEqual([oldest.rows[2]!.id]);
  });

  it('refuses a name sort or an unknown one with 400 in Portuguese', async () => {
    for (const sort of ['nome', 'dataEvento', 'x']) {
      const response = await as(ctx.app, role).get(`${path}?sort=${sort}`);
      expect(response.statusCode, sort).toBe(400);
      expect(response.json().message).toBe('Ordenação inválida');
    }
  });
});
