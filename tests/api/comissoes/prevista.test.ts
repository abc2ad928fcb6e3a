import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import { leads, matriculas, parcelas, users, vendedores } from '../../../src/server/db/schema';
import { executeRows } from '../../../src/server/db/connect';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { gravarParcela } from '../../../src/server/modules/cobranca/cobranca.repository';
import { aplicarEventoNa } from '../../../src/server/modules/cobranca/webhook.service';
import { regrasDaRede } from '../../../src/server/modules/comissoes/lancamentos.repository';
import { valorDaRegra } from '../../../src/server/modules/comissoes/lancamentos.service';
import { todayInBrasilia } from '../../../src/shared/brasilia';
import { type Beneficiario, regraAplicavel } from '../../../src/shared/comissoes/regras';
import { toCentavos } from '../../../src/shared/money/parcelas';
import type { MinhasView } from '../../../src/shared/schemas/comissao';

/**
 * Issue 44: 'Minhas comissões'' prevista is read in groups of equal rule and value, and the vendedor's parcelas
 * through two index-driven branches (the responsável's leads; the event's vendedor where the lead names no one).
 * Each answer here equals the prevista computed parcela by parcela from its definition -- `coalesce(the lead's
 * responsável, the event's vendedor)`, a percentage rounded per parcela, a fixed amount once per matrícula with no
 * parcela paid -- through a fixed rule, equal values, a payment, a lead handed to another vendedor, and a matrícula
 * tied to no lead and back (the counters of open parcelas the prevista reads follow each of them, migration 0070).
 */

let ctx: TestContext;
let matriculaId: string;
let leadId: string;
let vendedorId: string;
let microId: string;
let outro: { id: string; email: string };
const db = () => ctx.handle.db;

/** The prevista by its definition: every open parcela of the beneficiary, one at a time. */
async function porDefinicao(beneficiario: Beneficiario, id: string): Promise<number> {
  const quem =
    beneficiario === 'vendedor'
      ? sql`coalesce((select responsavel_id from leads where leads.id = m.lead_id), p.vendedor_id) = ${id}::uuid`
      : sql`p.micro_franquia_id = ${id}::uuid`;
  const abertas = await executeRows<{
    valor: number;
    matricula: string;
    rede: string;
    franquia: string | null;
    curso: string | null;
    pagou: boolean;
  }>(
    db(),
    sql`select p.valor_centavos as valor, p.matricula_id as matricula, p.franqueador_id as rede,
        p.franquia_id as franquia, p.curso_id as curso,
        exists (select 1 from parcelas o where o.matricula_id = p.matricula_id and o.tipo = 'mensalidade'
          and o.paga_em is not null and o.status in ('paga', 'estornada')) as pagou
      from parcelas p join matriculas m on m.id = p.matricula_id
      where p.status in ('aberta', 'vencida') and p.tipo = 'mensalidade' and ${quem}
      order by p.vencimento, p.id`,
  );
  const contado = new Set<string>();
  let total = 0;
  for (const p of abertas) {
    const regras = (await regrasDaRede(db(), p.rede)).map((r) => ({
      ...r,
      beneficiario: r.beneficiario as Beneficiario,
    }));
    const regra = regraAplicavel(regras, {
      beneficiario,
      franquiaId: p.franquia,
      cursoId: p.curso,
      dia: todayInBrasilia(ctx.clock.now()),
    });
    if (!regra) continue;
    const primeira = regra.tipo === 'fixo' && !p.pagou && !contado.has(p.matricula);
    if (primeira) contado.add(p.matricula);
    total += valorDaRegra(regra, Number(p.valor), primeira);
  }
  return total;
}

const prevista = async (email: string) => {
  const response = await as(ctx.app, { email }).get('/api/comissoes/minhas');
  expect(response.statusCode, response.body).toBe(200);
  return toCentavos(response.json<MinhasView>().prevista);
};

beforeAll(async () => {
  ctx = await createTestApp();
  const [m] = await db().select().from(matriculas).where(eq(matriculas.email, DEMO_ACCOUNTS.aluno));
  matriculaId = m!.id;
  leadId = m!.leadId!;
  vendedorId = m!.vendedorId!;
  microId = m!.microFranquiaId!;
  // A second vendedor of the same micro-franquia, signing in with the demo vendedor's password.
  const [demo] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.vendedor));
  const [u] = await db()
    .insert(users)
    .values({
      email: 'outro.vendedor.prevista@demo.com.br',
      password: demo!.password,
      role: 'vendedor',
      nome: 'Outro Vendedor',
      microFranquiaId: microId,
    })
    .returning({ id: users.id, email: users.email });
  const [v] = await db().insert(vendedores).values({ microFranquiaId: microId, userId: u!.id }).returning();
  outro = { id: v!.id, email: u!.email };
  // Six open parcelas, two pairs of equal values (a group of equal values counts its parcelas).
  for (const [i, valor] of [12000, 12000, 9999, 15051, 9999, 13333].entries()) {
    await gravarParcela(
      db(),
      {
        matriculaId,
        numero: 20 + i,
        valorCentavos: valor,
        vencimento: `2099-0${i + 1}-10`,
        provedor: 'simulado',
        gatewayId: `pay_sim_prevista_${i}`,
        invoiceUrl: null,
        bankSlipUrl: null,
        pixCopiaECola: null,
      },
      ctx.clock.now(),
    );
  }
  // A fixed R$ 50,00 to the micro-franquia on the first paid parcela; 7,5 % to the vendedor.
  const franqueador = as(ctx.app, 'franqueador');
  await db().execute(sql`update comissao_regras set fim = '2000-01-01', inicio = '2000-01-01'`);
  for (const body of [
    { beneficiario: 'micro_franquia', tipo: 'fixo', valor: 50, inicio: '2001-01-01' },
    { beneficiario: 'vendedor', tipo: 'percentual', percentual: 7.5, inicio: '2001-01-01' },
  ]) {
    const response = await franqueador.post('/api/comissoes/regras', body);
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(() => ctx.close());

describe("'Minhas comissões': the prevista", () => {
  it('equals the prevista parcela by parcela: percentages rounded each, the fixed amount once per matrícula', async () => {
    const vendedorEmail = DEMO_ACCOUNTS.vendedor;
    const microEmail = DEMO_ACCOUNTS.micro_franquia;
    expect(await prevista(vendedorEmail)).toBe(await porDefinicao('vendedor', vendedorId));
    expect(await porDefinicao('vendedor', vendedorId)).toBeGreaterThan(0);
    // The matrícula has no parcela paid: R$ 50,00 once, however many of its parcelas are open.
    expect(await prevista(microEmail)).toBe(await porDefinicao('micro_franquia', microId));
    expect(await porDefinicao('micro_franquia', microId)).toBeGreaterThanOrEqual(5000);
  });

  it('drops the fixed amount once a parcela is paid', async () => {
    const [primeira] = await db().select().from(parcelas).where(eq(parcelas.gatewayId, 'pay_sim_prevista_0'));
    const antes = await porDefinicao('micro_franquia', microId);
    await db().transaction((tx) =>
      aplicarEventoNa(
        tx,
        'simulado',
        {
          id: 'evt_prevista_1',
          event: 'PAYMENT_RECEIVED',
          payment: { id: primeira!.gatewayId, paymentDate: todayInBrasilia(ctx.clock.now()), netValue: null },
        },
        ctx.clock.now(),
      ),
    );
    const depois = await porDefinicao('micro_franquia', microId);
    expect(depois).toBe(antes - 5000);
    expect(await prevista(DEMO_ACCOUNTS.micro_franquia)).toBe(depois);
  });

  it("follows the lead's responsável over the event's vendedor", async () => {
    const antes = await prevista(DEMO_ACCOUNTS.vendedor);
    const doOutroAntes = await prevista(outro.email);
    await db().update(leads).set({ responsavelId: outro.id }).where(eq(leads.id, leadId));
    const depois = await prevista(DEMO_ACCOUNTS.vendedor);
    const doOutro = await prevista(outro.email);
    expect(depois).toBe(await porDefinicao('vendedor', vendedorId));
    expect(doOutro).toBe(await porDefinicao('vendedor', outro.id));
    // What left the event's vendedor is what the responsável gained: the matrícula's open parcelas' 7,5 %.
    expect(antes - depois).toBeGreaterThan(0);
    expect(doOutro - doOutroAntes).toBe(antes - depois);
  });

  it("follows a matrícula tied to no lead (the event's vendedor) and back to its lead", async () => {
    const doOutroAntes = await prevista(outro.email);
    const doEventoAntes = await prevista(DEMO_ACCOUNTS.vendedor);
    await db().update(matriculas).set({ leadId: null }).where(eq(matriculas.id, matriculaId));
    expect(await prevista(outro.email)).toBe(await porDefinicao('vendedor', outro.id));
    expect(await prevista(DEMO_ACCOUNTS.vendedor)).toBe(await porDefinicao('vendedor', vendedorId));
    // The lead named the other vendedor: without it, the matrícula's open parcelas are the event's vendedor's.
    const movido = doOutroAntes - (await prevista(outro.email));
    expect(movido).toBeGreaterThan(0);
    expect((await prevista(DEMO_ACCOUNTS.vendedor)) - doEventoAntes).toBe(movido);
    await db().update(matriculas).set({ leadId }).where(eq(matriculas.id, matriculaId));
    expect(await prevista(outro.email)).toBe(doOutroAntes);
    expect(await prevista(DEMO_ACCOUNTS.vendedor)).toBe(doEventoAntes);
  });
});
