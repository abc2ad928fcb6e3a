import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SQL, asc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { connectPostgres } from '../../src/server/db/postgres';
import {
  comissaoFechamentos,
  comissaoLancamentos,
  comissaoRegras,
  matriculas,
  parcelas,
  royaltyAcordos,
  royaltyFechamentos,
  royaltyLancamentos,
} from '../../src/server/db/schema';
import { lancarComissoes } from '../../src/server/modules/comissoes';
import { lancarRoyalties } from '../../src/server/modules/royalties';
import { todayInBrasilia } from '../../src/shared/brasilia';
import { periodoDe } from '../../src/shared/comissoes/lancamentos';
import type { TestContext } from '../setup/test-app';
import { as } from '../support/inject-as';
import { appComAsaasFalso, familias } from '../support/cobranca-familia';
import type { FakeAsaasServer } from '../support/fake-asaas-server';

/**
 * Issues 44 and 45 (ADR 082, 089): a month's closing and a payment of that month, at the same moment. The closing
 * holds its network's (or franquia's) row until it commits; the payment's ledger write waits for that row, then reads
 * the closed months in a later statement -- so its line lands in the next open month, never in the month just
 * frozen. Two connections to one PostgreSQL (PGlite has one): included when TEST_DATABASE_URL is set.
 */

let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
let closer: DatabaseHandle;
let plano: (typeof parcelas.$inferSelect)[];
const { novaFamilia, aceitar } = familias(() => ctx);

const TOKEN = 'token-da-corrida-do-fechamento-0123';
const hoje = todayInBrasilia();
const esteMes = periodoDe(hoje);
const [ano, mesNum] = esteMes.split('-').map(Number) as [number, number];
const proximoMes = mesNum === 12 ? `${ano + 1}-01` : `${ano}-${String(mesNum + 1).padStart(2, '0')}`;
const [anoSeguinte, mesSeguinte] = proximoMes.split('-').map(Number) as [number, number];
const depoisDoProximo =
  mesSeguinte === 12 ? `${anoSeguinte + 1}-01` : `${anoSeguinte}-${String(mesSeguinte + 1).padStart(2, '0')}`;

beforeAll(async () => {
  ({ ctx, fake, webhookUrl } = await appComAsaasFalso(TOKEN));
  closer = await connectPostgres(ctx.databaseUrl!, 2);
  await ctx.handle.db.update(comissaoRegras).set({ inicio: `${ano - 1}-01-01` });
  const f = await novaFamilia();
  const [m] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, f.matriculaId));
  const acordo = await as(ctx.app, 'franqueador').put(`/api/royalties/acordos/${m!.franquiaId}`, {
    royalty: 6,
    fundo: 2,
    inicio: hoje,
    modo: 'fatura',
  });
  expect(acordo.statusCode, acordo.body).toBe(200);
  await aceitar(f);
  await ctx.app.background.drain();
  plano = await ctx.handle.db
    .select()
    .from(parcelas)
    .where(eq(parcelas.matriculaId, f.matriculaId))
    .orderBy(asc(parcelas.numero));
});
afterAll(async () => {
  await closer?.close();
  await ctx.close();
  await fake.close();
});

/** Whether some other connection of this database is waiting for a row lock. */
async function alguemEspera(): Promise<boolean> {
  const rows = await ctx.handle.db.execute(
    sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

type Fecha = Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0];

/**
 * What a closing does -- `travar` the row exclusively, then `fechar` the month -- and, while it holds the row, the
 * payment's ledger write (`lancar`), which must wait for it: answers what the write answered, once both ended.
 */
async function lancarDuranteFechamento(
  travar: SQL,
  fechar: (tx: Fecha) => Promise<unknown>,
  lancar: () => Promise<number>,
): Promise<number> {
  let lancou: Promise<number> | undefined;
  await closer.db.transaction(async (tx) => {
    await tx.execute(travar);
    await fechar(tx);
    lancou = lancar();
    const desde = Date.now();
    while (!(await alguemEspera())) {
      if (Date.now() - desde > 5000) throw new Error('the payment did not wait for the closing');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return lancou!;
}

/** Paid today, as the webhook would leave it, without the ledger's lines yet. */
async function pagaHoje(parcelaId: string) {
  await ctx.handle.db
    .update(parcelas)
    .set({ status: 'paga', pagaEm: hoje, valorLiquidoCentavos: plano[0]!.valorCentavos })
    .where(eq(parcelas.id, parcelaId));
}

describe('a closing and a payment of the month it closes, at the same moment', () => {
  it('puts the commission lines in the next open month: the payment waits for the closing, then sees it', async () => {
    const p = plano[0]!;
    await pagaHoje(p.id);
    const escritas = await lancarDuranteFechamento(
      sql`select id from franqueadores where id = ${p.franqueadorId} for update`,
      (tx) =>
        tx.insert(comissaoFechamentos).values({
          franqueadorId: p.franqueadorId!,
          periodo: esteMes,
          totalCentavos: 0,
          lancamentos: 0,
          fechadoEm: new Date(),
        }),
      () => ctx.handle.db.transaction((tx) => lancarComissoes(tx, p.id)),
    );
    expect(escritas).toBeGreaterThan(0);
    const linhas = await ctx.handle.db
      .select({ periodo: comissaoLancamentos.periodo })
      .from(comissaoLancamentos)
      .where(eq(comissaoLancamentos.parcelaId, p.id));
    expect(linhas.map((l) => l.periodo)).toEqual(linhas.map(() => proximoMes));
  });

  it("puts the royalties line in the franquia's next open month: the payment waits for its closing", async () => {
    const p = plano[1]!;
    await pagaHoje(p.id);
    const [acordo] = await ctx.handle.db
      .select({ id: royaltyAcordos.id })
      .from(royaltyAcordos)
      .where(eq(royaltyAcordos.franquiaId, p.franquiaId!));
    const escritas = await lancarDuranteFechamento(
      sql`select id from franquias where id = ${p.franquiaId} for update`,
      (tx) =>
        tx.insert(royaltyFechamentos).values({
          franqueadorId: p.franqueadorId!,
          franquiaId: p.franquiaId!,
          periodo: esteMes,
          acordoId: acordo!.id,
          modo: 'fatura',
          brutoCentavos: 0,
          estornosCentavos: 0,
          baseCentavos: 0,
          royaltyCentavos: 0,
          fundoCentavos: 0,
          ajusteMinimoCentavos: 0,
          retidoCentavos: 0,
          saldoCentavos: 0,
          linhas: 0,
          fechadoEm: new Date(),
        }),
      () => ctx.handle.db.transaction((tx) => lancarRoyalties(tx, p.id)),
    );
    expect(escritas).toBe(1);
    const linhas = await ctx.handle.db
      .select({ periodo: royaltyLancamentos.periodo })
      .from(royaltyLancamentos)
      .where(eq(royaltyLancamentos.parcelaId, p.id));
    expect(linhas.map((l) => l.periodo)).toEqual([proximoMes]);
  });

  it('a payment by the webhook (issue 43) waits for both closings, then runs again and lands in the next open month', async () => {
    // The webhook reads the closed months in the statement that waits for the locks: a closing that commits while it
    // waits is caught when its lines are written, and the payment is run again from the start.
    const p = plano[2]!;
    const pago = fake.pay(p.gatewayId, hoje);
    const [acordo] = await ctx.handle.db
      .select({ id: royaltyAcordos.id })
      .from(royaltyAcordos)
      .where(eq(royaltyAcordos.franquiaId, p.franquiaId!));
    const status = await lancarDuranteFechamento(
      sql`select 1 from franqueadores f, franquias q where f.id = ${p.franqueadorId} and q.id = ${p.franquiaId}
        for update`,
      async (tx) => {
        // This month is closed already (above): the payment's lines would go to the next one, which closes now.
        await tx.insert(comissaoFechamentos).values({
          franqueadorId: p.franqueadorId!,
          periodo: proximoMes,
          totalCentavos: 0,
          lancamentos: 0,
          fechadoEm: new Date(),
        });
        await tx.insert(royaltyFechamentos).values({
          franqueadorId: p.franqueadorId!,
          franquiaId: p.franquiaId!,
          periodo: proximoMes,
          acordoId: acordo!.id,
          modo: 'fatura',
          brutoCentavos: 0,
          estornosCentavos: 0,
          baseCentavos: 0,
          royaltyCentavos: 0,
          fundoCentavos: 0,
          ajusteMinimoCentavos: 0,
          retidoCentavos: 0,
          saldoCentavos: 0,
          linhas: 0,
          fechadoEm: new Date(),
        });
      },
      async () => (await fake.sendWebhook(webhookUrl, TOKEN, 'PAYMENT_RECEIVED', pago, 'evt_corrida')).status,
    );
    expect(status).toBe(200);
    const [parcela] = await ctx.handle.db.select().from(parcelas).where(eq(parcelas.id, p.id));
    expect(parcela).toMatchObject({ status: 'paga', pagaEm: hoje });
    const comissoes = await ctx.handle.db
      .select({ periodo: comissaoLancamentos.periodo })
      .from(comissaoLancamentos)
      .where(eq(comissaoLancamentos.parcelaId, p.id));
    expect(comissoes.length).toBeGreaterThan(0);
    expect(comissoes.map((l) => l.periodo)).toEqual(comissoes.map(() => depoisDoProximo));
    const royalties = await ctx.handle.db
      .select({ periodo: royaltyLancamentos.periodo })
      .from(royaltyLancamentos)
      .where(eq(royaltyLancamentos.parcelaId, p.id));
    expect(royalties.map((l) => l.periodo)).toEqual([depoisDoProximo]);
  });
});
