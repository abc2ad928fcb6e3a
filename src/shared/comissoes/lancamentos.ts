/**
 * The commission ledger (issue 44, ADR 082): periods, line kinds, the states a beneficiary reads and the statement
 * that sums them. Pure: the server's ledger and the screens read the same rules. Money in whole centavos.
 */

export const TIPOS_LANCAMENTO = ['credito', 'estorno'] as const;
export type TipoLancamento = (typeof TIPOS_LANCAMENTO)[number];

/**
 * What a line is to its beneficiary: `liberada` (a credit in an open month), `fechada` (in a closed month, its
 * payout not confirmed yet), `paga` (in a closed month marked paid), `estornada` (a reversing line).
 */
export const ESTADOS_LANCAMENTO = ['liberada', 'fechada', 'paga', 'estornada'] as const;
export type EstadoLancamento = (typeof ESTADOS_LANCAMENTO)[number];
export const ESTADO_LANCAMENTO_LABELS: Record<EstadoLancamento, string> = {
  liberada: 'Liberada',
  fechada: 'Fechada (a pagar)',
  paga: 'Paga',
  estornada: 'Estornada',
};

/** A period: `AAAA-MM`, a month of the Brasília calendar. */
export const PERIODO_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The period of a Brasília day ('2026-03-15' -> '2026-03'). */
export const periodoDe = (dia: string) => dia.slice(0, 7);

/** The month after `periodo` ('2026-12' -> '2027-01'). */
export function proximoPeriodo(periodo: string): string {
  const ano = Number(periodo.slice(0, 4));
  const mes = Number(periodo.slice(5, 7));
  return mes === 12 ? `${ano + 1}-01` : `${ano}-${String(mes + 1).padStart(2, '0')}`;
}

/** The first period from `periodo` on that is not closed: where a line landing in `periodo` is written. */
export function periodoAberto(periodo: string, fechados: ReadonlySet<string>): string {
  let p = periodo;
  while (fechados.has(p)) p = proximoPeriodo(p);
  return p;
}

/** A line's state, from its kind and its period's closing. */
export function estadoDe(tipo: TipoLancamento, fechamento: { pago: boolean } | null): EstadoLancamento {
  if (tipo === 'estorno') return 'estornada';
  if (!fechamento) return 'liberada';
  return fechamento.pago ? 'paga' : 'fechada';
}

export interface Extrato {
  liberada: number;
  fechada: number;
  paga: number;
  /** The reversing lines' sum (negative or zero). */
  estornada: number;
  /** Everything the lines add up to: liberada + fechada + paga + estornada. */
  saldo: number;
}

/** A statement: the sum of its lines per state, nothing else (the property test holds it to that). */
export function extratoDe(linhas: readonly { estado: EstadoLancamento; valorCentavos: number }[]): Extrato {
  const e: Extrato = { liberada: 0, fechada: 0, paga: 0, estornada: 0, saldo: 0 };
  for (const l of linhas) {
    e[l.estado] += l.valorCentavos;
    e.saldo += l.valorCentavos;
  }
  return e;
}

const MESES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** A period as the screens write it ('2026-03' -> 'março de 2026'); anything else as it came. */
export function periodoPorExtenso(periodo: string): string {
  if (!PERIODO_RE.test(periodo)) return periodo;
  return `${MESES[Number(periodo.slice(5, 7)) - 1]} de ${periodo.slice(0, 4)}`;
}

/** The month before `periodo` ('2026-01' -> '2025-12'). */
export function periodoAnterior(periodo: string): string {
  const ano = Number(periodo.slice(0, 4));
  const mes = Number(periodo.slice(5, 7));
  return mes === 1 ? `${ano - 1}-12` : `${ano}-${String(mes - 1).padStart(2, '0')}`;
}

/** The months from `max` back to `min` ('AAAA-MM', both included), newest first. */
export function mesesEntre(min: string, max: string): string[] {
  const meses: string[] = [];
  for (let mes = max; mes >= min; mes = periodoAnterior(mes)) meses.push(mes);
  return meses;
}

/** The payout file's name for a period. */
export const pagamentosCsvFileName = (periodo: string) => `comissoes_${periodo}.csv`;
export const PAGAMENTOS_CSV_COLUMNS = ['Beneficiário', 'CPF/CNPJ', 'Chave PIX', 'Valor', 'Período'] as const;
