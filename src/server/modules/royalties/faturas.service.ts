import type { FastifyInstance } from 'fastify';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import {
  DESLOCAMENTO_ETAPA,
  type EtapaRegua,
  REGUA_PADRAO,
  REGUA_TOLERANCIA_DIAS,
  etapaDoDia,
} from '../../../shared/cobranca/regua';
import { transicaoDoEvento } from '../../../shared/cobranca/transicoes';
import type { Executor } from '../../db/connect';
import { emailJob, enfileirar } from '../../jobs';
import { audit } from '../auditoria';
import { lembreteDaFaturaEmail } from './faturas.mail';
import {
  faturaDoPagamento,
  faturaParaCobrar,
  faturasParaLembrar,
  marcarLembrete,
  mudarFatura,
  registrarPagamentoDaFatura,
} from './royalties.repository';

/**
 * A closed month's charge to its franquia (issue 45, ADR 089), as billing drives it: billing's job creates the
 * payment at the gateway (customer: the franquia's CNPJ) and its webhook moves the charge on. Royalties never
 * imports billing; billing calls these.
 */

export { faturaParaCobrar };

/** The payment the gateway created for the charge: `pendente` -> `aberta`, once, audited as the system's. */
export async function registrarEmissaoDaFatura(
  tx: Executor,
  faturaId: string,
  pagamento: { provedor: string; gatewayId: string; invoiceUrl: string | null },
  now: Date,
): Promise<boolean> {
  const feito = await registrarPagamentoDaFatura(tx, faturaId, pagamento, now);
  if (feito)
    await audit(tx, {
      acao: 'royalty_fatura.emitir',
      entidadeId: faturaId,
      ator: null,
      alteracoes: { status: ['pendente', 'aberta'] },
      detalhes: { provedor: pagamento.provedor, gatewayId: pagamento.gatewayId },
    });
  return feito;
}

/**
 * A gateway event for a payment no parcela holds: the royalties charge's, if one holds it. The charge moves as a
 * family's parcela does (`transicaoDoEvento`): only forward -- open, overdue, paid, refunded -- and a chargeback of a
 * paid charge refunds it (`estornada`) while open, a dispute won pays it again, the refund made final closes it.
 * Answers `null` when no charge holds the payment, else whether the event changed it (audited as the gateway's).
 */
export async function aplicarEventoNaFatura(
  tx: Executor,
  provedor: string,
  gatewayId: string,
  evento: string,
  pagaEm: string,
  now: Date,
): Promise<boolean | null> {
  const fatura = await faturaDoPagamento(tx, provedor, gatewayId);
  if (!fatura) return null;
  // A charge not yet at the gateway ('pendente') holds no payment an event could name.
  if (fatura.status === 'pendente') return false;
  const t = transicaoDoEvento({ status: fatura.status, chargebackEm: fatura.chargebackEm }, evento);
  if (!t) return false;
  const chargebackEm = t.chargeback === 'abrir' ? todayInBrasilia(now) : t.chargeback ? null : undefined;
  await mudarFatura(
    tx,
    fatura.id,
    {
      status: t.status,
      ...(t.status === 'paga' && t.chargeback === null ? { pagaEm } : {}),
      ...(chargebackEm === undefined ? {} : { chargebackEm }),
    },
    now,
  );
  await audit(tx, {
    acao: 'royalty_fatura.status_gateway',
    entidadeId: fatura.id,
    ator: null,
    alteracoes: {
      status: [fatura.status, t.status],
      ...(chargebackEm === undefined ? {} : { chargebackEm: [fatura.chargebackEm, chargebackEm] }),
    },
    detalhes: { evento, provedor, ...(t.chargeback ? { chargeback: t.chargeback } : {}) },
  });
  return true;
}

// --- Reminders (ADR 095) ------------------------------------------------------------------------------------------

/** The régua's steps for every charge: the families' days (3 before, on the day, 1 and 7 after), all on. */
const PRIMEIRA_ETAPA = Math.min(...Object.values(DESLOCAMENTO_ETAPA));
const ULTIMA_ETAPA = Math.max(...Object.values(DESLOCAMENTO_ETAPA));

/**
 * The day's reminders of the franquias' royalties charges (the daily job `royalties_fatura_lembretes`): for each
 * unpaid charge, the régua's step due today (`etapaDoDia`: a day the job missed is caught up within the régua's
 * tolerance, a step never twice), e-mailed to the franquia. Each e-mail is one transaction with its step marked on
 * the charge, and its job is keyed by the charge and the step: a second run of the day, or two servers, send one.
 * Answers how many e-mails were queued.
 */
export async function lembrarFaturas(app: FastifyInstance, now: Date = app.clock.now()): Promise<number> {
  const hoje = todayInBrasilia(now);
  const faturas = await faturasParaLembrar(
    app.db,
    addDays(hoje, -(ULTIMA_ETAPA + REGUA_TOLERANCIA_DIAS)),
    addDays(hoje, -PRIMEIRA_ETAPA),
  );
  let enviados = 0;
  for (const f of faturas) {
    const etapa = etapaDoDia(f.vencimento, hoje, REGUA_PADRAO, f.lembretes as EtapaRegua[]);
    if (!etapa) continue;
    const enviado = await app.db.transaction(async (tx) => {
      if (!(await marcarLembrete(tx, f.id, etapa, now))) return false;
      const mensagem = lembreteDaFaturaEmail({
        razaoSocial: f.razaoSocial,
        periodo: f.periodo,
        valorCentavos: f.valorCentavos,
        vencimento: f.vencimento,
        hoje,
        etapa,
        invoiceUrl: f.invoiceUrl,
        extratoUrl: `${app.config.appUrl}/financeiro/meu-extrato`,
      });
      const job = emailJob(app, { to: f.email, ...mensagem }, { rede: f.franqueadorId, registroId: f.id });
      return (await enfileirar(tx, { ...job, chave: `royalties_fatura_lembrete:${f.id}:${etapa}` }, now)) !== null;
    });
    if (enviado) enviados += 1;
  }
  return enviados;
}
