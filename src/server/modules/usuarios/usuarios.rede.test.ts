import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { clientes, franquias, microFranquias, users, vendedores } from '../../db/schema';

/**
 * ADR 162: each person's row carries the franqueador whose network it works in, which the franqueador's Usuários
 * list reads. PostgreSQL writes it with the row and again when a unit above the person moves to another network;
 * what the lists answer is the proof.
 */
let ctx: TestContext;
let demoFranqueadorId: string;
let demoFranquiaId: string;
let demoMicroId: string;

/** The unit a login names: its franqueador, franquia or micro-franquia. */
async function unitOf(email: string, column: 'franqueadorId' | 'franquiaId' | 'microFranquiaId') {
  const [row] = await ctx.handle.db.select({ id: users[column] }).from(users).where(eq(users.email, email));
  return row!.id!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  demoFranqueadorId = await unitOf(DEMO_ACCOUNTS.franqueador, 'franqueadorId');
  demoFranquiaId = await unitOf(DEMO_ACCOUNTS.franquia, 'franquiaId');
  demoMicroId = await unitOf(DEMO_ACCOUNTS.micro_franquia, 'microFranquiaId');
});
afterAll(() => ctx.close());

/** Every e-mail of a franqueador's Usuários list (one page of 500 is all of them here), and its total. */
async function usuariosOf(franqueadorEmail: string) {
  const caller = franqueadorEmail === DEMO_ACCOUNTS.franqueador ? 'franqueador' : { email: franqueadorEmail };
  const response = await as(ctx.app, caller).get('/api/usuarios?pageSize=500');
  expect(response.statusCode).toBe(200);
  return {
    emails: (response.json() as { email: string }[]).map((u) => u.email).sort(),
    total: Number(response.headers['x-total-count']),
  };
}

/** The other network's people by role: its franqueador, franquia, micro-franquia, vendedor and cliente logins. */
async function peopleOf(other: OtherNetwork) {
  const db = ctx.handle.db;
  const rows = await db
    .select({ email: users.email, role: users.role, rede: users.redeFranqueadorId })
    .from(users)
    .where(
      inArray(users.id, [other.franquiaUserId, other.microFranquiaUserId, other.vendedorUserId, other.clienteUserId]),
    );
  const [franqueador] = await db
    .select({ email: users.email, role: users.role, rede: users.redeFranqueadorId })
    .from(users)
    .where(eq(users.email, other.franqueadorEmail));
  type Person = { email: string; rede: string | null };
  const byRole = new Map<string, Person>([...rows, franqueador!].map((r) => [r.role, r]));
  const of = (role: string) => byRole.get(role)!;
  return {
    franqueador: of('franqueador'),
    franquia: of('franquia'),
    micro_franquia: of('micro_franquia'),
    vendedor: of('vendedor'),
    cliente: of('cliente'),
  };
}

describe("a person's network (ADR 162)", () => {
  it('every person of either network carries its franqueador, and an aluno none', async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const otherId = await unitOf(other.franqueadorEmail, 'franqueadorId');
    const people = await peopleOf(other);
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      expect(people[role].rede, role).toBe(otherId);
    }
    const demo = await ctx.handle.db
      .select({ role: users.role, rede: users.redeFranqueadorId })
      .from(users)
      .where(inArray(users.email, Object.values(DEMO_ACCOUNTS)));
    expect(demo).toHaveLength(6);
    for (const row of demo) expect(row.rede, row.role).toBe(row.role === 'aluno' ? null : demoFranqueadorId);

    // Each franqueador lists its own: the other one itself and its four people.
    const otherList = await usuariosOf(other.franqueadorEmail);
    expect(otherList.emails).toEqual(
      Object.values(people)
        .map((p) => p.email)
        .sort(),
    );
    expect(otherList.total).toBe(5);
    expect((await usuariosOf(DEMO_ACCOUNTS.franqueador)).emails.join()).not.toContain('outr');
  });

  it("a franquia moved to another franqueador takes its people, its micro-franquias', vendedores' and clientes'", async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const people = await peopleOf(other);
    const before = await usuariosOf(DEMO_ACCOUNTS.franqueador);

    await ctx.handle.db
      .update(franquias)
      .set({ franqueadorId: demoFranqueadorId })
      .where(eq(franquias.id, other.franquiaId));

    const after = await usuariosOf(DEMO_ACCOUNTS.franqueador);
    const moved = [people.franquia, people.micro_franquia, people.vendedor, people.cliente].map((p) => p.email);
    expect(after.emails).toEqual([...before.emails, ...moved].sort());
    expect(after.total).toBe(before.total + 4);
    expect((await usuariosOf(other.franqueadorEmail)).emails).toEqual([people.franqueador.email]);
  });

  it("a micro-franquia moved to another network takes its own, its vendedores' and its clientes' people", async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const people = await peopleOf(other);
    const before = await usuariosOf(DEMO_ACCOUNTS.franqueador);

    await ctx.handle.db
      .update(microFranquias)
      .set({ franquiaId: demoFranquiaId })
      .where(eq(microFranquias.id, other.microFranquiaId));

    const moved = [people.micro_franquia, people.vendedor, people.cliente].map((p) => p.email);
    expect((await usuariosOf(DEMO_ACCOUNTS.franqueador)).emails).toEqual([...before.emails, ...moved].sort());
    expect((await usuariosOf(other.franqueadorEmail)).emails).toEqual(
      [people.franqueador.email, people.franquia.email].sort(),
    );
  });

  it("a cliente moved to another network's micro-franquia, and a vendedor record, take their logins along", async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const people = await peopleOf(other);
    const before = await usuariosOf(DEMO_ACCOUNTS.franqueador);

    await ctx.handle.db.update(clientes).set({ microFranquiaId: demoMicroId }).where(eq(clientes.id, other.clienteId));
    expect((await usuariosOf(DEMO_ACCOUNTS.franqueador)).emails).toEqual(
      [...before.emails, people.cliente.email].sort(),
    );

    await ctx.handle.db
      .update(vendedores)
      .set({ microFranquiaId: demoMicroId })
      .where(eq(vendedores.userId, other.vendedorUserId));
    expect((await usuariosOf(DEMO_ACCOUNTS.franqueador)).emails).toEqual(
      [...before.emails, people.cliente.email, people.vendedor.email].sort(),
    );
    expect((await usuariosOf(other.franqueadorEmail)).emails).toEqual(
      [people.franqueador.email, people.franquia.email, people.micro_franquia.email].sort(),
    );
  });

  it("a vendedor whose login names no micro-franquia is in its record's network from the record's insert on", async () => {
    const before = await usuariosOf(DEMO_ACCOUNTS.franqueador);
    const [login] = await ctx.handle.db
      .insert(users)
      .values({ email: 'vendedor.sem.micro@demo.com.br', password: 'x', role: 'vendedor', nome: 'Sem Micro' })
      .returning({ id: users.id, rede: users.redeFranqueadorId });
    expect(login!.rede).toBeNull();
    expect((await usuariosOf(DEMO_ACCOUNTS.franqueador)).emails).toEqual(before.emails);

    await ctx.handle.db.insert(vendedores).values({ microFranquiaId: demoMicroId, userId: login!.id });
    expect((await usuariosOf(DEMO_ACCOUNTS.franqueador)).emails).toEqual(
      [...before.emails, 'vendedor.sem.micro@demo.com.br'].sort(),
    );
  });
});
