import type { FastifyInstance } from 'fastify';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import {
  DESLOCAMENTO_ETAPA,
  type EtapaRegua,
  REGUA_PADRAO,
  REGUA_TOLERANCIA_DIAS,
  etapaDoDia,
} from '../../../shared/cobranca/regua';
import type { StatusFaturaRoyalty } from '../../../shared/royalties/extrato';
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

/** The status each gateway event asks for, and the statuses it may come from (a charge only moves forward). */
const TRANSICOES: Record<string, { para: StatusFaturaRoyalty; de: readonly StatusFaturaRoyalty[] }> = {
  PAYMENT_RECEIVED: { para: 'paga', de: ['aberta', 'vencida'] },
  PAYMENT_CONFIRMED: { para: 'paga', de: ['aberta', 'vencida'] },
  PAYMENT_OVERDUE: { para: 'vencida', de: ['aberta'] },
  PAYMENT_REFUNDED: { para: 'estornada', de: ['aberta', 'vencida', 'paga'] },
  PAYMENT_DELETED: { para: 'cancelada', de: ['aberta', 'vencida'] },
};

/**
 * A gateway event for a payment no parcela holds: the royalties charge's, if one holds it. Answers `null` when no
 * charge holds the payment, else whether the event changed it (audited as the gateway's).
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
  const t = TRANSICOES[evento];
  if (!t || !t.de.includes(fatura.status)) return false;
  await mudarFatura(tx, fatura.id, { status: t.para, ...(t.para === 'paga' ? { pagaEm } : {}) }, now);
  await audit(tx, {
    acao: 'royalty_fatura.status_gateway',
    entidadeId: fatura.id,
    ator: null,
    alteracoes: { status: [fatura.status, t.para] },
    detalhes: { evento, provedor },
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
