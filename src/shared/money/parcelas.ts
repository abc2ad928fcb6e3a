/**
 * Money as the matrícula's price snapshot holds it (issue 42): whole centavos, never float arithmetic. The
 * database keeps numeric(10,2) and the API answers reais as JSON numbers with two decimals; this module is the
 * only place that turns one into the other and splits a total into parcelas.
 */

/** Reais with at most two decimals (a numeric(10,2) read as a number) -> whole centavos. */
export function toCentavos(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError(`valor inválido: ${reais}`);
  // A value with two decimals times 100 lands within far less than half a centavo of its integer.
  return Math.round(reais * 100);
}

/** Whole centavos -> reais as a number with two decimals (exact for the JSON answer and numeric(10,2)). */
export function fromCentavos(centavos: number): number {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`centavos inválidos: ${centavos}`);
  return Number(`${centavos}e-2`);
}

export interface ParcelasDivididas {
  /** Each parcela but the last, in centavos. */
  valorParcela: number;
  /** The last parcela, which takes the rounding, in centavos. */
  valorUltimaParcela: number;
}

/**
 * A total split into `parcelas` to the cent (issue 42): every parcela but the last is the total divided by their
 * number, rounded down to the cent; the last takes what is left, so the parcelas always sum to the total and the
 * last differs from the others by less than `parcelas` centavos.
 */
export function dividirEmParcelas(totalCentavos: number, parcelas: number): ParcelasDivididas {
  if (!Number.isSafeInteger(totalCentavos) || totalCentavos < 0) {
    throw new RangeError(`total inválido: ${totalCentavos}`);
  }
  if (!Number.isSafeInteger(parcelas) || parcelas < 1) throw new RangeError(`parcelas inválidas: ${parcelas}`);
  const valorParcela = Math.floor(totalCentavos / parcelas);
  return { valorParcela, valorUltimaParcela: totalCentavos - valorParcela * (parcelas - 1) };
}

/** The value of each parcela, in order (the last takes the rounding). */
export function valoresDasParcelas(totalCentavos: number, parcelas: number): number[] {
  const { valorParcela, valorUltimaParcela } = dividirEmParcelas(totalCentavos, parcelas);
  return Array.from({ length: parcelas }, (_, i) => (i === parcelas - 1 ? valorUltimaParcela : valorParcela));
}
