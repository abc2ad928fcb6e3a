import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as, type Caller } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { clientes, franquias, microFranquias, users, vendedores, visitas } from '../../db/schema';

/**
 * ADR 163: a visit carries its school's place in the tree -- the cliente's own vendedor, micro-franquia, franquia
 * and franqueador -- which every role's Visitas list reads. PostgreSQL writes it with the visit and again when the
 * school, its micro-franquia or its franquia moves; who lists the visit is the proof.
 */
let ctx: TestContext;
let demo: { franqueadorId: string; franquiaId: string; microId: string; vendedorId: string };

async function loginOf(userId: string) {
  const [row] = await ctx.handle.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { email: row!.email };
}

async function vendedorOf(userId: string) {
  const [row] = await ctx.handle.db.select({ id: vendedores.id }).from(vendedores).where(eq(vendedores.userId, userId));
  return row!.id;
}

/** The other network's staff logins. */
async function staffOf(other: OtherNetwork) {
  return {
    franqueador: { email: other.franqueadorEmail },
    franquia: await loginOf(other.franquiaUserId),
    micro_franquia: await loginOf(other.microFranquiaUserId),
    vendedor: await loginOf(other.vendedorUserId),
    vendedorId: other.vendedorId,
  };
}

/** Whether `caller`'s Visitas list (one page of 500 is all of them here) holds the visit. */
async function lists(caller: Caller, visitaId: string) {
  const response = await as(ctx.app, caller).get('/api/visitas?pageSize=500');
  expect(response.statusCode, response.body).toBe(200);
  const ids = (response.json() as { id: string }[]).map((v) => v.id);
  expect(Number(response.headers['x-total-count'])).toBe(ids.length);
  return ids.includes(visitaId);
}

/** A visit to the other network's school, its own vendedor sent. */
async function visitaA(other: OtherNetwork, vendedorId: string) {
  const [row] = await ctx.handle.db
    .insert(visitas)
    .values({ clienteId: other.clienteId, vendedorId, agendadaPara: new Date('2026-12-10T13:00:00Z') })
    .returning({ id: visitas.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await ctx.handle.db
    .select({ franqueadorId: users.franqueadorId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.franqueador));
  const [franquia] = await ctx.handle.db
    .select({ id: users.franquiaId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.franquia));
  const [micro] = await ctx.handle.db
    .select({ id: users.microFranquiaId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.micro_franquia));
  const [vendedor] = await ctx.handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.vendedor));
  demo = {
    franqueadorId: row!.franqueadorId!,
    franquiaId: franquia!.id!,
    microId: micro!.id!,
    vendedorId: await vendedorOf(vendedor!.id),
  };
});
afterAll(() => ctx.close());

describe("a visit's place in the tree (ADR 163)", () => {
  it("carries its school's, and only that network's staff list it", async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const staff = await staffOf(other);
    const id = await visitaA(other, staff.vendedorId);

    const [path] = await ctx.handle.db
      .select({
        clienteVendedorId: visitas.clienteVendedorId,
        microFranquiaId: visitas.microFranquiaId,
        franquiaId: visitas.franquiaId,
      })
      .from(visitas)
      .where(eq(visitas.id, id));
    expect(path).toEqual({
      clienteVendedorId: staff.vendedorId,
      microFranquiaId: other.microFranquiaId,
      franquiaId: other.franquiaId,
    });
    for (const caller of [staff.franqueador, staff.franquia, staff.micro_franquia, staff.vendedor]) {
      expect(await lists(caller, id), caller.email).toBe(true);
    }
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor'] as const) {
      expect(await lists(role, id), role).toBe(false);
    }
  });

  it("follows its school to another network's micro-franquia, and the school's new vendedor", async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const staff = await staffOf(other);
    // Sent to the school by a vendedor who keeps it after the school leaves: the one sent always lists its visit.
    const id = await visitaA(other, staff.vendedorId);

    await ctx.handle.db
      .update(clientes)
      .set({ microFranquiaId: demo.microId, vendedorId: demo.vendedorId })
      .where(eq(clientes.id, other.clienteId));

    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor'] as const) {
      expect(await lists(role, id), role).toBe(true);
    }
    for (const caller of [staff.franqueador, staff.franquia, staff.micro_franquia]) {
      expect(await lists(caller, id), caller.email).toBe(false);
    }
    expect(await lists(staff.vendedor, id)).toBe(true);

    // The school left without a vendedor of its own: only the one sent and the levels above list it.
    await ctx.handle.db.update(clientes).set({ vendedorId: null }).where(eq(clientes.id, other.clienteId));
    expect(await lists('vendedor', id)).toBe(false);
    expect(await lists('micro_franquia', id)).toBe(true);
  });

  it('follows a micro-franquia moved to another franquia, and a franquia to another franqueador', async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const staff = await staffOf(other);
    const id = await visitaA(other, staff.vendedorId);

    await ctx.handle.db
      .update(microFranquias)
      .set({ franquiaId: demo.franquiaId })
      .where(eq(microFranquias.id, other.microFranquiaId));
    expect(await lists('franqueador', id)).toBe(true);
    expect(await lists('franquia', id)).toBe(true);
    expect(await lists(staff.franquia, id)).toBe(false);
    expect(await lists(staff.franqueador, id)).toBe(false);
    expect(await lists(staff.micro_franquia, id)).toBe(true);

    const another = await insertOtherNetwork(ctx.handle.db);
    const anotherStaff = await staffOf(another);
    const id2 = await visitaA(another, anotherStaff.vendedorId);
    await ctx.handle.db
      .update(franquias)
      .set({ franqueadorId: demo.franqueadorId })
      .where(eq(franquias.id, another.franquiaId));
    expect(await lists('franqueador', id2)).toBe(true);
    expect(await lists(anotherStaff.franqueador, id2)).toBe(false);
    expect(await lists(anotherStaff.franquia, id2)).toBe(true);
  });
});
