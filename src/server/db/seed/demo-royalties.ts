import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { todayInBrasilia } from '../../../shared/brasilia';
import { mesesEntre, periodoDe, proximoPeriodo } from '../../../shared/comissoes/lancamentos';
import { periodoAnterior } from '../../../shared/royalties/extrato';
import { lancarRoyaltiesDe, registrarEmissaoDaFatura } from '../../modules/royalties';
import { referenciaDaFatura } from '../../modules/cobranca/royalties-fatura.service';
import { simuladoGateway } from '../../modules/cobranca/simulado.gateway';
import { aplicarEventoNa } from '../../modules/cobranca/webhook.service';
import { fecharNa } from '../../modules/royalties/royalties.service';
import type { Executor } from '../connect';
import { deadlines } from '../../modules/sac/sla';
import { formatBRL } from '../../../shared/format';
import { fromCentavos } from '../../../shared/money/parcelas';
import {
  franquias,
  matriculas,
  parcelas,
  royaltyAcordos,
  royaltyContestacoes,
  royaltyFaturas,
  royaltyLancamentos,
  sacTickets,
  users,
} from '../schema';

/**
 * Issue 45 (ADR 089): the demo's royalties -- each franquia's agreement since before the demo's year (Educa
 * Paulista: 6 % + 2 % of fundo, a minimum of R$ 500,00, by fatura; Minas Saber: 5 % + 1,5 %, by fatura, moving to
 * split from next month), the year's lines written by the webhook's own code for every paid parcela, the months before
 * closed and their faturas paid, and the month before last closed (its balance charged to each franquia, due on day
 * 10, open at the gateway once the job has run); last month is left open, for a newcomer
 * to close. Educa Paulista contested a line of the closed month (ADR 092): its SAC ticket was answered and
 * concluded, so 'Meu extrato' shows a contest and its outcome. Answers the lines.
 */
export async function royaltiesDaDemo(tx: Executor, franqueadorId: string, now: Date): Promise<number> {
  const hoje = periodoDe(todayInBrasilia(now));
  let inicio = hoje;
  for (let i = 0; i < 13; i++) inicio = periodoAnterior(inicio);
  const [staff] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'franqueador'), eq(users.franqueadorId, franqueadorId)))
    .limit(1);
  const rede = await tx
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId, razaoSocial: franquias.razaoSocial })
    .from(franquias)
    .where(eq(franquias.franqueadorId, franqueadorId))
    .orderBy(asc(franquias.razaoSocial));
  for (const f of rede) {
    const paulista = f.razaoSocial.startsWith('Educa Paulista');
    await tx.insert(royaltyAcordos).values({
      franqueadorId,
      franquiaId: f.id,
      royaltyCentesimos: paulista ? 600 : 500,
      fundoCentesimos: paulista ? 200 : 150,
      minimoCentavos: paulista ? 50_000 : null,
      inicio: `${inicio}-01`,
      modo: 'fatura',
      criadoPorId: staff?.id ?? null,
    });
    if (!paulista)
      await tx.insert(royaltyAcordos).values({
        franqueadorId,
        franquiaId: f.id,
        royaltyCentesimos: 500,
        fundoCentesimos: 150,
        inicio: `${proximoPeriodo(hoje)}-01`,
        modo: 'split',
        criadoPorId: staff?.id ?? null,
      });
  }
  const pagas = await tx
    .select({ id: parcelas.id })
    .from(parcelas)
    .where(
      and(
        eq(parcelas.franqueadorId, franqueadorId),
        eq(parcelas.status, 'paga'),
        isNotNull(parcelas.pagaEm),
        sql`not exists (select 1 from ${royaltyLancamentos} l where l.parcela_id = ${parcelas.id})`,
      ),
    )
    .orderBy(asc(parcelas.pagaEm), asc(parcelas.id));
  const linhas = await lancarRoyaltiesDe(
    tx,
    pagas.map((p) => p.id),
  );
  // The ledgers' sums (ADR 097), counted from the lines the year wrote with the triggers set aside, as the
  // statements and the closing read them.
  await tx.execute(sql`select ledger_somas_rebuild()`);
  const retrasado = periodoAnterior(periodoAnterior(hoje));
  for (const f of rede) {
    // The months before it as a network that ran the year closed them: each on the 5th of the next month, its fatura
    // paid on its due day -- so 'Meu extrato' shows the year closed and paid, not months waiting for a closing.
    const [primeira] = await tx
      .select({ periodo: sql<string | null>`min(${royaltyLancamentos.periodo})` })
      .from(royaltyLancamentos)
      .where(eq(royaltyLancamentos.franquiaId, f.id));
    const antes = periodoAnterior(retrasado);
    for (const mes of mesesEntre(primeira?.periodo ?? retrasado, antes).reverse()) {
      const fechadoEm = new Date(`${proximoPeriodo(mes)}-05T12:00:00-03:00`);
      const fechamentoId = await fecharNa(tx, f, mes, null, fechadoEm);
      await faturaPagaNaDemo(tx, fechamentoId, fechadoEm);
    }
    await fecharNa(tx, f, retrasado, null, new Date(now.getTime() - 20 * 86_400_000));
  }
  const paulista = rede.find((f) => f.razaoSocial.startsWith('Educa Paulista'));
  if (paulista) await contestacaoDaDemo(tx, paulista.id, retrasado, new Date(now.getTime() - 15 * 86_400_000));
  return linhas;
}

/**
 * A closed month's fatura as billing and the franquia would have taken it: charged at the simulated gateway (the
 * job's `registrarEmissaoDaFatura`, with the id the simulation gives its reference) and paid on its due day through
 * the webhook's own code. A month whose balance is not positive has no fatura.
 */
async function faturaPagaNaDemo(tx: Executor, fechamentoId: string, fechadoEm: Date): Promise<void> {
  const [fatura] = await tx
    .select({
      id: royaltyFaturas.id,
      valorCentavos: royaltyFaturas.valorCentavos,
      vencimento: royaltyFaturas.vencimento,
    })
    .from(royaltyFaturas)
    .where(eq(royaltyFaturas.fechamentoId, fechamentoId));
  if (!fatura) return;
  const cobranca = await simuladoGateway().criarCobranca({
    cliente: 'demo',
    valorCentavos: fatura.valorCentavos,
    vencimento: fatura.vencimento,
    referencia: referenciaDaFatura(fatura.id),
    descricao: 'Royalties e fundo de propaganda',
  });
  await registrarEmissaoDaFatura(
    tx,
    fatura.id,
    { provedor: 'simulado', gatewayId: cobranca.id, invoiceUrl: null },
    fechadoEm,
  );
  const pagoEm = new Date(`${fatura.vencimento}T10:00:00-03:00`);
  await aplicarEventoNa(
    tx,
    'simulado',
    {
      id: `evt_demo_fatura_${fatura.id}`,
      event: 'PAYMENT_RECEIVED',
      dateCreated: pagoEm.toISOString(),
      payment: {
        object: 'payment',
        id: cobranca.id,
        status: 'RECEIVED',
        value: fromCentavos(fatura.valorCentavos),
        netValue: fromCentavos(fatura.valorCentavos),
        paymentDate: fatura.vencimento,
      },
    },
    pagoEm,
  );
}

/**
 * The franquia's contest of the first line of its closed month (ADR 089, 092): a SAC ticket of the administrativo,
 * opened by the franquia's user, answered and concluded five days later (the royalty stands: the parcela was paid
 * through the link), linked to the line as the contest route links it.
 */
async function contestacaoDaDemo(tx: Executor, franquiaId: string, periodo: string, abertoEm: Date): Promise<void> {
  const [linha] = await tx
    .select({
      id: royaltyLancamentos.id,
      baseCentavos: royaltyLancamentos.baseCentavos,
      ocorridoEm: royaltyLancamentos.ocorridoEm,
      parcelaId: royaltyLancamentos.parcelaId,
      aluno: matriculas.nome,
    })
    .from(royaltyLancamentos)
    .innerJoin(parcelas, eq(parcelas.id, royaltyLancamentos.parcelaId))
    .innerJoin(matriculas, eq(matriculas.id, parcelas.matriculaId))
    .where(and(eq(royaltyLancamentos.franquiaId, franquiaId), eq(royaltyLancamentos.periodo, periodo)))
    .orderBy(asc(royaltyLancamentos.ocorridoEm), asc(royaltyLancamentos.id))
    .limit(1);
  const [franquia] = await tx.select({ userId: franquias.userId }).from(franquias).where(eq(franquias.id, franquiaId));
  if (!linha || !franquia?.userId) return;
  const motivo = `A família de ${linha.aluno} pagou esta parcela na escola, em dinheiro: não deveria entrar na base.`;
  const concluidoEm = new Date(abertoEm.getTime() + 5 * 86_400_000);
  const [ticket] = await tx
    .insert(sacTickets)
    .values({
      solicitanteId: franquia.userId,
      franquiaId,
      titulo: `Contestação de royalties - ${periodo}`,
      descricao: `Linha contestada do extrato de ${periodo}: receita de ${formatBRL(fromCentavos(linha.baseCentavos))} em ${linha.ocorridoEm} (parcela ${linha.parcelaId}).\n\nMotivo: ${motivo}`,
      departamento: 'administrativo',
      prioridade: 'media',
      status: 'concluido',
      resolucao: 'O pagamento entrou pelo link de pagamento da parcela, no gateway: a receita conta para os royalties.',
      resolvedAt: concluidoEm,
      primeiraRespostaEm: new Date(abertoEm.getTime() + 86_400_000),
      ...deadlines({ prioridade: 'media', inicio: abertoEm, pausaMs: 0 }),
      createdAt: abertoEm,
      updatedAt: concluidoEm,
    })
    .returning({ id: sacTickets.id });
  await tx.insert(royaltyContestacoes).values({
    linhaId: linha.id,
    franquiaId,
    ticketId: ticket!.id,
    motivo,
    criadoPorId: franquia.userId,
    createdAt: abertoEm,
  });
}
