const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const points = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A rate of the API (a fraction 0..1) as pt-BR: '35,2%'. */
export function formatTaxa(fraction: number): string {
  return percent.format(fraction);
}

export type DeltaTrend = 'up' | 'down' | 'flat' | 'new';

export interface Delta {
  trend: DeltaTrend;
  /** What the card shows: '▲ 12,5%', '▼ 3,0 p.p.', '= 0,0%' or 'Sem base anterior'. */
  text: string;
  /** The same, said in words for screen readers. */
  spoken: string;
}

/**
 * The change of a count against the previous period, in percent of the previous one. From zero there is no
 * percentage to give: 'Sem base anterior' (or no change when both are zero).
 */
export function countDelta(current: number, previous: number): Delta {
  if (previous === 0) {
    return current === 0
      ? { trend: 'flat', text: '= 0,0%', spoken: 'sem variação em relação ao período anterior' }
      : { trend: 'new', text: 'Sem base anterior', spoken: 'nenhum registro no período anterior' };
  }
  const change = (current - previous) / previous;
  const magnitude = percent.format(Math.abs(change));
  return fromChange(change, magnitude, magnitude);
}

/**
 * The change of a rate in percentage points: a rate going from 10% to 12% moved 2 points (a 20% change of the
 * rate itself would overstate it).
 */
export function rateDelta(current: number, previous: number): Delta {
  const change = (current - previous) * 100;
  const magnitude = points.format(Math.abs(change));
  return fromChange(Math.round(change * 10) / 10, `${magnitude} p.p.`, `${magnitude} pontos percentuais`);
}

function fromChange(change: number, magnitude: string, said: string): Delta {
  if (Math.abs(change) < 0.0005) {
    return { trend: 'flat', text: `= ${magnitude}`, spoken: 'sem variação em relação ao período anterior' };
  }
  return change > 0
    ? { trend: 'up', text: `▲ ${magnitude}`, spoken: `aumento de ${said} em relação ao período anterior` }
    : { trend: 'down', text: `▼ ${magnitude}`, spoken: `queda de ${said} em relação ao período anterior` };
}
