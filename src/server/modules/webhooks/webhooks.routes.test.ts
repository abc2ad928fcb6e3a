import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, loginAs, type TestContext } from '../../../../tests/setup/test-app';
import { queryRows } from '../../../../tests/support/database-digest';
import { eventos } from '../../db/schema';
import { ENVIOS_MESSAGES } from '../../../shared/schemas/envios';
import { INTEGRACOES_MESSAGES } from '../../../shared/schemas/integracoes';
import { enderecoInterno, resolverSeguro } from './ssrf';
import { insertOtherNetwork } from '../../../../tests/support/network-payloads';
import { login } from '../../../../tests/setup/test-app';

/**
 * Webhooks (issue 22): a receiver in the test checks each delivery's signature; a 500 is retried with the same
 * idempotency id; the deliveries are logged; internal addresses are refused (no SSRF).
 */

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let answers: number[] = [];
let receiver: http.Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const verify = (secret: string, hit: Hit) =>
  hit.headers['x-rede-assinatura'] === `sha256=${createHmac('sha256', secret).update(hit.body).digest('hex')}`;

describe('webhooks to a local receiver', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestApp({ WEBHOOKS_PERMITIR_REDE_LOCAL: '1', JOBS_ESPERA_BASE_MS: '30000' });
    cookie = await loginAs(ctx.app, 'franqueador');
  });
  afterAll(() => ctx.close());

  it('delivers a new lead signed, retries a 500 with the same id, and logs both tries', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/integracoes/webhooks',
      headers: { cookie },
      payload: { url: receiverUrl, eventos: ['lead.criado'] },
    });
    expect(created.statusCode).toBe(201);
    const webhook = created.json<{ id: string; segredo: string }>();
    expect(webhook.segredo).toMatch(/^whsec_/);

    const [evento] = await ctx.handle.db.select().from(eventos).where(eq(eventos.status, 'agendado')).limit(1);
    answers = [500];
    hits.length = 0;
    const email = `webhook.${Date.now()}@email.com`;
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: '10.9.9.9',
      payload: {
        eventoId: evento!.id,
        nomeAluno: 'Aluno Webhook',
        nomeResponsavel: 'Responsável Webhook',
        email,
        telefone: '(19) 98765-4321',
        consentimento: true,
      },
    });
    expect(signUp.statusCode).toBe(201);
    await ctx.app.background.drain();
    expect(hits).toHaveLength(1);

    ctx.clock.advance(30_000);
    await ctx.app.background.drain();
    expect(hits).toHaveLength(2);
    for (const hit of hits) {
      expect(verify(webhook.segredo, hit)).toBe(true);
      expect(hit.headers['x-rede-evento']).toBe('lead.criado');
      expect(hit.headers['content-type']).toContain('application/json');
    }
    // One delivery, two tries: the idempotency id is the same.
    expect(hits[0]!.headers['x-rede-entrega']).toBe(hits[1]!.headers['x-rede-entrega']);
    const body = JSON.parse(hits[1]!.body) as { id: string; evento: string; dados: { email: string } };
    expect(body).toMatchObject({ id: hits[0]!.headers['x-rede-entrega'], evento: 'lead.criado' });
    expect(body.dados.email).toBe(email);
    // A tampered body fails the check.
    expect(verify(webhook.segredo, { ...hits[1]!, body: hits[1]!.body.replace('Aluno', 'Aluna') })).toBe(false);

    const log = await ctx.app.inject({ url: `/api/integracoes/webhooks/${webhook.id}/entregas`, headers: { cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.json<{ codigo: number; tentativa: number }[]>().map((e) => [e.tentativa, e.codigo])).toEqual([
      [2, 200],
      [1, 500],
    ]);
  });

  it("sends 'Enviar teste' at once and lists it among the network's deliveries on Envios", async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/integracoes/webhooks',
      headers: { cookie },
      payload: { url: receiverUrl, eventos: ['ticket.criado'] },
    });
    const { id, segredo } = created.json<{ id: string; segredo: string }>();
    hits.length = 0;
    const teste = await ctx.app.inject({
      method: 'POST',
      url: `/api/integracoes/webhooks/${id}/teste`,
      headers: { cookie },
    });
    expect(teste.statusCode).toBe(202);
    await ctx.app.background.drain();
    expect(hits).toHaveLength(1);
    expect(hits[0]!.headers['x-rede-evento']).toBe('webhook.teste');
    expect(verify(segredo, hits[0]!)).toBe(true);
    const envios = await ctx.app.inject({ url: '/api/envios?tipo=webhook', headers: { cookie } });
    expect(envios.json<{ resumo: string; status: string }[]>()[0]).toMatchObject({
      resumo: 'webhook.teste',
      status: 'concluido',
    });
  });

  it("delivers 'ticket.criado' when a micro-franquia opens a SAC ticket, without what the ticket says", async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/integracoes/webhooks',
      headers: { cookie },
      payload: { url: receiverUrl, eventos: ['ticket.criado'] },
    });
    const { segredo } = created.json<{ segredo: string }>();
    hits.length = 0;
    const micro = await loginAs(ctx.app, 'micro_franquia');
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/api/sac/tickets',
      headers: { cookie: micro },
      payload: {
        titulo: 'Chamado para a integração',
        descricao: 'Texto que fica só no SAC, longe das integrações.',
        departamento: 'ti',
      },
    });
    expect(ticket.statusCode).toBe(201);
    await ctx.app.background.drain();
    const mine = hits.filter((hit) => verify(segredo, hit));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.headers['x-rede-evento']).toBe('ticket.criado');
    const body = JSON.parse(mine[0]!.body) as { evento: string; dados: Record<string, unknown> };
    expect(body.evento).toBe('ticket.criado');
    expect(body.dados).toMatchObject({
      id: ticket.json<{ id: string }>().id,
      titulo: 'Chamado para a integração',
      departamento: 'ti',
      prioridade: 'media',
    });
    expect(mine[0]!.body).not.toContain('longe das integrações');
  });

  it('keeps other roles and another network out (IDOR)', async () => {
    const franquia = await loginAs(ctx.app, 'franquia');
    const list = await ctx.app.inject({ url: '/api/integracoes/webhooks', headers: { cookie: franquia } });
    expect(list.statusCode).toBe(403);

    const other = await insertOtherNetwork(ctx.handle.db);
    const outro = await login(ctx.app, other.franqueadorEmail);
    const [endpoint] = await queryRows<{ id: string }>(ctx.handle.db, sql`select id from webhook_endpoints limit 1`);
    const [job] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`select id from jobs where tipo = 'webhook' limit 1`,
    );
    await ctx.handle.db.execute(
      sql`update jobs set status = 'falhou', payload = '{}'::jsonb where id = ${job!.id}::uuid`,
    );
    const id = endpoint!.id;
    const tries = [
      {
        method: 'PUT',
        url: `/api/integracoes/webhooks/${id}`,
        payload: { url: receiverUrl, eventos: ['lead.criado'] },
      },
      { method: 'DELETE', url: `/api/integracoes/webhooks/${id}` },
      { method: 'POST', url: `/api/integracoes/webhooks/${id}/teste` },
      { method: 'GET', url: `/api/integracoes/webhooks/${id}/entregas` },
      { method: 'POST', url: `/api/envios/${job!.id}/reenviar` },
    ] as const;
    for (const t of tries) {
      const answer = await ctx.app.inject({ ...t, headers: { cookie: outro } });
      expect(answer.statusCode, `${t.method} ${t.url}`).toBe(404);
    }
    const [after] = await queryRows<{ status: string }>(
      ctx.handle.db,
      sql`select status from jobs where id = ${job!.id}::uuid`,
    );
    expect(after!.status).toBe('falhou');
    expect((await ctx.app.inject({ url: '/api/integracoes/webhooks', headers: { cookie: outro } })).json()).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/envios', headers: { cookie: outro } })).json()).toEqual([]);
    // The owner resends its dead letter.
    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/envios/${job!.id}/reenviar`,
      headers: { cookie },
    });
    expect(resend.statusCode).toBe(200);
  });
});

describe('a webhook switched off or removed, and a queued delivery handled by hand (issue 39)', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestApp({ WEBHOOKS_PERMITIR_REDE_LOCAL: '1', JOBS_ESPERA_BASE_MS: '30000' });
    cookie = await loginAs(ctx.app, 'franqueador');
  });
  afterAll(() => ctx.close());

  const novo = async (url = receiverUrl) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/integracoes/webhooks',
      headers: { cookie },
      payload: { url, eventos: ['lead.criado'] },
    });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string }>().id;
  };
  /** A delivery queued for the endpoint whose first try got a 500: it waits for its next try. */
  const entregaFalhando = async (id: string) => {
    answers = [500];
    hits.length = 0;
    await ctx.app.inject({ method: 'POST', url: `/api/integracoes/webhooks/${id}/teste`, headers: { cookie } });
    await ctx.app.background.drain();
    expect(hits).toHaveLength(1);
    const [job] = await queryRows<{ id: string; status: string }>(
      ctx.handle.db,
      sql`select id, status from jobs where tipo = 'webhook' and payload->>'endpointId' = ${id}`,
    );
    expect(job!.status).toBe('pendente');
    return job!.id;
  };
  const envio = async (jobId: string) => {
    const list = await ctx.app.inject({ url: '/api/envios?tipo=webhook&pageSize=100', headers: { cookie } });
    return list
      .json<{ id: string; status: string; proximaTentativaEm: string | null; ultimoErro: string | null }[]>()
      .find((e) => e.id === jobId)!;
  };
  const jobRow = async (jobId: string) =>
    (
      await queryRows<{ status: string; payload: unknown }>(
        ctx.handle.db,
        sql`select status, payload from jobs where id = ${jobId}::uuid`,
      )
    )[0]!;

  it('cancels what is queued for an endpoint switched off, and drops its body: no try reaches it again', async () => {
    const id = await novo();
    const jobId = await entregaFalhando(id);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/integracoes/webhooks/${id}`,
      headers: { cookie },
      payload: { url: receiverUrl, eventos: ['lead.criado'], ativo: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await jobRow(jobId)).toEqual({ status: 'cancelado', payload: null });
    expect((await envio(jobId)).status).toBe('cancelado');
    ctx.clock.advance(24 * 60 * 60 * 1000);
    await ctx.app.background.drain();
    expect(hits).toHaveLength(1);
  });

  it('cancels what is queued for an endpoint removed', async () => {
    const id = await novo();
    const jobId = await entregaFalhando(id);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/integracoes/webhooks/${id}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(await jobRow(jobId)).toEqual({ status: 'cancelado', payload: null });
    ctx.clock.advance(24 * 60 * 60 * 1000);
    await ctx.app.background.drain();
    expect(hits).toHaveLength(1);
  });

  it('sends nothing to an endpoint switched off between the queueing and the try', async () => {
    const id = await novo();
    const jobId = await entregaFalhando(id);
    // Switched off by some other path than the route (a try already claimed, a restore): the try itself checks.
    await ctx.handle.db.execute(sql`update webhook_endpoints set ativo = false where id = ${id}::uuid`);
    ctx.clock.advance(60_000);
    await ctx.app.background.drain();
    expect(hits).toHaveLength(1);
    expect(await jobRow(jobId)).toEqual({ status: 'cancelado', payload: null });
  });

  it("shows a failing delivery's next try, and 'Tentar agora' brings it forward, audited", async () => {
    const id = await novo();
    const jobId = await entregaFalhando(id);
    const before = await envio(jobId);
    // The wait after a first failed try (JOBS_ESPERA_BASE_MS), from when it failed.
    const espera = new Date(before.proximaTentativaEm!).getTime() - ctx.clock.now().getTime();
    expect(espera).toBeGreaterThan(29_000);
    expect(espera).toBeLessThanOrEqual(30_000);
    expect(before.ultimoErro).toBe('Respondeu HTTP 500');
    const now = await ctx.app.inject({ method: 'POST', url: `/api/envios/${jobId}/tentar-agora`, headers: { cookie } });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toEqual({ message: ENVIOS_MESSAGES.tentarAgora });
    // Not a second later: the try is made at once.
    await ctx.app.background.drain();
    expect(hits).toHaveLength(2);
    expect((await jobRow(jobId)).status).toBe('concluido');
    // Done: nothing to bring forward, nor to cancel.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/envios/${jobId}/tentar-agora`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ENVIOS_MESSAGES.naoEsperando });
    const cancel = await ctx.app.inject({ method: 'POST', url: `/api/envios/${jobId}/cancelar`, headers: { cookie } });
    expect(cancel.statusCode).toBe(409);
    const [audit] = await queryRows<{ acao: string }>(
      ctx.handle.db,
      sql`select acao from audit_log where entidade_id = ${jobId}::uuid order by em desc limit 1`,
    );
    expect(audit!.acao).toBe('envio.tentar_agora');
  });

  it("'Cancelar' takes a queued delivery out of the queue, its body dropped, audited", async () => {
    const id = await novo();
    const jobId = await entregaFalhando(id);
    const cancel = await ctx.app.inject({ method: 'POST', url: `/api/envios/${jobId}/cancelar`, headers: { cookie } });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ message: ENVIOS_MESSAGES.cancelado });
    expect(await jobRow(jobId)).toEqual({ status: 'cancelado', payload: null });
    ctx.clock.advance(24 * 60 * 60 * 1000);
    await ctx.app.background.drain();
    expect(hits).toHaveLength(1);
    const [audit] = await queryRows<{ acao: string }>(
      ctx.handle.db,
      sql`select acao from audit_log where entidade_id = ${jobId}::uuid order by em desc limit 1`,
    );
    expect(audit!.acao).toBe('envio.cancelar');
    // Another network's franqueador reaches neither.
    const other = await insertOtherNetwork(ctx.handle.db);
    const outro = await login(ctx.app, other.franqueadorEmail);
    const jobId2 = await entregaFalhando(await novo());
    for (const acao of ['cancelar', 'tentar-agora']) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/envios/${jobId2}/${acao}`,
        headers: { cookie: outro },
      });
      expect(answer.statusCode, acao).toBe(404);
    }
    expect((await jobRow(jobId2)).status).toBe('pendente');
  });
});

describe("a failed try's words (issue 39): one pt-BR wording, naming no host and no address", () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestApp({ WEBHOOKS_PERMITIR_REDE_LOCAL: '1', JOBS_ESPERA_BASE_MS: '30000' });
    cookie = await loginAs(ctx.app, 'franqueador');
  });
  afterAll(() => ctx.close());

  const falhaDe = async (url: string) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/integracoes/webhooks',
      headers: { cookie },
      payload: { url, eventos: ['lead.criado'] },
    });
    const { id } = created.json<{ id: string }>();
    await ctx.app.inject({ method: 'POST', url: `/api/integracoes/webhooks/${id}/teste`, headers: { cookie } });
    await ctx.app.background.drain();
    const [entrega] = (
      await ctx.app.inject({ url: `/api/integracoes/webhooks/${id}/entregas`, headers: { cookie } })
    ).json<{ erro: string | null; codigo: number | null }[]>();
    const [envio] = (await ctx.app.inject({ url: '/api/envios?tipo=webhook', headers: { cookie } })).json<
      { ultimoErro: string | null; destino: string }[]
    >();
    expect(envio!.destino).toBe(url);
    return { integracoes: entrega!.erro, envios: envio!.ultimoErro };
  };

  it('says the port was closed without the address or the port', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const words = await falhaDe(`http://127.0.0.1:${port}/hooks`);
    expect(words).toEqual({
      integracoes: 'Sem resposta: conexão recusada',
      envios: 'Sem resposta: conexão recusada',
    });
  });

  it('says a name that resolves nowhere was not found, without the name', async () => {
    const words = await falhaDe('http://hooks.interno-da-rede.invalid/x');
    expect(words).toEqual({
      integracoes: 'Sem resposta: endereço não encontrado',
      envios: 'Sem resposta: endereço não encontrado',
    });
  });

  it('follows no redirect: the target of a 3xx is never reached', async () => {
    const target = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    let reached = 0;
    target.on('request', () => reached++);
    const redirector = http.createServer((_req, res) => {
      res.statusCode = 307;
      res.setHeader('Location', `http://127.0.0.1:${(target.address() as AddressInfo).port}/interno`);
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const words = await falhaDe(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/hooks`);
      expect(words.integracoes).toBe('Respondeu HTTP 307 (redirecionamento não seguido)');
      expect(reached).toBe(0);
    } finally {
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });
});

describe('no SSRF', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = await loginAs(ctx.app, 'franqueador');
  });
  afterAll(() => ctx.close());

  it.each([
    'http://127.0.0.1:8080/x',
    'http://localhost/x',
    'http://10.1.2.3/x',
    'http://172.20.0.1/x',
    'http://192.168.0.10/x',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/x',
    'http://[fe80::1]/x',
    'http://0.0.0.0/x',
  ])('refuses %s when saved', async (url) => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/integracoes/webhooks',
      headers: { cookie },
      payload: { url, eventos: ['lead.criado'] },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ errors: { url: INTEGRACOES_MESSAGES.urlRedeInterna } });
  });

  it('refuses at delivery an endpoint whose address is internal, without a request, as a dead letter', async () => {
    const [user] = await queryRows<{ franqueador_id: string }>(
      ctx.handle.db,
      sql`select franqueador_id from users where email = 'franqueador@demo.com.br'`,
    );
    const [row] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`insert into webhook_endpoints (franqueador_id, url, segredo, eventos, created_at, updated_at)
        values (${user!.franqueador_id}::uuid, ${receiverUrl}, 'whsec_x', array['lead.criado'], now(), now()) returning id`,
    );
    hits.length = 0;
    await ctx.app.inject({ method: 'POST', url: `/api/integracoes/webhooks/${row!.id}/teste`, headers: { cookie } });
    await ctx.app.background.drain();
    expect(hits).toHaveLength(0);
    const [job] = await queryRows<{ status: string; ultimo_erro: string }>(
      ctx.handle.db,
      sql`select status, ultimo_erro from jobs where tipo = 'webhook' order by created_at desc limit 1`,
    );
    expect(job).toMatchObject({ status: 'falhou' });
    expect(job!.ultimo_erro).toContain('SSRF');
  });

  it('knows the internal ranges, IPv4 and IPv6', async () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '100.64.0.1', '169.254.1.1', '::1', 'fd00::1', '::ffff:192.168.1.1']) {
      expect(enderecoInterno(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '200.147.67.142', '2001:4860:4860::8888']) expect(enderecoInterno(a), a).toBe(false);
    await expect(resolverSeguro(new URL('http://127.0.0.1/'), false)).rejects.toThrow('SSRF');
    await expect(resolverSeguro(new URL('http://127.0.0.1/'), true)).resolves.toMatchObject({ address: '127.0.0.1' });
  });
});
