import { comissaoPercentual } from '../comissoes/regras';
import { periodoAnterior, proximoPeriodo } from '../comissoes/lancamentos';

/**
 * Royalties e fundo de propaganda (issue 45, ADR 089): the agreement in force, each line's figures and the monthly
 * statement that sums them. Pure: the server's ledger, its closing and the screens read the same rules. Money in
 * whole centavos; percentages in hundredths of a percent (550 = 5,50 %), each line rounded once (as the
 * commissions: `comissaoPercentual`).
 */

export const MODOS_ROYALTY = ['fatura', 'split'] as const;
export type ModoRoyalty = (typeof MODOS_ROYALTY)[number];
export const MODO_ROYALTY_LABELS: Record<ModoRoyalty, string> = {
  fatura: 'Fatura mensal à franquia',
  split: 'Split no pagamento de cada parcela',
};

export const TIPOS_LINHA_ROYALTY = ['receita', 'estorno'] as const;
export type TipoLinhaRoyalty = (typeof TIPOS_LINHA_ROYALTY)[number];

export const STATUS_FATURA_ROYALTY = ['pendente', 'aberta', 'vencida', 'paga', 'estornada', 'cancelada'] as const;
export type StatusFaturaRoyalty = (typeof STATUS_FATURA_ROYALTY)[number];
export const STATUS_FATURA_ROYALTY_LABELS: Record<StatusFaturaRoyalty, string> = {
  pendente: 'Sendo emitida',
  aberta: 'Em aberto',
  vencida: 'Vencida',
  paga: 'Paga',
  estornada: 'Estornada',
  cancelada: 'Cancelada',
};

/** The day of the month a closed statement's charge falls due. */
export const DIA_VENCIMENTO_FATURA = 10;

export interface AcordoVersao {
  id: string;
  royaltyCentesimos: number;
  fundoCentesimos: number;
  minimoCentavos: number | null;
  /** YYYY-MM-DD. */
  inicio: string;
  modo: ModoRoyalty;
}

/** The version in force on `dia` (the latest that started on or before it), or null. */
export function acordoEmVigor<A extends Pick<AcordoVersao, 'inicio'>>(versoes: readonly A[], dia: string): A | null {
  let vigente: A | null = null;
  for (const v of versoes) if (v.inicio <= dia && (!vigente || v.inicio > vigente.inicio)) vigente = v;
  return vigente;
}

/** The last day of a period ('2026-02' -> '2026-02-28'). */
export function ultimoDiaDo(periodo: string): string {
  const ano = Number(periodo.slice(0, 4));
  const mes = Number(periodo.slice(5, 7));
  const dias = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return `${periodo}-${String(dias).padStart(2, '0')}`;
}

/** The month before `periodo` ('2027-01' -> '2026-12'): the ledgers' one (`comissoes/lancamentos`). */
export { periodoAnterior };

/**
 * A closed statement's charge: day 10 of the month after the period -- or, closed on or after that day, day 10 of
 * the month after the closing.
 */
export function vencimentoDaFatura(periodo: string, hoje: string): string {
  let mes = proximoPeriodo(periodo);
  const dia = String(DIA_VENCIMENTO_FATURA).padStart(2, '0');
  while (`${mes}-${dia}` <= hoje) mes = proximoPeriodo(mes);
  return `${mes}-${dia}`;
}

/** The share a `split` asks the gateway to retain: royalty + fundo. */
export const splitDoAcordo = (a: Pick<AcordoVersao, 'royaltyCentesimos' | 'fundoCentesimos'>) =>
  a.royaltyCentesimos + a.fundoCentesimos;

export interface FigurasDaLinha {
  royaltyCentavos: number;
  fundoCentavos: number;
  retidoCentavos: number;
}

/**
 * A paid parcela's line: royalty and fundo on its value (the agreement in force on the day paid), and what the
 * gateway retained -- the split the payment carried, applied to its net value (the gateway's rule), rounded once.
 */
export function figurasDaReceita(
  valorCentavos: number,
  valorLiquidoCentavos: number | null,
  acordo: Pick<AcordoVersao, 'royaltyCentesimos' | 'fundoCentesimos'>,
  splitCentesimos: number | null,
): FigurasDaLinha {
  return {
    royaltyCentavos: comissaoPercentual(valorCentavos, acordo.royaltyCentesimos),
    fundoCentavos: comissaoPercentual(valorCentavos, acordo.fundoCentesimos),
    retidoCentavos: splitCentesimos ? comissaoPercentual(valorLiquidoCentavos ?? valorCentavos, splitCentesimos) : 0,
  };
}

export interface LinhaDoExtrato {
  tipo: TipoLinhaRoyalty;
  baseCentavos: number;
  royaltyCentavos: number;
  fundoCentavos: number;
  retidoCentavos: number;
}

export interface Extrato {
  /** What the month's payments add up to. */
  brutoCentavos: number;
  /** The month's refunds (zero or negative). */
  estornosCentavos: number;
  /** bruto + estornos. */
  baseCentavos: number;
  royaltyCentavos: number;
  fundoCentavos: number;
  /** The agreement's monthly minimum of royalty, if any. */
  minimoCentavos: number | null;
  /** What brings the royalty up to the minimum (zero when it is reached or there is none). */
  ajusteMinimoCentavos: number;
  /** What the agreement asks: royalty + fundo + the minimum's adjustment. */
  pedidoCentavos: number;
  /** What the gateway's split already retained. */
  retidoCentavos: number;
  /** What is left to collect by the fatura: pedido - retido (negative: the split retained more). */
  saldoCentavos: number;
  linhas: number;
}

/** A month's statement: the sums of its lines, the minimum's adjustment (the agreement at the month's end), the balance. */
export function extratoDe(
  linhas: readonly LinhaDoExtrato[],
  acordo: Pick<AcordoVersao, 'minimoCentavos'> | null,
): Extrato {
  let bruto = 0;
  let estornos = 0;
  let royalty = 0;
  let fundo = 0;
  let retido = 0;
  for (const l of linhas) {
    if (l.tipo === 'receita') bruto += l.baseCentavos;
    else estornos += l.baseCentavos;
    royalty += l.royaltyCentavos;
    fundo += l.fundoCentavos;
    retido += l.retidoCentavos;
  }
  return extratoDeSomas({ bruto, estornos, royalty, fundo, retido, linhas: linhas.length }, acordo);
}

/** `extratoDe` from the lines' sums (as the database adds them up). */
export function extratoDeSomas(
  s: { bruto: number; estornos: number; royalty: number; fundo: number; retido: number; linhas: number },
  acordo: Pick<AcordoVersao, 'minimoCentavos'> | null,
): Extrato {
  const minimo = acordo?.minimoCentavos ?? null;
  const ajuste = minimo !== null && s.royalty < minimo ? minimo - s.royalty : 0;
  const pedido = s.royalty + s.fundo + ajuste;
  return {
    brutoCentavos: s.bruto,
    estornosCentavos: s.estornos,
    baseCentavos: s.bruto + s.estornos,
    royaltyCentavos: s.royalty,
    fundoCentavos: s.fundo,
    minimoCentavos: minimo,
    ajusteMinimoCentavos: ajuste,
    pedidoCentavos: pedido,
    retidoCentavos: s.retido,
    saldoCentavos: pedido - s.retido,
    linhas: s.linhas,
  };
}
