import type { ParcelaStatus } from './parcelas';

/**
 * What a gateway's event does to a parcela (issue 43, ADR 071). The gateway may deliver events out of order (a
 * retry of PAYMENT_OVERDUE after PAYMENT_RECEIVED): a parcela only moves forward -- open, overdue, paid, refunded
 * -- so a late event never undoes a later state (a paid parcela is never made overdue, a refunded one never paid
 * again). Cancelled (the payment deleted) only comes from open or overdue: a paid payment is refunded, not deleted.
 */

/** The status each event asks for; any other event is acknowledged and ignored. */
export const STATUS_DO_EVENTO: Record<string, ParcelaStatus> = {
  PAYMENT_RECEIVED: 'paga',
  PAYMENT_CONFIRMED: 'paga',
  PAYMENT_OVERDUE: 'vencida',
  PAYMENT_REFUNDED: 'estornada',
  PAYMENT_DELETED: 'cancelada',
};

const ORIGENS: Record<ParcelaStatus, readonly ParcelaStatus[]> = {
  aberta: [],
  vencida: ['aberta'],
  paga: ['aberta', 'vencida'],
  estornada: ['aberta', 'vencida', 'paga'],
  cancelada: ['aberta', 'vencida'],
};

/** The parcela's new status for `evento`, or null when the event changes nothing. */
export function novoStatus(atual: ParcelaStatus, evento: string): ParcelaStatus | null {
  const alvo = STATUS_DO_EVENTO[evento];
  if (!alvo) return null;
  return ORIGENS[alvo].includes(atual) ? alvo : null;
}

/**
 * ADR 093: the gateway's chargeback (the cardholder's bank takes a card payment back). Requested -- or its dispute
 * opened, when that is the first the app hears of it -- on a paid parcela, it refunds it (`estornada`) and opens the
 * chargeback; a dispute won (Asaas: awaiting the acquirer's reversal, or the payment received again) pays it again;
 * the refund made final closes it. Only a parcela whose chargeback is open comes back from `estornada`.
 */
export const EVENTOS_DE_CHARGEBACK: ReadonlySet<string> = new Set([
  'PAYMENT_CHARGEBACK_REQUESTED',
  'PAYMENT_CHARGEBACK_DISPUTE',
]);
const DISPUTA_GANHA: ReadonlySet<string> = new Set([
  'PAYMENT_AWAITING_CHARGEBACK_REVERSAL',
  'PAYMENT_RECEIVED',
  'PAYMENT_CONFIRMED',
]);

/** What an event does to the chargeback: opens it, wins it (paid again), ends it (refund final), nothing. */
export type EfeitoNoChargeback = 'abrir' | 'ganhar' | 'encerrar' | null;

/**
 * `novoStatus` knowing whether the parcela has an open chargeback (`chargebackEm`): the new status and what it does to
 * the chargeback, or null when the event changes nothing (a chargeback replayed, or on a parcela not paid).
 */
export function transicaoDoEvento(
  atual: { status: ParcelaStatus; chargebackEm: string | null },
  evento: string,
): { status: ParcelaStatus; chargeback: EfeitoNoChargeback } | null {
  if (EVENTOS_DE_CHARGEBACK.has(evento)) {
    return atual.status === 'paga' ? { status: 'estornada', chargeback: 'abrir' } : null;
  }
  if (atual.status === 'estornada' && atual.chargebackEm) {
    if (DISPUTA_GANHA.has(evento)) return { status: 'paga', chargeback: 'ganhar' };
    if (evento === 'PAYMENT_REFUNDED') return { status: 'estornada', chargeback: 'encerrar' };
    return null;
  }
  const status = novoStatus(atual.status, evento);
  return status ? { status, chargeback: null } : null;
}
