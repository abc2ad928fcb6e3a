import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, login, loginAs, type TestContext } from '../../../../tests/setup/test-app';
import { empresaPayload, insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { ROLES, type Role } from '../../../shared/roles';

let ctx: TestContext;
let other: OtherNetwork;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  other = await insertOtherNetwork(ctx.handle.db);
  for (const role of ROLES) cookies[role] = await loginAs(ctx.app, role);
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
const names = (rows: { razaoSocial: string }[]) => rows.map((r) => r.razaoSocial).sort();

describe('GET /api/micro-franquias', () => {
  it('gives the franqueador its whole network with each franquia name', async () => {
    const response = await get('/api/micro-franquias', cookies.franqueador);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const rows = response.json();
    expect(names(rows)).toEqual(['Campinas Educação ME', 'Contagem Cursos ME', 'Litoral Saber ME']);
    expect(rows.find((r: { razaoSocial: string }) => r.razaoSocial === 'Contagem Cursos ME')).toMatchObject({
      franquia: { razaoSocial: 'Minas Saber Franquias Ltda' },
      cidade: 'Contagem',
      isActive: true,
      user: { email: 'micro.contagem@demo.com.br', dataNascimento: '1992-05-18', endereco: expect.any(String) },
    });
  });

  it('gives a franquia only its own micro-franquias and a micro-franquia only itself', async () => {
    expect(names((await get('/api/micro-franquias', cookies.franquia)).json())).toEqual([
      'Campinas Educação ME',
      'Litoral Saber ME',
    ]);
    expect(names((await get('/api/micro-franquias', cookies.micro_franquia)).json())).toEqual(['Campinas Educação ME']);
  });

  it('searches razão social, representante and CNPJ, and filters by status', async () => {
    const q = await get('/api/micro-franquias?q=litoral', cookies.franqueador);
    expect(names(q.json())).toEqual(['Litoral Saber ME']);
    expect(names((await get('/api/micro-franquias?q=patr%C3%ADcia', cookies.franqueador)).json())).toEqual([
      'Contagem Cursos ME',
    ]);
    const inactive = await get('/api/micro-franquias?status=inativos', cookies.franqueador);
    expect(inactive.json()).toEqual([]);
    expect((await get('/api/micro-franquias?status=talvez', cookies.franqueador)).statusCode).toBe(400);
  });

  it.each(['vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await get('/api/micro-franquias', cookies[role])).statusCode).toBe(403);
  });

  it('answers 404 for a micro-franquia of another branch', async () => {
    const contagem = (await get('/api/micro-franquias?q=contagem', cookies.franqueador)).json()[0];
    expect((await get(`/api/micro-franquias/${contagem.id}`, cookies.franquia)).statusCode).toBe(404);
    expect((await get(`/api/micro-franquias/${other.microFranquiaId}`, cookies.franqueador)).statusCode).toBe(404);
    expect((await get(`/api/micro-franquias/${contagem.id}`, cookies.franqueador)).statusCode).toBe(200);
  });
});

describe('POST /api/micro-franquias', () => {
  it('creates it under the caller franquia with its user, whatever the body says', async () => {
    const mg = (await get('/api/micro-franquias?q=contagem', cookies.franqueador)).json()[0];
    const payload = empresaPayload({ franquiaId: mg.franquiaId });
    const response = await send('POST', '/api/micro-franquias', payload, cookies.franquia);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      razaoSocial: payload.razaoSocial,
      franquia: { razaoSocial: 'Educa Paulista Franquias Ltda' },
      user: { email: payload.email },
    });
    expect(body.franquiaId).not.toBe(mg.franquiaId);
    const cookie = await login(ctx.app, payload.email as string, 'segredo123');
    expect((await get('/api/user', cookie)).json().role).toBe('micro_franquia');
    expect((await get('/api/micro-franquias', cookie)).json().map((r: { id: string }) => r.id)).toEqual([body.id]);
    expect((await get('/api/micro-franquias', cookies.franquia)).headers['x-total-count']).toBe('3');
  });

  it('answers 409 for a repeated e-mail or CNPJ and 400 with SPEC messages', async () => {
    const email = await send(
      'POST',
      '/api/micro-franquias',
      empresaPayload({ email: DEMO_ACCOUNTS.vendedor }),
      cookies.franquia,
    );
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Email já cadastrado');
    const existing = (await get('/api/micro-franquias?q=litoral', cookies.franquia)).json()[0];
    const cnpj = await send('POST', '/api/micro-franquias', empresaPayload({ cnpj: existing.cnpj }), cookies.franquia);
    expect(cnpj.statusCode).toBe(409);
    expect(cnpj.json().message).toBe('CNPJ já cadastrado');
    const bad = await send('POST', '/api/micro-franquias', empresaPayload({ cpf: '111.111.111-11' }), cookies.franquia);
    expect(bad.json()).toEqual({ message: 'CPF inválido', errors: { cpf: 'CPF inválido' } });
  });

  it.each(['franqueador', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as const)(
    'answers 403 to %s',
    async (role) => {
      expect((await send('POST', '/api/micro-franquias', empresaPayload(), cookies[role])).statusCode).toBe(403);
    },
  );
});

describe('PATCH /api/micro-franquias/:id', () => {
  it('edits its own micro-franquia and its user', async () => {
    const created = (await send('POST', '/api/micro-franquias', empresaPayload(), cookies.franquia)).json();
    // The login e-mail stays: only its owner or the franqueador changes it (ADR 003, TRUST.md).
    const { password: _p, ...edit } = empresaPayload({ repLegal: 'Novo Representante', email: created.user.email });
    const response = await send('PATCH', `/api/micro-franquias/${created.id}`, edit, cookies.franquia);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ repLegal: 'Novo Representante', user: { email: edit.email } });
  });

  it('switches it off and on with its user', async () => {
    const payload = empresaPayload();
    const created = (await send('POST', '/api/micro-franquias', payload, cookies.franquia)).json();
    const session = await login(ctx.app, payload.email as string, 'segredo123');
    const off = await send('PATCH', `/api/micro-franquias/${created.id}`, { isActive: false }, cookies.franquia);
    expect(off.json().isActive).toBe(false);
    expect((await get('/api/user', session)).statusCode).toBe(401);
    await send('PATCH', `/api/micro-franquias/${created.id}`, { isActive: true }, cookies.franquia);
    await login(ctx.app, payload.email as string, 'segredo123');
  });

  it('answers 404 for another franquia micro-franquia and 403 to every other role', async () => {
    const contagem = (await get('/api/micro-franquias?q=contagem', cookies.franqueador)).json()[0];
    const { password: _p, ...edit } = empresaPayload();
    expect((await send('PATCH', `/api/micro-franquias/${contagem.id}`, edit, cookies.franquia)).statusCode).toBe(404);
    expect(
      (await send('PATCH', `/api/micro-franquias/${randomUUID()}`, { isActive: false }, cookies.franquia)).statusCode,
    ).toBe(404);
    for (const role of ['franqueador', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      const response = await send('PATCH', `/api/micro-franquias/${contagem.id}`, { isActive: false }, cookies[role]);
      expect(response.statusCode, role).toBe(403);
    }
  });
});
