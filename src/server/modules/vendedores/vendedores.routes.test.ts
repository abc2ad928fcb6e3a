import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, loginAs, type TestContext } from '../../../../tests/setup/test-app';
import { vendedorPayload } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { ROLES, type Role } from '../../../shared/roles';

let ctx: TestContext;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ROLES) cookies[role] = await loginAs(ctx.app, role);
});
afterAll(() => ctx.close());

const post = (payload: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/vendedores',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

describe('POST /api/vendedores', () => {
  it('creates a vendedor of the caller micro-franquia, who signs in and registers clientes there', async () => {
    const payload = vendedorPayload({ role: 'franqueador', microFranquiaId: '00000000-0000-0000-0000-000000000000' });
    const response = await post(payload, cookies.micro_franquia);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ nome: payload.nome, email: payload.email, isActive: true });
    const cookie = await login(ctx.app, payload.email as string, 'segredo123');
    const me = await ctx.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: 'vendedor', nome: payload.nome });
    // A new seller has registered nobody yet.
    const clientes = await ctx.app.inject({ url: '/api/clientes', headers: { cookie } });
    expect(clientes.json()).toEqual([]);
    const usuarios = await ctx.app.inject({
      url: `/api/usuarios?q=${payload.email}`,
      headers: { cookie: cookies.micro_franquia },
    });
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
    const response = await post(vendedorPayload({ [field]: value }), cookies.micro_franquia);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('answers 409 for an e-mail already in use', async () => {
    const response = await post(vendedorPayload({ email: DEMO_ACCOUNTS.aluno.toUpperCase() }), cookies.micro_franquia);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Email já cadastrado');
  });

  it.each(['franqueador', 'franquia', 'vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await post(vendedorPayload(), cookies[role])).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    expect((await post(vendedorPayload())).statusCode).toBe(401);
  });
});
