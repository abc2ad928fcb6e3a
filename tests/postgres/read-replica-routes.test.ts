import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { connectPostgres } from '../../src/server/db/postgres';
import { WRITE_COOKIE } from '../../src/server/plugins/read-replica';
import type { Exportacao, NovaExportacao } from '../../src/shared/schemas/exportacoes';
import { todayInBrasilia } from '../../src/shared/brasilia';
import type { Role } from '../../src/shared/roles';
import { createTestApp, type TestContext } from '../setup/test-app';
import { as, sessionOf } from '../support/inject-as';

/**
 * Every read that goes to the replica (issue 46), on a stand-in that refuses writes: the test's own database opened
 * a second time with `default_transaction_read_only`, reported as a replica that has replayed everything. Each
 * list, search, report and export answers from it exactly as the primary-only app answers (nothing it runs
 * writes), a caller's read right after its own write goes to the primary, and an export job reads from the
 * replica. The real primary/replica pair -- lag, a stopped replica -- is tests/faults/process/read-replica.test.ts.
 * Needs PostgreSQL: included when TEST_DATABASE_URL is set (.ci/run sets it).
 */

let ctx: TestContext;
let handle: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp({ EXPORTACAO_DIRETA_MAX: '1', WEBHOOKS_PERMITIR_REDE_LOCAL: '1' });
  const readOnly = new URL(ctx.databaseUrl!);
  readOnly.searchParams.set('options', '-c default_transaction_read_only=on');
  handle = await connectPostgres(ctx.databaseUrl!, 5, readOnly.toString());
  handle.replica!.positions = async () => ({ primary: 1n, replica: 1n });
  app = await buildApp(
    { ...ctx.config, logLevel: 'error', databaseReplica: { url: readOnly.toString(), maxLagMs: 10_000 } },
    { db: handle.db, listen: handle.listen, replica: handle.replica },
  );
  await app.ready();
  await app.reads.check();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
  await ctx?.close();
});

const mes = todayInBrasilia(new Date()).slice(0, 7);

/** The reads that go to the replica, each by a role that opens it. */
const READS: [Role, string][] = [
  ['franqueador', '/api/franquias?q=sul'],
  ['franqueador', '/api/micro-franquias'],
  ['franqueador', '/api/clientes?sort=nome'],
  ['franqueador', '/api/usuarios?q=demo'],
  ['franqueador', '/api/eventos'],
  ['cliente', '/api/cursos'],
  ['franqueador', '/api/leads?view=interesses&q=silva'],
  ['franqueador', '/api/leads/resumo'],
  ['franqueador', '/api/leads/eventos'],
  ['franqueador', '/api/leads/export.csv?view=interesses'],
  ['franqueador', '/api/pre-matriculas'],
  ['franqueador', '/api/pre-matriculas/resumo'],
  ['franqueador', '/api/pre-matriculas/export.csv'],
  ['franqueador', '/api/matriculas'],
  ['franqueador', '/api/matriculas/resumo'],
  ['franqueador', '/api/matriculas/export.csv'],
  ['franqueador', '/api/relatorios/funil?agrupar=franquia'],
  ['franqueador', '/api/relatorios/funil.csv'],
  ['franqueador', '/api/relatorios/serie'],
  ['franqueador', '/api/relatorios/matriculas-status'],
  ['franqueador', '/api/relatorios/acompanhamento'],
  ['franqueador', '/api/relatorios/visitas'],
  ['franqueador', '/api/relatorios/inadimplencia'],
  ['franqueador', '/api/dashboard/metrics'],
  ['vendedor', '/api/dashboard/acompanhamento'],
  ['franqueador', `/api/metas/painel?mes=${mes}`],
  ['franqueador', `/api/metas/ranking?mes=${mes}&etapa=leads`],
  ['franqueador', '/api/auditoria'],
  ['franqueador', '/api/auditoria/export.csv'],
  ['franqueador', '/api/envios'],
  ['franqueador', '/api/sac/tickets'],
  ['franqueador', '/api/sac/resumo'],
  ['franqueador', '/api/sac/users?q=dem'],
  ['franqueador', '/api/visitas'],
  ['franqueador', '/api/comissoes/lancamentos'],
  ['franqueador', '/api/campanhas/custos'],
  ['franqueador', '/api/parcelas'],
  ['franqueador', '/api/parcelas/export.csv'],
  ['franqueador', '/api/lgpd/pedidos'],
];

describe('reads on a replica', () => {
  it('answers every list, search, report and export from the replica, as the primary does', async () => {
    const [ticket] = (await as(ctx.app, 'franqueador').get('/api/sac/tickets')).json<{ id: number }[]>();
    const webhook = await as(ctx.app, 'franqueador').post('/api/integracoes/webhooks', {
      url: 'http://127.0.0.1:9/webhook',
      eventos: ['lead.criado'],
    });
    expect(webhook.statusCode).toBe(201);
    const reads: [Role, string][] = [
      ...READS,
      ['franqueador', `/api/sac/tickets/${ticket!.id}/mensagens`],
      ['franqueador', `/api/integracoes/webhooks/${webhook.json<{ id: string }>().id}/entregas`],
    ];
    for (const [role, path] of reads) {
      const before = app.reads.reads.replica;
      const replica = await as(app, role).get(path);
      const primary = await as(ctx.app, role).get(path);
      expect({ path, status: replica.statusCode }).toEqual({ path, status: 200 });
      expect(app.reads.reads.replica, path).toBe(before + 1);
      // The audit trail holds the exports just made, one more each time.
      if (path.startsWith('/api/auditoria')) continue;
      expect(replica.body, path).toBe(primary.body);
      expect(replica.headers['x-total-count'], path).toBe(primary.headers['x-total-count']);
    }
    expect(app.reads.reads.primary).toBe(0);
  });

  it("sends a caller's reads to the primary after its own write, until the replica has replayed past it", async () => {
    const sid = (await sessionOf(app, 'cliente'))!;
    const titulo = `Curso da réplica ${Date.now()}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/cursos',
      headers: { cookie: sid },
      payload: {
        titulo,
        descricao: 'Descrição do curso',
        valor: 1500,
        valorComDesconto: 1200,
        parcelas: 10,
        modulos: [{ titulo: 'Introdução', modulo: '1', cargaHoraria: 20 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const stamp = created.cookies.find((c) => c.name === WRITE_COOKIE);
    expect(stamp).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax', maxAge: 12 });
    const cookie = `${sid}; ${WRITE_COOKIE}=${stamp!.value}`;

    const { replica, primary } = app.reads.reads;
    const list = await app.inject({ url: `/api/cursos?q=${encodeURIComponent(titulo)}`, headers: { cookie } });
    expect(list.json<{ titulo: string }[]>().map((c) => c.titulo)).toEqual([titulo]);
    expect(app.reads.reads).toEqual({ replica, primary: primary + 1 });

    // The next check finds the replica at the primary's position: it has replayed the write.
    await app.reads.check();
    await app.inject({ url: `/api/cursos?q=${encodeURIComponent(titulo)}`, headers: { cookie } });
    expect(app.reads.reads).toEqual({ replica: replica + 1, primary: primary + 1 });

    // A read sets no cookie; nor does a write with no one signed in.
    expect(list.cookies.find((c) => c.name === WRITE_COOKIE)).toBeUndefined();
  });

  it('runs an export job on the replica, and its file is the direct download', async () => {
    const nova = (await as(app, 'franqueador').post('/api/leads/exportacoes?view=interesses')).json<NovaExportacao>();
    if (nova.direta) throw new Error('expected a job');
    await app.reads.check();
    const before = app.reads.reads.replica;
    await app.background.drain();
    expect(app.reads.reads.replica).toBe(before + 1);
    const done = (await as(app, 'franqueador').get(`/api/exportacoes/${nova.id}`)).json<Exportacao>();
    expect(done.status).toBe('concluido');
    const file = await as(app, 'franqueador').get(done.arquivo!);
    const direct = await as(ctx.app, 'franqueador').get('/api/leads/export.csv?view=interesses');
    expect(file.body).toBe(direct.body);
  });
});
