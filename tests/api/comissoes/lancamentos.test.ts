import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../support/network-payloads';
import {
  auditLog,
  comissaoLancamentos,
  comissaoRegras,
  franquias,
  matriculas,
  microFranquias,
  parcelas,
  users,
  vendedores,
} from '../../../src/server/db/schema';
import { executeRows } from '../../../src/server/db/connect';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { gravarParcela } from '../../../src/server/modules/cobranca/cobranca.repository';
import { aplicarEventoNa } from '../../../src/server/modules/cobranca/webhook.service';
import { lancarComissoes } from '../../../src/server/modules/comissoes';
import { todayInBrasilia } from '../../../src/shared/brasilia';
import { comissaoPercentual } from '../../../src/shared/comissoes/regras';
import { fromCentavos } from '../../../src/shared/money/parcelas';
import {
  type FechamentoView,
  LANCAMENTO_MESSAGES,
  type LancamentoView,
  MINHAS_PAGINA,
  type MinhasView,
  type ResumoView,
} from '../../../src/shared/schemas/comissao';
import { CURSOR_MESSAGES, decodeListCursor, encodeListCursor } from '../../../src/shared/schemas/list-cursor';
import { LIST_MESSAGES } from '../../../src/shared/schemas/list-query';

/**
 * Issue 44 (ADR 082): the commission ledger end to end on the demo network -- lines written in the payment's own
 * transaction by the webhook's path (precedence, a fixed amount paid once, a rule change from its start), a
 * redelivery writing nothing, a refund reversing exactly, a month closed (frozen: a late payment lands in the next
 * open month), its payout file and confirmation, every reader's scope, and the database's own refusals.
 */

let ctx: TestContext;
let outra: OtherNetwork;
let marianaId: string;
let franquiaSp: string;
let vendedorId: string;
let microId: string;
let plano: (typeof parcelas.$inferSelect)[];
let seq = 0;

/** The period `n` months before this one ('AAAA-MM'). */
function mes(n: number): string {
  const [ano, m] = todayInBrasilia().split('-').map(Number) as [number, number];
  const total = ano * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

const db = () => ctx.handle.db;
const franqueador = () => as(ctx.app, 'franqueador');

/** The gateway's event for a parcela's payment, applied as the webhook applies it. */
async function evento(p: { gatewayId: string }, tipo: string, dia: string, id = `evt_com_${++seq}`) {
  return db().transaction((tx) =>
    aplicarEventoNa(
      tx,
      'simulado',
      { id, event: tipo, payment: { id: p.gatewayId, paymentDate: dia, netValue: null } },
      ctx.clock.now(),
    ),
  );
}

const linhasDa = (parcelaId: string) =>
  db()
    .select()
    .from(comissaoLancamentos)
    .where(eq(comissaoLancamentos.parcelaId, parcelaId))
    .orderBy(asc(comissaoLancamentos.createdAt), asc(comissaoLancamentos.beneficiario));

const somaDoPeriodo = async (periodo: string) => {
  const [row] = await db()
    .select({
      total: sql<number>`coalesce(sum(${comissaoLancamentos.valorCentavos}), 0)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(comissaoLancamentos)
    .where(eq(comissaoLancamentos.periodo, periodo));
  return { total: Number(row!.total), n: Number(row!.n) };
};

beforeAll(async () => {
  ctx = await createTestApp();
  outra = await insertOtherNetwork(db());
  const [mariana] = await db().select().from(matriculas).where(eq(matriculas.email, DEMO_ACCOUNTS.aluno));
  marianaId = mariana!.id;
  franquiaSp = mariana!.franquiaId!;
  vendedorId = mariana!.vendedorId!;
  microId = mariana!.microFranquiaId!;
  // The demo's network rule (5 % to the vendedor) from a year back, whatever month the tests run in.
  await db()
    .update(comissaoRegras)
    .set({ inicio: `${mes(12)}-01` });
  // Her plan: eight parcelas at the simulated gateway, written as the plan's job writes them (scope from the matrícula).
  for (const [i, valor] of [12000, 12345, 9999, 15051, 12000, 12001, 7777, 13333].entries()) {
    await gravarParcela(
      db(),
      {
        matriculaId: marianaId,
        numero: i + 1,
        valorCentavos: valor,
        vencimento: `${mes(3 - i)}-10`,
        provedor: 'simulado',
        gatewayId: `pay_sim_comissao_${i + 1}`,
        invoiceUrl: null,
        bankSlipUrl: null,
        pixCopiaECola: null,
      },
      ctx.clock.now(),
    );
  }
  plano = await db().select().from(parcelas).where(eq(parcelas.matriculaId, marianaId)).orderBy(asc(parcelas.numero));
  expect(plano).toHaveLength(8);
  // A fixed R$ 50,00 to the event's micro-franquia on the first paid parcela; 8 % to the vendedor in the SP franquia
  // from two months back (more specific than the network's 5 %).
  for (const body of [
    { beneficiario: 'micro_franquia', tipo: 'fixo', valor: 50, inicio: `${mes(12)}-01` },
    { beneficiario: 'vendedor', tipo: 'percentual', percentual: 8, franquiaId: franquiaSp, inicio: `${mes(2)}-01` },
  ]) {
    const response = await franqueador().post('/api/comissoes/regras', body);
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('the ledger as parcelas are paid', () => {
  it('writes each beneficiary its line in the payment transaction: the rule in force that day, the fixed amount once', async () => {
    const [p1, p2] = plano;
    expect(await evento(p1!, 'PAYMENT_RECEIVED', `${mes(3)}-10`)).toBe('aplicado');
    const primeira = await linhasDa(p1!.id);
    expect(primeira.map((l) => [l.beneficiario, l.tipo, l.valorCentavos, l.periodo])).toEqual([
      ['micro_franquia', 'credito', 5000, mes(3)],
      ['vendedor', 'credito', comissaoPercentual(p1!.valorCentavos, 500), mes(3)],
    ]);
    expect(primeira.every((l) => l.matriculaId === marianaId && l.franquiaId === franquiaSp)).toBe(true);
    expect(primeira.find((l) => l.beneficiario === 'vendedor')!.beneficiarioId).toBe(vendedorId);
    expect(primeira.find((l) => l.beneficiario === 'micro_franquia')!.beneficiarioId).toBe(microId);

    // Paid after the franquia's rule started: its 8 % wins over the network's 5 %; the fixed amount is not paid twice.
    expect(await evento(p2!, 'PAYMENT_RECEIVED', `${mes(2)}-05`)).toBe('aplicado');
    const segunda = await linhasDa(p2!.id);
    expect(segunda.map((l) => [l.beneficiario, l.valorCentavos, l.periodo])).toEqual([
      ['vendedor', comissaoPercentual(p2!.valorCentavos, 800), mes(2)],
    ]);
  });

  it('writes nothing twice: a redelivered event, a later confirmation of the same payment, a second run', async () => {
    const [p1] = plano;
    const antes = await linhasDa(p1!.id);
    expect(await evento(p1!, 'PAYMENT_RECEIVED', `${mes(3)}-10`, 'evt_com_1')).toBe('repetido');
    expect(await evento(p1!, 'PAYMENT_CONFIRMED', `${mes(3)}-10`)).toBe('ignorado');
    expect(await db().transaction((tx) => lancarComissoes(tx, p1!.id))).toBe(0);
    expect(await linhasDa(p1!.id)).toEqual(antes);
  });

  it('is append-only in the database: no update, no delete, no line in a closed month', async () => {
    const [linha] = await linhasDa(plano[0]!.id);
    await expect(
      db().update(comissaoLancamentos).set({ valorCentavos: 1 }).where(eq(comissaoLancamentos.id, linha!.id)),
    ).rejects.toThrow();
    await expect(db().delete(comissaoLancamentos).where(eq(comissaoLancamentos.id, linha!.id))).rejects.toThrow();
  });
});

describe('the monthly closing', () => {
  it('refuses a month not over, a franquia its network does not allow, and answers pt-BR', async () => {
    const aberto = await franqueador().post('/api/comissoes/fechamentos', { periodo: mes(0) });
    expect(aberto.statusCode).toBe(400);
    expect(aberto.json().message).toBe(LANCAMENTO_MESSAGES.periodoEmAberto);
    const invalido = await franqueador().post('/api/comissoes/fechamentos', { periodo: '2026-13' });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().errors).toMatchObject({ periodo: LANCAMENTO_MESSAGES.periodo });
    const franquia = await as(ctx.app, 'franquia').post('/api/comissoes/fechamentos', { periodo: mes(3) });
    expect(franquia.statusCode).toBe(403);
    expect(franquia.json().message).toBe(LANCAMENTO_MESSAGES.franquiaNaoFecha);
    for (const role of ['micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      expect((await as(ctx.app, role).post('/api/comissoes/fechamentos', { periodo: mes(3) })).statusCode).toBe(403);
    }
  });

  it('closes a month with its total, audited; then a late payment of that month lands in the next open one', async () => {
    const antes = await somaDoPeriodo(mes(3));
    const response = await franqueador().post('/api/comissoes/fechamentos', { periodo: mes(3) });
    expect(response.statusCode, response.body).toBe(201);
    const fechamento = response.json<FechamentoView>();
    expect(fechamento).toMatchObject({ periodo: mes(3), franquiaId: null, pagoEm: null, lancamentos: antes.n });
    expect(fechamento.total).toBe(fromCentavos(antes.total));
    const trilha = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'comissao_fechamento.fechar'), eq(auditLog.entidadeId, fechamento.id)));
    expect(trilha).toHaveLength(1);
    expect((await franqueador().post('/api/comissoes/fechamentos', { periodo: mes(3) })).statusCode).toBe(409);

    // The gateway reports late a payment made in the closed month: its line goes to the next open month.
    const p3 = plano[2]!;
    expect(await evento(p3, 'PAYMENT_RECEIVED', `${mes(3)}-28`)).toBe('aplicado');
    expect((await linhasDa(p3.id)).map((l) => [l.periodo, l.ocorridoEm])).toEqual([[mes(2), `${mes(3)}-28`]]);
    expect(await somaDoPeriodo(mes(3))).toEqual(antes);

    // The database itself refuses a line written into the closed month.
    const [modelo] = await linhasDa(p3.id);
    const { id: _id, createdAt: _c, ...resto } = modelo!;
    await expect(
      db()
        .insert(comissaoLancamentos)
        .values({ ...resto, periodo: mes(3), tipo: 'estorno', valorCentavos: -1 }),
    ).rejects.toThrow();
  });

  it('reverses a refunded payment exactly, in the open month, never touching the closed one', async () => {
    const p1 = plano[0]!;
    const antes = await somaDoPeriodo(mes(3));
    expect(await evento(p1, 'PAYMENT_REFUNDED', todayInBrasilia())).toBe('aplicado');
    const linhas = await linhasDa(p1.id);
    const estornos = linhas.filter((l) => l.tipo === 'estorno');
    expect(estornos).toHaveLength(2);
    expect(estornos.every((l) => l.periodo === mes(0))).toBe(true);
    expect(linhas.reduce((s, l) => s + l.valorCentavos, 0)).toBe(0);
    expect(await somaDoPeriodo(mes(3))).toEqual(antes);
    // Delivered again: nothing more.
    expect(await evento(p1, 'PAYMENT_REFUNDED', todayInBrasilia())).toBe('ignorado');
    expect(await linhasDa(p1.id)).toHaveLength(4);
  });

  it('writes the payout file of the month: one row per beneficiary owed, CPF or CNPJ, PIX key, value, period', async () => {
    const [vendedorUser] = await db()
      .select({ userId: vendedores.userId, nome: users.nome, cpf: users.cpf })
      .from(vendedores)
      .innerJoin(users, eq(users.id, vendedores.userId))
      .where(eq(vendedores.id, vendedorId));
    await db().update(users).set({ chavePix: 'vendedor.pix@email.com' }).where(eq(users.id, vendedorUser!.userId));
    const [micro] = await db().select().from(microFranquias).where(eq(microFranquias.id, microId));
    const response = await franqueador().get(`/api/comissoes/fechamentos/${mes(3)}/pagamentos.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`comissoes_${mes(3)}.csv`);
    const linhas = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(linhas[0]).toContain('Beneficiário');
    const valorVendedor = comissaoPercentual(plano[0]!.valorCentavos, 500);
    expect(linhas.some((l) => l.includes(micro!.razaoSocial) && l.includes('50,00') && l.includes(mes(3)))).toBe(true);
    const doVendedor = linhas.find((l) => l.includes('vendedor.pix@email.com'))!;
    expect(doVendedor).toContain(vendedorUser!.nome!);
    expect(doVendedor).toContain(fromCentavos(valorVendedor).toFixed(2).replace('.', ','));
    expect(linhas).toHaveLength(3);
    const [trilha] = await db().select().from(auditLog).where(eq(auditLog.acao, 'comissao_fechamento.exportar'));
    expect(trilha!.detalhes).toMatchObject({ periodo: mes(3), linhas: 2 });
    // A month nobody closed has no file.
    expect((await franqueador().get(`/api/comissoes/fechamentos/${mes(1)}/pagamentos.csv`)).statusCode).toBe(404);
  });

  it("confirms the payout once: the month's lines are 'paga'", async () => {
    const pago = await franqueador().post(`/api/comissoes/fechamentos/${mes(3)}/pago`);
    expect(pago.statusCode, pago.body).toBe(200);
    expect(pago.json<FechamentoView>().pagoEm).not.toBeNull();
    const segunda = await franqueador().post(`/api/comissoes/fechamentos/${mes(3)}/pago`);
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().message).toBe(LANCAMENTO_MESSAGES.jaPago);
    expect((await franqueador().post(`/api/comissoes/fechamentos/${mes(1)}/pago`)).statusCode).toBe(404);
    const [trilha] = await db().select().from(auditLog).where(eq(auditLog.acao, 'comissao_fechamento.pagar'));
    expect(trilha).toBeDefined();
    const lista = (await franqueador().get(`/api/comissoes/lancamentos?periodo=${mes(3)}`)).json<LancamentoView[]>();
    expect(lista.length).toBe(2);
    expect(lista.every((l) => l.estado === 'paga')).toBe(true);
    const fechamentos = (await franqueador().get('/api/comissoes/fechamentos')).json<FechamentoView[]>();
    expect(fechamentos.map((f) => f.periodo)).toEqual([mes(3)]);
  });
});

describe('a baixa manual', () => {
  it('writes its lines in the baixa transaction, in the month it was paid', async () => {
    const p4 = plano[3]!;
    const response = await franqueador().post(`/api/parcelas/${p4.id}/baixa`, { observacao: 'Pago na secretaria.' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await linhasDa(p4.id)).map((l) => [l.beneficiario, l.valorCentavos, l.periodo])).toEqual([
      ['vendedor', comissaoPercentual(p4.valorCentavos, 800), mes(0)],
    ]);
  });
});

describe('who reads the ledger', () => {
  it('lists with the list conventions: filters, sort, page, total', async () => {
    const todas = await franqueador().get('/api/comissoes/lancamentos?pageSize=2&sort=-valor');
    expect(todas.statusCode, todas.body).toBe(200);
    expect(Number(todas.headers['x-total-count'])).toBe(7);
    const pagina = todas.json<LancamentoView[]>();
    expect(pagina).toHaveLength(2);
    expect(pagina[0]!.valor).toBeGreaterThanOrEqual(pagina[1]!.valor);
    const estornadas = (await franqueador().get('/api/comissoes/lancamentos?estado=estornada')).json<
      LancamentoView[]
    >();
    expect(estornadas.map((l) => l.valor).every((v) => v < 0)).toBe(true);
    expect(estornadas).toHaveLength(2);
    const doMicro = (await franqueador().get(`/api/comissoes/lancamentos?beneficiarioId=${microId}`)).json<
      LancamentoView[]
    >();
    expect(doMicro.map((l) => l.valor).sort()).toEqual([-50, 50]);
    const ruim = await franqueador().get('/api/comissoes/lancamentos?periodo=2026-3&estado=x');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().errors).toMatchObject({
      periodo: LANCAMENTO_MESSAGES.periodo,
      estado: LANCAMENTO_MESSAGES.estado,
    });
  });

  it('totals a period per beneficiary: the sum of its lines by state', async () => {
    const response = await franqueador().get(`/api/comissoes/resumo?periodo=${mes(0)}`);
    expect(response.statusCode, response.body).toBe(200);
    const resumo = response.json<ResumoView>();
    const linhas = (await franqueador().get(`/api/comissoes/lancamentos?periodo=${mes(0)}`)).json<LancamentoView[]>();
    const soma = (ls: LancamentoView[]) => Math.round(ls.reduce((s, l) => s + l.valor * 100, 0)) / 100;
    expect(resumo.saldo).toBe(soma(linhas));
    expect(resumo.estornada).toBe(soma(linhas.filter((l) => l.estado === 'estornada')));
    for (const item of resumo.itens) {
      expect(item.saldo).toBe(soma(linhas.filter((l) => l.beneficiarioId === item.beneficiarioId)));
    }
    expect((await franqueador().get('/api/comissoes/resumo')).statusCode).toBe(400);
  });

  it('scopes every list: the franquia its subtree, another franquia and another network nothing', async () => {
    const daFranquia = await as(ctx.app, 'franquia').get('/api/comissoes/lancamentos');
    expect(Number(daFranquia.headers['x-total-count'])).toBe(7);
    const mg = await as(ctx.app, { email: 'franquia.mg@demo.com.br' }).get('/api/comissoes/lancamentos');
    expect(mg.statusCode).toBe(200);
    expect(mg.json()).toEqual([]);
    const outroFranqueador = as(ctx.app, { email: outra.franqueadorEmail });
    expect((await outroFranqueador.get('/api/comissoes/lancamentos')).json()).toEqual([]);
    expect((await outroFranqueador.get(`/api/comissoes/resumo?periodo=${mes(0)}`)).json<ResumoView>().itens).toEqual(
      [],
    );
    expect((await outroFranqueador.get('/api/comissoes/fechamentos')).json()).toEqual([]);
    expect((await outroFranqueador.get(`/api/comissoes/fechamentos/${mes(3)}/pagamentos.csv`)).statusCode).toBe(404);
    expect((await outroFranqueador.post(`/api/comissoes/fechamentos/${mes(3)}/pago`)).statusCode).toBe(404);
    for (const role of ['micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      expect((await as(ctx.app, role).get('/api/comissoes/lancamentos')).statusCode, role).toBe(403);
    }
    expect((await franqueador().get('/api/comissoes/minhas')).statusCode).toBe(403);
  });

  it('gives the vendedor its own statement only: its lines, their sums by state and month, the prevista', async () => {
    const response = await as(ctx.app, 'vendedor').get('/api/comissoes/minhas');
    expect(response.statusCode, response.body).toBe(200);
    const minhas = response.json<MinhasView>();
    expect(minhas.beneficiario).toBe('vendedor');
    expect(minhas.lancamentos.every((l) => l.beneficiario === 'vendedor' && l.beneficiarioId === vendedorId)).toBe(
      true,
    );
    expect(minhas.lancamentos).toHaveLength(5);
    const soma = (ls: LancamentoView[]) => Math.round(ls.reduce((s, l) => s + l.valor * 100, 0)) / 100;
    expect(minhas.saldo).toBe(soma(minhas.lancamentos));
    expect(minhas.paga).toBe(soma(minhas.lancamentos.filter((l) => l.estado === 'paga')));
    expect(minhas.liberada).toBe(soma(minhas.lancamentos.filter((l) => l.estado === 'liberada')));
    expect(minhas.estornada).toBe(soma(minhas.lancamentos.filter((l) => l.estado === 'estornada')));
    for (const p of minhas.periodos) {
      expect(p.saldo).toBe(soma(minhas.lancamentos.filter((l) => l.periodo === p.periodo)));
    }
    // Prevista: 8 % (the franquia's rule today) of each parcela still open.
    const abertas = plano.slice(4);
    expect(minhas.prevista).toBe(
      fromCentavos(abertas.reduce((s, p) => s + comissaoPercentual(p.valorCentavos, 800), 0)),
    );
    // The family as the vendedor's screens show it: the student and the course, no contact, no CPF.
    expect(minhas.lancamentos[0]).toMatchObject({ aluno: 'Mariana Costa' });
    expect(JSON.stringify(minhas)).not.toMatch(/@|cpf/i);

    const micro = (await as(ctx.app, 'micro_franquia').get('/api/comissoes/minhas')).json<MinhasView>();
    expect(micro.lancamentos.map((l) => l.valor).sort()).toEqual([-50, 50]);
    expect(micro.saldo).toBe(0);
    // Another vendedor reads none of them.
    const [outro] = await db()
      .select({ email: users.email })
      .from(vendedores)
      .innerJoin(users, eq(users.id, vendedores.userId))
      .where(sql`${vendedores.id} <> ${vendedorId}`)
      .limit(1);
    if (outro) {
      const dele = (await as(ctx.app, { email: outro.email }).get('/api/comissoes/minhas')).json<MinhasView>();
      expect(dele.lancamentos).toEqual([]);
      expect(dele.saldo).toBe(0);
    }
  });
});

describe('a franquia allowed to close', () => {
  it('closes its own subtree only, once the network allows it; the network closing then leaves its lines out', async () => {
    const [sp] = await db().select().from(franquias).where(eq(franquias.id, franquiaSp));
    await db().execute(sql`update franqueadores set comissao_franquia_fecha = true where id = ${sp!.franqueadorId}`);
    const response = await as(ctx.app, 'franquia').post('/api/comissoes/fechamentos', { periodo: mes(2) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<FechamentoView>()).toMatchObject({ franquiaId: franquiaSp, periodo: mes(2) });
    const rede = await franqueador().post('/api/comissoes/fechamentos', { periodo: mes(2) });
    expect(rede.statusCode, rede.body).toBe(201);
    expect(rede.json<FechamentoView>()).toMatchObject({ franquiaId: null, lancamentos: 0, total: 0 });
    const mg = await as(ctx.app, { email: 'franquia.mg@demo.com.br' }).get('/api/comissoes/fechamentos');
    expect(mg.json<FechamentoView[]>().every((f) => f.franquiaId === null)).toBe(true);
    // The network's closing tells the franquia its month is closed, not the network's total (other franquias' money).
    expect(mg.json<FechamentoView[]>().every((f) => f.total === null && f.lancamentos === null)).toBe(true);
    const propria = await as(ctx.app, 'franquia').get('/api/comissoes/fechamentos');
    const doSp = propria.json<FechamentoView[]>().find((f) => f.franquiaId === franquiaSp);
    expect(doSp?.total).not.toBeNull();
    expect(propria.json<FechamentoView[]>().find((f) => f.franquiaId === null)).toMatchObject({ total: null });
  });
});

/**
 * Issue 44's bench: 'Minhas comissões' pages its lines (the statement's first page, then the older ones by cursor)
 * and the period's summary pages its beneficiaries; every total still sums every line, whatever the page.
 */
describe('a statement and a summary a page at a time', () => {
  /** The vendedor's lines as the ledger holds them, in the statement's order (newest month, newest line, id). */
  const linhasDoVendedor = async () =>
    await executeRows<{ id: string; valor_centavos: number }>(
      db(),
      sql`select id, valor_centavos from comissao_lancamentos
        where beneficiario = 'vendedor' and beneficiario_id = ${vendedorId}
        order by periodo desc, created_at desc, id desc`,
    );

  /** Every page of the vendedor's lines, following X-Next-Cursor from `inicio`. */
  async function paginas(inicio: string, pageSize: number) {
    const vistas: LancamentoView[][] = [];
    let cursor: string | undefined = inicio;
    while (cursor) {
      const r = await as(ctx.app, 'vendedor').get(
        `/api/comissoes/minhas/lancamentos?pageSize=${pageSize}&apos=${cursor}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      vistas.push(r.json<LancamentoView[]>());
      cursor = r.headers['x-next-cursor'] as string | undefined;
      expect(vistas.length).toBeLessThan(100);
    }
    return vistas;
  }

  it("gives 'Minhas comissões' its newest page and a cursor for the older lines; the totals sum every line", async () => {
    // 30 more lines for the vendedor, in this month (open), written at one moment: only the id orders them.
    const [modelo] = await executeRows<{ id: string }>(
      db(),
      sql`select id from comissao_lancamentos
        where beneficiario = 'vendedor' and beneficiario_id = ${vendedorId} and tipo = 'credito'
          and periodo = ${mes(0)} limit 1`,
    );
    expect(modelo).toBeDefined();
    await db().execute(sql`insert into comissao_lancamentos (franqueador_id, franquia_id, micro_franquia_id,
        vendedor_id, beneficiario, beneficiario_id, regra_id, regra_tipo, parcela_id, matricula_id, tipo,
        base_centavos, valor_centavos, periodo, ocorrido_em, ciclo)
      select franqueador_id, franquia_id, micro_franquia_id, vendedor_id, beneficiario, beneficiario_id, regra_id,
        regra_tipo, parcela_id, matricula_id, tipo, base_centavos, valor_centavos + g, periodo, ocorrido_em, 100 + g
      from comissao_lancamentos, generate_series(1, 30) g where id = ${modelo!.id}`);
    const todas = await linhasDoVendedor();
    expect(todas.length).toBeGreaterThan(MINHAS_PAGINA);
    const soma = todas.reduce((s, l) => s + Number(l.valor_centavos), 0);

    const resposta = await as(ctx.app, 'vendedor').get('/api/comissoes/minhas');
    expect(resposta.statusCode, resposta.body).toBe(200);
    const minhas = resposta.json<MinhasView>();
    expect(minhas.lancamentos.map((l) => l.id)).toEqual(todas.slice(0, MINHAS_PAGINA).map((l) => l.id));
    expect(minhas.proximo).not.toBeNull();
    expect(resposta.headers['x-next-cursor']).toBe(minhas.proximo);
    expect(minhas.totalLancamentos).toBe(todas.length);
    // The statement's totals are every line's, not the page's.
    expect(Math.round(minhas.saldo * 100)).toBe(soma);
    expect(Math.round(minhas.periodos.reduce((s, p) => s + p.saldo, 0) * 100)).toBe(soma);

    // The older lines by cursor, 7 at a time: each line once, in order, the last page without a cursor.
    const vistas = await paginas(minhas.proximo!, 7);
    expect(vistas.slice(0, -1).every((p) => p.length === 7)).toBe(true);
    expect([...minhas.lancamentos, ...vistas.flat()].map((l) => l.id)).toEqual(todas.map((l) => l.id));
    expect(vistas.flat().every((l) => l.beneficiario === 'vendedor' && l.beneficiarioId === vendedorId)).toBe(true);

    // By number too, with the total; and back from page 2 to page 1 by its cursor.
    const segunda = await as(ctx.app, 'vendedor').get('/api/comissoes/minhas/lancamentos?page=2&pageSize=10');
    expect(segunda.json<LancamentoView[]>().map((l) => l.id)).toEqual(todas.slice(10, 20).map((l) => l.id));
    expect(Number(segunda.headers['x-total-count'])).toBe(todas.length);
    const primeira = await as(ctx.app, 'vendedor').get(
      `/api/comissoes/minhas/lancamentos?pageSize=10&antes=${segunda.headers['x-prev-cursor'] as string}`,
    );
    expect(primeira.json<LancamentoView[]>().map((l) => l.id)).toEqual(todas.slice(0, 10).map((l) => l.id));
    expect(primeira.headers['x-prev-cursor']).toBeUndefined();

    // A month's lines alone.
    const doMes = await as(ctx.app, 'vendedor').get(`/api/comissoes/minhas/lancamentos?periodo=${mes(0)}&pageSize=500`);
    const linhasDoMes = doMes.json<LancamentoView[]>();
    expect(linhasDoMes.every((l) => l.periodo === mes(0))).toBe(true);
    expect(Number(doMes.headers['x-total-count'])).toBe(linhasDoMes.length);
    expect(Math.round(linhasDoMes.reduce((s, l) => s + l.valor * 100, 0))).toBe(
      Math.round(minhas.periodos.find((p) => p.periodo === mes(0))!.saldo * 100),
    );

    // The micro-franquia's cursor walks only its own lines; the franqueador has no 'Minhas comissões'.
    const micro = await as(ctx.app, 'micro_franquia').get(`/api/comissoes/minhas/lancamentos?apos=${minhas.proximo}`);
    expect(micro.statusCode).toBe(200);
    expect(micro.json<LancamentoView[]>().every((l) => l.beneficiarioId === microId)).toBe(true);
    expect((await franqueador().get('/api/comissoes/minhas/lancamentos')).statusCode).toBe(403);
  });

  it('answers 400 in Portuguese for a bad cursor or page, never 500', async () => {
    const minhas = (await as(ctx.app, 'vendedor').get('/api/comissoes/minhas')).json<MinhasView>();
    const cursor = decodeListCursor(minhas.proximo!)!;
    const ruins: [string, string][] = [
      ['nao-e-um-cursor', CURSOR_MESSAGES.invalido],
      ['e30', CURSOR_MESSAGES.invalido],
      [
        encodeListCursor({ ...cursor, chaves: [cursor.chaves[0]!, 'ontem', cursor.chaves[2]!] }),
        CURSOR_MESSAGES.invalido,
      ],
      [encodeListCursor({ ...cursor, chaves: [cursor.chaves[0]!, cursor.chaves[1]!, 'x'] }), CURSOR_MESSAGES.invalido],
      [encodeListCursor({ ...cursor, chaves: [null, cursor.chaves[1]!, cursor.chaves[2]!] }), CURSOR_MESSAGES.invalido],
      [encodeListCursor({ ...cursor, chaves: cursor.chaves.slice(1) }), CURSOR_MESSAGES.invalido],
      [encodeListCursor({ ...cursor, lista: 'leads' }), CURSOR_MESSAGES.outraLista],
      [encodeListCursor({ ...cursor, ordem: 'valor' }), CURSOR_MESSAGES.outraLista],
      ['x'.repeat(3000), CURSOR_MESSAGES.invalido],
    ];
    for (const [valor, mensagem] of ruins) {
      for (const param of ['apos', 'antes']) {
        const r = await as(ctx.app, 'vendedor').get(
          `/api/comissoes/minhas/lancamentos?${param}=${encodeURIComponent(valor)}`,
        );
        expect(r.statusCode, `${param}=${valor}`).toBe(400);
        expect(r.json().message, `${param}=${valor}`).toBe(mensagem);
      }
    }
    const dois = await as(ctx.app, 'vendedor').get(
      `/api/comissoes/minhas/lancamentos?apos=${minhas.proximo}&antes=${minhas.proximo}`,
    );
    expect(dois.json().message).toBe(CURSOR_MESSAGES.dois);
    const pagina = await as(ctx.app, 'vendedor').get('/api/comissoes/minhas/lancamentos?pageSize=0&periodo=2026-3');
    expect(pagina.statusCode).toBe(400);
    expect(pagina.json().errors).toMatchObject({
      pageSize: LIST_MESSAGES.pageSize,
      periodo: LANCAMENTO_MESSAGES.periodo,
    });
    const resumo = await franqueador().get(`/api/comissoes/resumo?periodo=${mes(0)}&page=0&pageSize=501`);
    expect(resumo.statusCode).toBe(400);
    expect(resumo.json().errors).toMatchObject({ page: LIST_MESSAGES.page, pageSize: LIST_MESSAGES.pageSize });
  });

  it("pages the period's beneficiaries, largest total first; the period's totals are every beneficiary's on every page", async () => {
    const completo = (
      await franqueador().get(`/api/comissoes/resumo?periodo=${mes(0)}&pageSize=500`)
    ).json<ResumoView>();
    expect(completo.total).toBeGreaterThan(1);
    expect(completo.itens).toHaveLength(completo.total);
    const linhas = await executeRows<{ n: number }>(
      db(),
      sql`select sum(valor_centavos)::int as n from comissao_lancamentos where periodo = ${mes(0)}
        and franqueador_id = (select franqueador_id from franquias where id = ${franquiaSp})`,
    );
    const soma = Number(linhas[0]!.n);
    const vistos: ResumoView['itens'] = [];
    for (let page = 1; page <= completo.total + 1; page++) {
      const r = await franqueador().get(`/api/comissoes/resumo?periodo=${mes(0)}&page=${page}&pageSize=1`);
      expect(r.statusCode, r.body).toBe(200);
      const resumo = r.json<ResumoView>();
      expect(Number(r.headers['x-total-count'])).toBe(completo.total);
      expect(resumo).toMatchObject({ total: completo.total, page, pageSize: 1 });
      expect(Math.round(resumo.saldo * 100), `page ${page}`).toBe(soma);
      expect(resumo.liberada + resumo.fechada + resumo.paga + resumo.estornada).toBeCloseTo(resumo.saldo, 2);
      // Past the last page: no beneficiary, the same totals.
      expect(resumo.itens).toHaveLength(page <= completo.total ? 1 : 0);
      vistos.push(...resumo.itens);
    }
    expect(vistos).toEqual(completo.itens);
    expect(Math.round(vistos.reduce((s, i) => s + i.saldo * 100, 0))).toBe(soma);
    const saldos = vistos.map((i) => i.saldo);
    expect(saldos).toEqual([...saldos].sort((a, b) => b - a));
    expect(vistos.every((i) => i.nome)).toBe(true);
  });
});
