import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, login, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { clientePayload, insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import type { Role } from '../../../shared/roles';

let ctx: TestContext;
let other: OtherNetwork;

beforeAll(async () => {
  ctx = await createTestApp();
  other = await insertOtherNetwork(ctx.handle.db);
});
afterAll(() => ctx.close());

const names = (rows: { nomeFantasia: string }[]) => rows.map((r) => r.nomeFantasia).sort();
const signIn = (email: string, password = 'segredo123') =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

describe('GET /api/clientes', () => {
  it('gives each role the clientes of its scope (DESIGN §4.1)', async () => {
    const expected: Record<Exclude<Role, 'aluno'>, string[]> = {
      franqueador: ['Colégio Horizonte', 'Escola Estadual Valinhos', 'Instituto Saber Contagem'],
      franquia: ['Colégio Horizonte', 'Escola Estadual Valinhos'],
      micro_franquia: ['Colégio Horizonte', 'Escola Estadual Valinhos'],
      vendedor: ['Colégio Horizonte', 'Escola Estadual Valinhos'],
      cliente: ['Colégio Horizonte'],
    };
    for (const [role, list] of Object.entries(expected) as [Exclude<Role, 'aluno'>, string[]][]) {
      const response = await as(ctx.app, role).get('/api/clientes');
      expect(response.statusCode, role).toBe(200);
      expect(names(response.json()), role).toEqual(list);
      expect(response.headers['x-total-count'], role).toBe(String(list.length));
    }
  });

  it('answers the row with its micro-franquia name and the user fields of SPEC §3', async () => {
    const [row] = (await as(ctx.app, 'franqueador').get('/api/clientes?q=contagem')).json();
    expect(row).toMatchObject({
      id: expect.any(String),
      nomeFantasia: 'Instituto Saber Contagem',
      repLegal: 'Luciana Gomes',
      produto: 'especializa_mais',
      kit: 'essencial',
      cep: '32017000',
      cidade: 'Contagem',
      estado: 'MG',
      isActive: true,
      microFranquia: { razaoSocial: 'Contagem Cursos ME' },
      user: { email: 'cliente.contagem@demo.com.br', telefone: '3133981122', endereco: expect.any(String) },
    });
    expect(row.cnpj).toMatch(/^\d{14}$/);
  });

  it('answers 403 to the aluno and 404 for a cliente out of scope', async () => {
    expect((await as(ctx.app, 'aluno').get('/api/clientes')).statusCode).toBe(403);
    const contagem = (await as(ctx.app, 'franqueador').get('/api/clientes?q=contagem')).json()[0];
    expect((await as(ctx.app, 'micro_franquia').get(`/api/clientes/${contagem.id}`)).statusCode).toBe(404);
    expect((await as(ctx.app, 'franqueador').get(`/api/clientes/${other.clienteId}`)).statusCode).toBe(404);
    expect((await as(ctx.app, 'franqueador').get(`/api/clientes/${contagem.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/clientes', () => {
  it('a micro-franquia creates a cliente under itself; its user signs in as cliente and sees only itself', async () => {
    const payload = clientePayload({ microFranquiaId: other.microFranquiaId, vendedorId: randomUUID(), kit: 'card' });
    const response = await as(ctx.app, 'micro_franquia').post('/api/clientes', payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      nomeFantasia: payload.nomeFantasia,
      vendedorId: null,
      kit: 'card',
      produto: 'todos_pela_educacao',
      microFranquia: { razaoSocial: 'Campinas Educação ME' },
      user: { email: payload.email, cpf: payload.cpf },
    });
    const cookie = await login(ctx.app, payload.email as string, 'segredo123');
    expect((await as(ctx.app, { cookie }).get('/api/user')).json()).toMatchObject({
      role: 'cliente',
      nome: payload.nomeFantasia,
    });
    expect((await as(ctx.app, { cookie }).get('/api/clientes')).json().map((r: { id: string }) => r.id)).toEqual([
      body.id,
    ]);
    // The vendedor did not register it, so it does not see it.
    expect((await as(ctx.app, 'vendedor').get(`/api/clientes/${body.id}`)).statusCode).toBe(404);
  });

  it('a vendedor creates a cliente under its micro-franquia, recorded as its seller', async () => {
    const response = await as(ctx.app, 'vendedor').post('/api/clientes', clientePayload());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.vendedorId).toEqual(expect.any(String));
    expect(body.microFranquia).toEqual({ razaoSocial: 'Campinas Educação ME' });
    expect((await as(ctx.app, 'vendedor').get(`/api/clientes/${body.id}`)).statusCode).toBe(200);
    expect((await as(ctx.app, 'micro_franquia').get(`/api/clientes/${body.id}`)).statusCode).toBe(200);
  });

  it.each([
    ['nomeFantasia', '', 'Nome fantasia é obrigatório'],
    ['cnpj', '123', 'CNPJ deve ter pelo menos 14 caracteres'],
    ['cnpj', '12.ABC.345/01DE-36', 'CNPJ inválido'],
    ['repLegal', '', 'Representante legal é obrigatório'],
    ['produto', 'outro', 'Produto é obrigatório'],
    ['kit', undefined, 'Kit é obrigatório'],
    ['cpf', '12345678901', 'CPF inválido'],
    ['telefone', '', 'Telefone é obrigatório'],
    ['endereco', '', 'Endereço é obrigatório'],
    ['cep', '123456789', 'CEP inválido'],
    ['cidade', '', 'Cidade é obrigatória'],
    ['estado', '', 'Estado deve ter 2 caracteres'],
    ['email', 'x@', 'Email inválido'],
    ['password', '', 'Senha deve ter pelo menos 6 caracteres'],
  ])('answers 400 when %s is %j: %s', async (field, value, message) => {
    const response = await as(ctx.app, 'micro_franquia').post('/api/clientes', clientePayload({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('answers 409 for a repeated e-mail or CNPJ', async () => {
    const email = await as(ctx.app, 'vendedor').post(
      '/api/clientes',
      clientePayload({ email: DEMO_ACCOUNTS.franquia }),
    );
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Email já cadastrado');
    const existing = (await as(ctx.app, 'micro_franquia').get('/api/clientes?q=horizonte')).json()[0];
    const cnpj = await as(ctx.app, 'micro_franquia').post('/api/clientes', clientePayload({ cnpj: existing.cnpj }));
    expect(cnpj.statusCode).toBe(409);
    expect(cnpj.json().message).toBe('CNPJ já cadastrado');
  });

  it.each(['franqueador', 'franquia', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await as(ctx.app, role).post('/api/clientes', clientePayload())).statusCode).toBe(403);
  });
});

describe('PATCH /api/clientes/:id', () => {
  it('edits a cliente and its user', async () => {
    const created = (await as(ctx.app, 'micro_franquia').post('/api/clientes', clientePayload())).json();
    // The login e-mail stays: only its owner or the franqueador changes it (ADR 003, TRUST.md).
    const { password: _p, ...edit } = clientePayload({
      produto: 'collab_educacao',
      kit: 'padrao',
      email: created.user.email,
    });
    const response = await as(ctx.app, 'micro_franquia').patch(`/api/clientes/${created.id}`, edit);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nomeFantasia: edit.nomeFantasia,
      produto: 'collab_educacao',
      kit: 'padrao',
      user: { email: edit.email, telefone: edit.telefone },
    });
  });

  it('Desativar stops the cliente sign-in and ends its sessions; Ativar lets it in again', async () => {
    const payload = clientePayload();
    const created = (await as(ctx.app, 'vendedor').post('/api/clientes', payload)).json();
    const session = await login(ctx.app, payload.email as string, 'segredo123');
    const off = await as(ctx.app, 'vendedor').patch(`/api/clientes/${created.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await as(ctx.app, { cookie: session }).get('/api/user')).statusCode).toBe(401);
    expect((await signIn(payload.email as string)).statusCode).toBe(403);
    const on = await as(ctx.app, 'micro_franquia').patch(`/api/clientes/${created.id}`, { isActive: true });
    expect(on.json().isActive).toBe(true);
    expect((await signIn(payload.email as string)).statusCode).toBe(200);
  });

  it('answers 404 out of scope (another micro-franquia, a vendedor on a cliente it did not register)', async () => {
    const contagem = (await as(ctx.app, 'franqueador').get('/api/clientes?q=contagem')).json()[0];
    expect(
      (await as(ctx.app, 'micro_franquia').patch(`/api/clientes/${contagem.id}`, { isActive: false })).statusCode,
    ).toBe(404);
    const byMicro = (await as(ctx.app, 'micro_franquia').post('/api/clientes', clientePayload())).json();
    expect((await as(ctx.app, 'vendedor').patch(`/api/clientes/${byMicro.id}`, { isActive: false })).statusCode).toBe(
      404,
    );
    expect(
      (await as(ctx.app, 'vendedor').patch(`/api/clientes/${other.clienteId}`, { isActive: false })).statusCode,
    ).toBe(404);
  });

  it.each(['franqueador', 'franquia', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    const own = (await as(ctx.app, 'micro_franquia').get('/api/clientes?q=horizonte')).json()[0];
    expect((await as(ctx.app, role).patch(`/api/clientes/${own.id}`, { isActive: false })).statusCode).toBe(403);
  });
});
