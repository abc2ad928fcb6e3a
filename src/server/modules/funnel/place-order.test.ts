import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadItem } from '../../../shared/schemas/funnel';
import { eventos as eventosTable, leads, users } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

/**
 * A list filtered by a place must hold the place's rows in the list's order wherever they sit in the scope's: here
 * the place's rows are the scope's OLDEST and its events half the network's. ADR 137 walked the scope's order for
 * such a place; since ADR 165 and 166 the network's list of a state or a city reads the rows' own copy of their
 * event's place, and these pages check that reading, by state and by city, by number and by cursor.
 */

let ctx: TestContext;
let franqueadorId: string;

/**
 * `eventos` copies of a demo event of the state (or of another state), and `n` leads spread over them, created from
 * `inicio` a minute apart, with the row triggers on (the events' scope and the counters as a sign-up writes them).
 */
async function addLeads(
  nome: string,
  eventos: number,
  n: number,
  inicio: string,
  estado: { igual?: string; outro?: string },
) {
  const [modelo] = await ctx.handle.db
    .select({ id: eventosTable.id })
    .from(eventosTable)
    .where(
      and(
        eq(eventosTable.franqueadorId, franqueadorId),
        estado.igual ? eq(eventosTable.estado, estado.igual) : ne(eventosTable.estado, estado.outro!),
      ),
    )
    .limit(1);
  await ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into eventos (nome_escola, tipo_escola, cidade, estado, data_distribuicao, data_evento, horario, local,
        qtd_alunos, cliente_id, micro_franquia_id, vendedor_id)
      select ${nome} || ' ' || g, e.tipo_escola, e.cidade, e.estado, e.data_distribuicao, e.data_evento, e.horario,
        e.local, e.qtd_alunos, e.cliente_id, e.micro_franquia_id, e.vendedor_id
      from eventos e, generate_series(1, ${eventos}) g where e.id = ${modelo!.id}`);
    await tx.execute(sql`
      insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone, created_at, cliente_id,
        vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
      select e.id, ${nome} || ' ' || g, 'Responsável Teste', 'lugar' || g || ${nome.toLowerCase()} || '@email.com',
        '11987654321', ${inicio}::timestamptz + g * interval '1 minute', e.cliente_id, e.vendedor_id,
        e.micro_franquia_id, e.franquia_id, e.franqueador_id
      from generate_series(1, ${n}) g
      join eventos e on e.nome_escola = ${nome} || ' ' || (1 + g % ${eventos})`);
  });
}

/**
 * A place's leads as the franqueador's list holds them, newest first, read row by row: a state, or a city in any
 * case (as the filter compares it).
 */
async function expected(place: { estado?: string; cidade?: string }): Promise<string[]> {
  const rows = await ctx.handle.db
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(eventosTable, eq(eventosTable.id, leads.eventoId))
    .where(
      and(
        eq(leads.franqueadorId, franqueadorId),
        place.estado ? eq(eventosTable.estado, place.estado) : undefined,
        place.cidade ? sql`lower(${eventosTable.cidade}) = lower(${place.cidade})` : undefined,
      ),
    )
    .orderBy(sql`${leads.createdAt} desc, ${leads.id} desc`);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [user] = await ctx.handle.db
    .select({ franqueadorId: users.franqueadorId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.franqueador));
  franqueadorId = user!.franqueadorId!;
  // MG holds 600 more events and their 1,200 leads of 2024; SP 600 more events and 2,400 newer leads. MG then holds
  // about half the network's events, and its rows none of the network's newest.
  await addLeads('Antigo', 600, 1_200, '2024-01-01 12:00:00+00', { igual: 'MG' });
  await addLeads('Recente', 600, 2_400, '2025-06-01 12:00:00+00', { outro: 'MG' });
}, 120_000);
afterAll(() => ctx.close());

describe("a place's page where its rows are the scope's oldest (ADR 137, 166)", () => {
  it('finds its rows newest first where they are the oldest, by number and by cursor, with the exact total', async () => {
    const rows = await expected({ estado: 'MG' });
    expect(rows.length).toBeGreaterThan(1_200);
    const first = await as(ctx.app, 'franqueador').get('/api/leads?estado=MG&pageSize=7');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(rows.length));
    expect(first.headers['x-total-count-exact']).toBeUndefined();
    expect((first.json() as LeadItem[]).map((l) => l.id)).toEqual(rows.slice(0, 7));
    const third = await as(ctx.app, 'franqueador').get('/api/leads?estado=MG&pageSize=7&page=3');
    expect((third.json() as LeadItem[]).map((l) => l.id)).toEqual(rows.slice(14, 21));
    const next = await as(ctx.app, 'franqueador').get(
      `/api/leads?estado=MG&pageSize=7&apos=${first.headers['x-next-cursor'] as string}`,
    );
    expect((next.json() as LeadItem[]).map((l) => l.id)).toEqual(rows.slice(7, 14));
  });

  it('finds its rows oldest first, and the other places newest first', async () => {
    const mg = await expected({ estado: 'MG' });
    const oldest = await as(ctx.app, 'franqueador').get('/api/leads?estado=MG&pageSize=7&sort=criadoEm');
    expect((oldest.json() as LeadItem[]).map((l) => l.id)).toEqual([...mg].reverse().slice(0, 7));
    const sp = await expected({ estado: 'SP' });
    const newest = await as(ctx.app, 'franqueador').get('/api/leads?estado=SP&pageSize=7&page=2');
    expect(newest.headers['x-total-count']).toBe(String(sp.length));
    expect((newest.json() as LeadItem[]).map((l) => l.id)).toEqual(sp.slice(7, 14));
  });

  it("finds a city's rows in any case, alone and with its state, by number and by cursor", async () => {
    const [antigo] = await ctx.handle.db
      .select({ cidade: eventosTable.cidade })
      .from(eventosTable)
      .where(eq(eventosTable.nomeEscola, 'Antigo 1'));
    const cidade = antigo!.cidade;
    const rows = await expected({ cidade });
    expect(rows.length).toBeGreaterThan(1_200);
    const typed = encodeURIComponent(cidade.toUpperCase());
    const first = await as(ctx.app, 'franqueador').get(`/api/leads?cidade=${typed}&pageSize=7`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(rows.length));
    expect((first.json() as LeadItem[]).map((l) => l.id)).toEqual(rows.slice(0, 7));
    const next = await as(ctx.app, 'franqueador').get(
      `/api/leads?cidade=${typed}&pageSize=7&apos=${first.headers['x-next-cursor'] as string}`,
    );
    expect((next.json() as LeadItem[]).map((l) => l.id)).toEqual(rows.slice(7, 14));
    const withState = await as(ctx.app, 'franqueador').get(`/api/leads?cidade=${typed}&estado=MG&pageSize=7&page=4`);
    expect(withState.headers['x-total-count']).toBe(String(rows.length));
    expect((withState.json() as LeadItem[]).map((l) => l.id)).toEqual(rows.slice(21, 28));
    const oldest = await as(ctx.app, 'franqueador').get(`/api/leads?cidade=${typed}&pageSize=7&sort=criadoEm`);
    expect((oldest.json() as LeadItem[]).map((l) => l.id)).toEqual([...rows].reverse().slice(0, 7));
    const elsewhere = await as(ctx.app, 'franqueador').get(`/api/leads?cidade=${typed}&estado=SP`);
    expect(elsewhere.json()).toEqual([]);
    expect(elsewhere.headers['x-total-count']).toBe('0');
  });

  it('answers an empty page and a total of 0 for a place with no rows', async () => {
    const none = await as(ctx.app, 'franqueador').get('/api/leads?estado=AC');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });
});
