import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, login, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork, vendedorPayload } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let other: OtherNetwork;

beforeAll(async () => {
  ctx = await createTestApp();
  other = await insertOtherNetwork(ctx.handle.db);
});
afterAll(() => ctx.close());

const emails = (rows: { email: string }[]) => rows.map((r) => r.email);
const userId = async (email: string) =>
  (await as(ctx.app, 'franqueador').get(`/api/usuarios?q=${email}`)).json()[0].id as string;

describe('GET /api/usuarios', () => {
  it('gives the franqueador every user of its network, itself included, and nobody else', async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/usuarios');
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
    expect(Object.keys(response.json()[0]).sort()).toEqual([
      'ausente',
      'createdAt',
      'email',
      'id',
      'isActive',
      'nome',
      'role',
      'vendedorId',
    ]);
    // Issue 50: a vendedor's row names its vendedor record (the leads' responsável), the other accounts none.
    const byEmail = new Map(
      (response.json() as { email: string; vendedorId: string | null }[]).map((u) => [u.email, u.vendedorId]),
    );
    expect(byEmail.get(DEMO_ACCOUNTS.vendedor)).toMatch(/^[0-9a-f-]{36}$/);
    expect(byEmail.get(DEMO_ACCOUNTS.micro_franquia)).toBeNull();
  });

  it('searches name or e-mail and filters by role, paging in SQL', async () => {
    expect(emails((await as(ctx.app, 'franqueador').get('/api/usuarios?q=JULIANA')).json())).toEqual([
      DEMO_ACCOUNTS.micro_franquia,
    ]);
    expect(emails((await as(ctx.app, 'franqueador').get('/api/usuarios?q=franquia.mg@')).json())).toEqual([
      'franquia.mg@demo.com.br',
    ]);
    const clientes = await as(ctx.app, 'franqueador').get('/api/usuarios?role=cliente');
    expect(clientes.headers['x-total-count']).toBe('3');
    expect(clientes.json().every((u: { role: string }) => u.role === 'cliente')).toBe(true);
    const page = await as(ctx.app, 'franqueador').get('/api/usuarios?role=micro_franquia&pageSize=2&page=2');
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('3');
    const bad = await as(ctx.app, 'franqueador').get('/api/usuarios?role=rei');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Perfil inválido');
  });

  it("finds an aluno by the name its network's pre-matrícula gave, ignoring case and accents, not by its login's (issue 46, ADR 019)", async () => {
    const id = await userId(DEMO_ACCOUNTS.aluno);
    // The login's own name is what the first network wrote; this network shows (and searches) its pre-matrícula's.
    await ctx.handle.db.update(users).set({ nome: 'Fulana Registrada' }).where(eq(users.id, id));
    try {
      const found = await as(ctx.app, 'franqueador').get('/api/usuarios?q=MARIANA%20c%C3%B3STA');
      expect(emails(found.json())).toEqual([DEMO_ACCOUNTS.aluno]);
      expect(found.headers['x-total-count']).toBe('1');
      expect(found.json()[0].nome).toBe('Mariana Costa');
      for (const q of ['Registrada', 'Jos%C3%A9%20Costa']) {
        const none = await as(ctx.app, 'franqueador').get(`/api/usuarios?q=${q}`);
        expect(emails(none.json()), q).not.toContain(DEMO_ACCOUNTS.aluno);
      }
      expect(emails((await as(ctx.app, 'micro_franquia').get('/api/usuarios?q=mariana')).json())).toEqual([]);
    } finally {
      await ctx.handle.db.update(users).set({ nome: 'Mariana Costa' }).where(eq(users.id, id));
    }
  });

  it("sorts by the name shown: an aluno's its network's, a renamed person's new one, accents and case aside (ADR 167)", async () => {
    const alunoId = await userId(DEMO_ACCOUNTS.aluno);
    const vendedorId = await userId(DEMO_ACCOUNTS.vendedor);
    const [vendedor] = await ctx.handle.db.select({ nome: users.nome }).from(users).where(eq(users.id, vendedorId));
    // The aluno's login says 'Aaron' (the first network's name, sorting first); this network calls it Mariana Costa.
    await ctx.handle.db.update(users).set({ nome: 'Aaron Registrado' }).where(eq(users.id, alunoId));
    await ctx.handle.db.update(users).set({ nome: 'ÚRSULA zé' }).where(eq(users.id, vendedorId));
    try {
      const byName = async (sort: string) => {
        const response = await as(ctx.app, 'franqueador').get(`/api/usuarios?pageSize=500&sort=${sort}`);
        expect(response.statusCode).toBe(200);
        return response.json() as { id: string; nome: string | null }[];
      };
      const up = await byName('nome');
      const folded = up.map((u) => (u.nome ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
      expect(folded).toEqual([...folded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const at = (id: string) => up.findIndex((u) => u.id === id);
      expect(up[at(alunoId)]!.nome).toBe('Mariana Costa');
      expect(folded.filter((n) => n < 'mariana costa')).toHaveLength(at(alunoId));
      // The renamed vendedor sits among the u's, not where its old name put it.
      expect(up[at(vendedorId)]!.nome).toBe('ÚRSULA zé');
      expect(folded.filter((n) => n < 'ursula ze')).toHaveLength(at(vendedorId));
      expect((await byName('-nome')).map((u) => u.id)).toEqual(up.map((u) => u.id).reverse());
    } finally {
      await ctx.handle.db.update(users).set({ nome: 'Mariana Costa' }).where(eq(users.id, alunoId));
      await ctx.handle.db.update(users).set({ nome: vendedor!.nome }).where(eq(users.id, vendedorId));
    }
  });

  it('answers a search too short to answer with the hint, as the funnel lists (issue 46)', async () => {
    for (const q of ['a', '%40', 'jo', '(1']) {
      const response = await as(ctx.app, 'franqueador').get(`/api/usuarios?q=${q}`);
      expect(response.statusCode, q).toBe(400);
      expect(response.json().message, q).toBe('Digite pelo menos 3 letras ou números para buscar.');
    }
    expect((await as(ctx.app, 'franqueador').get('/api/usuarios?q=%20')).statusCode).toBe(200);
  });

  it('gives a micro-franquia only its vendedores', async () => {
    const response = await as(ctx.app, 'micro_franquia').get('/api/usuarios');
    expect(emails(response.json())).toEqual([DEMO_ACCOUNTS.vendedor]);
    expect((await as(ctx.app, 'micro_franquia').get('/api/usuarios?role=cliente')).json()).toEqual([]);
  });

  it.each(['franquia', 'vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await as(ctx.app, role).get('/api/usuarios')).statusCode).toBe(403);
  });
});

describe('PATCH /api/usuarios/:id', () => {
  it('the franqueador switches a network user off (its row too, its sessions end) and on again', async () => {
    const id = await userId('cliente.valinhos@demo.com.br');
    const session = await login(ctx.app, 'cliente.valinhos@demo.com.br');
    const off = await as(ctx.app, 'franqueador').patch(`/api/usuarios/${id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, isActive: false, role: 'cliente' });
    expect((await as(ctx.app, { cookie: session }).get('/api/user')).statusCode).toBe(401);
    const row = (await as(ctx.app, 'franqueador').get('/api/clientes?q=valinhos')).json()[0];
    expect(row.isActive).toBe(false);
    const on = await as(ctx.app, 'franqueador').patch(`/api/usuarios/${id}`, { isActive: true });
    expect(on.json().isActive).toBe(true);
    expect((await as(ctx.app, 'franqueador').get('/api/clientes?q=valinhos')).json()[0].isActive).toBe(true);
    await login(ctx.app, 'cliente.valinhos@demo.com.br');
  });

  it('a micro-franquia switches its own vendedor, and gets 404 for anyone else', async () => {
    const payload = vendedorPayload();
    await as(ctx.app, 'micro_franquia').post('/api/vendedores', payload);
    const id = (await as(ctx.app, 'micro_franquia').get(`/api/usuarios?q=${payload.email}`)).json()[0].id;
    expect(
      (await as(ctx.app, 'micro_franquia').patch(`/api/usuarios/${id}`, { isActive: false })).json().isActive,
    ).toBe(false);
    expect((await as(ctx.app, 'micro_franquia').patch(`/api/usuarios/${id}`, { isActive: true })).json().isActive).toBe(
      true,
    );

    for (const target of [
      await userId('cliente.valinhos@demo.com.br'),
      await userId(DEMO_ACCOUNTS.franquia),
      other.vendedorUserId,
      randomUUID(),
    ]) {
      expect(
        (await as(ctx.app, 'micro_franquia').patch(`/api/usuarios/${target}`, { isActive: false })).statusCode,
      ).toBe(404);
    }
  });

  it('answers 404 for a user of another network and 400 for switching oneself off', async () => {
    expect(
      (await as(ctx.app, 'franqueador').patch(`/api/usuarios/${other.clienteUserId}`, { isActive: false })).statusCode,
    ).toBe(404);
    const self = await as(ctx.app, 'franqueador').patch(`/api/usuarios/${await userId(DEMO_ACCOUNTS.franqueador)}`, {
      isActive: false,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Você não pode desativar o seu próprio usuário');
    const bad = await as(ctx.app, 'franqueador').patch(`/api/usuarios/${await userId(DEMO_ACCOUNTS.aluno)}`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ isActive: 'Informe o status (ativo ou inativo)' });
  });

  it.each(['franquia', 'vendedor', 'cliente', 'aluno'] as const)('answers 403 to %s', async (role) => {
    expect((await as(ctx.app, role).patch(`/api/usuarios/${randomUUID()}`, { isActive: false })).statusCode).toBe(403);
  });
});
