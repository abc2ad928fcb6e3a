import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WORLD_ENV,
  type World,
  buildWorld,
  call,
  efetivarComCurso,
  leadPayload,
  preMatriculaPayload,
} from '../../../../tests/api/trust/fixtures/network';
import { createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { LGPD_MESSAGES, type TitularRegistro, type TitularView } from '../../../shared/schemas/lgpd';
import { CORRECAO_MESSAGES } from '../../../shared/schemas/correcao';
import { PUBLIC_MESSAGES } from '../../../shared/schemas/public-messages';

/**
 * Issue 39, items 3, 14 and 15: the titular's access includes everything stored (each consent's address and
 * browser; what staff recorded about the family), and a 'Correção de dados' can be carried out -- from the
 * request, and on the lead and the pré-matrícula -- within the caller's row scope, audited, the family told.
 */

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestApp(WORLD_ENV);
  world = await buildWorld(ctx);
});
afterAll(() => ctx.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function signUp(tag: string, overrides: Record<string, unknown> = {}, eventoId = world.ids.eventoHorizonte) {
  const payload = { ...leadPayload(eventoId, tag), ...overrides };
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
    headers: { 'user-agent': `Ativador ${tag}` },
    remoteAddress: '10.20.30.41',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...payload, id: response.json<{ id: string }>().id };
}

/** Asks for the portal's link and reads its token back from the outbox. */
async function portalToken(email: string): Promise<string> {
  await ctx.app.background.drain();
  const before = readOutbox(ctx.dataDir).length;
  const response = await ctx.app.inject({ method: 'POST', url: '/api/public/titular/solicitar', payload: { email } });
  expect(response.statusCode).toBe(200);
  await ctx.app.background.drain();
  const mail = readOutbox(ctx.dataDir)
    .slice(before)
    .find((m) => m.includes('meus-dados'));
  const text = mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/[^\s"<]+\/meus-dados\?token=[A-Za-z0-9_%-]+/)![0];
  return decodeURIComponent(new URL(link).searchParams.get('token')!);
}

async function portalView(email: string): Promise<{ view: TitularView; file: TitularView }> {
  const token = await portalToken(email);
  const response = await ctx.app.inject({ url: `/api/public/titular?token=${encodeURIComponent(token)}` });
  expect(response.statusCode, response.body).toBe(200);
  const file = await ctx.app.inject({ url: `/api/public/titular/export.json?token=${encodeURIComponent(token)}` });
  expect(file.statusCode).toBe(200);
  return { view: response.json<TitularView>(), file: JSON.parse(file.body) as TitularView };
}

const staffView = async (cookie: string, q: string) =>
  (
    await call<{ registros: TitularRegistro[] }>(
      ctx.app,
      cookie,
      'GET',
      `/api/lgpd/titulares?q=${encodeURIComponent(q)}`,
    )
  ).registros;

const staffFile = async (cookie: string, q: string) => {
  const response = await ctx.app.inject({
    url: `/api/lgpd/titulares/export.json?q=${encodeURIComponent(q)}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body) as { registros: TitularRegistro[] }).registros;
};

/** Opens a request from the portal; the request of the franqueador's own branch (the demo network's). */
async function abrirPedido(email: string, tipo: 'correcao' | 'anonimizacao', detalhe?: string) {
  const token = await portalToken(email);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/titular/pedidos',
    // The request concerns this network: with the e-mail in two networks, the titular says which (item 2).
    payload: { token, tipo, redes: [world.actors.franqueador.franqueadorId], ...(detalhe ? { detalhe } : {}) },
  });
  expect(response.statusCode, response.body).toBe(201);
  const ids = response.json<{ pedidos: { id: string }[] }>().pedidos.map((p) => p.id);
  const [row] = rows<{ id: string }>(
    await ctx.handle.db.execute(
      sql`select id from lgpd_pedidos where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and franqueador_id = ${world.actors.franqueador.franqueadorId}::uuid order by franquia_id nulls last limit 1`,
    ),
  );
  return row!.id;
}

const inject = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const leadRow = async (id: string) =>
  rows<{ nome_aluno: string; nome_responsavel: string; email: string; telefone: string }>(
    await ctx.handle.db.execute(
      sql`select nome_aluno, nome_responsavel, email, telefone from leads where id = ${id}::uuid`,
    ),
  )[0]!;

const auditsOf = async (entidadeId: string, acao: string) =>
  rows<{ alteracoes: Record<string, [unknown, unknown]>; detalhes: Record<string, unknown>; usuario_id: string }>(
    await ctx.handle.db.execute(sql`select alteracoes, detalhes, usuario_id from audit_log
      where entidade_id = ${entidadeId}::uuid and acao = ${acao} order by em`),
  );

/** The correction e-mails sent to `email` since the outbox held `since` messages. */
const mailsTo = async (email: string, since: number) => {
  await ctx.app.background.drain();
  return readOutbox(ctx.dataDir)
    .slice(since)
    .filter((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`))
    .filter((m) => m.includes('Subject: Seus dados foram corrigidos'));
};

describe('item 3: every consent whole, address and browser included', () => {
  it('the portal, its download and the staff view and file show each consent with its IP and user agent', async () => {
    const lead = await signUp('Acesso Consentimento');
    const pre = await activate('Acesso Consentimento', { email: lead.email });
    const { view, file } = await portalView(lead.email);
    const staff = await staffView(world.sessions.franqueador, lead.email);
    const staffJson = await staffFile(world.sessions.franqueador, lead.email);
    for (const registros of [view.registros, file.registros, staff, staffJson]) {
      const doLead = registros.find((r) => r.id === lead.id)!;
      const daPre = registros.find((r) => r.id === pre.id)!;
      expect(doLead.consentimentos).toEqual([
        expect.objectContaining({ ip: '10.20.30.40', userAgent: 'Navegador Acesso Consentimento' }),
      ]);
      expect(doLead.consentimentos[0]!.texto).toBeTruthy();
      expect(daPre.consentimentos).toEqual([
        expect.objectContaining({ ip: '10.20.30.41', userAgent: 'Ativador Acesso Consentimento' }),
      ]);
      expect(daPre.situacao).toBe('Pendente');
    }
  });
});

describe('item 15: what staff recorded about the family', () => {
  it('shows and exports status, owner, next contact, loss reason, contacts and notes, presence, waiting list and voucher', async () => {
    const lead = await signUp('Acesso Acompanhamento');
    const franqueador = world.sessions.franqueador;
    const base = `/api/leads/${lead.id}`;
    await call(ctx.app, franqueador, 'POST', `${base}/contatos`, {
      canal: 'whatsapp',
      resultado: 'atendeu',
      nota: 'Mãe pediu retorno à noite',
    });
    await call(ctx.app, franqueador, 'POST', `${base}/notas`, { texto: 'Prefere o período da manhã' });
    const [responsavel] = await call<{ id: string; nome: string }[]>(
      ctx.app,
      franqueador,
      'GET',
      `${base}/responsaveis`,
    );
    expect(responsavel, 'the demo micro-franquia has a vendedor').toBeTruthy();
    await call(ctx.app, franqueador, 'PATCH', base, { responsavelId: responsavel!.id });
    await call(ctx.app, franqueador, 'PATCH', base, { status: 'sem_interesse', motivoPerda: 'preco' });
    await ctx.handle.db.execute(
      sql`update leads set presente_em = now(), lista_espera = false where id = ${lead.id}::uuid`,
    );

    const { view, file } = await portalView(lead.email);
    const staff = await staffView(franqueador, lead.email);
    for (const registros of [view.registros, file.registros, staff]) {
      const registro = registros.find((r) => r.id === lead.id)!;
      const a = registro.acompanhamento!;
      expect(a).toBeDefined();
      expect(a.situacao).toBe('Sem interesse');
      expect(a.motivoPerda).toBe('Preço');
      expect(a.responsavel).toBe(responsavel!.nome);
      expect(a.primeiroContatoEm).toBeTruthy();
      expect(a.presenteEm).toBeTruthy();
      expect(a.listaEspera).toBe(false);
      expect(a.voucher).toMatchObject({ situacao: 'Usado na entrada do evento' });
      const textos = a.historico.map((h) => `${h.tipo}: ${h.descricao}`);
      expect(textos).toEqual(
        expect.arrayContaining([
          'Contato: WhatsApp: Atendeu. Nota: Mãe pediu retorno à noite',
          'Anotação: Prefere o período da manhã',
          `Mudança de responsável: De ninguém para ${responsavel!.nome}`,
          'Mudança de situação: Situação: de Em contato para Sem interesse. Motivo da perda: Preço',
        ]),
      );
    }
  });

  it('shows the next contact set by staff', async () => {
    const lead = await signUp('Acesso Retorno');
    const amanha = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await call(ctx.app, world.sessions.franqueador, 'PATCH', `/api/leads/${lead.id}`, { proximoContatoEm: amanha });
    const { view } = await portalView(lead.email);
    const a = view.registros.find((r) => r.id === lead.id)!.acompanhamento!;
    expect(a.proximoContatoEm).toBe(amanha);
    expect(a.voucher).toMatchObject({ situacao: 'Válido' });
  });
});

describe("item 14: a 'Correção de dados' request carried out", () => {
  it('the staff list the titular records of the request and correct one: stored, audited, the family told at both addresses', async () => {
    const lead = await signUp('Correcao Pedido');
    const pedidoId = await abrirPedido(lead.email, 'correcao', 'O telefone e o e-mail estão errados.');
    const franqueador = world.sessions.franqueador;

    const lista = await call<{ registros: TitularRegistro[] }>(
      ctx.app,
      franqueador,
      'GET',
      `/api/lgpd/pedidos/${pedidoId}/registros`,
    );
    expect(lista.registros.map((r) => r.id)).toEqual([lead.id]);

    const novoEmail = `corrigido.${Date.now()}@exemplo.com.br`;
    const since = readOutbox(ctx.dataDir).length;
    const response = await inject(franqueador, 'POST', `/api/lgpd/pedidos/${pedidoId}/correcoes`, {
      tipo: 'lead',
      registroId: lead.id,
      nomeResponsavel: 'Responsável Corrigido',
      telefone: '(19) 99876-5432',
      email: novoEmail.toUpperCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: CORRECAO_MESSAGES.corrigido });

    expect(await leadRow(lead.id)).toMatchObject({
      nome_responsavel: 'Responsável Corrigido',
      telefone: '19998765432',
      email: novoEmail,
      nome_aluno: lead.nomeAluno,
    });
    const [registro] = await auditsOf(lead.id, 'lead.corrigir');
    expect(registro!.usuario_id).toBe(world.actors.franqueador.id);
    expect(registro!.detalhes).toMatchObject({ pedidoId });
    expect(Object.keys(registro!.alteracoes).sort()).toEqual(['email', 'nomeResponsavel', 'telefone']);
    // Masked like every personal datum in the trail.
    expect(JSON.stringify(registro!.alteracoes)).not.toContain('Corrigido');
    expect(JSON.stringify(registro!.alteracoes)).not.toContain(novoEmail);

    for (const to of [novoEmail, lead.email]) {
      const [mail] = await mailsTo(to, since);
      expect(mail, `an e-mail to ${to}`).toBeDefined();
      expect(mail).toContain('Seus dados foram corrigidos');
    }
    // The request stays open for its answer.
    const [pedido] = rows<{ status: string }>(
      await ctx.handle.db.execute(sql`select status::text as status from lgpd_pedidos where id = ${pedidoId}::uuid`),
    );
    expect(pedido!.status).toBe('aberto');
  });

  it('corrects a pré-matrícula and a matrícula of the request; a matrícula keeps no guardian name', async () => {
    const pre = await activate('Correcao Efetivada');
    await efetivarComCurso(ctx.app, world.sessions.franqueador, pre.id);
    const pedidoId = await abrirPedido(pre.email, 'correcao', 'O nome do aluno está errado.');
    const lista = await call<{ registros: TitularRegistro[] }>(
      ctx.app,
      world.sessions.franqueador,
      'GET',
      `/api/lgpd/pedidos/${pedidoId}/registros`,
    );
    const matricula = lista.registros.find((r) => r.tipo === 'matricula')!;
    expect(lista.registros.map((r) => r.tipo).sort()).toEqual(['matricula', 'pre_matricula']);
    const url = `/api/lgpd/pedidos/${pedidoId}/correcoes`;
    const semResponsavel = await inject(world.sessions.franqueador, 'POST', url, {
      tipo: 'matricula',
      registroId: matricula.id,
      nomeResponsavel: 'Outro Nome',
    });
    expect(semResponsavel.statusCode).toBe(400);
    expect(semResponsavel.json().message).toBe(CORRECAO_MESSAGES.semResponsavel);
    for (const [tipo, registroId] of [
      ['pre_matricula', pre.id],
      ['matricula', matricula.id],
    ] as const) {
      const ok = await inject(world.sessions.franqueador, 'POST', url, { tipo, registroId, nomeAluno: 'Aluno Certo' });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const [p] = rows<{ nome: string; nome_aluno: string }>(
      await ctx.handle.db.execute(sql`select nome, nome_aluno from pre_matriculas where id = ${pre.id}::uuid`),
    );
    expect(p).toEqual({ nome: 'Aluno Certo', nome_aluno: 'Aluno Certo' });
    const [m] = rows<{ nome: string }>(
      await ctx.handle.db.execute(sql`select nome from matriculas where id = ${matricula.id}::uuid`),
    );
    expect(m!.nome).toBe('Aluno Certo');
    expect(await auditsOf(matricula.id, 'matricula.corrigir')).toHaveLength(1);
  });

  it("refuses another kind of request, an answered one, a record not of the request's titular and another network's", async () => {
    const lead = await signUp('Correcao Limites');
    const outro = await signUp('Correcao Limites Outro');
    const daRedeB = await signUp('Correcao Limites', { email: lead.email }, (await eventoDaRedeB()).id);
    const franqueador = world.sessions.franqueador;
    const pedidoId = await abrirPedido(lead.email, 'correcao', 'O nome está errado.');
    const url = `/api/lgpd/pedidos/${pedidoId}/correcoes`;
    const corrigir = (cookie: string, registroId: string, u = url) =>
      inject(cookie, 'POST', u, { tipo: 'lead', registroId, nomeAluno: 'Nome Intruso' });

    // A record of someone else in the caller's reach, and the titular's record in another network.
    for (const registroId of [outro.id, daRedeB.id]) {
      const response = await corrigir(franqueador, registroId);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CORRECAO_MESSAGES.naoEncontrado);
    }
    // Another network's staff do not reach the request at all.
    const deFora = await corrigir(world.sessions.franqueadorB, lead.id);
    expect(deFora.statusCode).toBe(404);
    expect(
      (await inject(world.sessions.franqueadorB, 'GET', `/api/lgpd/pedidos/${pedidoId}/registros`)).statusCode,
    ).toBe(404);
    for (const id of [outro.id, daRedeB.id, lead.id]) {
      expect((await leadRow(id)).nome_aluno).not.toBe('Nome Intruso');
    }

    const anonimizacao = await abrirPedido(outro.email, 'anonimizacao');
    const errado = await corrigir(franqueador, outro.id, `/api/lgpd/pedidos/${anonimizacao}/correcoes`);
    expect(errado.statusCode).toBe(409);
    expect(errado.json().message).toBe(CORRECAO_MESSAGES.pedidoNaoCorrecao);

    await call(ctx.app, franqueador, 'PATCH', `/api/lgpd/pedidos/${pedidoId}`, { status: 'concluido' });
    const encerrado = await corrigir(franqueador, lead.id);
    expect(encerrado.statusCode).toBe(409);
    expect(encerrado.json().message).toBe(LGPD_MESSAGES.pedidoEncerrado);
    expect((await leadRow(lead.id)).nome_aluno).toBe(lead.nomeAluno);
  });
});

async function eventoDaRedeB() {
  return { id: world.ids.eventoB };
}

describe('item 14: the same correction on the lead and the pré-matrícula', () => {
  it('the roles that manage a lead correct it within their row scope; out of scope answers 404 and changes nothing', async () => {
    const lead = await signUp('Correcao Lead');
    const url = `/api/leads/${lead.id}/dados`;
    const since = readOutbox(ctx.dataDir).length;
    const ok = await inject(world.sessions.cliente, 'PATCH', url, { nomeAluno: 'Aluno Com Nome Certo' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await leadRow(lead.id)).nome_aluno).toBe('Aluno Com Nome Certo');
    expect(await auditsOf(lead.id, 'lead.corrigir')).toHaveLength(1);
    const [mail] = await mailsTo(lead.email, since);
    expect(mail).toContain('Seus dados foram corrigidos');

    // Another network, and a branch beside the lead's (the second vendedor's, the other micro-franquia's).
    for (const cookie of [world.sessions.franqueadorB]) {
      const fora = await inject(cookie, 'PATCH', url, { nomeAluno: 'Nome Intruso' });
      expect(fora.statusCode).toBe(404);
    }
    expect((await leadRow(lead.id)).nome_aluno).toBe('Aluno Com Nome Certo');
    expect(await auditsOf(lead.id, 'lead.corrigir')).toHaveLength(1);
  });

  it('a pré-matrícula is corrected by its managers, in both of its name columns', async () => {
    const pre = await activate('Correcao Pre');
    const response = await inject(world.sessions.vendedor, 'PATCH', `/api/pre-matriculas/${pre.id}/dados`, {
      telefone: '19 3333-4444',
      nomeResponsavel: 'Responsável Certo',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = rows<{ telefone: string; nome_responsavel: string }>(
      await ctx.handle.db.execute(
        sql`select telefone, nome_responsavel from pre_matriculas where id = ${pre.id}::uuid`,
      ),
    );
    expect(row).toEqual({ telefone: '1933334444', nome_responsavel: 'Responsável Certo' });
    expect(await auditsOf(pre.id, 'pre_matricula.corrigir')).toHaveLength(1);
    const fora = await inject(world.sessions.franqueadorB, 'PATCH', `/api/pre-matriculas/${pre.id}/dados`, {
      telefone: '19 3333-5555',
    });
    expect(fora.statusCode).toBe(404);
  });

  it('answers bad input, nothing to change, a duplicate sign-up and an anonymised record in Portuguese', async () => {
    const lead = await signUp('Correcao Erros');
    const irmao = await signUp('Correcao Erros Irmao', { email: lead.email });
    const url = `/api/leads/${lead.id}/dados`;
    const franqueador = world.sessions.franqueador;

    const vazio = await inject(franqueador, 'PATCH', url, {});
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().message).toBe(CORRECAO_MESSAGES.nadaAlterar);
    const ruim = await inject(franqueador, 'PATCH', url, { email: 'nao-e-email', telefone: '12' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().errors).toMatchObject({
      email: PUBLIC_MESSAGES.emailInvalido,
      telefone: PUBLIC_MESSAGES.telefone,
    });
    const igual = await inject(franqueador, 'PATCH', url, { nomeAluno: lead.nomeAluno });
    expect(igual.statusCode).toBe(400);
    expect(igual.json().message).toBe(CORRECAO_MESSAGES.nadaAlterar);
    const repetida = await inject(franqueador, 'PATCH', url, { nomeAluno: irmao.nomeAluno.toUpperCase() });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().message).toBe(CORRECAO_MESSAGES.inscricaoRepetida);

    await call(ctx.app, franqueador, 'POST', '/api/lgpd/titulares/anonimizar', { email: lead.email }, 200);
    const anonimo = await inject(franqueador, 'PATCH', url, { nomeAluno: 'Nome Novo' });
    expect(anonimo.statusCode).toBe(409);
    expect(anonimo.json().message).toBe(CORRECAO_MESSAGES.anonimizado);
  });
});
