import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exportacao, MinhasExportacoes, NovaExportacao } from '../../../shared/schemas/exportacoes';
import { EXPORTACAO_MESSAGES } from '../../../shared/schemas/exportacoes';
import { limpar } from '../../jobs';
import { APP_URL, createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { queryRows } from '../../../../tests/support/database-digest';
import { as } from '../../../../tests/support/inject-as';

/**
 * Exports with progress (issue 22, ADR 034): above EXPORTACAO_DIRETA_MAX rows (1 here) an export is a job; its
 * file is the direct download's file, kept 24 h for its owner only; a cancel stops it.
 */
describe('exports with progress', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ EXPORTACAO_DIRETA_MAX: '1' });
  });
  afterAll(() => ctx.close());

  const start = async (query = 'view=interesses') => {
    const response = await as(ctx.app, 'franqueador').post(`/api/leads/exportacoes?${query}`);
    expect(response.statusCode).toBe(202);
    const nova = response.json<NovaExportacao>();
    if (nova.direta) throw new Error('expected a job');
    return nova;
  };
  const status = async (id: string, caller: 'franqueador' | 'franquia' = 'franqueador') =>
    as(ctx.app, caller).get(`/api/exportacoes/${id}`);

  it('answers the direct download for a short list, with the same filters', async () => {
    const small = await createTestApp();
    try {
      const response = await as(small.app, 'franqueador').post('/api/leads/exportacoes?view=interesses&q=maria');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ direta: true, arquivo: '/api/leads/export.csv?view=interesses&q=maria' });
    } finally {
      await small.close();
    }
  });

  it('runs a long one as a job: pending, then done at 100 %, and its file is the direct download', async () => {
    const nova = await start();
    expect(nova).toMatchObject({ status: 'pendente', linhas: 0, percentual: 0, arquivo: null, lista: 'leads' });
    await ctx.app.background.drain();
    const done = (await status(nova.id)).json<Exportacao>();
    const direct = await as(ctx.app, 'franqueador').get('/api/leads/export.csv?view=interesses');
    const lines = direct.body.split('\r\n').filter(Boolean).length - 1;
    expect(done).toMatchObject({ status: 'concluido', percentual: 100, linhas: lines, total: lines });
    expect(done.arquivo).toBe(`/api/exportacoes/${nova.id}/arquivo`);
    expect(Date.parse(done.expiraEm) - Date.parse(done.criadaEm)).toBe(24 * 60 * 60 * 1000);

    const file = await as(ctx.app, 'franqueador').get(done.arquivo!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toBe(direct.headers['content-disposition']);
    expect(file.body).toBe(direct.body);

    const trilha = await queryRows<{ acao: string }>(
      ctx.handle.db,
      sql`select acao from audit_log where entidade_id = ${nova.id}::uuid order by em`,
    );
    expect(trilha.map((r) => r.acao)).toEqual(['exportacao.criar', 'exportacao.baixar']);
  });

  it('shows an export, its file and its cancel to its owner only (404 for anyone else)', async () => {
    const nova = await start('view=leads');
    await ctx.app.background.drain();
    for (const caller of ['franquia', 'micro_franquia', 'cliente'] as const) {
      expect((await status(nova.id, caller as 'franquia')).statusCode).toBe(404);
      const file = await as(ctx.app, caller).get(`/api/exportacoes/${nova.id}/arquivo`);
      expect(file.statusCode).toBe(404);
      expect(file.json()).toMatchObject({ message: EXPORTACAO_MESSAGES.naoEncontrada });
      expect((await as(ctx.app, caller).post(`/api/exportacoes/${nova.id}/cancelar`)).statusCode).toBe(404);
    }
    expect((await as(ctx.app, 'aluno').get(`/api/exportacoes/${nova.id}`)).statusCode).toBe(403);
  });

  it('stops at a cancel: nothing is written, the file is never offered, and a second cancel is refused', async () => {
    const nova = await start();
    const cancelled = await as(ctx.app, 'franqueador').post(`/api/exportacoes/${nova.id}/cancelar`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelado', arquivo: null });
    await ctx.app.background.drain();
    expect((await status(nova.id)).json()).toMatchObject({ status: 'cancelado', linhas: 0 });
    const partes = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select n from exportacao_partes where exportacao_id = ${nova.id}::uuid`,
    );
    expect(partes).toHaveLength(0);
    const file = await as(ctx.app, 'franqueador').get(`/api/exportacoes/${nova.id}/arquivo`);
    expect(file.statusCode).toBe(409);
    expect(file.json()).toMatchObject({ message: EXPORTACAO_MESSAGES.naoConcluida });
    const again = await as(ctx.app, 'franqueador').post(`/api/exportacoes/${nova.id}/cancelar`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: EXPORTACAO_MESSAGES.encerrada });
  });

  it('keeps the file 24 hours: then it is gone, and the daily cleanup drops it', async () => {
    const nova = await start();
    await ctx.app.background.drain();
    expect((await as(ctx.app, 'franqueador').get(`/api/exportacoes/${nova.id}/arquivo`)).statusCode).toBe(200);
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await status(nova.id)).json()).toMatchObject({ status: 'concluido', arquivo: null });
    expect((await as(ctx.app, 'franqueador').get(`/api/exportacoes/${nova.id}/arquivo`)).statusCode).toBe(404);
    await limpar(ctx.app);
    expect((await status(nova.id)).statusCode).toBe(404);
    const partes = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select n from exportacao_partes where exportacao_id = ${nova.id}::uuid`,
    );
    expect(partes).toHaveLength(0);
  });

  it.each([
    ['pre-matriculas', 'situacao=pendente'],
    ['matriculas', ''],
  ])('exports %s the same way: the job writes the direct download', async (lista, query) => {
    const response = await as(ctx.app, 'franqueador').post(`/api/${lista}/exportacoes?${query}`);
    expect(response.statusCode).toBe(202);
    const nova = response.json<Exportacao>();
    await ctx.app.background.drain();
    const done = (await status(nova.id)).json<Exportacao>();
    expect(done).toMatchObject({ status: 'concluido', percentual: 100, lista });
    const file = await as(ctx.app, 'franqueador').get(done.arquivo!);
    const direct = await as(ctx.app, 'franqueador').get(`/api/${lista}/export.csv?${query}`);
    expect(file.body).toBe(direct.body);
    expect(done.linhas).toBe(direct.body.split('\r\n').filter(Boolean).length - 1);
  });

  it('refuses bad filters with a pt-BR message and starts nothing', async () => {
    const before = await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from exportacoes`);
    const response = await as(ctx.app, 'franqueador').post('/api/leads/exportacoes?view=outra');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/[ãçéíóúâêô]|inválid/i);
    const after = await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from exportacoes`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  const minhas = async (caller: 'franqueador' | 'franquia' | 'micro_franquia' | 'vendedor' | 'cliente') => {
    const response = await as(ctx.app, caller).get('/api/exportacoes');
    expect(response.statusCode).toBe(200);
    return response.json<MinhasExportacoes>().itens;
  };
  const exportacaoEmails = () => readOutbox(ctx.dataDir).filter((eml) => eml.includes('Sua exporta'));

  it("lists the caller's own exports of the last 24 h, newest first, with state, rows, size and file", async () => {
    const primeira = await start('view=leads');
    await ctx.app.background.drain();
    const segunda = await start();
    const itens = await minhas('franqueador');
    expect(itens[0]).toMatchObject({ id: segunda.id, status: 'pendente', tamanho: null, arquivo: null });
    const pronta = itens.find((e) => e.id === primeira.id)!;
    const file = await as(ctx.app, 'franqueador').get(pronta.arquivo!);
    expect(pronta).toMatchObject({ status: 'concluido', lista: 'leads', percentual: 100 });
    expect(pronta.tamanho).toBe(file.rawPayload.byteLength);
    expect(file.headers['content-disposition']).toContain(pronta.nomeArquivo);
    expect(pronta.concluidaEm).not.toBeNull();
    await ctx.app.background.drain();
  });

  it("never lists another user's exports, whatever its role or network, nor lets it download them", async () => {
    const nova = await start('view=leads');
    await ctx.app.background.drain();
    for (const caller of ['franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      const itens = await minhas(caller);
      expect(itens.map((e) => e.id)).not.toContain(nova.id);
      expect((await as(ctx.app, caller).get(`/api/exportacoes/${nova.id}/arquivo`)).statusCode).toBe(404);
    }
    expect((await as(ctx.app, 'aluno').get('/api/exportacoes')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/exportacoes' })).statusCode).toBe(401);
  });

  it('drops an export from the list once its 24 h are over', async () => {
    const nova = await start();
    await ctx.app.background.drain();
    expect((await minhas('franqueador')).map((e) => e.id)).toContain(nova.id);
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await minhas('franqueador')).map((e) => e.id)).not.toContain(nova.id);
  });

  it('e-mails a link to Minhas exportações when an export took more than a minute, and only then', async () => {
    await ctx.app.background.drain();
    const antes = exportacaoEmails().length;
    await start();
    await ctx.app.background.drain();
    expect(exportacaoEmails()).toHaveLength(antes);

    await start('view=leads');
    ctx.clock.advance(61 * 1000);
    await ctx.app.background.drain();
    await ctx.app.background.drain();
    const emails = exportacaoEmails();
    expect(emails).toHaveLength(antes + 1);
    const text = emails.at(-1)!.replace(/=\r?\n/g, '');
    expect(text).toContain('franqueador@demo.com.br');
    expect(text).toContain(`${APP_URL}/minhas-exportacoes`);
    expect(text).not.toContain('/api/exportacoes/');
  });
});
