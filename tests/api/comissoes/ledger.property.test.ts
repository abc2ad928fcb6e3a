import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import {
  comissaoLancamentos,
  comissaoRegras,
  comissaoSomas,
  matriculas,
  parcelas,
  parcelasAbertasPorBeneficiario,
  users,
  vendedores,
} from '../../../src/server/db/schema';
import { executeRows } from '../../../src/server/db/connect';
import { parcelasAbertasDe } from '../../../src/server/modules/contagens';
import { previstasPorGrupo } from '../../../src/server/modules/comissoes/lancamentos.repository';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { encerrarCobrancaDaMatricula } from '../../../src/server/modules/cobranca';
import { gravarParcela } from '../../../src/server/modules/cobranca/cobranca.repository';
import { aplicarEventoNa } from '../../../src/server/modules/cobranca/webhook.service';
import { todayInBrasilia } from '../../../src/shared/brasilia';
import type { FechamentoView, LancamentoView, MinhasView, ResumoView } from '../../../src/shared/schemas/comissao';

/**
 * Issue 44 (ADR 082, 093), the ledger's property: over random sequences of payments (at the gateway, late ones
 * included, and at the school), refunds, chargebacks and disputes won, withdrawals, rule changes and closings, run on
 * the real code and database --
 *   - every statement (the vendedor's and micro-franquia's 'Minhas comissões', the period's totals) is the sum of
 *     its lines, by state and by month;
 *   - the sums the lines' trigger keeps (`comissao_somas`, ADR 097), which the statements read, are their lines',
 *     group by group, summed over the stripes;
 *   - a closed month never changes: its lines' count and sum stay what they were when it closed;
 *   - a reversal cancels its credit exactly: a refunded parcela's lines sum to zero per beneficiary, each credit and
 *     each reversal written once per round (a dispute won credits the same centavos again, as a new round);
 *   - the open mensalidades the triggers count per beneficiary (`parcelas_abertas_por_beneficiario`, which the
 *     prevista reads) are the parcelas' own, group by group -- through new plans, payments, refunds, withdrawals and
 *     the lead handed from one vendedor to another or to none --, and each vendedor's and micro-franquia's groups
 *     equal those read from the rows (`previstasPorGrupo`): the prevista from the counters is the prevista from rows.
 */

let ctx: TestContext;
let mariana: typeof matriculas.$inferSelect;
let regraDaFranquia: string;
let numero = 100;
let evento = 0;
let periodosFechados = 0;
let responsaveis: (string | null)[] = [];
let trocasDeResponsavel = 0;
const fechados = new Map<string, { n: number; total: number }>();

function mes(n: number): string {
  const [ano, m] = todayInBrasilia().split('-').map(Number) as [number, number];
  const total = ano * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

const db = () => ctx.handle.db;

async function aplicar(gatewayId: string, tipo: string, dia: string) {
  await db().transaction((tx) =>
    aplicarEventoNa(
      tx,
      'simulado',
      { id: `evt_prop_${++evento}`, event: tipo, payment: { id: gatewayId, paymentDate: dia } },
      ctx.clock.now(),
    ),
  );
}

async function somaDoPeriodo(periodo: string) {
  const [row] = await db()
    .select({
      n: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${comissaoLancamentos.valorCentavos}), 0)::int`,
    })
    .from(comissaoLancamentos)
    .where(eq(comissaoLancamentos.periodo, periodo));
  return { n: Number(row!.n), total: Number(row!.total) };
}

const centavos = (v: number) => Math.round(v * 100);
const soma = (ls: { valor: number }[]) => ls.reduce((s, l) => s + centavos(l.valor), 0);

/** The ledger's kept sums and its lines' own, each group as `key=value centavos/lines`, sorted. */
async function somasELinhas() {
  const cs = comissaoSomas;
  const l = comissaoLancamentos;
  const texto = (r: { chave: string; valor: number; linhas: number }) =>
    `${r.chave}=${Number(r.valor)}/${Number(r.linhas)}`;
  const chave = (t: typeof cs | typeof l, estorno: ReturnType<typeof sql>) =>
    sql<string>`concat_ws(':', ${t.franqueadorId}, ${t.franquiaId}, ${t.periodo}, ${t.beneficiario}, ${t.beneficiarioId}, ${estorno})`;
  const kept = await db()
    .select({
      chave: chave(cs, sql`${cs.estorno}`),
      valor: sql<number>`sum(${cs.valorCentavos})::bigint`,
      linhas: sql<number>`sum(${cs.linhas})::int`,
    })
    .from(cs)
    .groupBy(sql`1`);
  const recount = await db()
    .select({
      chave: chave(l, sql`${l.tipo} = 'estorno'`),
      valor: sql<number>`sum(${l.valorCentavos})::bigint`,
      linhas: sql<number>`count(*)::int`,
    })
    .from(l)
    .groupBy(sql`1`);
  return { kept: kept.map(texto).sort(), recount: recount.map(texto).sort() };
}

/** The open mensalidades the triggers count and a recount from the rows, each group as `key=parcelas`, sorted. */
async function abertasContadasERecontadas() {
  const t = parcelasAbertasPorBeneficiario;
  const kept = await executeRows<{ chave: string; n: number }>(
    db(),
    sql`select concat_ws(':', ${t.beneficiario}, ${t.beneficiarioId}, ${t.franqueadorId}, ${t.franquiaId},
        ${t.cursoId}, ${t.valorCentavos}) as chave, sum(${t.parcelas})::int as n
      from ${t} group by 1 having sum(${t.parcelas}) <> 0`,
  );
  // By definition: the lead's responsável, else the event's vendedor; and the event's micro-franquia.
  const recount = await executeRows<{ chave: string; n: number }>(
    db(),
    sql`select concat_ws(':', b.beneficiario, b.id, p.franqueador_id, p.franquia_id, p.curso_id, p.valor_centavos)
        as chave, count(*)::int as n
      from parcelas p join matriculas m on m.id = p.matricula_id
        cross join lateral (values ('vendedor',
          coalesce((select responsavel_id from leads where leads.id = m.lead_id), p.vendedor_id)),
          ('micro_franquia', p.micro_franquia_id)) b(beneficiario, id)
      where p.status in ('aberta', 'vencida') and p.tipo = 'mensalidade' and b.id is not null
      group by 1`,
  );
  const texto = (r: { chave: string; n: number }) => `${r.chave}=${Number(r.n)}`;
  return { kept: kept.map(texto).sort(), recount: recount.map(texto).sort() };
}

/** Each vendedor's and micro-franquia's groups as the prevista reads them: from the counters, and from the rows. */
async function previstasDosBeneficiarios() {
  const quem = await executeRows<{ beneficiario: 'vendedor' | 'micro_franquia'; id: string }>(
    db(),
    sql`select 'vendedor' as beneficiario, id from vendedores
      union all select 'micro_franquia', id from micro_franquias`,
  );
  const texto = (g: {
    franqueadorId: string | null;
    franquiaId: string | null;
    cursoId: string | null;
    valorCentavos: number;
    parcelas: number;
  }) => `${g.franqueadorId}:${g.franquiaId}:${g.cursoId}:${Number(g.valorCentavos)}=${Number(g.parcelas)}`;
  const contadas: string[] = [];
  const lidas: string[] = [];
  for (const q of quem) {
    contadas.push(...(await parcelasAbertasDe(db(), q.beneficiario, q.id)).map((g) => `${q.id}:${texto(g)}`));
    lidas.push(...(await previstasPorGrupo(db(), q.beneficiario, q.id)).map((g) => `${q.id}:${texto(g)}`));
  }
  return { contadas: contadas.sort(), lidas: lidas.sort() };
}

/**
 * Every statement equals its lines; the kept sums are the lines'; closed months are as they closed; reversals
 * cancel exactly.
 */
async function invariantes() {
  const { kept, recount } = await somasELinhas();
  expect(kept, 'comissao_somas = its lines, group by group').toEqual(recount);
  const abertas = await abertasContadasERecontadas();
  expect(abertas.kept, 'parcelas_abertas_por_beneficiario = the open parcelas, group by group').toEqual(
    abertas.recount,
  );
  const previstas = await previstasDosBeneficiarios();
  expect(previstas.contadas, "the prevista's groups: the counters' = the rows'").toEqual(previstas.lidas);
  for (const role of ['vendedor', 'micro_franquia'] as const) {
    const minhas = (await as(ctx.app, role).get('/api/comissoes/minhas')).json<MinhasView>();
    // Its lines: the statement's first page, then every older page by cursor (3 at a time: many pages).
    const linhas = [...minhas.lancamentos];
    for (let cursor = minhas.proximo; cursor;) {
      const pagina = await as(ctx.app, role).get(`/api/comissoes/minhas/lancamentos?pageSize=3&apos=${cursor}`);
      linhas.push(...pagina.json<LancamentoView[]>());
      cursor = (pagina.headers['x-next-cursor'] as string | undefined) ?? null;
    }
    expect(new Set(linhas.map((l) => l.id)).size, `${role} each line once`).toBe(linhas.length);
    expect(minhas.totalLancamentos, `${role} lines`).toBe(linhas.length);
    expect(centavos(minhas.saldo)).toBe(soma(linhas));
    for (const estado of ['liberada', 'fechada', 'paga', 'estornada'] as const) {
      expect(centavos(minhas[estado]), `${role} ${estado}`).toBe(soma(linhas.filter((l) => l.estado === estado)));
    }
    for (const p of minhas.periodos)
      expect(centavos(p.saldo)).toBe(soma(linhas.filter((l) => l.periodo === p.periodo)));
  }
  // The list's state filter (the closings read once, as sets) answers exactly the lines whose own state it names.
  for (const role of ['franqueador', 'franquia'] as const) {
    const lista = async (filtro: string) => {
      const r = await as(ctx.app, role).get(`/api/comissoes/lancamentos?pageSize=500${filtro}`);
      return { linhas: r.json<LancamentoView[]>(), total: Number(r.headers['x-total-count']) };
    };
    const todas = await lista('');
    expect(todas.total, `${role} total`).toBe(todas.linhas.length);
    for (const estado of ['liberada', 'fechada', 'paga', 'estornada'] as const) {
      const doEstado = todas.linhas.filter((l) => l.estado === estado).map((l) => l.id);
      const filtradas = await lista(`&estado=${estado}`);
      expect(filtradas.linhas.map((l) => l.id).sort(), `${role} estado=${estado}`).toEqual(doEstado.sort());
      // Its total, read from the ledger's sums, is the same count.
      expect(filtradas.total, `${role} estado=${estado} total`).toBe(doEstado.length);
    }
  }
  for (const [periodo, antes] of fechados) {
    expect(await somaDoPeriodo(periodo), `closed ${periodo}`).toEqual(antes);
    // The summary a beneficiary at a time: every page's totals are the month's, its pages' items sum to them.
    const itens: ResumoView['itens'] = [];
    for (let page = 1, total = 1; page <= total; page++) {
      const resumo = (
        await as(ctx.app, 'franqueador').get(`/api/comissoes/resumo?periodo=${periodo}&page=${page}&pageSize=1`)
      ).json<ResumoView>();
      expect(centavos(resumo.saldo), `${periodo} page ${page}`).toBe(antes.total);
      itens.push(...resumo.itens);
      total = resumo.total;
    }
    expect(itens.reduce((s, i) => s + centavos(i.saldo), 0)).toBe(antes.total);
  }
  const porRodada = await db()
    .select({
      parcelaId: comissaoLancamentos.parcelaId,
      beneficiario: comissaoLancamentos.beneficiario,
      ciclo: comissaoLancamentos.ciclo,
      status: parcelas.status,
      creditos: sql<number>`count(*) filter (where ${comissaoLancamentos.tipo} = 'credito')::int`,
      estornos: sql<number>`count(*) filter (where ${comissaoLancamentos.tipo} = 'estorno')::int`,
      credito: sql<number>`coalesce(max(${comissaoLancamentos.valorCentavos}), 0)::int`,
      total: sql<number>`sum(${comissaoLancamentos.valorCentavos})::int`,
    })
    .from(comissaoLancamentos)
    .innerJoin(parcelas, eq(parcelas.id, comissaoLancamentos.parcelaId))
    .groupBy(
      comissaoLancamentos.parcelaId,
      comissaoLancamentos.beneficiario,
      comissaoLancamentos.ciclo,
      parcelas.status,
    )
    .orderBy(comissaoLancamentos.parcelaId, comissaoLancamentos.beneficiario, comissaoLancamentos.ciclo);
  // ADR 093: a parcela's rounds (its payment, each dispute won after a chargeback) per beneficiary -- one credit
  // each, of the same centavos; every round but the last reversed once; the last reversed iff the parcela is.
  const rodadas = new Map<string, typeof porRodada>();
  for (const r of porRodada) {
    const chave = `${r.parcelaId}:${r.beneficiario}`;
    rodadas.set(chave, [...(rodadas.get(chave) ?? []), r]);
  }
  for (const [chave, rs] of rodadas) {
    rs.forEach((r, k) => {
      expect(Number(r.ciclo), chave).toBe(k);
      expect(Number(r.creditos), chave).toBe(1);
      expect(Number(r.credito), chave).toBe(Number(rs[0]!.credito));
      const ultima = k === rs.length - 1;
      const estornada = !ultima || r.status === 'estornada';
      expect(Number(r.estornos), chave).toBe(estornada ? 1 : 0);
      expect(Number(r.total), chave).toBe(estornada ? 0 : Number(r.credito));
    });
    expect(Number(rs[0]!.credito)).toBeGreaterThan(0);
  }
}

type Passo =
  | { tipo: 'pagar'; i: number; mes: number; dia: number }
  | { tipo: 'baixa'; i: number }
  | { tipo: 'estornar'; i: number }
  | { tipo: 'chargeback'; i: number; evento: string; ganha: string | null }
  | { tipo: 'disputaGanha'; i: number; evento: string }
  | { tipo: 'desistir' }
  | { tipo: 'regra'; percentual: number }
  | { tipo: 'fechar'; mes: number }
  | { tipo: 'responsavel'; k: number };

const PARCELAS_POR_CASO = 4;
const passo: fc.Arbitrary<Passo> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      tipo: fc.constant('pagar' as const),
      i: fc.nat(PARCELAS_POR_CASO - 1),
      mes: fc.integer({ min: 0, max: 5 }),
      dia: fc.integer({ min: 1, max: 28 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ tipo: fc.constant('baixa' as const), i: fc.nat(PARCELAS_POR_CASO - 1) }) },
  { weight: 2, arbitrary: fc.record({ tipo: fc.constant('estornar' as const), i: fc.nat(PARCELAS_POR_CASO - 1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      tipo: fc.constant('chargeback' as const),
      i: fc.nat(PARCELAS_POR_CASO - 1),
      evento: fc.constantFrom('PAYMENT_CHARGEBACK_REQUESTED', 'PAYMENT_CHARGEBACK_DISPUTE'),
      // Its dispute won right after, half the time (a later step may win it too).
      ganha: fc.option(fc.constantFrom('PAYMENT_AWAITING_CHARGEBACK_REVERSAL', 'PAYMENT_RECEIVED'), { freq: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      tipo: fc.constant('disputaGanha' as const),
      i: fc.nat(PARCELAS_POR_CASO - 1),
      evento: fc.constantFrom('PAYMENT_AWAITING_CHARGEBACK_REVERSAL', 'PAYMENT_RECEIVED'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ tipo: fc.constant('desistir' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ tipo: fc.constant('regra' as const), percentual: fc.integer({ min: 1, max: 2000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ tipo: fc.constant('fechar' as const), mes: fc.integer({ min: 1, max: 5 }) }) },
  // The family's lead handed to the demo vendedor, to another, or to no one (the event's vendedor then).
  { weight: 1, arbitrary: fc.record({ tipo: fc.constant('responsavel' as const), k: fc.nat(2) }) },
);

/** The i-th (cyclically) of the case's parcelas that `cabe`, else the i-th of them all. */
async function escolher(
  caso: { id: string; gatewayId: string }[],
  i: number,
  cabe: (r: typeof parcelas.$inferSelect) => boolean,
) {
  const rows = await db()
    .select()
    .from(parcelas)
    .where(
      inArray(
        parcelas.id,
        caso.map((c) => c.id),
      ),
    )
    .orderBy(asc(parcelas.numero));
  const cabem = rows.filter(cabe);
  const r = cabem.length > 0 ? cabem[i % cabem.length]! : rows[i]!;
  return { id: r.id, gatewayId: r.gatewayId };
}

async function executar(p: Passo, caso: { id: string; gatewayId: string }[]) {
  switch (p.tipo) {
    case 'pagar':
      return aplicar(caso[p.i]!.gatewayId, 'PAYMENT_RECEIVED', `${mes(p.mes)}-${String(p.dia).padStart(2, '0')}`);
    case 'baixa':
      // 200 when open, 409 when paid or refunded already: either way the ledger must hold.
      await as(ctx.app, 'franqueador').post(`/api/parcelas/${caso[p.i]!.id}/baixa`, { observacao: 'Na escola.' });
      return;
    case 'estornar':
      return aplicar(caso[p.i]!.gatewayId, 'PAYMENT_REFUNDED', todayInBrasilia());
    // ADR 093: the card's bank takes a payment back (requested, or first heard of as a dispute), and gives it back.
    case 'chargeback': {
      // A chargeback hits a payment made at the gateway: the i-th such of the case (any parcela when none is).
      const alvo = await escolher(caso, p.i, (r) => r.status === 'paga' && !r.baixaEm);
      await aplicar(alvo.gatewayId, p.evento, todayInBrasilia());
      if (!p.ganha) return;
      await invariantes();
      return aplicar(alvo.gatewayId, p.ganha, todayInBrasilia());
    }
    case 'disputaGanha': {
      const alvo = await escolher(caso, p.i, (r) => r.chargebackEm !== null);
      return aplicar(alvo.gatewayId, p.evento, todayInBrasilia());
    }
    case 'desistir':
      // A withdrawal refunds what was paid at the school in its own transaction (ADR 076).
      await db().transaction((tx) => encerrarCobrancaDaMatricula(tx, mariana.id, 'desistencia', ctx.clock.now()));
      return;
    case 'regra': {
      const response = await as(ctx.app, 'franqueador').patch(`/api/comissoes/regras/${regraDaFranquia}`, {
        percentual: p.percentual / 100,
      });
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
    case 'responsavel': {
      const responsavelId = responsaveis[p.k % responsaveis.length] ?? null;
      const response = await as(ctx.app, 'franqueador').patch(`/api/leads/${mariana.leadId}`, { responsavelId });
      expect(response.statusCode, response.body).toBe(200);
      trocasDeResponsavel += 1;
      return;
    }
    case 'fechar': {
      const periodo = mes(p.mes);
      const antes = await somaDoPeriodo(periodo);
      const response = await as(ctx.app, 'franqueador').post('/api/comissoes/fechamentos', { periodo });
      if (response.statusCode === 201) {
        const f = response.json<FechamentoView>();
        expect([f.lancamentos, centavos(f.total ?? Number.NaN)]).toEqual([antes.n, antes.total]);
        fechados.set(periodo, antes);
        periodosFechados += 1;
      } else expect(response.statusCode).toBe(409);
      return;
    }
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [dela] = await db().select().from(matriculas).where(eq(matriculas.email, DEMO_ACCOUNTS.aluno));
  mariana = dela!;
  // A second vendedor of the same micro-franquia, to hand the family's lead to.
  const [u] = await db()
    .insert(users)
    .values({
      email: 'outro.vendedor.ledger@demo.com.br',
      password: 'x',
      role: 'vendedor',
      nome: 'Outro Vendedor',
      microFranquiaId: mariana.microFranquiaId,
    })
    .returning({ id: users.id });
  const [v] = await db()
    .insert(vendedores)
    .values({ microFranquiaId: mariana.microFranquiaId!, userId: u!.id })
    .returning({ id: vendedores.id });
  responsaveis = [mariana.vendedorId, v!.id, null];
  await db()
    .update(comissaoRegras)
    .set({ inicio: `${mes(12)}-01` });
  for (const body of [
    { beneficiario: 'micro_franquia', tipo: 'fixo', valor: 25, inicio: `${mes(12)}-01` },
    {
      beneficiario: 'vendedor',
      tipo: 'percentual',
      percentual: 7.5,
      franquiaId: mariana.franquiaId,
      inicio: `${mes(3)}-01`,
    },
  ]) {
    const response = await as(ctx.app, 'franqueador').post('/api/comissoes/regras', body);
    expect(response.statusCode, response.body).toBe(201);
    regraDaFranquia = response.json<{ id: string }>().id;
  }
});
afterAll(() => ctx.close());

describe('the commission ledger, over random sequences of billing events', () => {
  it('keeps every statement equal to its lines, closed months unchanged and reversals exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(passo, { minLength: 1, maxLength: 10 }), async (passos) => {
        const caso: { id: string; gatewayId: string }[] = [];
        for (let k = 0; k < PARCELAS_POR_CASO; k++) {
          const n = ++numero;
          const gatewayId = `pay_sim_prop_${n}`;
          await gravarParcela(
            db(),
            {
              matriculaId: mariana.id,
              numero: n,
              valorCentavos: 5000 + ((n * 7919) % 20000),
              vencimento: `${mes(0)}-28`,
              provedor: 'simulado',
              gatewayId,
              invoiceUrl: null,
              bankSlipUrl: null,
              pixCopiaECola: null,
            },
            ctx.clock.now(),
          );
          const [row] = await db()
            .select({ id: parcelas.id })
            .from(parcelas)
            .where(and(eq(parcelas.provedor, 'simulado'), eq(parcelas.gatewayId, gatewayId)));
          caso.push({ id: row!.id, gatewayId });
        }
        for (const p of passos) {
          await executar(p, caso);
          await invariantes();
        }
      }),
      { numRuns: Number(process.env.COMISSOES_PROPERTY_RUNS ?? 12), seed: Number(process.env.FUZZ_SEED ?? 44) },
    );
    // The sequences did what they claim: lines written, reversed, and months closed.
    const tipos = await db()
      .select({ tipo: comissaoLancamentos.tipo, n: sql<number>`count(*)::int` })
      .from(comissaoLancamentos)
      .groupBy(comissaoLancamentos.tipo);
    expect(tipos.map((t) => t.tipo).sort()).toEqual(['credito', 'estorno']);
    expect(periodosFechados).toBeGreaterThan(0);
    expect(trocasDeResponsavel).toBeGreaterThan(0);
    // Chargebacks reversed lines and disputes won wrote them again.
    const [rodadas] = await db()
      .select({ n: sql<number>`count(*) filter (where ${comissaoLancamentos.ciclo} > 0)::int` })
      .from(comissaoLancamentos);
    expect(Number(rodadas!.n)).toBeGreaterThan(0);
    const lista = (await as(ctx.app, 'franqueador').get('/api/comissoes/lancamentos?pageSize=1')).json<
      LancamentoView[]
    >();
    expect(lista).toHaveLength(1);
  }, 600_000);
});
