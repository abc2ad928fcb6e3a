import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, login, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { empresaPayload, insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';

let ctx: TestContext;
let other: OtherNetwork;

beforeAll(async () => {
  ctx = await createTestApp();
  other = await insertOtherNetwork(ctx.handle.db);
});
afterAll(() => ctx.close());

const names = (rows: { razaoSocial: string }[]) => rows.map((r) => r.razaoSocial).sort();

describe('GET /api/micro-franquias', () => {
  it('gives the franqueador its whole network with each franquia name', async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/micro-franquias');
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
    expect(names((await as(ctx.app, 'franquia').get('/api/micro-franquias')).json())).toEqual([
      'Campinas Educação ME',
      'Litoral Saber ME',
    ]);
    expect(names((await as(ctx.app, 'micro_franquia').get('/api/micro-franquias')).json())).toEqual([
      'Campinas Educação ME',
    ]);
  });

  it('searches razão social, representante and CNPJ, and filters by status', async () => {
    const q = await as(ctx.app, 'franqueador').get('/api/micro-franquias?q=litoral');
    expect(names(q.json())).toEqual(['Litoral Saber ME']);
    expect(names((await as(ctx.app, 'franqueador').get('/api/micro-franquias?q=patr%C3%ADcia')).json())).toEqual([
      'Contagem Cursos ME',
    ]);
    const inactive = await as(ctx.app, 'franqueador').get('/api/micro-franquias?status=inativos');
    expect(inactive.json()).toEqual([]);
    expect((await as(ctx.app, 'franqueador').get('/api/micro-franquias?status=talvez')).statusCode).toBe(400);
  });

  it.each(['vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await as(ctx.app, role).get('/api/micro-franquias')).statusCode).toBe(403);
  });

  it('answers 404 for a micro-franquia of another branch', async () => {
    const contagem = (await as(ctx.app, 'franqueador').get('/api/micro-franquias?q=contagem')).json()[0];
    expect((await as(ctx.app, 'franquia').get(`/api/micro-franquias/${contagem.id}`)).statusCode).toBe(404);
    expect((await as(ctx.app, 'franqueador').get(`/api/micro-franquias/${other.microFranquiaId}`)).statusCode).toBe(
      404,
    );
    expect((await as(ctx.app, 'franqueador').get(`/api/micro-franquias/${contagem.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/micro-franquias', () => {
  it('creates it under the caller franquia with its user, whatever the body says', async () => {
    const mg = (await as(ctx.app, 'franqueador').get('/api/micro-franquias?q=contagem')).json()[0];
    const payload = empresaPayload({ franquiaId: mg.franquiaId });
    const response = await as(ctx.app, 'franquia').post('/api/micro-franquias', payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      razaoSocial: payload.razaoSocial,
      franquia: { razaoSocial: 'Educa Paulista Franquias Ltda' },
      user: { email: payload.email },
    });
    expect(body.franquiaId).not.toBe(mg.franquiaId);
    const cookie = await login(ctx.app, payload.email as string, 'segredo123');
    expect((await as(ctx.app, { cookie }).get('/api/user')).json().role).toBe('micro_franquia');
    expect((await as(ctx.app, { cookie }).get('/api/micro-franquias')).json().map((r: { id: string }) => r.id)).toEqual(
      [body.id],
    );
    expect((await as(ctx.app, 'franquia').get('/api/micro-franquias')).headers['x-total-count']).toBe('3');
  });

  it('answers 409 for a repeated e-mail or CNPJ and 400 with SPEC messages', async () => {
    const email = await as(ctx.app, 'franquia').post(
      '/api/micro-franquias',
      empresaPayload({ email: DEMO_ACCOUNTS.vendedor }),
    );
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Email já cadastrado');
    const existing = (await as(ctx.app, 'franquia').get('/api/micro-franquias?q=litoral')).json()[0];
    const cnpj = await as(ctx.app, 'franquia').post('/api/micro-franquias', empresaPayload({ cnpj: existing.cnpj }));
    expect(cnpj.statusCode).toBe(409);
    expect(cnpj.json().message).toBe('CNPJ já cadastrado');
    const bad = await as(ctx.app, 'franquia').post('/api/micro-franquias', empresaPayload({ cpf: '111.111.111-11' }));
    expect(bad.json()).toEqual({ message: 'CPF inválido', errors: { cpf: 'CPF inválido' } });
  });

  it.each(['franqueador', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as const)(
    'answers 403 to %s',
    async (role) => {
      expect((await as(ctx.app, role).post('/api/micro-franquias', empresaPayload())).statusCode).toBe(403);
    },
  );
});

describe('PATCH /api/micro-franquias/:id', () => {
  it('edits its own micro-franquia and its user', async () => {
    const created = (await as(ctx.app, 'franquia').post('/api/micro-franquias', empresaPayload())).json();
    // The login e-mail stays: only its owner or the franqueador changes it (ADR 003, TRUST.md).
    const { password: _p, ...edit } = empresaPayload({ repLegal: 'Novo Representante', email: created.user.email });
    const response = await as(ctx.app, 'franquia').patch(`/api/micro-franquias/${created.id}`, edit);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ repLegal: 'Novo Representante', user: { email: edit.email } });
  });

  it('switches it off and on with its user', async () => {
    const payload = empresaPayload();
    const created = (await as(ctx.app, 'franquia').post('/api/micro-franquias', payload)).json();
    const session = await login(ctx.app, payload.email as string, 'segredo123');
    const off = await as(ctx.app, 'franquia').patch(`/api/micro-franquias/${created.id}`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await as(ctx.app, { cookie: session }).get('/api/user')).statusCode).toBe(401);
    await as(ctx.app, 'franquia').patch(`/api/micro-franquias/${created.id}`, { isActive: true });
    await login(ctx.app, payload.email as string, 'segredo123');
  });

  it('answers 404 for another franquia micro-franquia and 403 to every other role', async () => {
    const contagem = (await as(ctx.app, 'franqueador').get('/api/micro-franquias?q=contagem')).json()[0];
    const { password: _p, ...edit } = empresaPayload();
    expect((await as(ctx.app, 'franquia').patch(`/api/micro-franquias/${contagem.id}`, edit)).statusCode).toBe(404);
    expect(
      (await as(ctx.app, 'franquia').patch(`/api/micro-franquias/${randomUUID()}`, { isActive: false })).statusCode,
    ).toBe(404);
    for (const role of ['franqueador', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      const response = await as(ctx.app, role).patch(`/api/micro-franquias/${contagem.id}`, { isActive: false });
      expect(response.statusCode, role).toBe(403);
    }
  });
});
