import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The demo network's counts as each role sees them (DESIGN §4.1 scopes). */
const EXPECTED: Record<Role, Record<string, number>> = {
  franqueador: {
    totalFranquias: 2,
    totalMicroFranquias: 3,
    totalClientes: 3,
    totalEventos: 4,
    totalInteresses: 8,
    // Issue 42: two Contagem families with accepted contracts (db/seed/demo-contratos.ts).
    totalPreMatriculas: 7,
    totalMatriculas: 4,
  },
  franquia: {
    totalMicroFranquias: 2,
    totalClientes: 2,
    totalEventos: 3,
    totalInteresses: 6,
    totalPreMatriculas: 4,
    totalMatriculas: 2,
  },
  micro_franquia: { totalClientes: 2, totalEventos: 3, totalInteresses: 6, totalPreMatriculas: 4, totalMatriculas: 2 },
  vendedor: { totalClientes: 2, totalEventos: 3, totalInteresses: 6, totalPreMatriculas: 4 },
  cliente: { totalCursos: 3, totalEventos: 2, totalLeads: 4, totalPreMatriculas: 3, totalMatriculas: 1 },
  aluno: { totalPreMatriculas: 1, totalMatriculas: 1 },
};

describe('GET /api/dashboard/metrics', () => {
  it.each(Object.entries(EXPECTED) as [Role, Record<string, number>][])(
    'answers the %s exactly its own counts',
    async (role, expected) => {
      const response = await as(ctx.app, role).get('/api/dashboard/metrics');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    },
  );

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ url: '/api/dashboard/metrics' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/login/);
  });
});

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a pt-BR message', async () => {
    const response = await ctx.app.inject({ url: '/api/nada-aqui' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Rota não encontrada.' });
  });
});
