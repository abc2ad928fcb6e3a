import { describe, expect, it } from 'vitest';
import { diasUteisDoMes, ehDiaUtil, projecaoDoMes } from './dias-uteis';

describe('the working days of a month (national holidays)', () => {
  it('November 2026 has 19: its weekdays less 02/11 (Finados) and 20/11 (Consciência Negra)', () => {
    expect(ehDiaUtil('2026-11-02')).toBe(false);
    expect(ehDiaUtil('2026-11-20')).toBe(false);
    expect(ehDiaUtil('2026-11-03')).toBe(true);
    expect(diasUteisDoMes('2026-11', '2026-11-10')).toEqual({ total: 19, decorridos: 6 });
    expect(diasUteisDoMes('2026-11', '2026-12-01')).toEqual({ total: 19, decorridos: 19 });
    expect(diasUteisDoMes('2026-11', '2026-10-31')).toEqual({ total: 19, decorridos: 0 });
  });

  it('projects what was achieved per working day over the whole month', () => {
    expect(projecaoDoMes(12, { total: 19, decorridos: 6 })).toBe(38);
    expect(projecaoDoMes(12, { total: 19, decorridos: 0 })).toBe(12);
    expect(projecaoDoMes(12, { total: 19, decorridos: 19 })).toBe(12);
  });
});
