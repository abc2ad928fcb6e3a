import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as, type Caller } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, uniqueCnpj, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { clientes, franquias, microFranquias, users } from '../../db/schema';

/**
 * ADR 164: a school carries its place above its micro-franquia -- that one's franquia and franqueador -- which a
 * franquia's and a franqueador's Clientes list reads, and its name as the list sorts it. PostgreSQL writes them with
 * the school and again when it, its micro-franquia or its franquia moves; who lists the school is the proof.
 */
let ctx: TestContext;
let demo: { franqueadorId: string; franquiaId: string; microId: string };

async function emailOf(userId: string) {
  const [row] = await ctx.handle.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { email: row!.email };
}

/** The other network's managers' logins. */
async function staffOf(other: OtherNetwork) {
  return {
    franqueador: { email: other.franqueadorEmail },
    franquia: await emailOf(other.franquiaUserId),
    micro_franquia: await emailOf(other.microFranquiaUserId),
  };
}

/** Whether `caller`'s Clientes list (one page of 500 is all of them here) holds the school, and its one record. */
async function lists(caller: Caller, clienteId: string) {
  const response = await as(ctx.app, caller).get('/api/clientes?pageSize=500&sort=nome');
  expect(response.statusCode, response.body).toBe(200);
  const ids = (response.json() as { id: string }[]).map((c) => c.id);
  expect(Number(response.headers['x-total-count'])).toBe(ids.length);
  const one = await as(ctx.app, caller).get(`/api/clientes/${clienteId}`);
  expect(one.statusCode, one.body).toBe(ids.includes(clienteId) ? 200 : 404);
  return ids.includes(clienteId);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const unitOf = async (email: string) => {
    const [row] = await ctx.handle.db
      .select({ franqueadorId: users.franqueadorId, franquiaId: users.franquiaId, microId: users.microFranquiaId })
      .from(users)
      .where(eq(users.email, email));
    return row!;
  };
  demo = {
    franqueadorId: (await unitOf(DEMO_ACCOUNTS.franqueador)).franqueadorId!,
    franquiaId: (await unitOf(DEMO_ACCOUNTS.franquia)).franquiaId!,
    microId: (await unitOf(DEMO_ACCOUNTS.micro_franquia)).microId!,
  };
});
afterAll(() => ctx.close());

describe("a school's place in the tree (ADR 164)", () => {
  it("carries its micro-franquia's, and only that network's managers list it", async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const staff = await staffOf(other);

    const [path] = await ctx.handle.db
      .select({ franquiaId: clientes.franquiaId })
      .from(clientes)
      .where(eq(clientes.id, other.clienteId));
    expect(path).toEqual({ franquiaId: other.franquiaId });
    for (const caller of [staff.franqueador, staff.franquia, staff.micro_franquia]) {
      expect(await lists(caller, other.clienteId), caller.email).toBe(true);
    }
    for (const role of ['franqueador', 'franquia', 'micro_franquia'] as const) {
      expect(await lists(role, other.clienteId), role).toBe(false);
    }
  });

  it("follows the school to another network's micro-franquia", async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const staff = await staffOf(other);

    await ctx.handle.db
      .update(clientes)
      .set({ microFranquiaId: demo.microId, vendedorId: null })
      .where(eq(clientes.id, other.clienteId));

    for (const role of ['franqueador', 'franquia', 'micro_franquia'] as const) {
      expect(await lists(role, other.clienteId), role).toBe(true);
    }
    for (const caller of [staff.franqueador, staff.franquia, staff.micro_franquia]) {
      expect(await lists(caller, other.clienteId), caller.email).toBe(false);
    }
  });

  it('follows a micro-franquia moved to another franquia, and a franquia to another franqueador', async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const staff = await staffOf(other);

    await ctx.handle.db
      .update(microFranquias)
      .set({ franquiaId: demo.franquiaId })
      .where(eq(microFranquias.id, other.microFranquiaId));
    expect(await lists('franqueador', other.clienteId)).toBe(true);
    expect(await lists('franquia', other.clienteId)).toBe(true);
    expect(await lists(staff.franquia, other.clienteId)).toBe(false);
    expect(await lists(staff.franqueador, other.clienteId)).toBe(false);
    expect(await lists(staff.micro_franquia, other.clienteId)).toBe(true);

    const another = await insertOtherNetwork(ctx.handle.db);
    const anotherStaff = await staffOf(another);
    await ctx.handle.db
      .update(franquias)
      .set({ franqueadorId: demo.franqueadorId })
      .where(eq(franquias.id, another.franquiaId));
    expect(await lists('franqueador', another.clienteId)).toBe(true);
    expect(await lists('franquia', another.clienteId)).toBe(false);
    expect(await lists(anotherStaff.franqueador, another.clienteId)).toBe(false);
    expect(await lists(anotherStaff.franquia, another.clienteId)).toBe(true);
  });

  it('sorts a school renamed by its new name, ignoring case and accents', async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const staff = await staffOf(other);
    // A second school of the same network, on the same login (the list reads the school's row alone).
    await ctx.handle.db.insert(clientes).values({
      microFranquiaId: other.microFranquiaId,
      userId: other.clienteUserId,
      nomeFantasia: 'Colégio Bárbara',
      cnpj: uniqueCnpj(),
      repLegal: 'Rita Souza',
    });
    const nomes = async () => {
      const response = await as(ctx.app, staff.franqueador).get('/api/clientes?sort=nome');
      return (response.json() as { nomeFantasia: string }[]).map((c) => c.nomeFantasia);
    };
    await ctx.handle.db.update(clientes).set({ nomeFantasia: 'ÁGORA Escola' }).where(eq(clientes.id, other.clienteId));
    expect(await nomes()).toEqual(['ÁGORA Escola', 'Colégio Bárbara']);
    await ctx.handle.db.update(clientes).set({ nomeFantasia: 'escola Zélia' }).where(eq(clientes.id, other.clienteId));
    expect(await nomes()).toEqual(['Colégio Bárbara', 'escola Zélia']);
  });
});

describe('the search box on the stored text (ADR 164)', () => {
  /** The ids the other network's franqueador finds with `q`. */
  async function finds(other: OtherNetwork, q: string) {
    const response = await as(ctx.app, { email: other.franqueadorEmail }).get(
      `/api/clientes?q=${encodeURIComponent(q)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: string }[]).map((c) => c.id);
  }

  it('finds a school by its name, its legal representative or its CNPJ, as typed or masked, and not across them', async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    await ctx.handle.db
      .update(clientes)
      .set({ nomeFantasia: 'Escola São João', repLegal: 'Ângela Conceição', cnpj: '27384956000190' })
      .where(eq(clientes.id, other.clienteId));
    for (const q of ['sao joao', 'SÃO JOÃO', 'angela conc', 'CONCEICAO', '84956000', '27.384.956/0001-90', '384.956']) {
      expect(await finds(other, q), q).toEqual([other.clienteId]);
    }
    // The name's end and the representative's start are two lines of the text: no match spans them.
    for (const q of ['joao angela', 'joão ângela', 'conceicao 273', 'zzz', '99.999.999/0001-99']) {
      expect(await finds(other, q), q).toEqual([]);
    }
  });
});
