import { DIAS_ARREPENDIMENTO, podeDesistir, prazoDeArrependimento } from './aceite';

/**
 * Issue 42: the two ways out of an accepted contract, as rules both sides read.
 *
 * - **Arrependimento** (CDC art. 49): the family withdraws within 7 days of acceptance, free of charge. The days
 *   are counted as the civil code counts a term (CC art. 132): the day of acceptance is left out and the 7th day
 *   is counted whole, to its end in São Paulo -- a contract accepted on 03/11 may be withdrawn from until 10/11
 *   23:59:59 (Brasília), and from 11/11 00:00 it is the staff's cancellation.
 * - **Cancelamento** after that: a fee of the contract's percentage of the value still to pay, capped by the
 *   network's setting (CANCELAMENTO_MULTA_MAX_PCT), in whole centavos, rounded down.
 */

/**
 * The withdrawal term's ends, as the staff's cancellation reads them: the term itself is computed in one place,
 * `prazoDeArrependimento` (aceite.ts), which the family's page uses too.
 */
export const PRAZO_ARREPENDIMENTO_DIAS = DIAS_ARREPENDIMENTO;

/**
 * The instant the withdrawal term ends (exclusive): 00:00 in Brasília of the 8th day after the day of acceptance.
 * Before it the family may still withdraw; from it on, only the staff cancel (with the fee).
 */
export const fimDoArrependimento = (aceitoEm: Date): Date => prazoDeArrependimento(aceitoEm).ate;

/** The last day of the withdrawal term, 'YYYY-MM-DD' (Brasília): the 7th after the day of acceptance. */
export const ultimoDiaDoArrependimento = (aceitoEm: Date): string => prazoDeArrependimento(aceitoEm).ultimoDia;

/** Whether `now` is still within the withdrawal term of a contract accepted at `aceitoEm`. */
export const dentroDoArrependimento = podeDesistir;

const centavos = (valor: number, nome: string) => {
  if (!Number.isSafeInteger(valor) || valor < 0) throw new RangeError(`${nome} inválido: ${valor}`);
  return valor;
};

/**
 * What is still to pay of a contract, in centavos: its total less what was paid. There is no billing yet, so every
 * caller passes no payment and the remaining value is the total; the billing issue passes the parcelas it
 * recorded as paid (each in centavos). Never negative: an overpayment leaves nothing to pay, not a credit.
 */
export function valorRestante(totalCentavos: number, pagamentosCentavos: readonly number[] = []): number {
  const total = centavos(totalCentavos, 'total');
  const pago = pagamentosCentavos.reduce((soma, p) => soma + centavos(p, 'pagamento'), 0);
  return Math.max(0, total - pago);
}

export interface MultaDeCancelamento {
  /** The percentage charged: the contract's, at most the network's cap. */
  pct: number;
  /** In centavos: `restante` x `pct` / 100, rounded down to the centavo. */
  multa: number;
}

/**
 * The cancellation fee (issue 42): the contract's percentage, capped by the network's (`capPct`), of the value
 * still to pay, in whole centavos. Rounded **down** (floor): the family is never charged a fraction of a centavo
 * above the percentage, so the fee is exactly `floor(restante x pct / 100)` and never above the cap -- integer
 * arithmetic only (restante x pct stays far below 2^53 for any numeric(10,2) value).
 */
export function multaDeCancelamento(
  restanteCentavos: number,
  contratoPct: number,
  capPct: number,
): MultaDeCancelamento {
  const restante = centavos(restanteCentavos, 'valor restante');
  if (!Number.isInteger(contratoPct) || contratoPct < 0 || contratoPct > 100) {
    throw new RangeError(`percentual inválido: ${contratoPct}`);
  }
  if (!Number.isInteger(capPct) || capPct < 0 || capPct > 100) throw new RangeError(`limite inválido: ${capPct}`);
  const pct = Math.min(contratoPct, capPct);
  return { pct, multa: Math.floor((restante * pct) / 100) };
}
