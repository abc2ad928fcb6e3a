import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARCELA_STATUSES } from '../cobranca/parcelas';
import { addDays } from '../brasilia';
import {
  FAIXAS_ATRASO,
  type ParcelaContada,
  contarParcela,
  faixaDeAtraso,
  somar,
  taxaInadimplencia,
} from './inadimplencia';

const HOJE = '2026-11-26';

describe('taxaInadimplencia (issue 43)', () => {
  it('is the percentage with one decimal, rounded half up, from integer centavos', () => {
    expect(taxaInadimplencia(1_380, 10_000)).toBe(13.8);
    expect(taxaInadimplencia(1, 3)).toBe(33.3);
    expect(taxaInadimplencia(2, 3)).toBe(66.7);
    // 1/8 = 12.5% exactly; 1/16 = 6.25% -> 6.3 (half up, no float drift)
    expect(taxaInadimplencia(1, 8)).toBe(12.5);
    expect(taxaInadimplencia(1, 16)).toBe(6.3);
    expect(taxaInadimplencia(10_000, 10_000)).toBe(100);
    expect(taxaInadimplencia(9_999_999_999_999, 9_999_999_999_999)).toBe(100);
  });

  it('is 0 without a value due, never NaN', () => {
    expect(taxaInadimplencia(0, 0)).toBe(0);
    expect(taxaInadimplencia(0, 500)).toBe(0);
  });

  it('for any figures: between 0 and 100, within half a tenth of the exact ratio', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e13 }), fc.double({ min: 0, max: 1, noNaN: true }), (devido, f) => {
        const vencido = Math.floor(devido * f);
        const taxa = taxaInadimplencia(vencido, devido);
        expect(taxa).toBeGreaterThanOrEqual(0);
        expect(taxa).toBeLessThanOrEqual(100);
        expect(Number.isInteger(Math.round(taxa * 10))).toBe(true);
        expect(Math.abs(taxa - (vencido / devido) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('faixaDeAtraso', () => {
  it('buckets 1-30, 31-60, 61-90 and more than 90 days', () => {
    expect([1, 30, 31, 60, 61, 90, 91, 400].map(faixaDeAtraso)).toEqual([
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });
});

const parcelaArb: fc.Arbitrary<ParcelaContada & { grupo: number }> = fc.record({
  valorCentavos: fc.integer({ min: 1, max: 5_000_000 }),
  status: fc.constantFrom(...PARCELA_STATUSES),
  vencimento: fc.integer({ min: -400, max: 120 }).map((d) => addDays(HOJE, d)),
  grupo: fc.integer({ min: 0, max: 6 }),
});

describe('contarParcela and somar', () => {
  it('counts what is due, what is overdue and how late, as the report defines them', () => {
    const um = (p: Partial<ParcelaContada>) =>
      contarParcela({ valorCentavos: 100, status: 'aberta', vencimento: HOJE, ...p }, HOJE);
    expect(um({})).toMatchObject({ devidoCentavos: 100, vencidoCentavos: 0 });
    expect(um({ vencimento: addDays(HOJE, 1) })).toMatchObject({ devidoCentavos: 0, vencidoCentavos: 0 });
    expect(um({ vencimento: addDays(HOJE, -1) }).faixas['1-30']).toEqual({ valorCentavos: 100, quantidade: 1 });
    expect(um({ status: 'vencida', vencimento: addDays(HOJE, -45) }).faixas['31-60'].quantidade).toBe(1);
    expect(um({ status: 'vencida', vencimento: addDays(HOJE, -91) }).faixas['90+'].quantidade).toBe(1);
    expect(um({ status: 'paga', vencimento: addDays(HOJE, -91) })).toMatchObject({
      devidoCentavos: 100,
      vencidoCentavos: 0,
    });
    expect(um({ status: 'cancelada', vencimento: addDays(HOJE, -10) }).devidoCentavos).toBe(0);
    expect(um({ status: 'estornada', vencimento: addDays(HOJE, -10) }).devidoCentavos).toBe(0);
  });

  it("for any parcelas: the total's due and overdue are the sums of the groups' and of the buckets, in centavos", () => {
    fc.assert(
      fc.property(fc.array(parcelaArb, { maxLength: 200 }), (lista) => {
        const porGrupo = new Map<number, ReturnType<typeof contarParcela>[]>();
        for (const p of lista) porGrupo.set(p.grupo, [...(porGrupo.get(p.grupo) ?? []), contarParcela(p, HOJE)]);
        const grupos = [...porGrupo.values()].map(somar);
        const total = somar(lista.map((p) => contarParcela(p, HOJE)));
        const somaDosGrupos = somar(grupos);
        expect(somaDosGrupos).toEqual(total);
        const buckets = FAIXAS_ATRASO.reduce((s, f) => s + total.faixas[f].valorCentavos, 0);
        const quantos = FAIXAS_ATRASO.reduce((s, f) => s + total.faixas[f].quantidade, 0);
        expect(buckets).toBe(total.vencidoCentavos);
        expect(quantos).toBe(total.parcelasVencidas);
        expect(total.vencidoCentavos).toBeLessThanOrEqual(total.devidoCentavos);
        expect(Number.isSafeInteger(total.devidoCentavos)).toBe(true);
        expect(Number.isNaN(taxaInadimplencia(total.vencidoCentavos, total.devidoCentavos))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
