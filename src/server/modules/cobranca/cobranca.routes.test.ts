import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { APP_URL, createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork, uniqueCpf } from '../../../../tests/support/network-payloads';
import {
  FAKE_ASAAS_KEY,
  type FakeAsaasServer,
  startFakeAsaasServer,
} from '../../../../tests/support/fake-asaas-server';
import {
  auditLog,
  cobrancaClientes,
  cobrancaEventos,
  contratos,
  eventos,
  matriculas,
  parcelas,
  preMatriculas,
  users,
} from '../../db/schema';
import { toCentavos } from '../../../shared/money/parcelas';
import { diaDoMesSeguinte } from '../../../shared/cobranca/parcelas';
import { todayInBrasilia } from '../../../shared/brasilia';
import { ACEITE_MESSAGES } from '../../../shared/contrato/aceite';
import { PARCELA_MESSAGES, type ParcelaItem, parcelasListQuerySchema } from '../../../shared/schemas/parcela';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import type { Actor } from '../../access/actor';
import { MATRICULAS_DA_BUSCA_MAX, listParcelas, matriculasDaBusca } from './cobranca.repository';
import { criarPlano } from './plano.service';

/**
 * Issue 43, first slice (ADR 071), against the fake Asaas: accepting a contract bills its parcelas at the gateway
 * (the responsável's customer found again, never twice; the plan summing to the contract's total to the cent; the
 * first due on the chosen day of next month), a crash between the gateway's answer and the local write creates no
 * second plan, and the webhook settles each parcela once, in order or not.
 */

const WEBHOOK_TOKEN = 'token-do-webhook-de-teste-0123456789';
let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
let outra: OtherNetwork;

beforeAll(async () => {
  fake = await startFakeAsaasServer();
  ctx = await createTestApp({
    COBRANCA_PROVEDOR: 'asaas',
    ASAAS_API_URL: `${fake.url}/v3`,
    ASAAS_API_KEY: FAKE_ASAAS_KEY,
    ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/webhooks/asaas`;
  outra = await insertOtherNetwork(ctx.handle.db);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const franqueador = () => as(ctx.app, 'franqueador');
const publico = () => as(ctx.app, null);

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

interface Familia {
  matriculaId: string;
  email: string;
  cpf: string;
  token: string;
}

let seq = 0;
/** A pending pré-matrícula of a demo event made effective by the franqueador (its contract's link e-mailed). */
async function novaFamilia(cpf = uniqueCpf()): Promise<Familia> {
  seq += 1;
  const [modelo] = await ctx.handle.db
    .select({ eventoId: preMatriculas.eventoId })
    .from(preMatriculas)
    .where(eq(preMatriculas.nome, 'Lucas Oliveira'));
  const email = `familia.cobranca.${seq}.${Date.now()}@email.com`;
  const [pre] = await ctx.handle.db
    .insert(preMatriculas)
    .values({
      eventoId: modelo!.eventoId,
      nome: `Aluno Cobrança ${seq}`,
      nomeAluno: `Aluno Cobrança ${seq}`,
      cpfAluno: uniqueCpf(),
      nomeResponsavel: `Responsável Cobrança ${seq}`,
      cpfResponsavel: cpf,
      email,
      telefone: '11987654321',
      cursoInteresse: null,
      consentidoEm: ctx.clock.now(),
    })
    .returning({ id: preMatriculas.id });
  const cursos = (await franqueador().get(`/api/pre-matriculas/${pre!.id}/cursos`)).json<{ id: string }[]>();
  const efetivada = await franqueador().post(`/api/matriculas/efetivar/${pre!.id}`, { cursoId: cursos[0]!.id });
  expect(efetivada.statusCode, efetivada.body).toBe(201);
  const link = (await mailsTo(email)).find((m) => m.includes(`${APP_URL}/contrato/`))!;
  const token = new RegExp(`${APP_URL}/contrato/([A-Za-z0-9_-]{43})`).exec(link)![1]!;
  return { matriculaId: efetivada.json<{ id: string }>().id, email, cpf, token };
}

/** Accepts the family's contract with the e-mailed code (and the due day, when given). */
async function aceitar(f: Familia, diaVencimento?: number) {
  expect((await publico().post(`/api/public/contratos/${f.token}/codigo`)).statusCode).toBe(200);
  const codigo = /Seu código para [^:]+: (\d{6})/.exec((await mailsTo(f.email)).at(-1)!)![1]!;
  return publico().post(`/api/public/contratos/${f.token}/aceitar`, {
    codigo,
    cpfInicio: f.cpf.slice(0, 3),
    ...(diaVencimento === undefined ? {} : { diaVencimento }),
  });
}

const parcelasDe = (matriculaId: string) =>
  ctx.handle.db.select().from(parcelas).where(eq(parcelas.matriculaId, matriculaId)).orderBy(asc(parcelas.numero));
const contratoDe = async (matriculaId: string) =>
  (await ctx.handle.db.select().from(contratos).where(eq(contratos.matriculaId, matriculaId)))[0]!;
const paymentsOf = (matriculaId: string) =>
  [...fake.payments.values()].filter((p) => p.externalReference?.startsWith(`parcela:${matriculaId}:`));
const postsOf = (matriculaId: string) =>
  fake.received('POST', '/v3/payments').filter((r) => String(r.body?.externalReference).includes(matriculaId));

describe('accepting a contract bills its parcelas at the gateway', () => {
  let f: Familia;
  it('keeps the chosen due day, and the job creates the customer and N payments summing to the total to the cent', async () => {
    f = await novaFamilia();
    const aceite = await aceitar(f, 15);
    expect(aceite.statusCode, aceite.body).toBe(200);
    // The route's answer is the one it always was.
    expect(Object.keys(aceite.json<{ message: string; contrato: object }>()).sort()).toEqual(['contrato', 'message']);
    const contrato = await contratoDe(f.matriculaId);
    expect(contrato.diaVencimento).toBe(15);
    await ctx.app.background.drain();

    const rows = await parcelasDe(f.matriculaId);
    expect(rows).toHaveLength(contrato.parcelas);
    expect(rows.reduce((sum, p) => sum + p.valorCentavos, 0)).toBe(toCentavos(contrato.valorTotal));
    const aceitoNoDia = todayInBrasilia(contrato.aceitoEm!);
    expect(rows.map((p) => p.vencimento)).toEqual(rows.map((_, i) => diaDoMesSeguinte(aceitoNoDia, 15, i + 1)));
    expect(rows.every((p) => p.status === 'aberta' && p.provedor === 'asaas')).toBe(true);
    expect(rows.every((p) => p.franqueadorId !== null && p.eventoId && p.cursoId)).toBe(true);

    // At the gateway: one customer (the responsável, by CPF), one payment per parcela, the family picks how to pay.
    expect(fake.received('POST', '/v3/customers').filter((r) => r.body?.cpfCnpj === f.cpf)).toHaveLength(1);
    const customer = fake.received('POST', '/v3/customers').find((r) => r.body?.cpfCnpj === f.cpf)!;
    expect(customer.body).toMatchObject({ cpfCnpj: f.cpf, email: f.email, mobilePhone: '11987654321' });
    expect(customer.body!.name).toMatch(/^Responsável Cobrança/);
    const payments = paymentsOf(f.matriculaId);
    expect(payments).toHaveLength(contrato.parcelas);
    expect(postsOf(f.matriculaId).every((r) => r.body?.billingType === 'UNDEFINED')).toBe(true);
    expect(fake.requests.every((r) => r.accessToken === FAKE_ASAAS_KEY)).toBe(true);
    for (const p of rows) {
      const at = fake.payments.get(p.gatewayId)!;
      expect(toCentavos(at.value)).toBe(p.valorCentavos);
      expect(at.dueDate).toBe(p.vencimento);
      expect(at.externalReference).toBe(`parcela:${f.matriculaId}:${p.numero}`);
      expect(p.invoiceUrl).toBe(at.invoiceUrl);
      expect(p.bankSlipUrl).toBe(at.bankSlipUrl);
      expect(p.pixCopiaECola).toContain(at.id);
    }
  });

  it('defaults the due day to the 10th, and refuses another day with a pt-BR message', async () => {
    const g = await novaFamilia();
    const recusado = await aceitar(g, 12);
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json<{ errors: Record<string, string> }>().errors.diaVencimento).toBe(
      ACEITE_MESSAGES.diaVencimento,
    );
    expect((await aceitar(g)).statusCode).toBe(200);
    expect((await contratoDe(g.matriculaId)).diaVencimento).toBe(10);
    await ctx.app.background.drain();
    expect((await parcelasDe(g.matriculaId)).every((p) => p.vencimento.endsWith('-10'))).toBe(true);
  });

  it('finds the responsável again at the gateway by CPF rather than creating a second customer', async () => {
    // The same responsável (CPF) in a second matrícula; the network's record of the customer lost.
    await ctx.handle.db.delete(cobrancaClientes).where(eq(cobrancaClientes.cpf, f.cpf));
    const irmao = await novaFamilia(f.cpf);
    expect((await aceitar(irmao, 5)).statusCode).toBe(200);
    await ctx.app.background.drain();
    expect(fake.received('POST', '/v3/customers').filter((r) => r.body?.cpfCnpj === f.cpf)).toHaveLength(1);
    expect(fake.received('GET', '/v3/customers').some((r) => r.query.cpfCnpj === f.cpf)).toBe(true);
    const customers = new Set(paymentsOf(irmao.matriculaId).map((p) => p.customer));
    expect([...customers]).toEqual([...new Set(paymentsOf(f.matriculaId).map((p) => p.customer))]);
  });

  it('creates no second plan after a crash between the gateway answer and the local write', async () => {
    const before = await parcelasDe(f.matriculaId);
    const posts = postsOf(f.matriculaId).length;
    // The gateway answered every payment, and the local writes of all but the first were lost.
    await ctx.handle.db.delete(parcelas).where(
      and(
        eq(parcelas.matriculaId, f.matriculaId),
        inArray(
          parcelas.numero,
          before.slice(1).map((p) => p.numero),
        ),
      ),
    );
    expect(await criarPlano(ctx.app, f.matriculaId)).toBe(before.length - 1);
    expect(postsOf(f.matriculaId)).toHaveLength(posts);
    expect(paymentsOf(f.matriculaId)).toHaveLength(before.length);
    const after = await parcelasDe(f.matriculaId);
    expect(after.map((p) => [p.numero, p.gatewayId, p.valorCentavos, p.vencimento])).toEqual(
      before.map((p) => [p.numero, p.gatewayId, p.valorCentavos, p.vencimento]),
    );
    // Run again with everything in place: nothing asked of the gateway at all.
    const requests = fake.requests.length;
    expect(await criarPlano(ctx.app, f.matriculaId)).toBe(0);
    expect(fake.requests.length).toBe(requests);
  });

  it('a job run twice (its key) is written once per matrícula', async () => {
    const { jobs } = await import('../../db/schema');
    const rows = await ctx.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.chave, `cobranca_plano:${f.matriculaId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('concluido');
  });
});

describe('the webhook POST /api/webhooks/asaas', () => {
  let f: Familia;
  let rows: Awaited<ReturnType<typeof parcelasDe>>;
  beforeAll(async () => {
    f = await novaFamilia();
    expect((await aceitar(f)).statusCode).toBe(200);
    await ctx.app.background.drain();
    rows = await parcelasDe(f.matriculaId);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  const eventos = (id: string) => ctx.handle.db.select().from(cobrancaEventos).where(eq(cobrancaEventos.eventoId, id));

  it('answers 401 without the token or with a wrong one, and stores nothing', async () => {
    const p = fake.payments.get(rows[0]!.gatewayId)!;
    const sem = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_sem_token', event: 'PAYMENT_RECEIVED', payment: p }),
    });
    expect(sem.status).toBe(401);
    expect(await sem.json()).toEqual({ message: PARCELA_MESSAGES.tokenInvalido });
    const errado = await fake.sendWebhook(webhookUrl, `${WEBHOOK_TOKEN}x`, 'PAYMENT_RECEIVED', p, 'evt_token_errado');
    expect(errado.status).toBe(401);
    expect(await eventos('evt_token_errado')).toHaveLength(0);
    expect((await parcelasDe(f.matriculaId))[0]!.status).toBe('aberta');
  });

  it('marks a received payment paga with its date and net value, once; a redelivery changes nothing', async () => {
    const p = fake.pay(rows[0]!.gatewayId, '2026-12-09');
    const first = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', p, 'evt_pago_1');
    expect(first.status, first.body).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ recebido: true });
    const [paga] = await parcelasDe(f.matriculaId);
    expect(paga).toMatchObject({ status: 'paga', pagaEm: '2026-12-09', valorLiquidoCentavos: toCentavos(p.netValue) });
    // Delivered again, even with another payload under the same id: 200 and nothing changes.
    const again = await fake.sendWebhook(
      webhookUrl,
      WEBHOOK_TOKEN,
      'PAYMENT_REFUNDED',
      { ...p, status: 'REFUNDED' },
      'evt_pago_1',
    );
    expect(again.status).toBe(200);
    expect((await parcelasDe(f.matriculaId))[0]).toMatchObject({ status: 'paga', pagaEm: '2026-12-09' });
    expect(await eventos('evt_pago_1')).toHaveLength(1);
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'parcela.status_gateway'), eq(auditLog.entidadeId, paga!.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.alteracoes).toMatchObject({ status: ['aberta', 'paga'] });
    expect(audits[0]!.usuarioId).toBeNull();
  });

  it('keeps a paid parcela paga when PAYMENT_OVERDUE arrives after PAYMENT_RECEIVED (out of order)', async () => {
    const p = fake.payments.get(rows[0]!.gatewayId)!;
    const late = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_OVERDUE', { ...p, status: 'OVERDUE' });
    expect(late.status).toBe(200);
    expect((await parcelasDe(f.matriculaId))[0]!.status).toBe('paga');
    // An overdue parcela paid later is paga; refunded, estornada.
    const second = fake.payments.get(rows[1]!.gatewayId)!;
    expect((await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_OVERDUE', second)).status).toBe(200);
    expect((await parcelasDe(f.matriculaId))[1]!.status).toBe('vencida');
    await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_CONFIRMED', fake.pay(second.id));
    expect((await parcelasDe(f.matriculaId))[1]!.status).toBe('paga');
    await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_REFUNDED', { ...second, status: 'REFUNDED' });
    expect((await parcelasDe(f.matriculaId))[1]!.status).toBe('estornada');
    // Received after the refund (a late retry): still estornada.
    await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', second);
    expect((await parcelasDe(f.matriculaId))[1]!.status).toBe('estornada');
  });

  it('marks a deleted payment cancelada, and acknowledges other events without a change', async () => {
    const third = fake.payments.get(rows[2]!.gatewayId)!;
    const viewed = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_BANK_SLIP_VIEWED', third, 'evt_visto');
    expect(viewed.status).toBe(200);
    expect((await eventos('evt_visto'))[0]).toMatchObject({ resultado: 'ignorado', parcelaId: rows[2]!.id });
    expect((await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_DELETED', third)).status).toBe(200);
    expect((await parcelasDe(f.matriculaId))[2]!.status).toBe('cancelada');
  });

  it('stores an event about an unknown payment for the reconciliation, answering 200', async () => {
    const unknown = await fake.sendWebhook(
      webhookUrl,
      WEBHOOK_TOKEN,
      'PAYMENT_RECEIVED',
      { id: 'pay_desconhecido_001', value: 10, netValue: 9.01, status: 'RECEIVED' },
      'evt_desconhecido',
    );
    expect(unknown.status, unknown.body).toBe(200);
    const [row] = await eventos('evt_desconhecido');
    expect(row).toMatchObject({
      resultado: 'pagamento_desconhecido',
      gatewayPagamentoId: 'pay_desconhecido_001',
      parcelaId: null,
    });
    expect(row!.payload).toMatchObject({ event: 'PAYMENT_RECEIVED', payment: { id: 'pay_desconhecido_001' } });
  });

  it('answers a malformed body with the token 400, never 500', async () => {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'asaas-access-token': WEBHOOK_TOKEN },
      body: JSON.stringify({ event: 'PAYMENT_RECEIVED' }),
    });
    expect(response.status).toBe(400);
  });
});

describe('reading the parcelas', () => {
  let f: Familia;
  beforeAll(async () => {
    f = await novaFamilia();
    expect((await aceitar(f, 20)).statusCode).toBe(200);
    await ctx.app.background.drain();
  });

  it("GET /api/matriculas/{id}/parcelas: the matrícula's parcelas in order for whoever reads it; 404 elsewhere", async () => {
    const response = await franqueador().get(`/api/matriculas/${f.matriculaId}/parcelas`);
    expect(response.statusCode, response.body).toBe(200);
    const lista = response.json<ParcelaItem[]>();
    const contrato = await contratoDe(f.matriculaId);
    expect(lista.map((p) => p.numero)).toEqual(lista.map((_, i) => i + 1));
    expect(lista.every((p) => p.totalParcelas === contrato.parcelas && p.status === 'aberta')).toBe(true);
    expect(lista.reduce((sum, p) => sum + toCentavos(p.valor), 0)).toBe(toCentavos(contrato.valorTotal));
    expect(lista[0]).toMatchObject({ matriculaId: f.matriculaId, provedor: 'asaas', valorLiquido: null });
    expect(lista[0]!.invoiceUrl).toMatch(/^http/);
    const other = await as(ctx.app, { email: outra.franqueadorEmail }).get(`/api/matriculas/${f.matriculaId}/parcelas`);
    expect(other.statusCode).toBe(404);
    expect((await as(ctx.app, 'vendedor').get(`/api/matriculas/${f.matriculaId}/parcelas`)).statusCode).toBe(403);
  });

  it('GET /api/parcelas: scoped, paged with X-Total-Count, filtered by status, due period and search', async () => {
    const todas = await franqueador().get('/api/parcelas?pageSize=500');
    expect(todas.statusCode, todas.body).toBe(200);
    const total = Number(todas.headers['x-total-count']);
    expect(total).toBeGreaterThan(0);
    const minhas = await franqueador().get(`/api/parcelas?q=${encodeURIComponent(f.email)}`);
    const contrato = await contratoDe(f.matriculaId);
    expect(minhas.json<ParcelaItem[]>()).toHaveLength(contrato.parcelas);
    const pagas = await franqueador().get('/api/parcelas?status=paga');
    expect(pagas.json<ParcelaItem[]>().every((p) => p.status === 'paga')).toBe(true);
    expect(pagas.json<ParcelaItem[]>().length).toBeGreaterThan(0);
    const [primeira] = (await franqueador().get(`/api/matriculas/${f.matriculaId}/parcelas`)).json<ParcelaItem[]>();
    const doMes = await franqueador().get(
      `/api/parcelas?q=${encodeURIComponent(f.email)}&vencimentoDe=${primeira!.vencimento}&vencimentoAte=${primeira!.vencimento}`,
    );
    expect(doMes.json<ParcelaItem[]>().map((p) => p.id)).toEqual([primeira!.id]);
    const page = await franqueador().get('/api/parcelas?pageSize=2&page=1');
    expect(page.json<ParcelaItem[]>()).toHaveLength(Math.min(2, total));
    expect((await as(ctx.app, { email: outra.franqueadorEmail }).get('/api/parcelas')).json()).toEqual([]);
    const invertido = await franqueador().get('/api/parcelas?vencimentoDe=2027-02-01&vencimentoAte=2027-01-01');
    expect(invertido.statusCode).toBe(400);
    expect((await franqueador().get('/api/parcelas?status=quitada')).statusCode).toBe(400);
    expect((await as(ctx.app, 'aluno').get('/api/parcelas')).statusCode).toBe(403);
  });

  it('GET /api/parcelas: a page by number is its slice of the whole list, filtered or not, up to past the end', async () => {
    // A page past the first starts at its first row's key (lib/keyset.ts pageStart), not at an OFFSET of read rows.
    const [maior] = await ctx.handle.db
      .select({ eventoId: parcelas.eventoId })
      .from(parcelas)
      .groupBy(parcelas.eventoId)
      .orderBy(desc(count()))
      .limit(1);
    for (const filtro of ['', '&status=aberta', `&eventoId=${maior!.eventoId}`]) {
      const todas = (await franqueador().get(`/api/parcelas?pageSize=500${filtro}`)).json<ParcelaItem[]>();
      expect(todas.length, filtro).toBeGreaterThan(4);
      for (const page of [2, 3, Math.ceil(todas.length / 3) + 1]) {
        const response = await franqueador().get(`/api/parcelas?pageSize=3&page=${page}${filtro}`);
        expect(response.statusCode, response.body).toBe(200);
        const ids = response.json<ParcelaItem[]>().map((p) => p.id);
        expect(ids, `${filtro} page ${page}`).toEqual(todas.slice((page - 1) * 3, page * 3).map((p) => p.id));
        expect(response.headers['x-total-count'], filtro).toBe(String(todas.length));
      }
    }
  });

  it('a search pages the same with its matrículas read first as with the subquery past the cap (ADR 136)', async () => {
    const [u] = await ctx.handle.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.franqueador));
    const actor: Actor = {
      id: u!.id,
      email: u!.email,
      nome: u!.nome,
      role: 'franqueador',
      franqueadorId: u!.franqueadorId,
      franquiaId: null,
      microFranquiaId: null,
      clienteId: null,
      vendedorId: null,
    };
    const total = Number((await franqueador().get('/api/parcelas?q=com')).headers['x-total-count']);
    expect(total).toBeGreaterThan(6);
    for (const q of ['com', f.email, 'ninguem-com-este-nome']) {
      const lidas = await matriculasDaBusca(ctx.handle.db, actor, q);
      expect(lidas, q).not.toBeNull();
      expect(lidas!.length, q).toBeLessThan(MATRICULAS_DA_BUSCA_MAX);
      for (const page of [1, 2, 3]) {
        const query = parcelasListQuerySchema.parse({ q, page: String(page), pageSize: '3' });
        const lida = await listParcelas(ctx.handle.db, actor, query);
        // A cap of 0: any matrícula found makes the search the subquery it was before.
        const subconsulta = await listParcelas(ctx.handle.db, actor, query, 0);
        expect(
          lida.rows.map((r) => r.id),
          `${q} page ${page}`,
        ).toEqual(subconsulta.rows.map((r) => r.id));
        expect(lida.total, q).toBe(subconsulta.total);
      }
    }
    expect(await matriculasDaBusca(ctx.handle.db, actor, 'com', {}, 1)).toBeNull();
  });

  it('GET /api/parcelas answers a search too short to answer with the hint, as every list (issue 46)', async () => {
    for (const q of ['a', '%40', 'jo', '(1']) {
      const response = await franqueador().get(`/api/parcelas?q=${q}`);
      expect(response.statusCode, q).toBe(400);
      expect(response.json().message, q).toBe('Digite pelo menos 3 letras ou números para buscar.');
      // The export takes the same filters: no scan there either.
      expect((await franqueador().get(`/api/parcelas/export.csv?q=${q}`)).statusCode, q).toBe(400);
    }
    expect((await franqueador().get('/api/parcelas?q=%20')).statusCode).toBe(200);
    expect((await franqueador().get('/api/parcelas?q=ana')).statusCode).toBe(200);
  });

  it("a matrícula moved to another franquia's event takes its parcelas along: the search finds them there only", async () => {
    const g = await novaFamilia();
    expect((await aceitar(g)).statusCode).toBe(200);
    await ctx.app.background.drain();
    const contrato = await contratoDe(g.matriculaId);
    const [antes] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, g.matriculaId));
    const [destino] = await ctx.handle.db
      .select({ id: eventos.id, franquiaId: eventos.franquiaId })
      .from(eventos)
      .where(and(eq(eventos.franqueadorId, antes!.franqueadorId!), ne(eventos.franquiaId, antes!.franquiaId!)))
      .limit(1);
    const staffDe = async (franquiaId: string) => {
      const [u] = await ctx.handle.db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.role, 'franquia'), eq(users.franquiaId, franquiaId)))
        .limit(1);
      return as(ctx.app, { email: u!.email });
    };
    const busca = `/api/parcelas?q=${encodeURIComponent(g.email)}`;
    const origem = await staffDe(antes!.franquiaId!);
    expect((await origem.get(busca)).json<ParcelaItem[]>()).toHaveLength(contrato.parcelas);

    await ctx.handle.db.update(matriculas).set({ eventoId: destino!.id }).where(eq(matriculas.id, g.matriculaId));
    const [depois] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, g.matriculaId));
    expect(depois!.franquiaId).toBe(destino!.franquiaId);
    const movidas = await parcelasDe(g.matriculaId);
    expect(movidas).toHaveLength(contrato.parcelas);
    for (const p of movidas) {
      expect([p.eventoId, p.clienteId, p.vendedorId, p.microFranquiaId, p.franquiaId, p.franqueadorId]).toEqual([
        depois!.eventoId,
        depois!.clienteId,
        depois!.vendedorId,
        depois!.microFranquiaId,
        depois!.franquiaId,
        depois!.franqueadorId,
      ]);
    }
    expect((await origem.get(busca)).json<ParcelaItem[]>()).toEqual([]);
    const nova = await (await staffDe(destino!.franquiaId!)).get(busca);
    expect(
      nova
        .json<ParcelaItem[]>()
        .map((p) => p.id)
        .sort(),
    ).toEqual(movidas.map((p) => p.id).sort());
    expect((await franqueador().get(busca)).json<ParcelaItem[]>()).toHaveLength(contrato.parcelas);
  });

  it('POST /api/parcelas/{id}/simular-pagamento is refused for a parcela of the real gateway', async () => {
    const [primeira] = await parcelasDe(f.matriculaId);
    const response = await franqueador().post(`/api/parcelas/${primeira!.id}/simular-pagamento`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PARCELA_MESSAGES.simulacaoSoSimulado });
  });
});
