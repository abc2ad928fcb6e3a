import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadItem } from '../../../shared/schemas/funnel';
import { TOTAL_COUNT_LIMIT } from '../../../shared/schemas/list-query';
import { eventos } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

let ctx: TestContext;

/**
 * `n` leads of the Horizonte event whose student is named `nome` and a number, with the phone given. Written with
 * the row triggers off (the funnel's counters are not what this file tests, and 10,000 rows of triggers take
 * minutes on a busy machine), the scope copied from the event as the fill trigger would.
 */
async function addLeads(nome: string, n: number, prefixo: '0' | '1', telefone = '11987654321') {
  const [evento] = await ctx.handle.db
    .select({ id: eventos.id })
    .from(eventos)
    .where(eq(eventos.nomeEscola, 'Colégio Horizonte'))
    .limit(1);
  await ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    // Each voucher code given, not drawn: with the triggers off nothing draws again on a collision, and 10,000
    // random codes in one event collide about once in twenty runs. '0' and '1' are outside the codes' alphabet, so
    // these never meet a drawn one; the call's `prefixo` keeps two calls apart.
    await tx.execute(sql`
      insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone, codigo_voucher, cliente_id,
        vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
      select e.id, ${nome} || ' ' || g, 'Responsável Teste', lower(${nome}) || g || '@email.com', ${telefone},
        ${prefixo} || lpad(g::text, 5, '0'), e.cliente_id, e.vendedor_id, e.micro_franquia_id, e.franquia_id,
        e.franqueador_id
      from eventos e, generate_series(1, ${n}) g where e.id = ${evento!.id}`);
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  // 10,001 leads match 'capado'; 10,000 of them match the phone '987654' (the other has another phone).
  await addLeads('Capado', TOTAL_COUNT_LIMIT, '0');
  await addLeads('Capado extra', 1, '1', '11900000000');
}, 300_000);
afterAll(() => ctx.close());

describe('the total of a search that matches more than 10,000 rows (issue 21)', () => {
  it("answers 10000 with X-Total-Count-Exact: false above the limit, and the page's rows", async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/leads?q=capado&pageSize=5');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('10000');
    expect(response.headers['x-total-count-exact']).toBe('false');
    const rows: LeadItem[] = response.json();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.nomeAluno.startsWith('Capado '))).toBe(true);
  });

  it('answers the exact total, without the header, at the limit and below it', async () => {
    const atLimit = await as(ctx.app, 'franqueador').get('/api/leads?q=987654&pageSize=5');
    expect(atLimit.headers['x-total-count']).toBe('10000');
    expect(atLimit.headers['x-total-count-exact']).toBeUndefined();
    const few = await as(ctx.app, 'franqueador').get('/api/leads?q=capado%20extra');
    expect(few.headers['x-total-count']).toBe('1');
    expect(few.headers['x-total-count-exact']).toBeUndefined();
  });

  it('pages past the first rows in the same order as reading them all (the deep page starts at its key)', async () => {
    const first = (await as(ctx.app, 'franqueador').get('/api/leads?q=987654&pageSize=500')).json() as LeadItem[];
    const second = (
      await as(ctx.app, 'franqueador').get('/api/leads?q=987654&pageSize=250&page=2')
    ).json() as LeadItem[];
    expect(second.map((r) => r.id)).toEqual(first.slice(250).map((r) => r.id));
    const deep = await as(ctx.app, 'franqueador').get('/api/leads?q=987654&pageSize=50&page=200');
    expect(deep.json()).toHaveLength(50);
    const past = await as(ctx.app, 'franqueador').get('/api/leads?q=987654&pageSize=50&page=201');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('10000');
  });
});
