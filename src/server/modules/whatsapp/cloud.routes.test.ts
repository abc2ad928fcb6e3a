import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WHATSAPP_CLOUD_MESSAGES as M } from '../../../shared/schemas/whatsapp-cloud';
import { executeRows } from '../../db/connect';
import {
  auditLog,
  consentimentos,
  eventos,
  jobs,
  leadHistorico,
  leads,
  matriculas,
  parcelas,
  whatsappCloudModelos,
  whatsappMensagens,
} from '../../db/schema';
import { insertOtherNetwork, uniqueCpf } from '../../../../tests/support/network-payloads';
import { APP_URL, createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import {
  FAKE_WHATSAPP,
  type FakeWhatsappServer,
  startFakeWhatsappServer,
} from '../../../../tests/support/fake-whatsapp-server';
import { unique } from '../../../../tests/support/unique';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { lembrarVespera } from '../inscricoes';
import { criarPlano, executarRegua } from '../cobranca';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { formatBRL, formatDateOnly } from '../../../shared/format';
import { fromCentavos } from '../../../shared/money/parcelas';

/**
 * Issue 47 (ADR 103) against a fake of WhatsApp's Cloud API: the franqueador's templates and moments, a sign-up with
 * the option ticked sent as the template with its variables, the local refusal of a variable without a value, consent
 * gating, a retry on 429, the e-mail fallback on a failed status (once), the webhook's signature and replays, a
 * family's reply on its lead's history and 'SAIR'.
 */

let ctx: TestContext;
let fake: FakeWhatsappServer;
let eventoId: string;

beforeAll(async () => {
  fake = await startFakeWhatsappServer();
  ctx = await createTestApp({
    WHATSAPP_API_URL: fake.apiUrl,
    WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
    WHATSAPP_APP_SECRET: FAKE_WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: FAKE_WHATSAPP.verifyToken,
  });
  const rows = await ctx.handle.db.select().from(eventos);
  eventoId = rows.find((e) => e.cidade === 'Campinas' && e.status === 'agendado' && e.vagas === null)!.id;
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const franqueador = () => as(ctx.app, 'franqueador');
let nextAddress = 1;
const signUp = (overrides: Record<string, unknown> = {}) => {
  const id = unique();
  const body = {
    eventoId,
    nomeAluno: `Maria ${id} Souza`,
    nomeResponsavel: `Ana ${id}`,
    email: `zap.${id}@email.com`,
    telefone: `(19) 9${String(10_000_000 + nextAddress).slice(-8)}`,
    consentimento: true,
    ...overrides,
  };
  return ctx.app
    .inject({ method: 'POST', url: '/api/leads', payload: body, remoteAddress: `10.47.0.${nextAddress++ % 250}` })
    .then((response) => ({ body, response }));
};

const webhook = (hook: { body: string; headers: Record<string, string> }) =>
  ctx.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', payload: hook.body, headers: hook.headers });

async function mensagemDe(leadId: string) {
  const [row] = await ctx.handle.db.select().from(whatsappMensagens).where(eq(whatsappMensagens.leadId, leadId));
  return row;
}

/** An e-mail's text, its quoted-printable undone. */
const textoDo = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const mailsTo = (email: string) => readOutbox(ctx.dataDir).filter((m) => m.includes(`To: ${email}`));

let modeloId: string;

describe('templates and moments', () => {
  it('the franqueador registers a template, maps its variables and gives it the sign-up moment', async () => {
    const criado = await franqueador().post('/api/integracoes/whatsapp/modelos', {
      nome: 'confirmacao_teste',
      idioma: 'pt_BR',
      categoria: 'UTILITY',
      variaveis: [
        { componente: 'body', posicao: 1, campo: 'primeiro_nome' },
        { componente: 'body', posicao: 2, campo: 'evento' },
        { componente: 'body', posicao: 3, campo: 'data' },
        { componente: 'button', posicao: 1, botao: 0, campo: 'link_voucher' },
      ],
    });
    expect(criado.statusCode).toBe(201);
    modeloId = criado.json<{ id: string }>().id;
    const momentos = await franqueador().put('/api/integracoes/whatsapp/momentos', { inscricao: modeloId });
    expect(momentos.statusCode).toBe(200);
    expect(momentos.json().momentos).toContainEqual(expect.objectContaining({ momento: 'inscricao', modeloId }));
    const lista = await franqueador().get('/api/integracoes/whatsapp/modelos');
    expect(lista.json().ativo).toBe(true);
    expect(lista.json().items).toContainEqual(expect.objectContaining({ id: modeloId, momentos: ['inscricao'] }));
    const trilha = await ctx.handle.db
      .select({ acao: auditLog.acao })
      .from(auditLog)
      .where(sql`${auditLog.acao} like 'whatsapp_cloud.%'`);
    expect(trilha.map((t) => t.acao)).toEqual(
      expect.arrayContaining(['whatsapp_cloud.modelo_criar', 'whatsapp_cloud.momentos']),
    );
  });

  it('refuses a template whose variables skip a number, a moment lacking a field, and deleting one in use', async () => {
    const pulando = await franqueador().post('/api/integracoes/whatsapp/modelos', {
      nome: 'pulando',
      categoria: 'UTILITY',
      variaveis: [{ componente: 'body', posicao: 2, campo: 'evento' }],
    });
    expect(pulando.statusCode).toBe(400);
    expect(pulando.json().message).toBe(M.corpoEmSequencia);
    const cobranca = await franqueador().put('/api/integracoes/whatsapp/momentos', { cobranca: modeloId });
    expect(cobranca.statusCode).toBe(400);
    expect(cobranca.json().message).toBe(M.campoForaDoMomento('confirmacao_teste', 'evento', 'cobranca'));
    const excluir = await franqueador().delete(`/api/integracoes/whatsapp/modelos/${modeloId}`);
    expect(excluir.statusCode).toBe(409);
    expect(excluir.json().message).toBe(M.modeloEmUso);
    const repetido = await franqueador().post('/api/integracoes/whatsapp/modelos', {
      nome: 'confirmacao_teste',
      categoria: 'MARKETING',
      variaveis: [],
    });
    expect(repetido.statusCode).toBe(409);
  });

  it('keeps another network out: its franqueador gets 404 on a template and sees none (IDOR)', async () => {
    const other = await insertOtherNetwork(ctx.handle.db);
    const outro = as(ctx.app, { email: other.franqueadorEmail });
    const corpo = { nome: 'invasor', categoria: 'UTILITY', variaveis: [] };
    expect((await outro.put(`/api/integracoes/whatsapp/modelos/${modeloId}`, corpo)).statusCode).toBe(404);
    expect((await outro.delete(`/api/integracoes/whatsapp/modelos/${modeloId}`)).statusCode).toBe(404);
    expect((await outro.get('/api/integracoes/whatsapp/modelos')).json().items).toEqual([]);
    const momentos = await outro.put('/api/integracoes/whatsapp/momentos', { inscricao: modeloId });
    expect(momentos.statusCode).toBe(400);
    expect((await outro.get('/api/integracoes/whatsapp/momentos')).json().momentos).toContainEqual(
      expect.objectContaining({ momento: 'inscricao', modeloId: null }),
    );
    const [nosso] = await ctx.handle.db
      .select({ nome: whatsappCloudModelos.nome })
      .from(whatsappCloudModelos)
      .where(eq(whatsappCloudModelos.id, modeloId));
    expect(nosso!.nome).toBe('confirmacao_teste');
  });

  it('is the franqueador’s alone', async () => {
    for (const role of ['franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      expect((await as(ctx.app, role).get('/api/integracoes/whatsapp/modelos')).statusCode).toBe(403);
    }
  });
});

describe('the sign-up’s notice', () => {
  beforeEach(async () => {
    await ctx.app.background.drain();
  });

  it('goes as the template with its variables to a family that ticked the option, and by e-mail otherwise', async () => {
    const antes = fake.mensagens.length;
    const sim = await signUp({ whatsapp: true });
    const nao = await signUp();
    expect(sim.response.statusCode).toBe(201);
    await ctx.app.background.drain();
    const enviadas = fake.mensagens.slice(antes);
    expect(enviadas).toHaveLength(1);
    const [msg] = enviadas;
    expect(msg!.to).toBe(`55${sim.body.telefone.replace(/\D/g, '')}`);
    expect(msg!.authorization).toBe(`Bearer ${FAKE_WHATSAPP.token}`);
    expect(msg!.template).toMatchObject({ name: 'confirmacao_teste', language: { code: 'pt_BR' } });
    const [body, button] = msg!.template!.components as {
      type: string;
      parameters: { text: string }[];
      index?: string;
    }[];
    expect(body!.type).toBe('body');
    expect(body!.parameters.map((p) => p.text)).toEqual([
      'Maria',
      expect.any(String),
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    ]);
    expect(button).toMatchObject({ type: 'button', sub_type: 'url', index: '0' });
    // A URL button carries the rest of the link: its template's URL is `<APP_URL>/{{1}}`.
    expect(button!.parameters[0]!.text).toMatch(/^voucher\/[A-Za-z0-9_-]{43}$/);
    // The family that ticked gets no e-mail; the other gets its e-mail as before.
    expect(mailsTo(sim.body.email)).toHaveLength(0);
    expect(mailsTo(nao.body.email)).toHaveLength(1);
    const consent = await ctx.handle.db
      .select({ finalidade: consentimentos.finalidade, texto: consentimentos.texto })
      .from(consentimentos)
      .where(eq(consentimentos.leadId, sim.response.json<{ id: string }>().id));
    expect(consent).toContainEqual({ finalidade: 'whatsapp', texto: M.opcao });
    const envios = await franqueador().get('/api/envios?tipo=whatsapp');
    expect(envios.statusCode, envios.body).toBe(200);
    expect(envios.json()[0]).toMatchObject({
      canal: 'whatsapp',
      whatsapp: { status: 'enviada', modelo: 'confirmacao_teste', categoria: 'UTILITY', custoCentavos: 4 },
    });
  });

  it('lists a network’s WhatsApp notices on its own Envios alone', async () => {
    await signUp({ whatsapp: true });
    await ctx.app.background.drain();
    const nossos = await franqueador().get('/api/envios?tipo=whatsapp');
    expect(nossos.json().length).toBeGreaterThan(0);
    const other = await insertOtherNetwork(ctx.handle.db);
    const envios = await as(ctx.app, { email: other.franqueadorEmail }).get('/api/envios?tipo=whatsapp');
    expect(envios.statusCode).toBe(200);
    expect(envios.json()).toEqual([]);
  });

  it('retries a 429 and sends on the next try', async () => {
    const antes = fake.mensagens.length;
    fake.falharProximas(1, 130429, 429);
    const { response } = await signUp({ whatsapp: true });
    await ctx.app.background.drain();
    const id = response.json<{ id: string }>().id;
    const [job] = await ctx.handle.db
      .select({ status: jobs.status, ultimoErro: jobs.ultimoErro })
      .from(jobs)
      .where(and(eq(jobs.registroId, id), eq(jobs.tipo, 'whatsapp')));
    expect(job).toMatchObject({ status: 'pendente', ultimoErro: 'A API do WhatsApp recusou (erro 130429)' });
    // Due by the worker's own clock, which it compares in milliseconds: PostgreSQL's now() carries microseconds and
    // could still lie ahead of it within the same millisecond (a retry left for later, one run in three).
    const agora = ctx.app.clock.now().toISOString();
    await ctx.handle.db.execute(
      sql`update ${jobs} set executar_em = ${agora}::timestamptz where registro_id = ${id}::uuid`,
    );
    await ctx.app.background.drain();
    expect(fake.mensagens.length).toBe(antes + 1);
    expect((await mensagemDe(id))?.status).toBe('enviada');
  });

  it('a refusal no retry mends (132000, the template’s parameters) goes by e-mail at once, naming the error', async () => {
    fake.falharProximas(1, 132000, 400);
    const antes = fake.mensagens.length;
    const { body, response } = await signUp({ whatsapp: true });
    await ctx.app.background.drain();
    await ctx.app.background.drain();
    expect(fake.mensagens.length).toBe(antes);
    expect(await mensagemDe(response.json<{ id: string }>().id)).toMatchObject({
      status: 'falhou',
      erro: 'A API do WhatsApp recusou (erro 132000)',
      motivoEmail: M.falhou,
    });
    expect(mailsTo(body.email)).toHaveLength(1);
  });

  it('refuses locally a variable without a value and sends the e-mail, saying why', async () => {
    const semData = await franqueador().post('/api/integracoes/whatsapp/modelos', {
      nome: 'com_contrato',
      categoria: 'UTILITY',
      variaveis: [{ componente: 'body', posicao: 1, campo: 'link_contrato' }],
    });
    // The moment has no contract link: the API refuses to give it that template...
    const recusa = await franqueador().put('/api/integracoes/whatsapp/momentos', {
      inscricao: semData.json<{ id: string }>().id,
    });
    expect(recusa.statusCode).toBe(400);
    // ...and a template whose field the sign-up leaves empty goes by e-mail, never to Meta.
    await ctx.handle.db.execute(
      sql`update whatsapp_momentos set modelo_id = ${semData.json<{ id: string }>().id}::uuid where momento = 'inscricao'`,
    );
    const antes = fake.mensagens.length;
    const { body, response } = await signUp({ whatsapp: true });
    await ctx.app.background.drain();
    await ctx.app.background.drain();
    expect(fake.mensagens.length).toBe(antes);
    expect(await mensagemDe(response.json<{ id: string }>().id)).toMatchObject({
      status: 'por_email',
      motivoEmail: M.variavelSemValor('link_contrato'),
    });
    expect(mailsTo(body.email)).toHaveLength(1);
    await ctx.handle.db.execute(
      sql`update whatsapp_momentos set modelo_id = ${modeloId}::uuid where momento = 'inscricao'`,
    );
  });
});

describe('the eve-of-event reminder', () => {
  it('reminds, at most once a day, each seated family of tomorrow’s events that consented, with a new voucher link', async () => {
    const [base] = await ctx.handle.db.select().from(eventos).where(eq(eventos.id, eventoId));
    const hoje = todayInBrasilia(ctx.clock.now());
    const [amanha] = await ctx.handle.db
      .insert(eventos)
      .values({
        ...base!,
        id: undefined,
        codigoIndicacao: undefined,
        nomeEscola: `Escola Véspera ${unique()}`,
        dataEvento: addDays(hoje, 1),
      })
      .returning();
    const modelo = await franqueador().post('/api/integracoes/whatsapp/modelos', {
      nome: 'lembrete_evento',
      categoria: 'UTILITY',
      variaveis: [
        { componente: 'header', posicao: 1, campo: 'primeiro_nome' },
        { componente: 'body', posicao: 1, campo: 'hora' },
        { componente: 'body', posicao: 2, campo: 'local' },
      ],
    });
    await franqueador().put('/api/integracoes/whatsapp/momentos', { lembrete_vespera: modelo.json().id });
    const eventoAntes = eventoId;
    eventoId = amanha!.id;
    const sim = await signUp({ whatsapp: true, nomeAluno: 'Joana Véspera' });
    const nao = await signUp();
    eventoId = eventoAntes;
    await ctx.app.background.drain();
    const antes = fake.mensagens.length;
    const vouchers = async () =>
      (
        await executeRows<{ n: number }>(
          ctx.handle.db,
          sql`select count(*)::int as n from lead_vouchers where lead_id = ${sim.response.json<{ id: string }>().id}::uuid`,
        )
      )[0]!.n;
    const antesDosLembretes = await vouchers();
    expect(await lembrarVespera(ctx.app, hoje)).toBe(1);
    expect(await lembrarVespera(ctx.app, hoje)).toBe(1);
    // One new voucher link for the reminder; the second run's went back with its transaction.
    expect(await vouchers()).toBe(antesDosLembretes + 1);
    await ctx.app.background.drain();
    const lembretes = fake.mensagens.slice(antes);
    expect(lembretes).toHaveLength(1);
    expect(lembretes[0]!.to).toBe(`55${sim.body.telefone.replace(/\D/g, '')}`);
    expect(lembretes[0]!.template).toMatchObject({
      name: 'lembrete_evento',
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'Joana' }] },
        { type: 'body', parameters: [{ text: base!.horario }, { text: expect.stringContaining(base!.cidade) }] },
      ],
    });
    expect(mailsTo(nao.body.email)).toHaveLength(1);
  });
});

describe('the contract’s link', () => {
  it('goes by WhatsApp to a family that ticked the option on the activation form, with the contract’s link', async () => {
    const modelo = await franqueador().post('/api/integracoes/whatsapp/modelos', {
      nome: 'contrato_link',
      categoria: 'UTILITY',
      variaveis: [
        { componente: 'body', posicao: 1, campo: 'primeiro_nome' },
        { componente: 'button', posicao: 1, botao: 0, campo: 'link_contrato' },
      ],
    });
    expect(
      (await franqueador().put('/api/integracoes/whatsapp/momentos', { contrato: modelo.json().id })).statusCode,
    ).toBe(200);
    const [ativo] = await executeRows<{ id: string }>(
      ctx.handle.db,
      sql`select e.id from eventos e where e.status <> 'cancelado' and e.data_evento >= current_date - 7
        and exists (select 1 from pre_matriculas p where p.evento_id = e.id) order by e.data_evento limit 1`,
    );
    const id = unique();
    const ativacao = await ctx.app.inject({
      method: 'POST',
      url: '/api/pre-matriculas',
      remoteAddress: `10.47.1.${nextAddress++ % 250}`,
      payload: {
        eventoId: ativo!.id,
        nomeAluno: `Pedro ${id} Lima`,
        cpfAluno: uniqueCpf(),
        nomeResponsavel: `Carla ${id}`,
        cpfResponsavel: uniqueCpf(),
        email: `zap.contrato.${id}@email.com`,
        telefone: '(11) 97654-3210',
        consentimento: true,
        whatsapp: true,
      },
    });
    expect(ativacao.statusCode, ativacao.body).toBe(201);
    const preId = ativacao.json<{ id: string }>().id;
    const cursos = (await franqueador().get(`/api/pre-matriculas/${preId}/cursos`)).json<{ id: string }[]>();
    await ctx.app.background.drain();
    const paraFamilia = () => readOutbox(ctx.dataDir).filter((m) => m.includes(`zap.contrato.${id}@email.com`));
    const emailsAntes = paraFamilia().length;
    const antes = fake.mensagens.length;
    const efetivada = await franqueador().post(`/api/matriculas/efetivar/${preId}`, { cursoId: cursos[0]!.id });
    expect(efetivada.statusCode, efetivada.body).toBe(201);
    await ctx.app.background.drain();
    const [msg] = fake.mensagens.slice(antes);
    expect(msg).toMatchObject({ to: '5511976543210', template: { name: 'contrato_link' } });
    const botao = (msg!.template!.components as { type: string; parameters: { text: string }[] }[])[1]!;
    expect(botao.parameters[0]!.text).toMatch(/^contrato\/[A-Za-z0-9_-]{43}$/);
    // The contract's link did not also go by e-mail (the new aluno account's e-mail did, as always).
    const novos = paraFamilia().slice(emailsAntes).map(textoDo);
    expect(novos.some((m) => m.includes('Defina sua senha'))).toBe(true);
    expect(novos.filter((m) => m.includes(`${APP_URL}/contrato/`))).toEqual([]);
  });
});

describe('the billing notices', () => {
  it('the régua’s notice goes by WhatsApp to a family that consented: the parcela’s value, due date and PIX code', async () => {
    const modelo = await franqueador().post('/api/integracoes/whatsapp/modelos', {
      nome: 'lembrete_cobranca_teste',
      categoria: 'UTILITY',
      variaveis: [
        { componente: 'body', posicao: 1, campo: 'primeiro_nome' },
        { componente: 'body', posicao: 2, campo: 'valor_parcela' },
        { componente: 'body', posicao: 3, campo: 'vencimento' },
        { componente: 'body', posicao: 4, campo: 'pix' },
      ],
    });
    expect(
      (await franqueador().put('/api/integracoes/whatsapp/momentos', { cobranca: modelo.json().id })).statusCode,
    ).toBe(200);
    // The demo's enrolled aluno, Mariana Costa: its family ticks the option (on its activation's record).
    const [mariana] = await ctx.handle.db
      .select({ id: matriculas.id, preMatriculaId: matriculas.preMatriculaId })
      .from(matriculas)
      .where(eq(matriculas.email, DEMO_ACCOUNTS.aluno));
    await ctx.handle.db.insert(consentimentos).values({
      preMatriculaId: mariana!.preMatriculaId,
      avisoVersao: 'teste',
      texto: M.opcao,
      finalidade: 'whatsapp',
    });
    expect(await criarPlano(ctx.app, mariana!.id)).toBeGreaterThan(0);
    await ctx.app.background.drain();
    const [primeira] = await ctx.handle.db
      .select()
      .from(parcelas)
      .where(eq(parcelas.matriculaId, mariana!.id))
      .orderBy(asc(parcelas.vencimento));
    const antes = fake.mensagens.length;
    // Three days before the first due date, at midday in São Paulo: the day's run, and its notices sent.
    const dia = new Date(`${addDays(primeira!.vencimento, -3)}T15:00:00Z`);
    const salto = dia.getTime() - ctx.clock.now().getTime();
    ctx.clock.advance(salto);
    try {
      await executarRegua(ctx.app);
      await ctx.app.background.drain();
    } finally {
      ctx.clock.advance(-salto);
    }
    const paraMariana = fake.mensagens.slice(antes).filter((m) => m.to === '5519988776655');
    expect(paraMariana).toHaveLength(1);
    expect(paraMariana[0]!.template).toMatchObject({
      name: 'lembrete_cobranca_teste',
      components: [
        {
          type: 'body',
          parameters: [
            { text: 'Mariana' },
            { text: formatBRL(fromCentavos(primeira!.valorCentavos)) },
            { text: formatDateOnly(primeira!.vencimento) },
            { text: primeira!.pixCopiaECola },
          ],
        },
      ],
    });
  });
});

describe('the webhook', () => {
  it('answers the subscription handshake with the verify token only', async () => {
    const ok = await ctx.app.inject({
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${FAKE_WHATSAPP.verifyToken}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const errado = await ctx.app.inject({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=outro-token-qualquer&hub.challenge=1',
    });
    expect(errado.statusCode).toBe(401);
  });

  it('refuses a body without the app secret’s signature', async () => {
    const hook = fake.statusWebhook('wamid.x', 'delivered');
    const semAssinatura = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: hook.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(semAssinatura.statusCode).toBe(401);
    const adulterado = await webhook({ ...hook, body: hook.body.replace('delivered', 'read') });
    expect(adulterado.statusCode).toBe(401);
  });

  it('moves a message to lida; a redelivered or late status changes nothing', async () => {
    const { body, response } = await signUp({ whatsapp: true });
    await ctx.app.background.drain();
    const id = response.json<{ id: string }>().id;
    const { wamid } = (await mensagemDe(id))!;
    expect((await webhook(fake.statusWebhook(wamid!, 'delivered'))).statusCode).toBe(200);
    expect((await webhook(fake.statusWebhook(wamid!, 'read'))).json()).toEqual({ recebido: true });
    await webhook(fake.statusWebhook(wamid!, 'delivered'));
    const msg = await mensagemDe(id);
    expect(msg).toMatchObject({ status: 'lida', email: null });
    expect(msg!.entregueEm).not.toBeNull();
    // Envios shows it read, with the time it was read.
    const envios = await franqueador().get(`/api/envios?tipo=whatsapp&destinatario=${encodeURIComponent(body.email)}`);
    expect(envios.json()[0]).toMatchObject({
      canal: 'whatsapp',
      whatsapp: { status: 'lida', statusEm: msg!.lidaEm!.toISOString() },
    });
  });

  it('a failed message falls back to e-mail once', async () => {
    const { body, response } = await signUp({ whatsapp: true });
    await ctx.app.background.drain();
    const id = response.json<{ id: string }>().id;
    const { wamid } = (await mensagemDe(id))!;
    await webhook(fake.statusWebhook(wamid!, 'failed', 131026));
    await webhook(fake.statusWebhook(wamid!, 'failed', 131026));
    await ctx.app.background.drain();
    expect(mailsTo(body.email)).toHaveLength(1);
    expect(await mensagemDe(id)).toMatchObject({
      status: 'falhou',
      erro: 'Erro 131026: Message undeliverable',
      motivoEmail: M.falhou,
    });
  });

  it('puts a family’s reply on its lead’s history, marks it contacted, and SAIR withdraws the consent once', async () => {
    const { response } = await signUp({ whatsapp: true });
    await ctx.app.background.drain();
    const id = response.json<{ id: string }>().id;
    const { waId } = (await mensagemDe(id))!;
    const resposta = fake.mensagemWebhook(waId!, 'Olá! Qual o horário do evento?');
    await webhook(resposta);
    await webhook(resposta);
    const historico = await ctx.handle.db
      .select({ tipo: leadHistorico.tipo, dados: leadHistorico.dados })
      .from(leadHistorico)
      .where(eq(leadHistorico.leadId, id));
    expect(historico.filter((h) => h.tipo === 'whatsapp')).toEqual([
      { tipo: 'whatsapp', dados: { texto: 'Olá! Qual o horário do evento?' } },
    ]);
    const [lead] = await ctx.handle.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({ status: 'em_contato' });
    expect(lead!.primeiroContatoEm).not.toBeNull();

    const antes = fake.mensagens.length;
    await webhook(fake.mensagemWebhook(waId!, 'sair'));
    await webhook(fake.mensagemWebhook(waId!, 'SAIR'));
    await ctx.app.background.drain();
    const confirmacoes = fake.mensagens.slice(antes);
    expect(confirmacoes).toEqual([
      expect.objectContaining({ type: 'text', text: expect.objectContaining({ body: M.saiu }), to: waId }),
    ]);
    const [consent] = await executeRows<{ revogado: boolean }>(
      ctx.handle.db,
      sql`select revogado_em is not null as revogado from consentimentos where lead_id = ${id}::uuid and finalidade = 'whatsapp'`,
    );
    expect(consent!.revogado).toBe(true);
    const [trilha] = await ctx.handle.db
      .select({ acao: auditLog.acao })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'lead.whatsapp_sair'), eq(auditLog.entidadeId, id)));
    expect(trilha).toBeDefined();

    // Anonymised, the family's message text goes whole, and its notices keep neither its number nor its e-mail.
    const [titular] = await ctx.handle.db.select({ email: leads.email }).from(leads).where(eq(leads.id, id));
    const anonimizado = await franqueador().post('/api/lgpd/titulares/anonimizar', { email: titular!.email });
    expect(anonimizado.statusCode, anonimizado.body).toBe(200);
    const depois = await ctx.handle.db
      .select({ dados: leadHistorico.dados })
      .from(leadHistorico)
      .where(and(eq(leadHistorico.leadId, id), eq(leadHistorico.tipo, 'whatsapp')));
    expect(depois.map((h) => h.dados)).toEqual([
      { texto: 'Mensagem anonimizada (LGPD).' },
      { texto: 'Mensagem anonimizada (LGPD).' },
      { texto: 'Mensagem anonimizada (LGPD).' },
    ]);
    const notas = await ctx.handle.db
      .select({ waId: whatsappMensagens.waId, email: whatsappMensagens.email })
      .from(whatsappMensagens)
      .where(eq(whatsappMensagens.leadId, id));
    expect(notas.length).toBeGreaterThan(0);
    expect(notas.every((n) => n.waId === null && n.email === null)).toBe(true);
  });
});
