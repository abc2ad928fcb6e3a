import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SQL, asc, eq, sql } from 'drizzle-orm';
import type { TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { appComAsaasFalso, familias } from '../../../../tests/support/cobranca-familia';
import type { FakeAsaasServer, FaseDoChargeback } from '../../../../tests/support/fake-asaas-server';
import { parcelas } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { STAFF_ROLES, type Role } from '../../../shared/roles';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import type { MetasView } from '../../../shared/schemas/metas';

/**
 * Issue 48, against the fake Asaas: the goals of stage `parcelas_pagas` read the parcelas paid per node and month
 * (migration 0066, kept by a trigger on parcelas), and what they answer must be what the parcelas themselves sum --
 * the caller's and each child's, in centavos, for every staff role -- after payments on several days and months, a
 * baixa at the school, a refund, and chargebacks won and lost. The kept rows must equal a recount per node and month,
 * and the rebuild must count the same.
 */

const WEBHOOK_TOKEN = 'token-do-webhook-das-metas-pagas-0123';
let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
const plano: (typeof parcelas.$inferSelect)[] = [];
const { novaFamilia, aceitar } = familias(() => ctx);
const rows = <T>(query: SQL) => queryRows<T>(ctx.handle.db, query);
const hoje = () => todayInBrasilia(ctx.clock.now());
/** The first day of the month before this one. */
const mesPassado = () => addDays(`${hoje().slice(0, 7)}-01`, -1).slice(0, 7);

beforeAll(async () => {
  ({ ctx, fake, webhookUrl } = await appComAsaasFalso(WEBHOOK_TOKEN));
  for (let i = 0; i < 2; i++) {
    const f = await novaFamilia();
    await aceitar(f);
    await ctx.app.background.drain();
    plano.push(
      ...(await ctx.handle.db
        .select()
        .from(parcelas)
        .where(eq(parcelas.matriculaId, f.matriculaId))
        .orderBy(asc(parcelas.numero))),
    );
  }
  expect(plano.length).toBeGreaterThanOrEqual(6);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function pagar(p: { gatewayId: string }, dia: string) {
  const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', fake.pay(p.gatewayId, dia));
  expect(sent.status, sent.body).toBe(200);
}

async function chargeback(p: { gatewayId: string }, fase: FaseDoChargeback) {
  const { event, payment } = fake.chargeback(p.gatewayId, fase);
  const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, event, payment);
  expect(sent.status, sent.body).toBe(200);
}

const statusDe = async (p: { id: string }) =>
  (await ctx.handle.db.select({ status: parcelas.status }).from(parcelas).where(eq(parcelas.id, p.id)))[0]!.status;

/** The caller's node of the tree: its scope column on parcelas and its id, and its children's column. */
function noDo(role: Role): { column: string; id: SQL; filho: string } {
  const user = sql`(select * from users where email = ${DEMO_ACCOUNTS[role]})`;
  switch (role) {
    case 'franqueador':
      return { column: 'franqueador_id', id: sql`(select franqueador_id from ${user} u)`, filho: 'franquia_id' };
    case 'franquia':
      return { column: 'franquia_id', id: sql`(select franquia_id from ${user} u)`, filho: 'micro_franquia_id' };
    case 'micro_franquia':
      return {
        column: 'micro_franquia_id',
        id: sql`(select micro_franquia_id from ${user} u)`,
        filho: 'coalesce(vendedor_id, cliente_id)',
      };
    case 'vendedor':
      return {
        column: 'vendedor_id',
        id: sql`(select v.id from vendedores v where v.user_id = (select id from ${user} u))`,
        filho: 'cliente_id',
      };
    default:
      return { column: 'cliente_id', id: sql`(select cliente_id from ${user} u)`, filho: 'cliente_id' };
  }
}

/** What the parcelas paid in the month sum, straight from the parcelas: the caller's node and each child. */
async function somadoDasParcelas(role: Role, mes: string) {
  const no = noDo(role);
  const found = await rows<{ id: string | null; n: string }>(sql`select ${sql.raw(no.filho)}::text as id,
      sum(valor_centavos)::bigint as n
    from parcelas where ${sql.raw(no.column)} = ${no.id} and status = 'paga'
      and paga_em >= ${`${mes}-01`}::date and paga_em < (${`${mes}-01`}::date + interval '1 month')
    group by 1`);
  const porFilho = Object.fromEntries(found.map((r) => [r.id, Number(r.n)]));
  return { total: found.reduce((s, r) => s + Number(r.n), 0), porFilho };
}

/** The kept sums per node and month, without the stripes and the emptied rows. */
const kept = () =>
  rows<Record<string, unknown>>(sql`select nivel, franqueador_id, franquia_id, micro_franquia_id, vendedor_id,
      cliente_id, mes::text as mes, sum(valor_centavos)::bigint::text as v, sum(parcelas)::int as n
    from parcelas_pagas_mes group by 1, 2, 3, 4, 5, 6, 7
    having sum(valor_centavos) <> 0 or sum(parcelas) <> 0 order by 1, 2, 3, 4, 5, 6, 7`);

/** The same counted from the paid parcelas, under every prefix of each one's own scope path. */
const recounted = () =>
  rows<Record<string, unknown>>(sql`select n.n::smallint as nivel, p.franqueador_id,
      case when n.n >= 1 then p.franquia_id end as franquia_id,
      case when n.n >= 2 then p.micro_franquia_id end as micro_franquia_id,
      case when n.n >= 3 then p.vendedor_id end as vendedor_id,
      case when n.n >= 4 then p.cliente_id end as cliente_id,
      date_trunc('month', p.paga_em)::date::text as mes, sum(p.valor_centavos)::bigint::text as v, count(*)::int as n
    from parcelas p cross join generate_series(0, 4) as n(n) where p.status = 'paga'
    group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`);

/** Every staff role's goals of paid parcelas, this month and the last, against the parcelas; the sums against a recount. */
async function expectAchievedEqualsTheParcelas() {
  for (const mes of [hoje().slice(0, 7), mesPassado()]) {
    for (const role of STAFF_ROLES) {
      const response = await as(ctx.app, role).get(`/api/metas?mes=${mes}&etapa=parcelas_pagas`);
      expect(response.statusCode, response.body).toBe(200);
      const view = response.json<MetasView>();
      const esperado = await somadoDasParcelas(role, mes);
      expect(view.no.realizado, `${role} ${mes}`).toBe(esperado.total);
      for (const filho of view.filhos) {
        expect(filho.realizado, `${role} ${mes}: ${filho.nome}`).toBe(esperado.porFilho[filho.alvoId] ?? 0);
      }
    }
  }
  const sums = await kept();
  expect(sums).toEqual(await recounted());
  await ctx.handle.db.execute(sql`select ledger_somas_rebuild()`);
  expect(await kept()).toEqual(sums);
}

describe("goals of paid parcelas (issue 48) read the month's sums per node", () => {
  it('equal the paid parcelas summed row by row after payments, a baixa, a refund and chargebacks', async () => {
    await expectAchievedEqualsTheParcelas();
    const [a, b, c, d, e] = plano;
    // Payments this month and last month, one of them the family's second parcela.
    await pagar(a!, hoje());
    await pagar(b!, `${mesPassado()}-20`);
    await pagar(c!, hoje());
    await pagar(d!, `${mesPassado()}-03`);
    expect(await statusDe(b!)).toBe('paga');
    await expectAchievedEqualsTheParcelas();
    const [soma] = await rows<{ n: string }>(sql`select sum(valor_centavos)::bigint::text as n from parcelas_pagas_mes
      where nivel = 0 and mes = ${`${hoje().slice(0, 7)}-01`}::date`);
    expect(Number(soma!.n)).toBeGreaterThanOrEqual(a!.valorCentavos + c!.valorCentavos);

    // Paid at the school.
    const baixa = await as(ctx.app, 'franquia').post(`/api/parcelas/${e!.id}/baixa`, {
      observacao: 'Pago em dinheiro na secretaria',
    });
    expect(baixa.statusCode, baixa.body).toBe(200);
    await expectAchievedEqualsTheParcelas();

    // A refund of last month's payment.
    const refunded = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_REFUNDED', {
      ...fake.payments.get(b!.gatewayId)!,
      status: 'REFUNDED',
    });
    expect(refunded.status, refunded.body).toBe(200);
    expect(await statusDe(b!)).toBe('estornada');
    await expectAchievedEqualsTheParcelas();

    // A chargeback disputed and won (the money back: paid again), and one lost.
    await chargeback(a!, 'requested');
    expect(await statusDe(a!)).toBe('estornada');
    await expectAchievedEqualsTheParcelas();
    await chargeback(a!, 'dispute');
    await chargeback(a!, 'won');
    await chargeback(a!, 'reversed');
    expect(await statusDe(a!)).toBe('paga');
    await expectAchievedEqualsTheParcelas();
    await chargeback(c!, 'requested');
    await chargeback(c!, 'lost');
    expect(await statusDe(c!)).toBe('estornada');
    await expectAchievedEqualsTheParcelas();
  }, 240_000);

  it('read the kept sums: a drifted sum shows in the goals, and the rebuild mends it', async () => {
    const mes = hoje().slice(0, 7);
    const realizado = async () =>
      (await as(ctx.app, 'franqueador').get(`/api/metas?mes=${mes}&etapa=parcelas_pagas`)).json<MetasView>().no
        .realizado;
    const antes = await realizado();
    await ctx.handle.db.execute(sql`update parcelas_pagas_mes set valor_centavos = valor_centavos + 1 where ctid =
      (select ctid from parcelas_pagas_mes where nivel = 1 and mes = ${`${mes}-01`}::date limit 1)`);
    expect(await realizado()).toBe(antes + 1);
    await ctx.handle.db.execute(sql`select ledger_somas_rebuild()`);
    expect(await realizado()).toBe(antes);
  });
});
