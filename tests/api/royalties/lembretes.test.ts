import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createTestApp, loginAs, type TestContext } from '../../setup/test-app';
import { faturaFechada } from '../../support/royalty-fatura';
import { franquias, jobs, royaltyFaturas, users } from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { lembrarFaturas } from '../../../src/server/modules/royalties';

/**
 * Issue 45 (ADR 095): an unpaid royalties charge is chased like a family's parcela -- 3 days before its due date, on
 * it, 1 and 7 days after -- by e-mail to the franquia, each step once (a second run of the day, a day the job
 * missed), and never once the charge is paid.
 */

let ctx: TestContext;
let franquia: { id: string; franqueadorId: string; email: string };
const VENCIMENTO = '2031-03-10';

const db = () => ctx.handle.db;
/** Noon in São Paulo on a day (YYYY-MM-DD): the job's "today". */
const dia = (d: string) => new Date(`${d}T15:00:00Z`);

const novaFatura = (periodo: string, status: 'aberta' | 'paga' = 'aberta') =>
  faturaFechada(db(), franquia, periodo, {
    valorCentavos: 70_000,
    vencimento: VENCIMENTO,
    status,
    provedor: 'simulado',
    gatewayId: `pay_sim_lembrete_${periodo}`,
    invoiceUrl: `https://pagamento.example/i/${periodo}`,
  });

/** The reminders queued for a charge: their step (from the job's key), subject and masked recipient. */
async function lembretes(faturaId: string) {
  const rows = await db()
    .select({ chave: jobs.chave, resumo: jobs.resumo, destino: jobs.destino, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.tipo, 'email'), like(jobs.chave, `royalties_fatura_lembrete:${faturaId}:%`)));
  return rows.map((r) => ({ etapa: r.chave!.split(':')[2], resumo: r.resumo, destino: r.destino, payload: r.payload }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await db()
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId, email: users.email })
    .from(franquias)
    .innerJoin(users, eq(users.id, franquias.userId))
    .where(eq(users.email, DEMO_ACCOUNTS.franquia));
  franquia = row!;
});
afterAll(() => ctx.close());

describe("the royalties charge's reminders", () => {
  it('e-mails the franquia on the régua days, each step once, with the value, the due date and the links', async () => {
    const faturaId = await novaFatura('2031-01');

    expect(await lembrarFaturas(ctx.app, dia('2031-03-06'))).toBe(0);
    expect(await lembrarFaturas(ctx.app, dia('2031-03-07'))).toBe(1);
    // A second run of the day sends nothing.
    expect(await lembrarFaturas(ctx.app, dia('2031-03-07'))).toBe(0);
    const [antes] = await lembretes(faturaId);
    expect(antes).toMatchObject({
      etapa: 'antes3',
      resumo: 'Lembrete: a fatura de royalties de janeiro de 2031 vence em breve',
      destino: expect.stringMatching(/^f\*+@/),
    });
    const texto = (antes!.payload as { to: string; text: string }).text;
    expect((antes!.payload as { to: string }).to).toBe(franquia.email);
    expect(texto).toMatch(/R\$\s700,00/);
    expect(texto).toContain('vence em 3 dias (10/03/2031)');
    expect(texto).toContain('Pagar a fatura: https://pagamento.example/i/2031-01');
    expect(texto).toContain('/financeiro/meu-extrato');

    expect(await lembrarFaturas(ctx.app, dia('2031-03-10'))).toBe(1);
    expect(await lembrarFaturas(ctx.app, dia('2031-03-11'))).toBe(1);
    expect(await lembrarFaturas(ctx.app, dia('2031-03-12'))).toBe(0);
    // The 7-day step missed on its day (the job did not run) goes out within the tolerance, once.
    expect(await lembrarFaturas(ctx.app, dia('2031-03-18'))).toBe(1);
    expect(await lembrarFaturas(ctx.app, dia('2031-03-19'))).toBe(0);
    expect(await lembrarFaturas(ctx.app, dia('2031-03-30'))).toBe(0);

    const enviados = await lembretes(faturaId);
    expect(enviados.map((l) => l.etapa).sort()).toEqual(['antes3', 'depois1', 'depois7', 'vencimento']);
    expect(enviados.find((l) => l.etapa === 'depois7')!.resumo).toBe(
      'Fatura de royalties de janeiro de 2031 em atraso há 7 dias',
    );
    const [fatura] = await db()
      .select({ lembretes: royaltyFaturas.lembretes })
      .from(royaltyFaturas)
      .where(eq(royaltyFaturas.id, faturaId));
    expect(fatura!.lembretes).toEqual(['antes3', 'vencimento', 'depois1', 'depois7']);
  });

  it('never chases a paid charge', async () => {
    const faturaId = await novaFatura('2031-02', 'paga');
    for (const d of ['2031-03-07', '2031-03-10', '2031-03-11', '2031-03-17']) await lembrarFaturas(ctx.app, dia(d));
    expect(await lembretes(faturaId)).toEqual([]);
  });

  it("reads 'vencida' once past its due date, as a family's parcela, though the gateway sent no overdue notice", async () => {
    const aberta = await novaFatura('2031-03');
    const faturaDe = async (dataDoDia: string) => {
      ctx.clock.advance(dia(dataDoDia).getTime() - ctx.clock.now().getTime());
      const cookie = await loginAs(ctx.app, 'franquia');
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/royalties/extratos?mes=2031-03',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { itens: { fatura: { id: string; status: string } | null }[] }).itens[0]!.fatura;
    };
    expect(await faturaDe('2031-03-10')).toMatchObject({ id: aberta, status: 'aberta' });
    expect(await faturaDe('2031-03-11')).toMatchObject({ id: aberta, status: 'vencida' });
    // Stored as it was: the gateway's own statuses still move it (paid late, it reads 'paga').
    const [row] = await db()
      .select({ status: royaltyFaturas.status })
      .from(royaltyFaturas)
      .where(eq(royaltyFaturas.id, aberta));
    expect(row!.status).toBe('aberta');
    await db().update(royaltyFaturas).set({ status: 'paga' }).where(eq(royaltyFaturas.id, aberta));
    expect(await faturaDe('2031-03-12')).toMatchObject({ id: aberta, status: 'paga' });
  });
});
