import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { APP_URL, createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork, uniqueCpf } from '../../../../tests/support/network-payloads';
import { auditLog, contratos, matriculas, preMatriculas } from '../../db/schema';
import { ACEITE_MESSAGES, codigoVerificacaoContrato, prazoDeArrependimento } from '../../../shared/contrato/aceite';
import { brasiliaAt, todayInBrasilia } from '../../../shared/brasilia';
import type { ContratoConfirmado, ContratoPublico, ContratoVerificado } from '../../../shared/schemas/contrato-aceite';
import type { ContratoView } from '../../../shared/schemas/contrato';
import { CONTRATO_MESSAGES } from '../../../shared/schemas/contrato';
import { FALHA_PISO_MS } from './aceite.service';

/**
 * Issue 42, third slice (ADR 066): the responsável opens the link e-mailed at Efetivar, asks a 6-digit code, and
 * accepts with it and the first 3 digits of its CPF; the PDF is the same bytes each time and its SHA-256 is the one
 * recorded; within 7 days (São Paulo, to the end of the 7th) the family withdraws. Every failed confirmation answers
 * the same, in the same time band. The staff see the timeline, the PDF, and send a new link; another network, 404.
 */

let ctx: TestContext;
let outra: OtherNetwork;
beforeAll(async () => {
  ctx = await createTestApp();
  outra = await insertOtherNetwork(ctx.handle.db);
});
afterAll(() => ctx.close());

const franqueador = () => as(ctx.app, 'franqueador');
const publico = () => as(ctx.app, null);
const UA = { 'user-agent': 'Celular da família (teste)' };

/** An e-mail's text, quoted-printable undone. */
const textoDo = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

async function mailsTo(email: string) {
  await ctx.app.background.drain();
  return readOutbox(ctx.dataDir)
    .filter((m) => m.includes(`To: ${email}`))
    .map(textoDo);
}

const tokenDo = (texto: string) => {
  const match = new RegExp(`${APP_URL}/contrato/([A-Za-z0-9_-]{43})`).exec(texto);
  if (!match) throw new Error('no contract link in the e-mail');
  return match[1]!;
};

async function ultimoCodigo(email: string) {
  const mails = await mailsTo(email);
  const match = /Seu código para [^:]+: (\d{6})/.exec(mails.findLast((m) => m.includes('Seu código para'))!);
  if (!match) throw new Error('no code in the last e-mail');
  return match[1]!;
}

interface Familia {
  matriculaId: string;
  preId: string;
  email: string;
  cpf: string;
  token: string;
}

let seq = 0;
/** A new pending pré-matrícula of a demo event, made effective by the franqueador: its link comes by e-mail. */
async function novaFamilia(): Promise<Familia> {
  seq += 1;
  const [modelo] = await ctx.handle.db
    .select({ eventoId: preMatriculas.eventoId })
    .from(preMatriculas)
    .where(eq(preMatriculas.nome, 'Lucas Oliveira'));
  const email = `familia.contrato.${seq}.${Date.now()}@email.com`;
  const cpf = uniqueCpf();
  const [pre] = await ctx.handle.db
    .insert(preMatriculas)
    .values({
      eventoId: modelo!.eventoId,
      nome: `Aluno Contrato ${seq}`,
      nomeAluno: `Aluno Contrato ${seq}`,
      cpfAluno: uniqueCpf(),
      nomeResponsavel: `Responsável Silva ${seq}`,
      cpfResponsavel: cpf,
      email,
      cursoInteresse: null,
      consentidoEm: ctx.clock.now(),
    })
    .returning({ id: preMatriculas.id });
  const cursos = (await franqueador().get(`/api/pre-matriculas/${pre!.id}/cursos`)).json<{ id: string }[]>();
  const efetivada = await franqueador().post(`/api/matriculas/efetivar/${pre!.id}`, { cursoId: cursos[0]!.id });
  expect(efetivada.statusCode, efetivada.body).toBe(201);
  const mails = await mailsTo(email);
  const link = mails.find((m) => m.includes(`${APP_URL}/contrato/`));
  expect(link, 'the link e-mail').toBeDefined();
  return { matriculaId: efetivada.json<{ id: string }>().id, preId: pre!.id, email, cpf, token: tokenDo(link!) };
}

const url = (f: Familia, rest = '') => `/api/public/contratos/${f.token}${rest}`;

async function pedirCodigo(f: Familia) {
  const response = await publico().post(url(f, '/codigo'));
  expect(response.statusCode, response.body).toBe(200);
  return ultimoCodigo(f.email);
}

const contratoDa = async (matriculaId: string) =>
  (await ctx.handle.db.select().from(contratos).where(eq(contratos.matriculaId, matriculaId)))[0]!;

const outroCodigo = (codigo: string) => String((Number(codigo) + 1) % 1_000_000).padStart(6, '0');
const outroCpf = (cpf: string) => `${(Number(cpf[0]) + 1) % 10}${cpf.slice(1, 3)}`;

async function aceitar(f: Familia) {
  const codigo = await pedirCodigo(f);
  const response = await publico().post(url(f, '/aceitar'), { codigo, cpfInicio: f.cpf.slice(0, 3) }, { headers: UA });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContratoConfirmado>();
}

describe('the link e-mailed at Efetivar', () => {
  let f: Familia;
  it('opens the whole contract with its price, stores only the SHA-256 of the token, and records sent and opened', async () => {
    f = await novaFamilia();
    const row = await contratoDa(f.matriculaId);
    expect(row.tokenHash).toBe(createHash('sha256').update(f.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(f.token);
    const aberto = await publico().get(url(f));
    expect(aberto.statusCode, aberto.body).toBe(200);
    const contrato = aberto.json<ContratoPublico>();
    expect(contrato).toMatchObject({
      status: 'aguardando_aceite',
      aceitoEm: null,
      podeDesistir: false,
      codigoVerificacao: null,
      valorTotal: row.valorTotal,
      parcelas: row.parcelas,
      multaCancelamentoPct: row.multaCancelamentoPct,
    });
    expect(contrato.texto).toContain('Direito de arrependimento');
    expect(contrato.emailMascarado).not.toBe(f.email);
    expect(aberto.body).not.toContain(row.id);
    // Opened twice, recorded once.
    await publico().get(url(f));
    const staff = (await franqueador().get(`/api/matriculas/${f.matriculaId}/contrato`)).json<ContratoView>();
    expect(staff.eventos.map((e) => e.tipo)).toEqual(['enviado', 'aberto']);
    expect(staff).toMatchObject({ status: 'aguardando_aceite', aceitoEm: null, pdfSha256: null, versao: row.versao });
    expect(new Date(staff.linkExpiraEm!).getTime() - ctx.clock.now().getTime()).toBeGreaterThan(29 * 86_400_000);
  });

  it('answers an unknown token 404 with a pt-BR message, and no PDF before acceptance', async () => {
    const unknown = await publico().get(`/api/public/contratos/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: ACEITE_MESSAGES.linkInvalido });
    const pdf = await publico().get(url(f, '/pdf'));
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json()).toEqual({ message: ACEITE_MESSAGES.pdfSoAposAceite });
  });
});

describe('accepting with the code and the CPF', () => {
  let f: Familia;
  let pdf: Buffer;
  it('accepts, records when, where from, the version, the channel and the PDF hash, and the matrícula is ativa', async () => {
    f = await novaFamilia();
    const codigo = await pedirCodigo(f);
    const mails = await mailsTo(f.email);
    expect(mails.at(-1)).toContain('Ele vale por 15 minutos');
    const { message, contrato } = (
      await publico().post(url(f, '/aceitar'), { codigo, cpfInicio: f.cpf.slice(0, 3) }, { headers: UA })
    ).json<ContratoConfirmado>();
    expect(message).toBe(ACEITE_MESSAGES.aceito);
    expect(contrato).toMatchObject({ status: 'ativa', podeDesistir: true });
    const row = await contratoDa(f.matriculaId);
    expect(row).toMatchObject({
      aceiteIp: '127.0.0.1',
      aceiteUserAgent: UA['user-agent'],
      aceiteVersao: row.versao,
      aceiteCanal: 'email',
      codigoHash: null,
    });
    expect(row.aceitoEm).not.toBeNull();
    expect(contrato.aceitoEm).toBe(row.aceitoEm!.toISOString());
    expect(contrato.desistirAte).toBe(prazoDeArrependimento(row.aceitoEm!).ultimoDia);
    const [m] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, f.matriculaId));
    expect(m!.status).toBe('ativa');
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'matricula.aceitar_contrato'), eq(auditLog.entidadeId, f.matriculaId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detalhes).toMatchObject({ versao: row.versao, canal: 'email' });
    expect(audits[0]!.alteracoes).toMatchObject({ pdfSha256: [null, row.pdfSha256] });
    // After it (issue 43, ADR 078) the billed plan's e-mail may come: the acceptance's is found by its words.
    expect((await mailsTo(f.email)).some((m) => m.includes('O contrato da matrícula de'))).toBe(true);
  });

  it('gives the same PDF bytes every time, whose SHA-256 is the one recorded, with its verification code', async () => {
    const first = await publico().get(url(f, '/pdf'));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    pdf = first.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    ctx.clock.advance(61_000);
    const second = await publico().get(url(f, '/pdf'));
    expect(second.rawPayload.equals(pdf)).toBe(true);
    const row = await contratoDa(f.matriculaId);
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(row.pdfSha256);
    const staff = await franqueador().get(`/api/matriculas/${f.matriculaId}/contrato.pdf`);
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(pdf)).toBe(true);
    const codigo = codigoVerificacaoContrato(row.id);
    expect(first.headers['content-disposition']).toContain(`contrato-${codigo}.pdf`);
  });

  it('verifies the code printed on the PDF with initials only', async () => {
    const row = await contratoDa(f.matriculaId);
    const codigo = codigoVerificacaoContrato(row.id);
    const response = await publico().get(`/api/public/contratos/verificar/${codigo.toLowerCase()}`);
    expect(response.statusCode, response.body).toBe(200);
    const [verificado] = response.json<ContratoVerificado[]>();
    expect(verificado).toEqual({
      codigo,
      valido: true,
      status: 'ativa',
      versao: row.versao,
      titulo: row.titulo,
      aceitoEm: row.aceitoEm!.toISOString(),
      aluno: 'A. C.',
      responsavel: 'R. S.',
    });
    expect(response.body).not.toContain('Silva');
    expect(response.body).not.toContain(f.email);
    const naoAceito = await novaFamilia();
    const outro = codigoVerificacaoContrato((await contratoDa(naoAceito.matriculaId)).id);
    const missing = await publico().get(`/api/public/contratos/verificar/${outro}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ACEITE_MESSAGES.verificacaoNaoEncontrada });
    expect((await publico().get('/api/public/contratos/verificar/nao-e-um-codigo')).statusCode).toBe(400);
  });

  it('refuses a second acceptance with 409', async () => {
    const again = await publico().post(url(f, '/aceitar'), { codigo: '123456', cpfInicio: f.cpf.slice(0, 3) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ACEITE_MESSAGES.jaAceito });
  });
});

describe('the code: 15 minutes, 5 tries', () => {
  it('refuses a code past its 15 minutes, and a new code works', async () => {
    const f = await novaFamilia();
    const codigo = await pedirCodigo(f);
    ctx.clock.advance(15 * 60_000 + 1000);
    const late = await publico().post(url(f, '/aceitar'), { codigo, cpfInicio: f.cpf.slice(0, 3) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: ACEITE_MESSAGES.naoConfere });
    await aceitar(f);
  });

  it('spends the code after 5 wrong tries: the right one then fails until a new code is asked', async () => {
    const f = await novaFamilia();
    const codigo = await pedirCodigo(f);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await publico().post(url(f, '/aceitar'), {
        codigo: outroCodigo(codigo),
        cpfInicio: f.cpf.slice(0, 3),
      });
      expect(wrong.statusCode).toBe(400);
    }
    expect((await contratoDa(f.matriculaId)).codigoTentativas).toBe(5);
    const right = await publico().post(url(f, '/aceitar'), { codigo, cpfInicio: f.cpf.slice(0, 3) });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: ACEITE_MESSAGES.naoConfere });
    const [m] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, f.matriculaId));
    expect(m!.status).toBe('aguardando_aceite');
    await aceitar(f);
  });
});

describe('no oracle', () => {
  it('answers a wrong code, wrong CPF digits, an unknown and an expired link with the same bytes, in the same time band', async () => {
    const f = await novaFamilia();
    const expirado = await novaFamilia();
    const codigo = await pedirCodigo(f);
    const codigoExpirado = await pedirCodigo(expirado);
    await ctx.handle.db
      .update(contratos)
      .set({ tokenExpiraEm: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(contratos.matriculaId, expirado.matriculaId));
    const tentativas: [string, string, { codigo: string; cpfInicio: string }][] = [
      ['wrong code', url(f, '/aceitar'), { codigo: outroCodigo(codigo), cpfInicio: f.cpf.slice(0, 3) }],
      ['wrong CPF', url(f, '/aceitar'), { codigo, cpfInicio: outroCpf(f.cpf) }],
      ['unknown link', `/api/public/contratos/${'A'.repeat(43)}/aceitar`, { codigo, cpfInicio: f.cpf.slice(0, 3) }],
      ['expired link', url(expirado, '/aceitar'), { codigo: codigoExpirado, cpfInicio: expirado.cpf.slice(0, 3) }],
      ['unknown link (desistir)', `/api/public/contratos/${'B'.repeat(43)}/desistir`, { codigo, cpfInicio: '123' }],
    ];
    const answers: { name: string; status: number; body: string; ms: number }[] = [];
    for (const [name, path, body] of tentativas) {
      const started = performance.now();
      const response = await publico().post(path, body);
      answers.push({ name, status: response.statusCode, body: response.body, ms: performance.now() - started });
    }
    const expected = JSON.stringify({ message: ACEITE_MESSAGES.naoConfere });
    for (const answer of answers) {
      expect(answer.status, answer.name).toBe(400);
      expect(answer.body, answer.name).toBe(expected);
      expect(answer.ms, answer.name).toBeGreaterThanOrEqual(FALHA_PISO_MS - 5);
    }
    const times = answers.map((a) => a.ms);
    expect(Math.max(...times) - Math.min(...times), JSON.stringify(answers.map((a) => [a.name, a.ms]))).toBeLessThan(
      250,
    );
    // None of it accepted anything.
    const [m] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, f.matriculaId));
    expect(m!.status).toBe('aguardando_aceite');
  });
});

describe('staff: the timeline, a new link, and scope', () => {
  it("answers a malformed matrícula id on the contract's staff routes as one out of scope: 'Contrato não encontrado'", async () => {
    for (const [method, path] of [
      ['GET', '/api/matriculas/nao-e-um-id/contrato'],
      ['GET', '/api/matriculas/nao-e-um-id/contrato.pdf'],
      ['POST', '/api/matriculas/nao-e-um-id/contrato/reenviar'],
    ] as const) {
      const response = method === 'GET' ? await franqueador().get(path) : await franqueador().post(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json<{ message: string }>().message, path).toBe(CONTRATO_MESSAGES.contratoNaoEncontrado);
    }
  });

  it('sends a new link that replaces the old one, audited, on the timeline', async () => {
    const f = await novaFamilia();
    const response = await franqueador().post(`/api/matriculas/${f.matriculaId}/contrato/reenviar`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toContain('O link anterior deixou de valer');
    expect((await publico().get(url(f))).statusCode).toBe(404);
    const mails = await mailsTo(f.email);
    const novo = { ...f, token: tokenDo(mails.at(-1)!) };
    expect(novo.token).not.toBe(f.token);
    expect(mails.at(-1)).toContain('Este é um novo link');
    expect((await publico().get(url(novo))).statusCode).toBe(200);
    const staff = (await franqueador().get(`/api/matriculas/${f.matriculaId}/contrato`)).json<ContratoView>();
    expect(staff.eventos.map((e) => e.tipo)).toEqual(['enviado', 'reenviado', 'aberto']);
    const audits = await ctx.handle.db
      .select({ acao: auditLog.acao })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'matricula.reenviar_contrato'), eq(auditLog.entidadeId, f.matriculaId)));
    expect(audits).toHaveLength(1);
    // Accepted, there is no link to send again.
    await aceitar(novo);
    const again = await franqueador().post(`/api/matriculas/${f.matriculaId}/contrato/reenviar`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ACEITE_MESSAGES.naoReenvia });
    const timeline = (await franqueador().get(`/api/matriculas/${f.matriculaId}/contrato`)).json<ContratoView>();
    expect(timeline.eventos.map((e) => e.tipo)).toEqual(['enviado', 'reenviado', 'aberto', 'codigo_enviado', 'aceito']);
    expect(timeline.codigoVerificacao).toBe(codigoVerificacaoContrato(timeline.id));
  });

  it("answers another network's matrícula 404 on the PDF, the new link and the contract, as one that exists nowhere", async () => {
    const f = await novaFamilia();
    await aceitar(f);
    const theirs = as(ctx.app, { email: outra.franqueadorEmail });
    for (const [method, path] of [
      ['GET', 'contrato.pdf'],
      ['POST', 'contrato/reenviar'],
      ['GET', 'contrato'],
    ] as const) {
      const call = (id: string) =>
        method === 'GET' ? theirs.get(`/api/matriculas/${id}/${path}`) : theirs.post(`/api/matriculas/${id}/${path}`);
      const other = await call(f.matriculaId);
      const unknown = await call(crypto.randomUUID());
      expect(other.statusCode, path).toBe(404);
      expect(other.body).toBe(unknown.body);
      expect(other.json()).toEqual({ message: CONTRATO_MESSAGES.contratoNaoEncontrado });
    }
    for (const role of ['aluno', 'vendedor'] as const) {
      expect((await as(ctx.app, role).get(`/api/matriculas/${f.matriculaId}/contrato.pdf`)).statusCode).toBe(403);
      expect((await as(ctx.app, role).post(`/api/matriculas/${f.matriculaId}/contrato/reenviar`)).statusCode).toBe(403);
    }
  });
});

describe('withdrawal within 7 days, in São Paulo time', () => {
  it('cancels as arrependimento with no fee, says so on screen and by e-mail, audited; the PDF stays valid to verify as cancelled', async () => {
    const f = await novaFamilia();
    await aceitar(f);
    const codigo = await pedirCodigo(f);
    expect((await mailsTo(f.email)).some((m) => m.includes('Seu código para desistir da matrícula'))).toBe(true);
    const response = await publico().post(url(f, '/desistir'), { codigo, cpfInicio: f.cpf.slice(0, 3) });
    expect(response.statusCode, response.body).toBe(200);
    const { message, contrato } = response.json<ContratoConfirmado>();
    expect(message).toBe(ACEITE_MESSAGES.desistencia);
    expect(contrato).toMatchObject({ status: 'cancelada', motivoCancelamento: 'arrependimento', podeDesistir: false });
    const [m] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, f.matriculaId));
    expect(m).toMatchObject({ status: 'cancelada', motivoCancelamento: 'arrependimento', multaCancelamento: 0 });
    expect((await mailsTo(f.email)).some((m) => m.includes('A matrícula foi cancelada sem multa'))).toBe(true);
    const audits = await ctx.handle.db
      .select({ acao: auditLog.acao })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'matricula.desistir'), eq(auditLog.entidadeId, f.matriculaId)));
    expect(audits).toHaveLength(1);
    const codigoPdf = codigoVerificacaoContrato((await contratoDa(f.matriculaId)).id);
    const [verificado] = (await publico().get(`/api/public/contratos/verificar/${codigoPdf}`)).json<
      ContratoVerificado[]
    >();
    expect(verificado).toMatchObject({ valido: false, status: 'cancelada' });
    const again = await publico().post(url(f, '/codigo'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ACEITE_MESSAGES.cancelado });
  });

  it('is open at 23:59 of the 7th day after acceptance and closed at 00:00 of the 8th (São Paulo)', async () => {
    const dentro = await novaFamilia();
    const fora = await novaFamilia();
    await aceitar(dentro);
    await aceitar(fora);
    // The next midnight in São Paulo at least two minutes ahead is the start of the 8th day; acceptance 8 days before.
    const now = ctx.clock.now();
    const amanha = todayInBrasilia(new Date(now.getTime() + 86_400_000 + 120_000));
    const oitavoDia = brasiliaAt(amanha, 0);
    const diaDoAceite = todayInBrasilia(new Date(oitavoDia.getTime() - 8 * 86_400_000 + 12 * 3_600_000));
    const aceitoEm = brasiliaAt(diaDoAceite, 10);
    await ctx.handle.db
      .update(contratos)
      .set({ aceitoEm })
      .where(sql`${contratos.matriculaId} in (${dentro.matriculaId}::uuid, ${fora.matriculaId}::uuid)`);
    expect(prazoDeArrependimento(aceitoEm).ate.getTime()).toBe(oitavoDia.getTime());
    // 23:59 of the 7th day.
    ctx.clock.advance(oitavoDia.getTime() - 60_000 - ctx.clock.now().getTime());
    const view = (await publico().get(url(dentro))).json<ContratoPublico>();
    expect(view).toMatchObject({ podeDesistir: true, desistirAte: todayInBrasilia(new Date(oitavoDia.getTime() - 1)) });
    const codigoDentro = await pedirCodigo(dentro);
    const codigoFora = await pedirCodigo(fora);
    const ok = await publico().post(url(dentro, '/desistir'), {
      codigo: codigoDentro,
      cpfInicio: dentro.cpf.slice(0, 3),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // 00:00 of the 8th day.
    ctx.clock.advance(60_000);
    const late = await publico().post(url(fora, '/desistir'), { codigo: codigoFora, cpfInicio: fora.cpf.slice(0, 3) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: ACEITE_MESSAGES.prazoEncerrado(view.desistirAte!) });
    expect((await publico().get(url(fora))).json<ContratoPublico>().podeDesistir).toBe(false);
    const [m] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, fora.matriculaId));
    expect(m!.status).toBe('ativa');
  });
});
