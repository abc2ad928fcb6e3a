import type { StatusFaturaRoyalty } from '../../../shared/royalties/extrato';
import type { Executor } from '../../db/connect';
import { audit } from '../auditoria';
import { faturaDoPagamento, faturaParaCobrar, mudarFatura, registrarPagamentoDaFatura } from './royalties.repository';

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
