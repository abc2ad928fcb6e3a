import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { eventos, leads } from '../../db/schema';
import { ENVIOS_MESSAGES, type EnvioItem } from '../../../shared/schemas/envios';
import { TOTAL_COUNT_LIMIT } from '../../../shared/schemas/list-query';

/** The demo franqueador's network, whose Envios the tests fill. */
async function redeDoFranqueador(ctx: TestContext): Promise<string> {
  const [rede] = await queryRows<{ id: string }>(
    ctx.handle.db,
    sql`select franqueador_id as id from eventos where franqueador_id is not null limit 1`,
  );
  return rede!.id;
}

/**
 * Envios by exact recipient (issue 51, ADR 087): 'não recebi o voucher' checked in seconds -- the whole address
 * finds the family's e-mails, a fragment finds nothing (or is refused), and the list stays masked.
 */
describe('GET /api/envios?destinatario=', () => {
  let ctx: TestContext;
  const ENDERECO = 'Familia.Busca.Envios@Exemplo.com.br';
  let leadId = '';

  beforeAll(async () => {
    ctx = await createTestApp();
    const [evento] = await ctx.handle.db
      .select({ id: eventos.id })
      .from(eventos)
      .innerJoin(leads, eq(leads.eventoId, eventos.id))
      .where(eq(leads.nomeAluno, 'Pedro Henrique Silva'));
    const inscrever = (email: string, nomeAluno: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: {
          eventoId: evento!.id,
          nomeAluno,
          nomeResponsavel: 'Responsável Da Busca',
          email,
          telefone: '(19) 99999-5151',
          consentimento: true,
        },
      });
    const signUp = await inscrever(ENDERECO, 'Aluna Da Busca');
    expect(signUp.statusCode).toBe(201);
    leadId = (signUp.json() as { id: string }).id;
    // Another family's e-mail: the search finds one of the two.
    expect((await inscrever('outra.familia@exemplo.com.br', 'Outra Aluna')).statusCode).toBe(201);
  });
  afterAll(() => ctx.close());

  const buscar = (destinatario: string, role: 'franqueador' | 'vendedor' = 'franqueador') =>
    as(ctx.app, role).get(`/api/envios?tipo=email&destinatario=${encodeURIComponent(destinatario)}`);

  it('finds the voucher e-mail by the whole address, in any case and with spaces around, still masked', async () => {
    for (const typed of [ENDERECO, ENDERECO.toLowerCase(), `  ${ENDERECO.toUpperCase()} `]) {
      const response = await buscar(typed);
      expect(response.statusCode).toBe(200);
      const items = response.json() as EnvioItem[];
      expect(items).toHaveLength(1);
      expect(response.headers['x-total-count']).toBe('1');
      expect(items[0]).toMatchObject({ tipo: 'email' });
      // The row says where it went only masked: the address typed is not echoed back.
      expect(items[0]!.destino).not.toContain('familia.busca');
      expect(JSON.stringify(items).toLowerCase()).not.toContain(ENDERECO.toLowerCase());
    }
  });

  it('keeps only the hash of the address, which an anonymisation would clear', async () => {
    const rows = await queryRows<{ chave: string | null }>(
      ctx.handle.db,
      sql`select destino_chave as chave from jobs where tipo = 'email' and registro_id = ${leadId}::uuid`,
    );
    expect(rows.map((r) => r.chave)).toEqual([createHash('sha256').update(ENDERECO.toLowerCase()).digest('hex')]);
  });

  it('never matches a fragment: a shorter or longer address finds nothing, a non-address is refused', async () => {
    for (const fragment of ['familia.busca.envios@exemplo.com', 'amilia.busca.envios@exemplo.com.br', 'x' + ENDERECO]) {
      const response = await buscar(fragment);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    }
    for (const fragment of ['familia.busca', '@exemplo.com.br', 'exemplo.com.br', '%', 'a'.repeat(250) + '@x.com']) {
      const response = await buscar(fragment);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toBe(ENVIOS_MESSAGES.destinatarioInvalido);
    }
  });

  it('an empty search lists everything, and the search is the franqueador’s only', async () => {
    const all = await as(ctx.app, 'franqueador').get('/api/envios?tipo=email&destinatario=');
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(1);
    expect((await buscar(ENDERECO, 'vendedor')).statusCode).toBe(403);
  });
});

/**
 * Issue 46: the Envios list counts up to the lists' limit, as every long list does -- a network that has sent a
 * million e-mails answers 'mais de 10.000' without reading them all -- and its pages are the same rows either way.
 */
describe('GET /api/envios past 10,000 e-mails', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    const rede = await redeDoFranqueador(ctx);
    // Delivered e-mails of the network, one a second back from a fixed moment, newest 'Envio 1'.
    await ctx.handle.db.execute(sql`
      insert into jobs (tipo, status, resumo, destino, franqueador_id, executar_em, created_at, updated_at, concluido_em)
      select 'email', 'concluido', 'Envio ' || g, 'f***@exemplo.com.br', ${rede}::uuid,
        t, t, t, t
      from generate_series(1, ${TOTAL_COUNT_LIMIT + 1}) g,
        lateral (select timestamptz '2030-01-01 12:00:00+00' - make_interval(secs => g) as t) m`);
  }, 300_000);
  afterAll(() => ctx.close());

  it("answers 10000 with X-Total-Count-Exact: false, and the newest page's rows", async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/envios?tipo=email&pageSize=3');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(TOTAL_COUNT_LIMIT));
    expect(response.headers['x-total-count-exact']).toBe('false');
    expect((response.json() as EnvioItem[]).map((e) => e.resumo)).toEqual(['Envio 1', 'Envio 2', 'Envio 3']);
  });

  it('pages on in the same order; past the last page, an empty page that still says how many match', async () => {
    const second = await as(ctx.app, 'franqueador').get('/api/envios?tipo=email&pageSize=3&page=2');
    expect((second.json() as EnvioItem[]).map((e) => e.resumo)).toEqual(['Envio 4', 'Envio 5', 'Envio 6']);
    // 'Envio 1000', 'Envio 10000' and 'Envio 10001'.
    const found = await as(ctx.app, 'franqueador').get('/api/envios?tipo=email&q=Envio%201000&pageSize=5');
    expect((found.json() as EnvioItem[]).map((e) => e.resumo)).toEqual(['Envio 1000', 'Envio 10000', 'Envio 10001']);
    const past = await as(ctx.app, 'franqueador').get('/api/envios?tipo=email&q=Envio%201000&pageSize=5&page=2');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
    expect(past.headers['x-total-count-exact']).toBeUndefined();
  });

  it('a search that more than 10,000 match says so, and pages newest first as the list does', async () => {
    const first = await as(ctx.app, 'franqueador').get('/api/envios?q=envio&pageSize=3');
    expect(first.headers['x-total-count']).toBe(String(TOTAL_COUNT_LIMIT));
    expect(first.headers['x-total-count-exact']).toBe('false');
    expect((first.json() as EnvioItem[]).map((e) => e.resumo)).toEqual(['Envio 1', 'Envio 2', 'Envio 3']);
    const third = await as(ctx.app, 'franqueador').get('/api/envios?q=envio&pageSize=3&page=3');
    expect((third.json() as EnvioItem[]).map((e) => e.resumo)).toEqual(['Envio 7', 'Envio 8', 'Envio 9']);
  });
});

/**
 * Issue 46 (ADR 155): the free-text search reads the stored search text from its trigram index, and answers as the
 * comparison of each column did -- the summary or the recipient, in any case and without accents, never a match
 * that runs from the one into the other -- and the type filter reads its own index, newest first.
 */
describe('GET /api/envios?q= and tipo=', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    const rede = await redeDoFranqueador(ctx);
    // Another network, whose envio the search must not find.
    const [outra] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`with dono as (insert into users (email, password, role, nome)
          values ('outra.rede.envios@teste.com.br', 'x', 'franqueador', 'Outra Rede') returning id)
        insert into franqueadores (user_id, razao_social) select id, 'Outra Rede S.A.' from dono returning id`,
    );
    const envio = (tipo: string, resumo: string, destino: string, minutos: number, franqueador = rede) => sql`
      (${tipo}, 'concluido', ${resumo}, ${destino}, ${franqueador}::uuid,
        timestamptz '2030-02-01 12:00:00+00' - make_interval(mins => ${minutos}),
        timestamptz '2030-02-01 12:00:00+00' - make_interval(mins => ${minutos}),
        timestamptz '2030-02-01 12:00:00+00' - make_interval(mins => ${minutos}), null)`;
    const linhas = [
      envio('email', 'Lembrete do evento de Conceição Araújo', 'm***@gmail.com', 1),
      envio('email', 'Seu voucher do crédito educacional', 'c***@exemplo.com.br', 2),
      envio('webhook', 'lead.criado', 'https://crm.exemplo.com.br/ganchos', 3),
      envio('webhook', 'lead.status', 'https://crm.exemplo.com.br/ganchos', 4),
      envio('email', 'Aviso final', 'conceicao***@gmail.com', 5),
    ];
    linhas.push(envio('email', 'Conceição de outra rede', 'x***@gmail.com', 0, outra!.id));
    await ctx.handle.db.execute(sql`
      insert into jobs (tipo, status, resumo, destino, franqueador_id, executar_em, created_at, updated_at, concluido_em)
      values ${sql.join(linhas, sql`, `)}`);
  });
  afterAll(() => ctx.close());

  const listar = async (query: string) => {
    const response = await as(ctx.app, 'franqueador').get(`/api/envios?${query}`);
    expect(response.statusCode).toBe(200);
    return {
      resumos: (response.json() as EnvioItem[]).map((e) => e.resumo),
      total: response.headers['x-total-count'],
    };
  };

  it('finds the summary or the recipient in any case and without accents, only in its own network', async () => {
    expect(await listar(`q=${encodeURIComponent('CONCEICAO')}`)).toEqual({
      resumos: ['Lembrete do evento de Conceição Araújo', 'Aviso final'],
      total: '2',
    });
    expect(await listar('q=conceicao&pageSize=1&page=2')).toEqual({ resumos: ['Aviso final'], total: '2' });
    expect(await listar(`q=${encodeURIComponent('araújo')}`)).toEqual({
      resumos: ['Lembrete do evento de Conceição Araújo'],
      total: '1',
    });
    expect((await listar(`q=${encodeURIComponent('@gmail')}&tipo=email`)).resumos).toEqual([
      'Lembrete do evento de Conceição Araújo',
      'Aviso final',
    ]);
    expect((await listar('q=ganchos')).resumos).toEqual(['lead.criado', 'lead.status']);
  });

  it('never matches from the summary into the recipient', async () => {
    // 'Aviso final' sent to 'conceicao***@gmail.com': the words meet in neither column.
    expect(await listar(`q=${encodeURIComponent('final conceicao')}`)).toEqual({ resumos: [], total: '0' });
    expect(await listar(`q=${encodeURIComponent('final\nconceicao')}`)).toEqual({ resumos: [], total: '0' });
    expect(await listar(`q=${encodeURIComponent('aviso final')}`)).toEqual({ resumos: ['Aviso final'], total: '1' });
  });

  it('lists a type newest first, with its status and its search', async () => {
    expect(await listar('tipo=webhook')).toEqual({ resumos: ['lead.criado', 'lead.status'], total: '2' });
    expect((await listar('tipo=webhook&status=concluido&q=status')).resumos).toEqual(['lead.status']);
    expect((await listar('tipo=email&q=voucher')).resumos).toEqual(['Seu voucher do crédito educacional']);
  });
});
