import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { todayInBrasilia } from '../../../shared/brasilia';
import { mesesEntre, periodoAnterior, periodoDe, proximoPeriodo } from '../../../shared/comissoes/lancamentos';
import type { ProvedorCobranca } from '../../../shared/cobranca/parcelas';
import { lancarComissoesDe } from '../../modules/comissoes';
import { aplicarEventoNa } from '../../modules/cobranca/webhook.service';
import { inserirFechamento, marcarPago, totaisParaFechar } from '../../modules/comissoes/lancamentos.repository';
import type { Executor } from '../connect';
import { comissaoLancamentos, comissaoRegras, parcelas, users } from '../schema';

/**
 * Issue 44 (ADR 082): the demo's commission ledger, written by the code the webhook runs -- every paid parcela of
 * the network without lines yet, in the order they were paid, through `lancarComissoesDe`, the webhook's `lancarComissoes` for many (the network's rule: 5 % to
 * the lead's vendedor). Answers how many lines it wrote.
 */
export async function lancarComissoesDaDemo(tx: Executor, franqueadorId: string): Promise<number> {
  const pagas = await tx
    .select({ id: parcelas.id })
    .from(parcelas)
    .where(
      and(
        eq(parcelas.franqueadorId, franqueadorId),
        eq(parcelas.status, 'paga'),
        eq(parcelas.tipo, 'mensalidade'),
        isNotNull(parcelas.pagaEm),
        sql`not exists (select 1 from ${comissaoLancamentos} l where l.parcela_id = ${parcelas.id})`,
      ),
    )
    .orderBy(asc(parcelas.pagaEm), asc(parcelas.matriculaId), asc(parcelas.numero));
  return lancarComissoesDe(
    tx,
    pagas.map((p) => p.id),
  );
}

/**
 * The demo's year of commissions: a second rule (ADR 088: 2 % of each paid parcela to the event's micro-franquia,
 * beside the base demo's 5 % to the vendedor, both from the start of the year, so 'Minhas comissões' shows lines to
 * vendedor@ and micro@), its lines, and every month up to the one before last closed by the franqueador and its
 * payout confirmed ('Paga' in 'Minhas comissões'); last month is left open, for a newcomer to close. Answers the
 * lines.
 */
export async function comissoesDaDemo(tx: Executor, franqueadorId: string, now: Date): Promise<number> {
  const [staff] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'franqueador'), eq(users.franqueadorId, franqueadorId)))
    .limit(1);
  await tx.insert(comissaoRegras).values({
    franqueadorId,
    beneficiario: 'micro_franquia',
    tipo: 'percentual',
    percentualCentesimos: 200,
    inicio: `${todayInBrasilia(now).slice(0, 4)}-01-01`,
    criadoPorId: staff?.id ?? null,
  });
  const linhas = await lancarComissoesDaDemo(tx, franqueadorId);
  const retrasado = periodoAnterior(periodoAnterior(periodoDe(todayInBrasilia(now))));
  // Each month of the year's lines, oldest first: closed on the 5th of the next month (the month before last 20 days
  // ago) and paid two days later, as a network that ran its year here did.
  const [primeira] = await tx
    .select({ periodo: sql<string | null>`min(${comissaoLancamentos.periodo})` })
    .from(comissaoLancamentos)
    .where(eq(comissaoLancamentos.franqueadorId, franqueadorId));
  for (const periodo of mesesEntre(primeira?.periodo ?? retrasado, retrasado).reverse()) {
    const { total, linhas: n } = await totaisParaFechar(tx, franqueadorId, null, periodo);
    const fechadoEm =
      periodo === retrasado
        ? new Date(now.getTime() - 20 * 86_400_000)
        : new Date(`${proximoPeriodo(periodo)}-05T12:00:00-03:00`);
    const id = await inserirFechamento(tx, {
      franqueadorId,
      franquiaId: null,
      periodo,
      totalCentavos: total,
      lancamentos: n,
      fechadoEm,
      fechadoPorId: staff?.id ?? null,
    });
    if (staff) await marcarPago(tx, id, staff.id, new Date(fechadoEm.getTime() + 2 * 86_400_000));
  }
  return linhas + (await chargebackNaDemo(tx, franqueadorId, now));
}

/**
 * ADR 093: last month's latest payment at the gateway charged back by the family's card today, through the webhook's
 * code: its commission lines reversed in this month ('Estornada' on 'Comissões' and in 'Minhas comissões'), the
 * parcela refunded, the dispute open. Answers the reversing lines.
 */
async function chargebackNaDemo(tx: Executor, franqueadorId: string, now: Date): Promise<number> {
  const mesPassado = periodoAnterior(periodoDe(todayInBrasilia(now)));
  const [ultima] = await tx
    .select({ id: parcelas.id, provedor: parcelas.provedor, gatewayId: parcelas.gatewayId })
    .from(parcelas)
    .where(
      and(
        eq(parcelas.franqueadorId, franqueadorId),
        eq(parcelas.status, 'paga'),
        isNull(parcelas.baixaEm),
        sql`exists (select 1 from ${comissaoLancamentos} l where l.parcela_id = ${parcelas.id} and l.periodo = ${mesPassado})`,
      ),
    )
    .orderBy(desc(parcelas.pagaEm), desc(parcelas.id))
    .limit(1);
  if (!ultima) return 0;
  const desfecho = await aplicarEventoNa(
    tx,
    ultima.provedor as ProvedorCobranca,
    {
      id: `evt_demo_chargeback_${ultima.gatewayId}`,
      event: 'PAYMENT_CHARGEBACK_REQUESTED',
      dateCreated: now.toISOString(),
      payment: { object: 'payment', id: ultima.gatewayId, status: 'CHARGEBACK_REQUESTED' },
    },
    now,
  );
  if (desfecho !== 'aplicado') return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(comissaoLancamentos)
    .where(and(eq(comissaoLancamentos.parcelaId, ultima.id), eq(comissaoLancamentos.tipo, 'estorno')));
  return Number(row?.n ?? 0);
}
