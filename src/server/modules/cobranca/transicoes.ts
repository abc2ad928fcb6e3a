import type { ParcelaStatus } from '../../../shared/cobranca/parcelas';

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
