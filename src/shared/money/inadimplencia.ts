/**
 * Inadimplência (issue 43, ADR 077): what a unit reads about its money -- the value due, the value overdue and how
 * long it has been overdue -- computed from whole centavos only. A group's figures and the total's are sums of
 * centavos, and the rate is the one division, rounded once, at the end.
 */

/** The aging buckets: days overdue, inclusive. The last has no upper bound. */
export const FAIXAS_ATRASO = ['1-30', '31-60', '61-90', '90+'] as const;
export type FaixaAtraso = (typeof FAIXAS_ATRASO)[number];

export const FAIXA_ATRASO_LABELS: Record<FaixaAtraso, string> = {
  '1-30': '1 a 30 dias',
  '31-60': '31 a 60 dias',
  '61-90': '61 a 90 dias',
  '90+': 'Mais de 90 dias',
};

/**
 * Each bucket's days overdue, from `de` to `ate` inclusive (the last has no end): the one table the rule, the report's
 * SQL over the parcelas and its stretches of due days over the counters all read.
 */
export const FAIXA_DIAS: Record<FaixaAtraso, { de: number; ate: number | null }> = {
  '1-30': { de: 1, ate: 30 },
  '31-60': { de: 31, ate: 60 },
  '61-90': { de: 61, ate: 90 },
  '90+': { de: 91, ate: null },
};

/** The bucket of a parcela overdue for `dias` days (a parcela marked overdue on its due day counts as 1 day). */
export function faixaDeAtraso(dias: number): FaixaAtraso {
  return FAIXAS_ATRASO.find((faixa) => FAIXA_DIAS[faixa].ate === null || dias <= FAIXA_DIAS[faixa].ate!) ?? '90+';
}

/**
 * The overdue rate as a percentage with one decimal (13.8 means 13,8%): `vencido / devido`, from integer centavos,
 * rounded half up once; 0 without a value due (never NaN). BigInt, so no total is too large to be exact.
 */
export function taxaInadimplencia(vencidoCentavos: number, devidoCentavos: number): number {
  if (!Number.isSafeInteger(vencidoCentavos) || !Number.isSafeInteger(devidoCentavos)) {
    throw new RangeError(`centavos inválidos: ${vencidoCentavos}/${devidoCentavos}`);
  }
  if (devidoCentavos <= 0 || vencidoCentavos <= 0) return 0;
  // Tenths of a percent, half up: floor((2 * 1000 * vencido + devido) / (2 * devido)).
  const decimos = (2000n * BigInt(vencidoCentavos) + BigInt(devidoCentavos)) / (2n * BigInt(devidoCentavos));
  return Number(decimos) / 10;
}

/** One bucket's figures. */
export interface FaixaSoma {
  valorCentavos: number;
  quantidade: number;
}

/** A group's (or the total's) figures in centavos. */
export interface SomaInadimplencia {
  devidoCentavos: number;
  parcelasDevidas: number;
  vencidoCentavos: number;
  parcelasVencidas: number;
  faixas: Record<FaixaAtraso, FaixaSoma>;
}

export function somaVazia(): SomaInadimplencia {
  return {
    devidoCentavos: 0,
    parcelasDevidas: 0,
    vencidoCentavos: 0,
    parcelasVencidas: 0,
    faixas: Object.fromEntries(FAIXAS_ATRASO.map((f) => [f, { valorCentavos: 0, quantidade: 0 }])) as Record<
      FaixaAtraso,
      FaixaSoma
    >,
  };
}

/** The sum of figures, field by field (the total of the groups). */
export function somar(partes: readonly SomaInadimplencia[]): SomaInadimplencia {
  const total = somaVazia();
  for (const p of partes) {
    total.devidoCentavos += p.devidoCentavos;
    total.parcelasDevidas += p.parcelasDevidas;
    total.vencidoCentavos += p.vencidoCentavos;
    total.parcelasVencidas += p.parcelasVencidas;
    for (const f of FAIXAS_ATRASO) {
      total.faixas[f].valorCentavos += p.faixas[f].valorCentavos;
      total.faixas[f].quantidade += p.faixas[f].quantidade;
    }
  }
  return total;
}

/** What is read of a parcela to count it. */
export interface ParcelaContada {
  valorCentavos: number;
  status: 'aberta' | 'paga' | 'vencida' | 'estornada' | 'cancelada';
  /** YYYY-MM-DD. */
  vencimento: string;
}

const dias = (de: string, ate: string) =>
  Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000);

/**
 * How a parcela counts on `hoje` (YYYY-MM-DD): due when its due date has arrived (or the gateway already called it
 * overdue), unless cancelled or refunded -- nobody owes those; overdue when the gateway called it so or it is still
 * open past its due date; its bucket by the days since the due date. The SQL of the report
 * (modules/cobranca/inadimplencia.repository.ts) is the same rule, and a test holds the two together.
 */
export function contarParcela(p: ParcelaContada, hoje: string): SomaInadimplencia {
  const soma = somaVazia();
  if (p.status === 'cancelada' || p.status === 'estornada') return soma;
  const vencida = p.status === 'vencida' || (p.status === 'aberta' && p.vencimento < hoje);
  if (p.vencimento > hoje && !vencida) return soma;
  soma.devidoCentavos = p.valorCentavos;
  soma.parcelasDevidas = 1;
  if (vencida) {
    soma.vencidoCentavos = p.valorCentavos;
    soma.parcelasVencidas = 1;
    const faixa = soma.faixas[faixaDeAtraso(Math.max(1, dias(p.vencimento, hoje)))];
    faixa.valorCentavos = p.valorCentavos;
    faixa.quantidade = 1;
  }
  return soma;
}
