import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { vendedorPayload } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('POST /api/vendedores', () => {
  it('creates a vendedor of the caller micro-franquia, who signs in and registers clientes there', async () => {
    const payload = vendedorPayload({ role: 'franqueador', microFranquiaId: '00000000-0000-0000-0000-000000000000' });
    const response = await as(ctx.app, 'micro_franquia').post('/api/vendedores', payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ nome: payload.nome, email: payload.email, isActive: true });
    const cookie = await login(ctx.app, payload.email as string, 'segredo123');
    const me = await as(ctx.app, { cookie }).get('/api/user');
    expect(me.json()).toMatchObject({ role: 'vendedor', nome: payload.nome });
    // A new seller has registered nobody yet.
    const clientes = await as(ctx.app, { cookie }).get('/api/clientes');
    expect(clientes.json()).toEqual([]);
    const usuarios = await as(ctx.app, 'micro_franquia').get(`/api/usuarios?q=${payload.email}`);
    expect(usuarios.json()).toHaveLength(1);
  });

  it.each([
    ['nome', '', 'Nome é obrigatório'],
    ['cpf', '1234', 'CPF deve ter pelo menos 11 caracteres'],
    ['dataNascimento', '', 'Data de nascimento é obrigatória'],
    ['dataNascimento', '2001-02-30', 'Data inválida'],
    ['endereco', '', 'Endereço é obrigatório'],
    ['telefone', '', 'Telefone é obrigatório'],
    ['email', 'invalido', 'Email inválido'],
    ['password', 'abc', 'Senha deve ter pelo menos 6 caracteres'],
  ])('answers 400 when %s is %j: %s', async (field, value, message) => {
    const response = await as(ctx.app, 'micro_franquia').post('/api/vendedores', vendedorPayload({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('answers 409 for an e-mail already in use', async () => {
    const response = await as(ctx.app, 'micro_franquia').post(
      '/api/vendedores',
      vendedorPayload({ email: DEMO_ACCOUNTS.aluno.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Email já cadastrado');
  });

  it.each(['franqueador', 'franquia', 'vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await as(ctx.app, role).post('/api/vendedores', vendedorPayload())).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    expect((await as(ctx.app, null).post('/api/vendedores', vendedorPayload())).statusCode).toBe(401);
  });
});
