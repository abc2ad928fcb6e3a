import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { type FakeAsaasServer } from '../../../../tests/support/fake-asaas-server';
import { appComAsaasFalso, type Familia, familias } from '../../../../tests/support/cobranca-familia';
import { auditLog, jobs, matriculas, parcelas, renegociacoes } from '../../db/schema';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { fromCentavos } from '../../../shared/money/parcelas';
import type { ParcelaItem } from '../../../shared/schemas/parcela';
import { RENEGOCIACAO_MESSAGES, type RenegociacaoItem } from '../../../shared/schemas/renegociacao';
import { executarRenegociacao } from './renegociacao.service';
import { executarRegua } from './regua.service';
import { APP_URL } from '../../../../tests/setup/test-app';
import { numeracaoCurta, tituloDaParcela } from '../../../shared/cobranca/parcelas';
import type { ParcelasPublicas } from '../../../shared/schemas/regua';

/**
 * Issue 43 (ADR 079), against the fake Asaas: a matrícula's open parcelas renegotiated -- the old ones cancelled
 * locally and at the gateway, the new plan billed summing to the balance less the discount to the cent, a paid
 * parcela untouched, a crash of the job billing nothing twice; each refusal in pt-BR; the scope; the network's cap.
 */

const WEBHOOK_TOKEN = 'token-do-webhook-da-renegociacao-0123';
let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
let outra: OtherNetwork;
const { novaFamilia, aceitar, mailsTo } = familias(() => ctx);

beforeAll(async () => {
  ({ ctx, fake, webhookUrl } = await appComAsaasFalso(WEBHOOK_TOKEN));
  outra = await insertOtherNetwork(ctx.handle.db);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const parcelasDe = (matriculaId: string) =>
  ctx.handle.db.select().from(parcelas).where(eq(parcelas.matriculaId, matriculaId)).orderBy(asc(parcelas.numero));
const postsOf = (matriculaId: string) =>
  fake.received('POST', '/v3/payments').filter((r) => String(r.body?.externalReference).includes(matriculaId));
const hoje = () => todayInBrasilia(ctx.clock.now());
const renegociar = (caller: Parameters<typeof as>[1], id: string, body: unknown) =>
  as(ctx.app, caller).post(`/api/matriculas/${id}/renegociar`, body);
type Resposta = { message: string; renegociacao: RenegociacaoItem; parcelas: ParcelaItem[] };

async function faturada(): Promise<{ f: Familia; rows: Awaited<ReturnType<typeof parcelasDe>> }> {
  const f = await novaFamilia();
  await aceitar(f);
  await ctx.app.background.drain();
  const rows = await parcelasDe(f.matriculaId);
  expect(rows.length).toBeGreaterThanOrEqual(3);
  return { f, rows };
}

describe('POST /api/matriculas/:id/renegociar', () => {
  it('replaces the open parcelas with a new plan summing to the balance less the discount, leaving a paid one as it is', async () => {
    const { f, rows } = await faturada();
    // The family paid the first at the gateway: the renegotiation never touches it.
    const paga = rows[0]!;
    expect(
      (await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', fake.pay(paga.gatewayId))).status,
    ).toBe(200);
    const abertas = rows.slice(1);
    const saldo = abertas.reduce((s, p) => s + p.valorCentavos, 0);
    const desconto = Math.floor(saldo * 0.05); // within the default cap of 10%
    const primeiro = addDays(hoje(), 15);

    const response = await renegociar('franquia', f.matriculaId, {
      parcelas: 5,
      primeiroVencimento: primeiro,
      desconto: fromCentavos(desconto),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Resposta>();
    expect(body.message).toBe(RENEGOCIACAO_MESSAGES.renegociada);
    expect(body.renegociacao).toMatchObject({
      matriculaId: f.matriculaId,
      parcelasAnteriores: abertas.length,
      valorAnterior: fromCentavos(saldo),
      desconto: fromCentavos(desconto),
      novoTotal: fromCentavos(saldo - desconto),
      novasParcelas: 5,
      primeiroVencimento: primeiro,
      concluida: false,
    });
    // At once: the old open parcelas cancelled (linked to the renegotiation), the paid one paid.
    const statusDe = (ps: { id: string; status: string }[], id: string) => ps.find((p) => p.id === id)!.status;
    expect(statusDe(body.parcelas, paga.id)).toBe('paga');
    for (const p of abertas) expect(statusDe(body.parcelas, p.id)).toBe('cancelada');
    const depois = await parcelasDe(f.matriculaId);
    for (const p of abertas) expect(depois.find((d) => d.id === p.id)!.renegociacaoId).toBe(body.renegociacao.id);

    // The job: the old payments deleted at the gateway, the new ones created and stored.
    await ctx.app.background.drain();
    for (const p of abertas) {
      expect(fake.payments.get(p.gatewayId)!.deleted).toBe(true);
      expect(fake.received('DELETE', `/v3/payments/${p.gatewayId}`)).toHaveLength(1);
    }
    expect(fake.payments.get(paga.gatewayId)!.status).toBe('RECEIVED');
    const novas = (await parcelasDe(f.matriculaId)).filter((p) => p.numero > rows.at(-1)!.numero);
    expect(novas).toHaveLength(5);
    expect(novas.reduce((s, p) => s + p.valorCentavos, 0)).toBe(saldo - desconto);
    expect(novas.map((p) => p.status)).toEqual(Array(5).fill('aberta'));
    expect(novas[0]!.vencimento).toBe(primeiro);
    for (const p of novas) {
      const payment = fake.payments.get(p.gatewayId)!;
      expect(payment.externalReference).toBe(`parcela:${f.matriculaId}:${p.numero}`);
      expect(Math.round(payment.value * 100)).toBe(p.valorCentavos);
      expect(payment.dueDate).toBe(p.vencimento);
    }

    // The record: its history says when, by whom, and it is done.
    const historico = await as(ctx.app, 'franquia').get(`/api/matriculas/${f.matriculaId}/renegociacoes`);
    expect(historico.statusCode).toBe(200);
    expect(historico.json<RenegociacaoItem[]>()).toEqual([
      expect.objectContaining({ id: body.renegociacao.id, concluida: true, por: expect.any(String) }),
    ]);
    const lista = (await as(ctx.app, 'franquia').get(`/api/matriculas/${f.matriculaId}/parcelas`)).json<
      ParcelaItem[]
    >();
    expect(lista.filter((p) => p.status === 'aberta')).toHaveLength(5);

    // Audited, in the renegotiation's transaction.
    const [row] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'matricula.renegociar'), eq(auditLog.entidadeId, f.matriculaId)));
    expect(row?.detalhes).toMatchObject({ renegociacaoId: body.renegociacao.id, desconto: fromCentavos(desconto) });

    // A late PAYMENT_DELETED of an old payment changes nothing.
    const old = abertas[0]!;
    await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_DELETED', fake.payments.get(old.gatewayId)!);
    expect((await parcelasDe(f.matriculaId)).find((p) => p.id === old.id)!.status).toBe('cancelada');
  });

  it('bills nothing twice when the job runs again after a crash between the gateway’s answers and the local writes', async () => {
    const { f, rows } = await faturada();
    const response = await renegociar('franqueador', f.matriculaId, { parcelas: 3, primeiroVencimento: hoje() });
    expect(response.statusCode, response.body).toBe(200);
    const { renegociacao } = response.json<Resposta>();
    await ctx.app.background.drain();
    const posts = postsOf(f.matriculaId).length;
    const deletes = fake.requests.filter((r) => r.method === 'DELETE').length;
    const novas = (await parcelasDe(f.matriculaId)).filter((p) => p.numero > rows.at(-1)!.numero);
    expect(novas).toHaveLength(3);

    // The gateway answered, our writes were lost: the new parcelas gone and the renegotiation not done.
    await ctx.handle.db.delete(parcelas).where(
      inArray(
        parcelas.id,
        novas.slice(1).map((p) => p.id),
      ),
    );
    await ctx.handle.db.update(renegociacoes).set({ concluidaEm: null }).where(eq(renegociacoes.id, renegociacao.id));
    await executarRenegociacao(ctx.app, { payload: { renegociacaoId: renegociacao.id } });

    expect(postsOf(f.matriculaId)).toHaveLength(posts);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(deletes);
    const denovo = (await parcelasDe(f.matriculaId)).filter((p) => p.numero > rows.at(-1)!.numero);
    expect(denovo.map((p) => [p.numero, p.gatewayId, p.valorCentavos])).toEqual(
      novas.map((p) => [p.numero, p.gatewayId, p.valorCentavos]),
    );
    const [r] = await ctx.handle.db.select().from(renegociacoes).where(eq(renegociacoes.id, renegociacao.id));
    expect(r!.concluidaEm).not.toBeNull();
  });

  it('survives an outage: the job is retried, and each old payment is deleted once and each new one created once', async () => {
    const { f, rows } = await faturada();
    const response = await renegociar('franquia', f.matriculaId, { parcelas: 2, primeiroVencimento: hoje() });
    expect(response.statusCode, response.body).toBe(200);
    const { renegociacao } = response.json<Resposta>();
    fake.failNext(1);
    await ctx.app.background.drain();
    const [job] = await ctx.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.chave, `cobranca_renegociacao:${renegociacao.id}`));
    expect(job!.status).toBe('pendente');
    expect(job!.tentativas).toBe(1);
    // The old parcelas are cancelled here at once; at the gateway they wait for the retry.
    expect((await parcelasDe(f.matriculaId)).map((p) => p.status)).toEqual(rows.map(() => 'cancelada'));
    ctx.clock.advance(10 * 60_000);
    await ctx.app.background.drain();
    for (const p of rows) expect(fake.received('DELETE', `/v3/payments/${p.gatewayId}`)).toHaveLength(1);
    const novas = (await parcelasDe(f.matriculaId)).filter((p) => p.numero > rows.at(-1)!.numero);
    expect(novas).toHaveLength(2);
    expect(postsOf(f.matriculaId)).toHaveLength(rows.length + 2);
  });

  it('refuses a discount above the network’s cap, a first due date in the past and a count out of 1..24 with pt-BR 400s', async () => {
    const { f, rows } = await faturada();
    const saldo = rows.reduce((s, p) => s + p.valorCentavos, 0);
    const cap = Math.floor(saldo / 10);
    const acima = await renegociar('franquia', f.matriculaId, {
      parcelas: 2,
      primeiroVencimento: hoje(),
      desconto: fromCentavos(cap + 1),
    });
    expect(acima.statusCode).toBe(400);
    expect(acima.json<{ message: string }>().message).toBe(RENEGOCIACAO_MESSAGES.descontoAcimaDoLimite(cap, 10));
    const passado = await renegociar('franquia', f.matriculaId, {
      parcelas: 2,
      primeiroVencimento: addDays(hoje(), -1),
    });
    expect(passado.statusCode).toBe(400);
    expect(passado.json<{ message: string }>().message).toBe(RENEGOCIACAO_MESSAGES.primeiroVencimentoPassado);
    for (const n of [0, 25]) {
      const fora = await renegociar('franquia', f.matriculaId, { parcelas: n, primeiroVencimento: hoje() });
      expect(fora.statusCode).toBe(400);
      expect(fora.body).toContain(RENEGOCIACAO_MESSAGES.parcelas);
    }
    const extra = await renegociar('franquia', f.matriculaId, {
      parcelas: 2,
      primeiroVencimento: hoje(),
      novoTotalCentavos: 1,
    });
    expect(extra.statusCode).toBe(400);
    // Nothing changed.
    expect((await parcelasDe(f.matriculaId)).map((p) => p.status)).toEqual(rows.map((p) => p.status));
  });

  it('follows the cap the franqueador sets: 0% refuses any discount, 50% takes half', async () => {
    const { f, rows } = await faturada();
    const saldo = rows.reduce((s, p) => s + p.valorCentavos, 0);
    const franqueador = as(ctx.app, 'franqueador');
    try {
      expect(
        (await franqueador.put('/api/cobranca/configuracao', { descontoMaximoRenegociacaoPct: 0 })).statusCode,
      ).toBe(200);
      const nenhum = await renegociar('franquia', f.matriculaId, {
        parcelas: 2,
        primeiroVencimento: hoje(),
        desconto: 0.01,
      });
      expect(nenhum.statusCode).toBe(400);
      await franqueador.put('/api/cobranca/configuracao', { descontoMaximoRenegociacaoPct: 50 });
      const metade = await renegociar('franquia', f.matriculaId, {
        parcelas: 2,
        primeiroVencimento: hoje(),
        desconto: fromCentavos(Math.floor(saldo / 2)),
      });
      expect(metade.statusCode, metade.body).toBe(200);
      expect(metade.json<Resposta>().renegociacao.novoTotal).toBe(fromCentavos(saldo - Math.floor(saldo / 2)));
    } finally {
      await franqueador.put('/api/cobranca/configuracao', { descontoMaximoRenegociacaoPct: 10 });
    }
  });

  it('refuses with 409 a matrícula with nothing open, or not active', async () => {
    const { f } = await faturada();
    await ctx.handle.db
      .update(parcelas)
      .set({ status: 'paga', pagaEm: hoje() })
      .where(eq(parcelas.matriculaId, f.matriculaId));
    const nada = await renegociar('franquia', f.matriculaId, { parcelas: 2, primeiroVencimento: hoje() });
    expect(nada.statusCode).toBe(409);
    expect(nada.json<{ message: string }>().message).toBe(RENEGOCIACAO_MESSAGES.semParcelasAbertas);

    const { f: g } = await faturada();
    await ctx.handle.db
      .update(matriculas)
      .set({ status: 'cancelada', motivoCancelamento: 'cancelamento', canceladaEm: ctx.clock.now() })
      .where(eq(matriculas.id, g.matriculaId));
    const inativa = await renegociar('franquia', g.matriculaId, { parcelas: 2, primeiroVencimento: hoje() });
    expect(inativa.statusCode).toBe(409);
    expect(inativa.json<{ message: string }>().message).toBe(RENEGOCIACAO_MESSAGES.matriculaNaoAtiva);
  });

  it('answers 404 for another franquia’s or network’s matrícula (changing nothing), 403 to the vendedor and the aluno', async () => {
    const { f, rows } = await faturada();
    const body = { parcelas: 2, primeiroVencimento: hoje() };
    for (const caller of [{ email: 'franquia.mg@demo.com.br' }, { email: outra.franqueadorEmail }]) {
      const response = await renegociar(caller, f.matriculaId, body);
      expect(response.statusCode, JSON.stringify(caller)).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(RENEGOCIACAO_MESSAGES.matriculaNaoEncontrada);
      const historico = await as(ctx.app, caller).get(`/api/matriculas/${f.matriculaId}/renegociacoes`);
      expect(historico.statusCode).toBe(404);
    }
    expect((await renegociar('vendedor', f.matriculaId, body)).statusCode).toBe(403);
    expect((await renegociar('aluno', f.matriculaId, body)).statusCode).toBe(403);
    expect((await parcelasDe(f.matriculaId)).map((p) => p.status)).toEqual(rows.map((p) => p.status));
  });
});

describe('each plan numbered on its own (ADR 084)', () => {
  it("reads 'Parcela n de N' of the plan the family has -- the contract's paid ones keep theirs, each renegotiation's are 1..N -- on the record, the list, the CSV, the family's page, the régua's e-mail and at the gateway", async () => {
    const { f, rows } = await faturada();
    const total = rows.length;
    // The first is paid; the rest renegotiated into 3; the first of those paid; the other two renegotiated into 2.
    await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', fake.pay(rows[0]!.gatewayId));
    const primeiro = addDays(hoje(), 10);
    expect(
      (await renegociar('franquia', f.matriculaId, { parcelas: 3, primeiroVencimento: primeiro })).statusCode,
    ).toBe(200);
    await ctx.app.background.drain();
    const plano1 = (await parcelasDe(f.matriculaId)).filter((p) => p.numero > total);
    expect(plano1).toHaveLength(3);
    await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', fake.pay(plano1[0]!.gatewayId));
    const segundo = addDays(hoje(), 20);
    expect((await renegociar('franquia', f.matriculaId, { parcelas: 2, primeiroVencimento: segundo })).statusCode).toBe(
      200,
    );
    await ctx.app.background.drain();

    const esperado = [
      `1/${total}`,
      ...rows.slice(1).map((_, i) => `${i + 2}/${total}`),
      '1/3 (renegociação)',
      '2/3 (renegociação)',
      '3/3 (renegociação)',
      '1/2 (renegociação)',
      '2/2 (renegociação)',
    ];
    // The matrícula's record (ordered as the matrícula numbers them).
    const lista = (await as(ctx.app, 'franquia').get(`/api/matriculas/${f.matriculaId}/parcelas`)).json<
      ParcelaItem[]
    >();
    expect(lista.map(numeracaoCurta)).toEqual(esperado);
    expect(lista.map((p) => p.status)).toEqual([
      'paga',
      ...rows.slice(1).map(() => 'cancelada'),
      'paga',
      'cancelada',
      'cancelada',
      'aberta',
      'aberta',
    ]);
    expect(tituloDaParcela(lista.at(-1)!)).toBe('Parcela 2 de 2 da renegociação');
    expect(tituloDaParcela(lista[0]!)).toBe(`Parcela 1 de ${total}`);

    // The staff's list and its CSV.
    const q = `vencimentoDe=${segundo}&vencimentoAte=${segundo}&status=aberta`;
    const pagina = (await as(ctx.app, 'franquia').get(`/api/parcelas?${q}&pageSize=100`)).json<ParcelaItem[]>();
    const daFamilia = pagina.filter((p) => p.matriculaId === f.matriculaId);
    expect(daFamilia.map(numeracaoCurta)).toEqual(['1/2 (renegociação)']);
    const csv = (await as(ctx.app, 'franquia').get(`/api/parcelas/export.csv?${q}`)).body;
    const linha = csv.split(/\r?\n/).find((l) => l.includes(f.email))!;
    expect(linha).toContain('1/2 (renegociação)');
    expect(csv).not.toMatch(new RegExp(`${f.email}[^\\n]*;${total + 4}/`));

    // The family's page (its link from the e-mail of the first billing).
    const mail = (await mailsTo(f.email)).find((m) => m.includes('Suas parcelas foram geradas'))!;
    const token = new RegExp(`${APP_URL}/parcelas/([A-Za-z0-9_-]{43})`).exec(mail)![1]!;
    const publica = (await as(ctx.app, null).get(`/api/public/parcelas/${token}`)).json<ParcelasPublicas>();
    const abertas = publica.parcelas.filter((p) => p.status === 'aberta');
    expect(abertas.map(tituloDaParcela)).toEqual(['Parcela 1 de 2 da renegociação', 'Parcela 2 de 2 da renegociação']);
    expect(
      publica.parcelas
        .filter((p) => p.status === 'paga')
        .map(tituloDaParcela)
        .sort(),
    ).toEqual([`Parcela 1 de ${total}`, 'Parcela 1 de 3 da renegociação'].sort());

    // The régua's e-mail 3 days before the second renegotiation's first parcela.
    const dia = addDays(segundo, -3);
    await executarRegua(ctx.app, new Date(`${dia}T15:00:00Z`));
    const avisos = await ctx.handle.db
      .select()
      .from(jobs)
      .where(like(jobs.chave, `cobranca_regua:${dia}:%`));
    const texto = avisos.map((j) => j.payload as { to: string; text: string }).find((m) => m.to === f.email)!.text;
    expect(texto).toContain('Parcela 1 de 2 da renegociação');
    expect(texto).not.toContain(`Parcela ${total + 4} de`);

    // The titular's data (LGPD): each plan's title.
    const titular = await as(ctx.app, 'franqueador').get(`/api/lgpd/titulares?q=${encodeURIComponent(f.email)}`);
    expect(titular.statusCode, titular.body).toBe(200);
    expect(titular.body).toContain('Parcela 2 de 2 da renegociação');
    expect(titular.body).not.toContain(`Parcela ${total + 5} de`);

    // The gateway's description of each renegotiated payment.
    const descricoes = postsOf(f.matriculaId)
      .slice(total)
      .map((r) => String(r.body?.description));
    expect(descricoes.map((d) => /parcela (\d+ de \d+)/.exec(d)![1])).toEqual([
      '1 de 3',
      '2 de 3',
      '3 de 3',
      '1 de 2',
      '2 de 2',
    ]);
  });
});

describe('GET/PUT /api/cobranca/configuracao', () => {
  it('lets the franqueador read and set the cap (audited), the staff read it, and refuses a bad value in pt-BR', async () => {
    const franqueador = as(ctx.app, 'franqueador');
    expect((await franqueador.get('/api/cobranca/configuracao')).json()).toEqual({ descontoMaximoRenegociacaoPct: 10 });
    const put = await franqueador.put('/api/cobranca/configuracao', { descontoMaximoRenegociacaoPct: 15 });
    expect(put.statusCode).toBe(200);
    expect((await as(ctx.app, 'franquia').get('/api/cobranca/configuracao')).json()).toEqual({
      descontoMaximoRenegociacaoPct: 15,
    });
    for (const role of ['micro_franquia', 'cliente'] as const) {
      expect((await as(ctx.app, role).get('/api/cobranca/configuracao')).json()).toEqual({
        descontoMaximoRenegociacaoPct: 15,
      });
    }
    const audited = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.acao, 'rede.configurar_cobranca'));
    expect(audited.at(-1)?.alteracoes).toEqual({ descontoMaximoRenegociacaoPct: [10, 15] });
    const ruim = await franqueador.put('/api/cobranca/configuracao', { descontoMaximoRenegociacaoPct: 101 });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.body).toContain(RENEGOCIACAO_MESSAGES.pctInvalido);
    expect(
      (await as(ctx.app, 'franquia').put('/api/cobranca/configuracao', { descontoMaximoRenegociacaoPct: 90 }))
        .statusCode,
    ).toBe(403);
    // The other network's cap is its own.
    expect((await as(ctx.app, { email: outra.franqueadorEmail }).get('/api/cobranca/configuracao')).json()).toEqual({
      descontoMaximoRenegociacaoPct: 10,
    });
    await franqueador.put('/api/cobranca/configuracao', { descontoMaximoRenegociacaoPct: 10 });
  });
});
