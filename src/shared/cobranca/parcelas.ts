import { valoresDasParcelas } from '../money/parcelas';

/**
 * Cobrança (issue 43, ADR 071): the parcelas a contract bills, their statuses and words on screen, and the plan --
 * N values summing to the contract's frozen total to the cent, each due on the day the family chose, from the month
 * after acceptance. Plain TypeScript (no zod): the public contract page reads the due days before any rule loads.
 */

export const PARCELA_STATUSES = ['aberta', 'paga', 'vencida', 'estornada', 'cancelada'] as const;
export type ParcelaStatus = (typeof PARCELA_STATUSES)[number];

export const PARCELA_STATUS_LABELS: Record<ParcelaStatus, string> = {
  aberta: 'Em aberto',
  paga: 'Paga',
  vencida: 'Vencida',
  estornada: 'Estornada',
  cancelada: 'Cancelada',
};

/**
 * What a parcela bills (ADR 076): a parcela of the contract's plan, or the single charge of a cancellation's fee
 * (after the 7-day withdrawal term), which the family sees and pays as any parcela.
 */
export const PARCELA_TIPOS = ['mensalidade', 'taxa_cancelamento'] as const;
export type ParcelaTipo = (typeof PARCELA_TIPOS)[number];
export const PARCELA_TIPO_LABELS: Record<ParcelaTipo, string> = {
  mensalidade: 'Parcela',
  taxa_cancelamento: 'Multa de cancelamento',
};

/**
 * Where a parcela stands in the plan the family has (ADR 084): `numero` of `totalParcelas` in its own plan -- the
 * contract's, or a renegotiation's, numbered 1..N on its own (`renegociacao`) -- never the matrícula's running number.
 */
export interface NumeracaoDaParcela {
  tipo?: ParcelaTipo | string | null;
  numero: number;
  totalParcelas: number;
  /** ADR 084: the parcela is of a renegotiation's plan. */
  renegociacao?: boolean | null;
}

const ehDoPlano = (p: NumeracaoDaParcela) => !p.tipo || p.tipo === 'mensalidade';

/**
 * A parcela's title wherever a family or staff member reads it (the staff screens, the titular's data, the family's
 * page, the régua's e-mails): 'Parcela n de N' for the contract's plan, 'Parcela n de N da renegociação' for a
 * renegotiation's (each plan numbered on its own, ADR 084), and the fee's name for a cancellation's fee, which is no
 * parcela of a plan (ADR 076).
 */
export function tituloDaParcela(p: NumeracaoDaParcela) {
  if (!ehDoPlano(p)) return PARCELA_TIPO_LABELS[p.tipo as ParcelaTipo] ?? String(p.tipo);
  return `Parcela ${p.numero} de ${p.totalParcelas}${p.renegociacao ? ' da renegociação' : ''}`;
}

/** The same in a table's cell or the CSV: '3/10', '2/6 (renegociação)', or the fee's name. */
export function numeracaoCurta(p: NumeracaoDaParcela) {
  if (!ehDoPlano(p)) return PARCELA_TIPO_LABELS[p.tipo as ParcelaTipo] ?? String(p.tipo);
  return `${p.numero}/${p.totalParcelas}${p.renegociacao ? ' (renegociação)' : ''}`;
}

/** The days of the month the family may choose for its parcelas (the contract page's select). */
export const DIAS_VENCIMENTO = [5, 10, 15, 20, 25] as const;
export type DiaVencimento = (typeof DIAS_VENCIMENTO)[number];
/** The day used when the family chooses none (the route's contract before issue 43 had no such field). */
export const DIA_VENCIMENTO_PADRAO: DiaVencimento = 10;
export const DIA_VENCIMENTO_LABEL = 'Dia de vencimento das parcelas';

/** The gateways a parcela may be billed through (COBRANCA_PROVEDOR). */
export const PROVEDORES_COBRANCA = ['asaas', 'simulado'] as const;
export type ProvedorCobranca = (typeof PROVEDORES_COBRANCA)[number];
/** A gateway's name as a family reads it (the titular's data: who bills the parcelas). */
export const PROVEDOR_COBRANCA_LABELS: Record<ProvedorCobranca, string> = {
  asaas: 'Asaas',
  simulado: 'Simulado (ambiente de demonstração, sem cobrança real)',
};

export interface ParcelaDoPlano {
  numero: number;
  /** Whole centavos. */
  valorCentavos: number;
  /** YYYY-MM-DD. */
  vencimento: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Day `dia` of the `k`-th month after the month of `data` (YYYY-MM-DD); `dia` is at most 28, so it always exists. */
export function diaDoMesSeguinte(data: string, dia: number, k = 1): string {
  if (!Number.isInteger(dia) || dia < 1 || dia > 28) throw new RangeError(`dia inválido: ${dia}`);
  const [y, m] = data.split('-').map(Number) as [number, number];
  const meses = y * 12 + (m - 1) + k;
  return `${Math.floor(meses / 12)}-${pad((meses % 12) + 1)}-${pad(dia)}`;
}

/**
 * The plan of a contract accepted on `aceitoNoDia` (YYYY-MM-DD, São Paulo): `parcelas` values that sum to
 * `totalCentavos` exactly (the contract's split: the last takes the rounding), the first due on `dia` of the next
 * month, then monthly. No parcela is of zero: a total below the number of parcelas (in centavos) is billed in as
 * many parcelas as it has centavos. A total of zero bills nothing.
 */
export function planoDeParcelas(
  totalCentavos: number,
  parcelas: number,
  dia: number,
  aceitoNoDia: string,
): ParcelaDoPlano[] {
  if (totalCentavos === 0) return [];
  return valoresDasParcelas(totalCentavos, Math.min(parcelas, totalCentavos)).map((valorCentavos, i) => ({
    numero: i + 1,
    valorCentavos,
    vencimento: diaDoMesSeguinte(aceitoNoDia, dia, i + 1),
  }));
}
