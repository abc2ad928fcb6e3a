import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app';
import { executeRows } from '../../src/server/db/connect';
import { clientes, jobs, leads, matriculas, preMatriculas } from '../../src/server/db/schema';
import { searchWithCnpjInText } from '../../src/server/lib/search';
import { buscaLeads, clockAt, leadConditions } from '../../src/server/modules/leads/leads.repository';
import type { Actor } from '../../src/server/access/actor';
import { leadsListQuerySchema } from '../../src/shared/schemas/funnel';
import { buscaEnvios } from '../../src/server/modules/envios/envios.repository';
import { buscaMatriculas } from '../../src/server/modules/matriculas/matriculas.repository';
import { buscaPreMatriculas } from '../../src/server/modules/pre-matriculas/pre-matriculas.repository';

/**
 * Issue 39, item 13: a funnel search that compared each column on its own read every row of the scope (seconds at
 * 300,000 pré-matrículas). Each funnel record's search is one text its trigram index is built on: with sequential
 * scans priced out, the planner must reach the index -- which it can only when the search compares exactly the
 * index's expression. No timing: the plan says whether the index can serve the search at all.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function planOf(table: PgTable, where: SQL | undefined): Promise<string> {
  return ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await executeRows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain select count(*) from ${table} where ${where}`,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const RECORDS: [string, PgTable, (q: string) => SQL | undefined, string][] = [
  ['leads', leads, buscaLeads, 'leads_busca_trgm_idx'],
  ['pré-matrículas', preMatriculas, buscaPreMatriculas, 'pre_matriculas_busca_trgm_idx'],
  ['matrículas', matriculas, buscaMatriculas, 'matriculas_busca_trgm_idx'],
];

describe('the funnel searches reach their trigram index (issue 39, item 13)', () => {
  it.each(RECORDS)('a search of %s by name is planned on its index', async (_, table, busca, index) => {
    expect(await planOf(table, busca('conceicao'))).toContain(index);
  });

  it.each(RECORDS)('a search of %s by e-mail part is planned on its index', async (_, table, busca, index) => {
    expect(await planOf(table, busca('@gmail'))).toContain(index);
  });
});

describe('the Clientes search reaches its trigram index (ADR 164)', () => {
  it.each(['conceicao', '84956000', '27.384.956/0001-90'])('a search for %s is planned on it', async (q) => {
    expect(await planOf(clientes, searchWithCnpjInText(q, clientes.busca, clientes.cnpj))).toContain(
      'clientes_busca_trgm_idx',
    );
  });
});

describe("a scope's waiting list reaches its own partial index (issue 46)", () => {
  const id = '00000000-0000-0000-0000-0000000000aa';
  const actors: [string, Partial<Actor>, string][] = [
    ['franqueador', { franqueadorId: id }, 'leads_franqueador_espera_idx'],
    ['franquia', { franquiaId: id }, 'leads_franquia_espera_idx'],
    ['micro_franquia', { microFranquiaId: id }, 'leads_micro_franquia_espera_idx'],
    ['vendedor', { vendedorId: id }, 'leads_vendedor_espera_idx'],
    ['cliente', { clienteId: id }, 'leads_cliente_espera_idx'],
  ];
  it.each(actors)('listaEspera=sim of a %s is planned on its index', async (role, ids, index) => {
    const actor = {
      id,
      email: '',
      nome: null,
      franqueadorId: null,
      franquiaId: null,
      microFranquiaId: null,
      clienteId: null,
      vendedorId: null,
      ...ids,
      role,
    } as Actor;
    const where = leadConditions(actor, leadsListQuerySchema.parse({ listaEspera: 'sim' }), clockAt(new Date()));
    expect(await planOf(leads, where)).toContain(index);
  });
});

describe("Envios' free-text search reaches its trigram index (issue 46, ADR 155)", () => {
  // The list's own condition beside it: the index holds only the e-mails, webhooks and WhatsApp notices -- as do the
  // queue's other partial indexes, which a near-empty table would rather read: they are dropped in a transaction
  // that is rolled back.
  const envios = (q: string) => sql`${jobs.tipo} in ('email', 'webhook', 'whatsapp') and ${buscaEnvios(q)}`;

  async function planWithOnly(index: string, where: SQL): Promise<string> {
    let plan = '';
    await ctx.handle.db
      .transaction(async (tx) => {
        const others = await executeRows<{ name: string }>(
          tx,
          sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
            where i.indrelid = 'jobs'::regclass and i.indpred is not null and c.relname <> ${index}`,
        );
        for (const { name } of others) await tx.execute(sql`drop index ${sql.identifier(name)}`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await executeRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select count(*) from ${jobs} where ${where}`,
        );
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    return plan;
  }

  it.each(['conceicao', '@gmail', '98765'])('a search of the envios for %s is planned on its index', async (q) => {
    expect(await planWithOnly('jobs_busca_trgm_idx', envios(q))).toContain('jobs_busca_trgm_idx');
  });
});
