/**
 * Comissões (issue 44, ADR 081): who a rule pays, how, and which rule wins. The server's checks and the screen's
 * labels read the same lists; money in whole centavos, percentages in hundredths of a percent (550 = 5,50 %).
 */

export const BENEFICIARIOS = ['vendedor', 'micro_franquia', 'franquia'] as const;
export type Beneficiario = (typeof BENEFICIARIOS)[number];
export const BENEFICIARIO_LABELS: Record<Beneficiario, string> = {
  vendedor: 'Vendedor responsável pelo lead',
  micro_franquia: 'Micro-franquia do evento',
  franquia: 'Franquia',
};

export const TIPOS_REGRA = ['percentual', 'fixo'] as const;
export type TipoRegra = (typeof TIPOS_REGRA)[number];
export const TIPO_REGRA_LABELS: Record<TipoRegra, string> = {
  percentual: 'Percentual de cada parcela paga',
  fixo: 'Valor fixo na primeira parcela paga da matrícula',
};

/** What the precedence and the conflict check read of a rule. */
export interface RegraAlcance {
  id: string;
  franquiaId: string | null;
  cursoId: string | null;
  beneficiario: Beneficiario;
  inicio: string;
  fim: string | null;
}

/**
 * How specific a rule is: one curso over every curso, then a franquia's over the network's. Higher wins.
 */
export const especificidade = (r: Pick<RegraAlcance, 'franquiaId' | 'cursoId'>): number =>
  (r.cursoId ? 2 : 0) + (r.franquiaId ? 1 : 0);

/** Whether two [inicio, fim] periods (fim null: open-ended) share a day. Dates are 'YYYY-MM-DD'. */
export function periodosSeCruzam(a: Pick<RegraAlcance, 'inicio' | 'fim'>, b: Pick<RegraAlcance, 'inicio' | 'fim'>) {
  return (a.fim === null || b.inicio <= a.fim) && (b.fim === null || a.inicio <= b.fim);
}

/**
 * Another rule a new or changed one would collide with: the same beneficiary, the same reach (the network or the
 * same franquia, every curso or the same curso), a period that shares a day. Undefined: none.
 */
export function regraEmConflito<R extends RegraAlcance>(regra: RegraAlcance, outras: readonly R[]): R | undefined {
  return outras.find(
    (o) =>
      o.id !== regra.id &&
      o.beneficiario === regra.beneficiario &&
      o.franquiaId === regra.franquiaId &&
      o.cursoId === regra.cursoId &&
      periodosSeCruzam(o, regra),
  );
}

/**
 * The rule that pays `beneficiario` for a parcela of `franquiaId` and `cursoId` paid on `dia`: among those in force
 * that day and reaching the parcela, the most specific. Undefined: nobody is paid.
 */
export function regraAplicavel<R extends RegraAlcance>(
  regras: readonly R[],
  alvo: { beneficiario: Beneficiario; franquiaId: string | null; cursoId: string | null; dia: string },
): R | undefined {
  let melhor: R | undefined;
  for (const r of regras) {
    if (r.beneficiario !== alvo.beneficiario) continue;
    if (r.franquiaId !== null && r.franquiaId !== alvo.franquiaId) continue;
    if (r.cursoId !== null && r.cursoId !== alvo.cursoId) continue;
    if (r.inicio > alvo.dia || (r.fim !== null && r.fim < alvo.dia)) continue;
    if (!melhor || especificidade(r) > especificidade(melhor)) melhor = r;
  }
  return melhor;
}

/** A percentage of a paid value, in whole centavos: rounded once, half up (never float arithmetic on reais). */
export function comissaoPercentual(valorCentavos: number, percentualCentesimos: number): number {
  // valor (centavos) x percentual (1/10000): an exact integer product, then one rounding.
  return Math.floor((valorCentavos * percentualCentesimos + 5000) / 10000);
}

/** Percent as typed (5.5 or 5,50) <-> hundredths of a percent. */
export const toCentesimos = (percentual: number) => Math.round(percentual * 100);
export const fromCentesimos = (centesimos: number) => Number(`${centesimos}e-2`);
