import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, login, loginAs, type TestContext } from '../../../../tests/setup/test-app';
import { insertOtherNetwork, type OtherNetwork, vendedorPayload } from '../../../../tests/support/network-payloads';
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
const patch = (id: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/usuarios/${id}`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const emails = (rows: { email: string }[]) => rows.map((r) => r.email);
const userId = async (email: string) =>
  (await get(`/api/usuarios?q=${email}`, cookies.franqueador)).json()[0].id as string;

describe('GET /api/usuarios', () => {
  it('gives the franqueador every user of its network, itself included, and nobody else', async () => {
    const response = await get('/api/usuarios', cookies.franqueador);
    expect(response.statusCode).toBe(200);
    const list = emails(response.json());
    for (const email of [
      ...Object.values(DEMO_ACCOUNTS),
      'franquia.mg@demo.com.br',
      'micro.santos@demo.com.br',
      'micro.contagem@demo.com.br',
      'cliente.valinhos@demo.com.br',
      'cliente.contagem@demo.com.br',
    ]) {
      expect(list).toContain(email);
    }
    expect(response.headers['x-total-count']).toBe('11');
    expect(list.join()).not.toContain('outr');
    expect(Object.keys(response.json()[0]).sort()).toEqual(['createdAt', 'email', 'id', 'isActive', 'nome', 'role']);
  });

  it('searches name or e-mail and filters by role, paging in SQL', async () => {
    expect(emails((await get('/api/usuarios?q=JULIANA', cookies.franqueador)).json())).toEqual([
      DEMO_ACCOUNTS.micro_franquia,
    ]);
    expect(emails((await get('/api/usuarios?q=franquia.mg@', cookies.franqueador)).json())).toEqual([
      'franquia.mg@demo.com.br',
    ]);
    const clientes = await get('/api/usuarios?role=cliente', cookies.franqueador);
    expect(clientes.headers['x-total-count']).toBe('3');
    expect(clientes.json().every((u: { role: string }) => u.role === 'cliente')).toBe(true);
    const page = await get('/api/usuarios?role=micro_franquia&pageSize=2&page=2', cookies.franqueador);
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('3');
    const bad = await get('/api/usuarios?role=rei', cookies.franqueador);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Perfil inválido');
  });

  it('gives a micro-franquia only its vendedores', async () => {
    const response = await get('/api/usuarios', cookies.micro_franquia);
    expect(emails(response.json())).toEqual([DEMO_ACCOUNTS.vendedor]);
    expect((await get('/api/usuarios?role=cliente', cookies.micro_franquia)).json()).toEqual([]);
  });

  it.each(['franquia', 'vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await get('/api/usuarios', cookies[role])).statusCode).toBe(403);
  });
});

describe('PATCH /api/usuarios/:id', () => {
  it('the franqueador switches a network user off (its row too, its sessions end) and on again', async () => {
    const id = await userId('cliente.valinhos@demo.com.br');
    const session = await login(ctx.app, 'cliente.valinhos@demo.com.br');
    const off = await patch(id, { isActive: false }, cookies.franqueador);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, isActive: false, role: 'cliente' });
    expect((await get('/api/user', session)).statusCode).toBe(401);
    const row = (await get('/api/clientes?q=valinhos', cookies.franqueador)).json()[0];
    expect(row.isActive).toBe(false);
    const on = await patch(id, { isActive: true }, cookies.franqueador);
    expect(on.json().isActive).toBe(true);
    expect((await get('/api/clientes?q=valinhos', cookies.franqueador)).json()[0].isActive).toBe(true);
    await login(ctx.app, 'cliente.valinhos@demo.com.br');
  });

  it('a micro-franquia switches its own vendedor, and gets 404 for anyone else', async () => {
    const payload = vendedorPayload();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/vendedores',
      payload,
      headers: { cookie: cookies.micro_franquia },
    });
    const id = (await get(`/api/usuarios?q=${payload.email}`, cookies.micro_franquia)).json()[0].id;
    expect((await patch(id, { isActive: false }, cookies.micro_franquia)).json().isActive).toBe(false);
    expect((await patch(id, { isActive: true }, cookies.micro_franquia)).json().isActive).toBe(true);

    for (const target of [
      await userId('cliente.valinhos@demo.com.br'),
      await userId(DEMO_ACCOUNTS.franquia),
      other.vendedorUserId,
      randomUUID(),
    ]) {
      expect((await patch(target, { isActive: false }, cookies.micro_franquia)).statusCode).toBe(404);
    }
  });

  it('answers 404 for a user of another network and 400 for switching oneself off', async () => {
    expect((await patch(other.clienteUserId, { isActive: false }, cookies.franqueador)).statusCode).toBe(404);
    const self = await patch(await userId(DEMO_ACCOUNTS.franqueador), { isActive: false }, cookies.franqueador);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Você não pode desativar o seu próprio usuário');
    const bad = await patch(await userId(DEMO_ACCOUNTS.aluno), {}, cookies.franqueador);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ isActive: 'Informe o status (ativo ou inativo)' });
  });

  it.each(['franquia', 'vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await patch(randomUUID(), { isActive: false }, cookies[role])).statusCode).toBe(403);
  });
});
