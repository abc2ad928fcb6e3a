import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTOR_NAMES,
  WORLD_ENV,
  type World,
  buildWorld,
  call,
  efetivarComCurso,
  leadPayload,
  loadGraph,
  preMatriculaPayload,
  roleOf,
  scopeOf,
} from '../../../../tests/api/trust/fixtures/network';
import { can } from '../../../shared/permissions';
import { APP_URL, createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { AVISO_VIGENTE, TEXTO_CONSENTIMENTO } from '../../../shared/privacidade';
import {
  CONSENTIMENTO_REVOGADO,
  LGPD_MESSAGES,
  NOME_ANONIMIZADO,
  type PedidoView,
  type TitularRegistro,
  type TitularView,
} from '../../../shared/schemas/lgpd';
import { executarRetencao, resumoRetencao } from './retencao';
import { buildApp } from '../../app';
import { installServerTimer, measureForgotPasswordTiming } from '../../../../scripts/forgot-password-timing';
import { solicitarAcesso } from './lgpd.service';

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestApp(WORLD_ENV);
  world = await buildWorld(ctx);
});
afterAll(() => ctx.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function signUp(tag: string, overrides: Record<string, unknown> = {}) {
  const payload = { ...leadPayload(world.ids.eventoHorizonte, tag), ...overrides };
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/leads',
    payload,
    headers: { 'user-agent': `Navegador ${tag}` },
    remoteAddress: '10.20.30.40',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...payload, id: response.json<{ id: string }>().id };
}

async function activate(tag: string, overrides: Record<string, unknown> = {}) {
  const payload = { ...preMatriculaPayload(world.ids.eventoHorizonte, tag), ...overrides };
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/pre-matriculas',
    payload,
    headers: { 'user-agent': `Navegador ${tag}` },
    remoteAddress: '10.20.30.41',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...payload, id: response.json<{ id: string }>().id };
}

/** Asks for the portal's link and reads it back from the outbox: the token. */
async function portalToken(email: string): Promise<string> {
  await ctx.app.background.drain();
  const before = readOutbox(ctx.dataDir).length;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/titular/solicitar',
    payload: { email },
    headers: { host: 'evil.example.com' },
  });
  expect(response.statusCode).toBe(200);
  await ctx.app.background.drain();
  const mails = readOutbox(ctx.dataDir)
    .slice(before)
    .filter((m) => m.includes('meus-dados'));
  expect(mails).toHaveLength(1);
  const text = mails[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/[^\s"<]+\/meus-dados\?token=[A-Za-z0-9_%-]+/)?.[0];
  expect(link, 'the link is built from APP_URL, never from Host').toMatch(
    new RegExp(`^${APP_URL}/meus-dados\\?token=`),
  );
  return decodeURIComponent(new URL(link!).searchParams.get('token')!);
}

const portal = (token: string) => ctx.app.inject({ url: `/api/public/titular?token=${encodeURIComponent(token)}` });

describe('privacy notice and consent records', () => {
  it('serves the notice in force with its version and date', async () => {
    const response = await ctx.app.inject({ url: '/api/public/privacidade' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      versao: AVISO_VIGENTE.versao,
      vigenteDesde: AVISO_VIGENTE.vigenteDesde,
      textoConsentimento: TEXTO_CONSENTIMENTO,
    });
  });

  it('stores with each sign-up and activation the notice version, the checkbox text, the moment, address and browser', async () => {
    const lead = await signUp('Consentimento Lead');
    const pre = await activate('Consentimento Ativacao');
    const consents = rows<{
      lead_id: string | null;
      pre_matricula_id: string | null;
      aviso_versao: string;
      texto: string;
      ip: string;
      user_agent: string;
      em: Date;
    }>(
      await ctx.handle.db.execute(
        sql`select * from consentimentos where lead_id = ${lead.id}::uuid or pre_matricula_id = ${pre.id}::uuid`,
      ),
    );
    expect(consents).toHaveLength(2);
    for (const c of consents) {
      expect(c.aviso_versao).toBe(AVISO_VIGENTE.versao);
      expect(c.texto).toBe(TEXTO_CONSENTIMENTO);
      expect(c.ip).toMatch(/^10\.20\.30\.4[01]$/);
      expect(c.user_agent).toMatch(/^Navegador Consentimento/);
      expect(Date.now() - new Date(c.em).getTime()).toBeLessThan(60_000);
    }
  });

  it("keeps a repeat sign-up's consent beside the first", async () => {
    const lead = await signUp('Consentimento Repetido');
    await signUp('Consentimento Repetido', { email: lead.email });
    const [row] = rows<{ n: number }>(
      await ctx.handle.db.execute(sql`select count(*)::int as n from consentimentos where lead_id = ${lead.id}::uuid`),
    );
    expect(row!.n).toBe(2);
  });
});

describe('the titular portal', () => {
  it('answers a known and an unknown e-mail alike, and e-mails only the known one', async () => {
    const lead = await signUp('Portal Conhecido');
    await ctx.app.background.drain();
    const before = readOutbox(ctx.dataDir).length;
    const ask = (email: string, remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/public/titular/solicitar', payload: { email }, remoteAddress });
    const known = await ask(lead.email, '10.88.0.1');
    const unknown = await ask('ninguem.aqui@exemplo.com.br', '10.88.0.2');
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: LGPD_MESSAGES.solicitado });
    expect(comparable(unknown.headers)).toEqual(comparable(known.headers));
    await ctx.app.background.drain();
    const mails = readOutbox(ctx.dataDir).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(lead.email);
  });

  it('answers an e-mail on record and an unknown one in the same time (200 requests each, over a socket)', async () => {
    const path = '/api/public/titular/solicitar';
    const app = await buildApp(ctx.config, { db: ctx.handle.db, clock: ctx.clock });
    const serverTimer = installServerTimer(app, path);
    // The demo families' addresses: each is on record, so each asks for a link and an e-mail.
    const emails = [
      'lucas.oliveira@email.com',
      'gabi.santos@email.com',
      'mariana.costa@email.com',
      'thiago.r@email.com',
    ];
    try {
      await app.ready();
      const report = await measureForgotPasswordTiming(app, { samples: 200, settle: true, serverTimer, path, emails });
      // What the answer would cost if the look-up, the token and the e-mail were done before it.
      const inline = async (email: string) => {
        const started = performance.now();
        await solicitarAcesso(app, email);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 20; i++) {
        known.push(await inline(emails[i % emails.length]!));
        unknown.push(await inline(`ninguem.inline.${i}@exemplo.com.br`));
      }
      const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
      const inlineGap = median(known) - median(unknown);
      const summary = JSON.stringify({ ...report, inlineGap });
      console.info(`titular portal timing: ${summary}`);
      expect(inlineGap, summary).toBeGreaterThan(0);
      expect(Math.abs(report.client.shiftMs), summary).toBeLessThan(Math.max(2, inlineGap / 2));
      expect(Math.abs(report.server!.shiftMs), summary).toBeLessThan(1);
    } finally {
      await app.close();
    }
  });

  it('shows only the records holding the e-mail, with school, event and consent', async () => {
    const lead = await signUp('Portal Registros');
    await activate('Portal Registros', { email: lead.email });
    const other = await signUp('Portal Outro');
    const token = await portalToken(lead.email.toUpperCase());
    const response = await portal(token);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<TitularView>();
    expect(view.email).toBe(lead.email.toLowerCase());
    expect(view.registros.map((r) => r.tipo).sort()).toEqual(['lead', 'pre_matricula']);
    for (const r of view.registros) {
      expect(r.email.toLowerCase()).toBe(lead.email.toLowerCase());
      expect(r.escola).toBeTruthy();
      expect(r.consentimento?.versao).toBe(AVISO_VIGENTE.versao);
    }
    expect(JSON.stringify(view)).not.toContain(other.email);

    const file = await ctx.app.inject({ url: `/api/public/titular/export.json?token=${encodeURIComponent(token)}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment; filename="meus-dados.json"');
    expect(JSON.parse(file.body).registros).toHaveLength(2);
  });

  it('refuses an unknown, an expired and a spent link with the same answer', async () => {
    const lead = await signUp('Portal Link');
    const unknown = await portal('nao-e-um-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(LGPD_MESSAGES.linkInvalido);

    const token = await portalToken(lead.email);
    const pedido = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/titular/pedidos',
      payload: { token, tipo: 'correcao', detalhe: 'O nome do aluno está errado.' },
    });
    expect(pedido.statusCode, pedido.body).toBe(201);
    const spent = await portal(token);
    expect(spent.statusCode).toBe(400);
    expect(spent.body).toBe(unknown.body);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/titular/pedidos',
      payload: { token, tipo: 'anonimizacao' },
    });
    expect(again.statusCode).toBe(400);

    const late = await portalToken(lead.email);
    ctx.clock.advance(24 * 60 * 60 * 1000 + 60_000);
    try {
      const expired = await portal(late);
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toBe(unknown.body);
    } finally {
      ctx.clock.advance(-(24 * 60 * 60 * 1000 + 60_000));
    }
  });

  it('asks for the detail of a correction in Portuguese', async () => {
    const lead = await signUp('Portal Detalhe');
    const token = await portalToken(lead.email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/titular/pedidos',
      payload: { token, tipo: 'correcao' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ detalhe: LGPD_MESSAGES.detalheCorrecao });
    // Nothing was spent: the link still opens.
    expect((await portal(token)).statusCode).toBe(200);
  });

  it('revokes the consent at once: the contact leaves the lists and the rows leave the exports', async () => {
    const lead = await signUp('Portal Revoga');
    const token = await portalToken(lead.email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/titular/pedidos',
      payload: { token, tipo: 'revogacao' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ message: string; pedidos: PedidoView[] }>();
    expect(body.message).toBe(LGPD_MESSAGES.revogacaoRegistrada);
    expect(body.pedidos.every((p) => p.status === 'concluido')).toBe(true);

    const list = await call<{ id: string; email: string; telefone: string | null; consentimentoRevogado: boolean }[]>(
      ctx.app,
      world.sessions.franqueador,
      'GET',
      `/api/leads?q=${encodeURIComponent('Portal Revoga')}`,
    );
    const row = list.find((l) => l.id === lead.id)!;
    expect(row).toMatchObject({ email: '', telefone: null, consentimentoRevogado: true });
    const panel = await call<{ email: string; consentimentoRevogado: boolean }>(
      ctx.app,
      world.sessions.franqueador,
      'GET',
      `/api/leads/${lead.id}`,
    );
    expect(panel).toMatchObject({ email: '', consentimentoRevogado: true });
    const csv = await ctx.app.inject({
      url: `/api/leads/export.csv?q=${encodeURIComponent('Portal Revoga')}`,
      headers: { cookie: world.sessions.franqueador },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(lead.email);
    expect(csv.body).not.toContain('Portal Revoga');
    const [consent] = rows<{ revogado_em: Date | null }>(
      await ctx.handle.db.execute(sql`select revogado_em from consentimentos where lead_id = ${lead.id}::uuid`),
    );
    expect(consent!.revogado_em).not.toBeNull();
    expect(CONSENTIMENTO_REVOGADO).toBe('consentimento revogado');
  });

  it('leaves only the WhatsApp notices at once (issue 47): the WhatsApp consent withdrawn, the rest standing', async () => {
    const lead = await signUp('Portal Sai Do Zap', { whatsapp: true });
    const token = await portalToken(lead.email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/titular/pedidos',
      payload: { token, tipo: 'revogacao_whatsapp' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ message: string; pedidos: PedidoView[] }>();
    expect(body.message).toBe(LGPD_MESSAGES.whatsappRevogado);
    expect(body.pedidos.every((p) => p.status === 'concluido' && p.tipo === 'revogacao_whatsapp')).toBe(true);
    const consents = rows<{ finalidade: string; revogado: boolean }>(
      await ctx.handle.db.execute(
        sql`select finalidade, revogado_em is not null as revogado from consentimentos where lead_id = ${lead.id}::uuid
          order by finalidade`,
      ),
    );
    expect(consents).toEqual([
      { finalidade: 'tratamento', revogado: false },
      { finalidade: 'whatsapp', revogado: true },
    ]);
    const panel = await call<{ email: string; consentimentoRevogado: boolean }>(
      ctx.app,
      world.sessions.franqueador,
      'GET',
      `/api/leads/${lead.id}`,
    );
    expect(panel).toMatchObject({ email: lead.email, consentimentoRevogado: false });
  });
});

/** Every table's rows as text: what a dump of the database would hold. */
async function databaseText(): Promise<string> {
  const tables = rows<{ table_name: string }>(
    await ctx.handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ).map((t) => t.table_name);
  const parts: string[] = [];
  for (const table of tables) {
    const result = await ctx.handle.db.execute(sql`select * from ${sql.identifier(table)}`);
    parts.push(JSON.stringify(rows(result)));
  }
  return parts.join('\n');
}

async function totals() {
  const get = async (url: string) => {
    const response = await ctx.app.inject({ url, headers: { cookie: world.sessions.franqueador } });
    expect(response.statusCode, response.body).toBe(200);
    return { total: response.headers['x-total-count'], body: response.body };
  };
  return {
    leads: (await get('/api/leads?pageSize=1')).total,
    pre: (await get('/api/pre-matriculas?pageSize=1')).total,
    mat: (await get('/api/matriculas?pageSize=1')).total,
    dashboard: (await get('/api/dashboard/metrics')).body,
  };
}

describe('anonymisation', () => {
  it('a request concluded by the franqueador leaves no trace of the titular while every count stays', async () => {
    const nome = 'Quiteria Anonimizavel Souza';
    const responsavel = 'Hermenegildo Anonimizavel Souza';
    const lead = await signUp('Anon', { nomeAluno: nome, nomeResponsavel: responsavel, telefone: '11955554444' });
    const pre = await activate('Anon', {
      nomeAluno: nome,
      nomeResponsavel: responsavel,
      email: lead.email,
      telefone: '11955554444',
    });
    // The pre-matrícula becomes a matrícula and an aluno account; the lead gets a note naming the family.
    await efetivarComCurso(ctx.app, world.sessions.franqueador, pre.id);
    await call(
      ctx.app,
      world.sessions.franqueador,
      'POST',
      `/api/leads/${lead.id}/notas`,
      {
        texto: `Falei com ${responsavel} pelo 11955554444`,
      },
      201,
    );
    const before = await totals();

    const token = await portalToken(lead.email);
    const opened = await call<{ pedidos: PedidoView[] }>(
      ctx.app,
      '',
      'POST',
      '/api/public/titular/pedidos',
      {
        token,
        tipo: 'anonimizacao',
      },
      201,
    );
    const [pedido] = opened.pedidos;
    await ctx.app.background.drain();
    const outboxBefore = readOutbox(ctx.dataDir).length;
    const done = await call<PedidoView>(
      ctx.app,
      world.sessions.franqueador,
      'PATCH',
      `/api/lgpd/pedidos/${pedido!.id}`,
      {
        status: 'concluido',
      },
      200,
    );
    expect(done.status).toBe('concluido');
    await ctx.app.background.drain();
    const told = readOutbox(ctx.dataDir).slice(outboxBefore);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(lead.email);

    const panel = await call<{ nomeAluno: string; nomeResponsavel: string; telefone: string | null }>(
      ctx.app,
      world.sessions.franqueador,
      'GET',
      `/api/leads/${lead.id}`,
    );
    expect(panel).toMatchObject({ nomeAluno: NOME_ANONIMIZADO, nomeResponsavel: NOME_ANONIMIZADO, telefone: null });

    const dump = await databaseText();
    for (const value of [
      nome,
      responsavel,
      lead.email,
      '11955554444',
      '(11) 95555-4444',
      pre.cpfAluno,
      pre.cpfResponsavel,
    ]) {
      expect(dump.toLowerCase(), value).not.toContain(String(value).toLowerCase());
    }
    expect(await totals()).toEqual(before);

    // Idempotent: the same anonymisation again changes nothing and fails nothing.
    const again = await call<{ anonimizados: Record<string, number> }>(
      ctx.app,
      world.sessions.franqueador,
      'POST',
      '/api/lgpd/titulares/anonimizar',
      { cpf: pre.cpfAluno },
      200,
    );
    expect(again.anonimizados).toEqual({ leads: 0, preMatriculas: 0, matriculas: 0, contas: 0 });
    const audited = rows<{ acao: string }>(
      await ctx.handle.db.execute(
        sql`select acao from audit_log where acao in ('titular.anonimizar', 'lgpd_pedido.atualizar', 'lgpd_pedido.abrir') order by em`,
      ),
    ).map((r) => r.acao);
    expect(audited).toEqual(
      expect.arrayContaining(['lgpd_pedido.abrir', 'titular.anonimizar', 'lgpd_pedido.atualizar']),
    );
  });

  it('a closed request cannot change again', async () => {
    const lead = await signUp('Fechado');
    const token = await portalToken(lead.email);
    const { pedidos } = await call<{ pedidos: PedidoView[] }>(
      ctx.app,
      '',
      'POST',
      '/api/public/titular/pedidos',
      {
        token,
        tipo: 'correcao',
        detalhe: 'Telefone mudou',
      },
      201,
    );
    const url = `/api/lgpd/pedidos/${pedidos[0]!.id}`;
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url,
      payload: { status: 'recusado' },
      headers: { cookie: world.sessions.franqueador },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ resposta: LGPD_MESSAGES.motivoRecusa });
    await call(
      ctx.app,
      world.sessions.franqueador,
      'PATCH',
      url,
      { status: 'recusado', resposta: 'Dados conferidos.' },
      200,
    );
    const again = await ctx.app.inject({
      method: 'PATCH',
      url,
      payload: { status: 'concluido' },
      headers: { cookie: world.sessions.franqueador },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LGPD_MESSAGES.pedidoEncerrado);
  });
});

describe('the staff side in scope', () => {
  it("the franquia sees its branch's requests and titulares; another network and other roles see nothing", async () => {
    const lead = await signUp('Escopo');
    const token = await portalToken(lead.email);
    const { pedidos } = await call<{ pedidos: PedidoView[] }>(
      ctx.app,
      '',
      'POST',
      '/api/public/titular/pedidos',
      {
        token,
        tipo: 'correcao',
        detalhe: 'Sobrenome',
      },
      201,
    );
    const id = pedidos[0]!.id;
    const list = (session: string) =>
      ctx.app.inject({ url: '/api/lgpd/pedidos?pageSize=100', headers: { cookie: session } });
    const ids = async (session: string) => (await list(session)).json<PedidoView[]>().map((p) => p.id);
    expect(await ids(world.sessions.franqueador)).toContain(id);
    expect(await ids(world.sessions.franquia)).toContain(id);
    expect(await ids(world.sessions.franqueadorB)).not.toContain(id);
    for (const role of ['micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      expect((await list(world.sessions[role])).statusCode).toBe(403);
    }
    const idor = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/lgpd/pedidos/${id}`,
      payload: { status: 'em_analise' },
      headers: { cookie: world.sessions.franqueadorB },
    });
    expect(idor.statusCode).toBe(404);

    const search = (session: string) =>
      ctx.app.inject({ url: `/api/lgpd/titulares?q=${encodeURIComponent(lead.email)}`, headers: { cookie: session } });
    const mine = (await search(world.sessions.franquia)).json<{ registros: TitularRegistro[] }>();
    expect(mine.registros.map((r) => r.id)).toContain(lead.id);
    const theirs = (await search(world.sessions.franqueadorB)).json<{ registros: TitularRegistro[] }>();
    expect(theirs.registros).toEqual([]);
    const nothing = await ctx.app.inject({
      method: 'POST',
      url: '/api/lgpd/titulares/anonimizar',
      payload: { email: lead.email },
      headers: { cookie: world.sessions.franqueadorB },
    });
    expect(nothing.json().anonimizados).toEqual({ leads: 0, preMatriculas: 0, matriculas: 0, contas: 0 });
    expect(
      (await search(world.sessions.franquia)).json<{ registros: TitularRegistro[] }>().registros[0]?.anonimizado,
    ).toBe(false);
  });

  it("finds, for every e-mail of the network graph, exactly the caller's own records of it", async () => {
    const graph = await loadGraph(ctx.handle.db);
    const tables = { lead: 'leads', pre_matricula: 'preMatriculas', matricula: 'matriculas' } as const;
    // Anonymised rows (tests above) hold no e-mail anyone could search.
    const emails = [
      ...new Set([...graph.leads, ...graph.preMatriculas, ...graph.matriculas].map((r) => r.email.toLowerCase())),
    ].filter((email) => !email.endsWith('@invalid'));
    let checked = 0;
    for (const name of ACTOR_NAMES.filter((n) => can(roleOf(n), 'lgpd.gerir'))) {
      const scope = scopeOf(graph, world.actors[name]);
      for (const email of emails) {
        const found = await call<{ registros: TitularRegistro[] }>(
          ctx.app,
          world.sessions[name],
          'GET',
          `/api/lgpd/titulares?q=${encodeURIComponent(email)}`,
        );
        const got = found.registros
          .filter((r) => r.tipo !== 'conta')
          .map((r) => `${r.tipo}:${r.id}`)
          .sort();
        const expected = (Object.keys(tables) as (keyof typeof tables)[])
          .flatMap((tipo) =>
            graph[tables[tipo]]
              .filter((r) => r.email.toLowerCase() === email && scope[tables[tipo]].has(r.id))
              .map((r) => `${tipo}:${r.id}`),
          )
          .sort();
        expect(got, `${name} searching ${email}`).toEqual(expected);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('searches by phone and CPF, and says in Portuguese what it needs', async () => {
    const pre = await activate('Busca CPF', { telefone: '21912345678' });
    const byCpf = await call<{ registros: TitularRegistro[] }>(
      ctx.app,
      world.sessions.franqueador,
      'GET',
      `/api/lgpd/titulares?q=${pre.cpfResponsavel}`,
    );
    expect(byCpf.registros.map((r) => r.id)).toContain(pre.id);
    const byPhone = await call<{ registros: TitularRegistro[] }>(
      ctx.app,
      world.sessions.franqueador,
      'GET',
      `/api/lgpd/titulares?q=${encodeURIComponent('(21) 91234-5678')}`,
    );
    expect(byPhone.registros.map((r) => r.id)).toContain(pre.id);
    const bad = await ctx.app.inject({
      url: '/api/lgpd/titulares?q=abc',
      headers: { cookie: world.sessions.franqueador },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(LGPD_MESSAGES.buscaCurta);
  });
});

describe('retention', () => {
  it('anonymises exactly the unconverted leads older than the limit, and reports the run', async () => {
    const old = await signUp('Retencao Velho');
    const young = await signUp('Retencao Novo');
    const converted = await signUp('Retencao Convertido');
    await activate('Retencao Convertido', { email: converted.email, nomeAluno: converted.nomeAluno });
    const now = ctx.clock.now();
    const set = (id: string, at: string) =>
      ctx.handle.db.execute(sql`update leads set created_at = ${at}::timestamptz where id = ${id}::uuid`);
    // 24 months by the calendar: one minute past it, one minute short of it.
    const limit = rows<{ t: Date }>(
      await ctx.handle.db.execute(sql`select (${now.toISOString()}::timestamptz - interval '24 months') as t`),
    )[0]!.t;
    await set(old.id, new Date(new Date(limit).getTime() - 60_000).toISOString());
    await set(young.id, new Date(new Date(limit).getTime() + 60_000).toISOString());
    await set(converted.id, new Date(new Date(limit).getTime() - 60_000).toISOString());

    const anonymised = await executarRetencao(ctx.handle.db, 24, now);
    expect(anonymised).toBeGreaterThanOrEqual(1);
    const state = rows<{ id: string; anonimizado_em: Date | null; nome_aluno: string }>(
      await ctx.handle.db.execute(
        sql`select id, anonimizado_em, nome_aluno from leads where id in (${old.id}::uuid, ${young.id}::uuid, ${converted.id}::uuid)`,
      ),
    );
    const byId = new Map(state.map((s) => [s.id, s]));
    expect(byId.get(old.id)!.nome_aluno).toBe(NOME_ANONIMIZADO);
    expect(byId.get(young.id)!.anonimizado_em).toBeNull();
    expect(byId.get(converted.id)!.anonimizado_em).toBeNull();

    const resumo = await resumoRetencao(ctx.handle.db, 24, now);
    expect(resumo.ultimaExecucao?.anonimizados).toBe(anonymised);
    // The young lead crosses the limit within the next day.
    expect(resumo.proximaExecucao.previstos).toBeGreaterThanOrEqual(1);
    const screen = await call<typeof resumo>(ctx.app, world.sessions.franquia, 'GET', '/api/lgpd/retencao');
    expect(screen.meses).toBe(24);
  });
});
