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

describe('GET /api/franquias', () => {
  it('lists the franqueador network, newest first, with the nested user and the total in X-Total-Count', async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/franquias');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const rows = response.json();
    expect(rows.map((r: { razaoSocial: string }) => r.razaoSocial).sort()).toEqual([
      'Educa Paulista Franquias Ltda',
      'Minas Saber Franquias Ltda',
    ]);
    const sp = rows.find((r: { razaoSocial: string }) => r.razaoSocial === 'Educa Paulista Franquias Ltda');
    expect(sp).toMatchObject({
      repLegal: 'Carlos Eduardo Lima',
      cidade: 'São Paulo',
      estado: 'SP',
      cep: '01310100',
      isActive: true,
      user: { email: DEMO_ACCOUNTS.franquia, dataNascimento: '1980-03-14', telefone: '11987654321' },
    });
    expect(sp.cnpj).toMatch(/^\d{14}$/);
    expect(JSON.stringify(rows)).not.toMatch(/password|userId|other/i);
  });

  it('searches razão social, representante and CNPJ (as stored or masked), case-insensitively', async () => {
    const all = (await as(ctx.app, 'franqueador').get('/api/franquias')).json();
    const mg = all.find((r: { razaoSocial: string }) => r.razaoSocial.startsWith('Minas'));
    const masked = `${mg.cnpj.slice(0, 2)}.${mg.cnpj.slice(2, 5)}.${mg.cnpj.slice(5, 8)}`;
    for (const q of ['minas saber', 'FERNANDA', mg.cnpj.slice(3, 10), masked]) {
      const response = await as(ctx.app, 'franqueador').get(`/api/franquias?q=${encodeURIComponent(q)}`);
      expect(
        response.json().map((r: { id: string }) => r.id),
        q,
      ).toEqual([mg.id]);
      expect(response.headers['x-total-count']).toBe('1');
    }
    // '%' is no wildcard: as one, 'minas%saber' would find Minas Saber.
    const none = await as(ctx.app, 'franqueador').get(`/api/franquias?q=${encodeURIComponent('minas%saber')}`);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    // A bare '%' is a search too short to answer (issue 46).
    expect((await as(ctx.app, 'franqueador').get('/api/franquias?q=%25')).statusCode).toBe(400);
  });

  it('pages in SQL and keeps the total', async () => {
    const first = await as(ctx.app, 'franqueador').get('/api/franquias?pageSize=1&page=1');
    const second = await as(ctx.app, 'franqueador').get('/api/franquias?pageSize=1&page=2');
    expect(first.json()).toHaveLength(1);
    expect(second.json()).toHaveLength(1);
    expect(first.json()[0].id).not.toBe(second.json()[0].id);
    expect(first.headers['x-total-count']).toBe('2');
    const bad = await as(ctx.app, 'franqueador').get('/api/franquias?pageSize=501');
    expect(bad.statusCode).toBe(400);
  });

  it('gives a franquia only itself, and another franqueador only its own network', async () => {
    const own = (await as(ctx.app, 'franquia').get('/api/franquias')).json();
    expect(own.map((r: { razaoSocial: string }) => r.razaoSocial)).toEqual(['Educa Paulista Franquias Ltda']);
    const otherCookie = await login(ctx.app, other.franqueadorEmail);
    const theirs = (await as(ctx.app, { cookie: otherCookie }).get('/api/franquias')).json();
    expect(theirs.map((r: { id: string }) => r.id)).toEqual([other.franquiaId]);
  });

  it.each(['micro_franquia', 'vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await as(ctx.app, role).get('/api/franquias')).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    expect((await as(ctx.app, null).get('/api/franquias')).statusCode).toBe(401);
  });

  it('answers 404 for a franquia of another network, an unknown id or a malformed id', async () => {
    for (const id of [other.franquiaId, randomUUID(), 'nao-e-um-id']) {
      const response = await as(ctx.app, 'franqueador').get(`/api/franquias/${id}`);
      expect(response.statusCode, id).toBe(404);
    }
  });
});

describe('POST /api/franquias', () => {
  it('creates the franquia and its user in the caller network; the user signs in as franquia', async () => {
    // Owner ids, role and status in the body are ignored (mass assignment).
    const payload = empresaPayload({
      franqueadorId: other.franquiaId,
      isActive: false,
      role: 'franqueador',
    });
    const response = await as(ctx.app, 'franqueador').post('/api/franquias', payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      razaoSocial: payload.razaoSocial,
      cnpj: payload.cnpj,
      isActive: true,
      user: { email: payload.email, cpf: payload.cpf, dataNascimento: '1985-04-12' },
    });
    const listed = await as(ctx.app, 'franqueador').get(`/api/franquias/${body.id}`);
    expect(listed.statusCode).toBe(200);

    const cookie = await login(ctx.app, payload.email as string, 'segredo123');
    const me = await as(ctx.app, { cookie }).get('/api/user');
    expect(me.json()).toMatchObject({ role: 'franquia', nome: 'Maria da Silva' });
    const ownList = (await as(ctx.app, { cookie }).get('/api/franquias')).json();
    expect(ownList.map((r: { id: string }) => r.id)).toEqual([body.id]);
  });

  it('accepts masked input and stores it without the mask, alphanumeric CNPJ letters included', async () => {
    const payload = empresaPayload({
      cnpj: '12.ABC.345/01DE-35',
      cpf: '529.982.247-25',
      telefone: '(11) 98765-4321',
      cep: '01310-100',
      estado: 'sp',
      email: `  Maiusculas.${Date.now()}@Teste.COM.br `,
    });
    const response = await as(ctx.app, 'franqueador').post('/api/franquias', payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      cnpj: '12ABC34501DE35',
      cep: '01310100',
      estado: 'SP',
      user: { cpf: '52998224725', telefone: '11987654321' },
    });
    expect(response.json().user.email).toBe((payload.email as string).trim().toLowerCase());
  });

  it('answers 409 naming the field for a repeated e-mail (any case) or CNPJ, and creates nothing', async () => {
    const before = (await as(ctx.app, 'franqueador').get('/api/franquias')).headers['x-total-count'];
    const dupEmail = await as(ctx.app, 'franqueador').post(
      '/api/franquias',
      empresaPayload({ email: DEMO_ACCOUNTS.cliente.toUpperCase() }),
    );
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json()).toMatchObject({ message: 'Email já cadastrado', errors: { email: 'Email já cadastrado' } });

    const existing = (await as(ctx.app, 'franqueador').get('/api/franquias?q=minas')).json()[0];
    const dupCnpj = await as(ctx.app, 'franqueador').post('/api/franquias', empresaPayload({ cnpj: existing.cnpj }));
    expect(dupCnpj.statusCode).toBe(409);
    expect(dupCnpj.json().message).toBe('CNPJ já cadastrado');
    expect((await as(ctx.app, 'franqueador').get('/api/franquias')).headers['x-total-count']).toBe(before);
  });

  it('answers 409, not 500, when two creations race for the same e-mail', async () => {
    const email = `corrida.${Date.now()}@teste.com.br`;
    const responses = await Promise.all([
      as(ctx.app, 'franqueador').post('/api/franquias', empresaPayload({ email })),
      as(ctx.app, 'franqueador').post('/api/franquias', empresaPayload({ email })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['razaoSocial', '', 'Razão social é obrigatória'],
    ['cnpj', '1122233300', 'CNPJ deve ter pelo menos 14 caracteres'],
    ['cnpj', '11.222.333/0001-80', 'CNPJ inválido'],
    ['repLegal', '  ', 'Representante legal é obrigatório'],
    ['cpf', '123', 'CPF deve ter pelo menos 11 caracteres'],
    ['cpf', '529.982.247-24', 'CPF inválido'],
    ['dataNascimento', '', 'Data de nascimento é obrigatória'],
    ['telefone', '', 'Telefone é obrigatório'],
    ['endereco', '', 'Endereço é obrigatório'],
    ['cep', '1234', 'CEP deve ter 8 dígitos'],
    ['cep', '1234-5678', 'CEP inválido'],
    ['cidade', '', 'Cidade é obrigatória'],
    ['estado', 'S', 'Estado deve ter 2 caracteres'],
    ['email', 'nao-e-email', 'Email inválido'],
    ['password', '12345', 'Senha deve ter pelo menos 6 caracteres'],
  ])('answers 400 when %s is %j: %s', async (field, value, message) => {
    const response = await as(ctx.app, 'franqueador').post('/api/franquias', empresaPayload({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('answers 400 with every field message for an empty body', async () => {
    const response = await as(ctx.app, 'franqueador').post('/api/franquias', {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toHaveLength(12);
  });

  it.each(['franquia', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as const)(
    'answers 403 to %s',
    async (role) => {
      const response = await as(ctx.app, role).post('/api/franquias', empresaPayload());
      expect(response.statusCode).toBe(403);
    },
  );
});

describe('PATCH /api/franquias/:id', () => {
  async function createOne() {
    const payload = empresaPayload();
    const created = (await as(ctx.app, 'franqueador').post('/api/franquias', payload)).json();
    return { payload, created };
  }

  it('edits the franquia and its user without touching the password', async () => {
    const { payload, created } = await createOne();
    const { password: _password, ...edit } = empresaPayload({ razaoSocial: 'Nome Novo Ltda', cidade: 'Campinas' });
    const response = await as(ctx.app, 'franqueador').patch(`/api/franquias/${created.id}`, edit);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      razaoSocial: 'Nome Novo Ltda',
      cidade: 'Campinas',
      user: { email: edit.email, cpf: edit.cpf },
    });
    // The old e-mail no longer signs in; the new one does, with the same password.
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: payload.email, password: 'segredo123' },
    });
    expect(old.statusCode).toBe(401);
    await login(ctx.app, edit.email as string, 'segredo123');
  });

  it('answers 409 when the edit takes another user e-mail or another franquia CNPJ, 400 for a bad field', async () => {
    const { created } = await createOne();
    const { password: _p, ...edit } = empresaPayload();
    const email = await as(ctx.app, 'franqueador').patch(`/api/franquias/${created.id}`, {
      ...edit,
      email: DEMO_ACCOUNTS.franquia,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Email já cadastrado');
    const existing = (await as(ctx.app, 'franqueador').get('/api/franquias?q=minas')).json()[0];
    const cnpj = await as(ctx.app, 'franqueador').patch(`/api/franquias/${created.id}`, {
      ...edit,
      cnpj: existing.cnpj,
    });
    expect(cnpj.statusCode).toBe(409);
    expect(cnpj.json().message).toBe('CNPJ já cadastrado');
    const bad = await as(ctx.app, 'franqueador').patch(`/api/franquias/${created.id}`, { ...edit, estado: 'XYZ' });
    expect(bad.json()).toEqual({
      message: 'Estado deve ter 2 caracteres',
      errors: { estado: 'Estado deve ter 2 caracteres' },
    });
    const badStatus = await as(ctx.app, 'franqueador').patch(`/api/franquias/${created.id}`, { isActive: 'sim' });
    expect(badStatus.statusCode).toBe(400);
  });

  it('deactivating stops the franquia sign-in and ends its sessions; activating lets it in again', async () => {
    const { payload, created } = await createOne();
    const session = await login(ctx.app, payload.email as string, 'segredo123');
    const off = await as(ctx.app, 'franqueador').patch(`/api/franquias/${created.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await as(ctx.app, { cookie: session }).get('/api/user')).statusCode).toBe(401);
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: payload.email, password: 'segredo123' },
    });
    expect(denied.statusCode).toBe(403);

    const on = await as(ctx.app, 'franqueador').patch(`/api/franquias/${created.id}`, { isActive: true });
    expect(on.json().isActive).toBe(true);
    await login(ctx.app, payload.email as string, 'segredo123');
  });

  it('answers 404 for another network franquia or an unknown id, and 403 to other roles', async () => {
    for (const id of [other.franquiaId, randomUUID()]) {
      const response = await as(ctx.app, 'franqueador').patch(`/api/franquias/${id}`, { isActive: false });
      expect(response.statusCode).toBe(404);
    }
    const own = (await as(ctx.app, 'franquia').get('/api/franquias')).json()[0];
    for (const role of ['franquia', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      const response = await as(ctx.app, role).patch(`/api/franquias/${own.id}`, { isActive: false });
      expect(response.statusCode, role).toBe(403);
    }
  });
});
