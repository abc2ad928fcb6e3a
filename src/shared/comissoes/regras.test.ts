import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type RegraAlcance, comissaoPercentual, regraAplicavel, regraEmConflito } from './regras';

const regra = (r: Partial<RegraAlcance> & { id: string }): RegraAlcance => ({
  franquiaId: null,
  cursoId: null,
  beneficiario: 'vendedor',
  inicio: '2030-01-01',
  fim: null,
  ...r,
});

describe('regraAplicavel (ADR 081)', () => {
  const geral = regra({ id: 'geral' });
  const daFranquia = regra({ id: 'franquia', franquiaId: 'f1' });
  const doCurso = regra({ id: 'curso', cursoId: 'c1' });
  const todas = [geral, daFranquia, doCurso];
  const alvo = { beneficiario: 'vendedor' as const, franquiaId: 'f1', cursoId: 'c1', dia: '2030-05-01' };

  it('prefers a curso over a franquia over the network', () => {
    expect(regraAplicavel(todas, alvo)?.id).toBe('curso');
    expect(regraAplicavel(todas, { ...alvo, cursoId: 'c2' })?.id).toBe('franquia');
    expect(regraAplicavel(todas, { ...alvo, cursoId: 'c2', franquiaId: 'f2' })?.id).toBe('geral');
  });

  it('reads only rules in force that day and for that beneficiary', () => {
    const encerrada = regra({ id: 'x', cursoId: 'c1', fim: '2030-04-30' });
    expect(regraAplicavel([geral, encerrada], alvo)?.id).toBe('geral');
    expect(regraAplicavel(todas, { ...alvo, dia: '2029-12-31' })).toBeUndefined();
    expect(regraAplicavel(todas, { ...alvo, beneficiario: 'franquia' })).toBeUndefined();
  });
});

describe('regraEmConflito', () => {
  it('finds a rule of the same reach and beneficiary sharing a day, never one that ends the day before', () => {
    const a = regra({ id: 'a', fim: '2030-06-30' });
    expect(regraEmConflito(regra({ id: 'b', inicio: '2030-06-30' }), [a])?.id).toBe('a');
    expect(regraEmConflito(regra({ id: 'b', inicio: '2030-07-01' }), [a])).toBeUndefined();
    expect(regraEmConflito(regra({ id: 'b', cursoId: 'c1' }), [a])).toBeUndefined();
    expect(regraEmConflito(regra({ id: 'b', beneficiario: 'franquia' }), [a])).toBeUndefined();
    expect(regraEmConflito(a, [a])).toBeUndefined();
  });
});

describe('comissaoPercentual', () => {
  it('is the exact product rounded once, half up, in whole centavos', () => {
    expect(comissaoPercentual(10_000, 550)).toBe(550);
    expect(comissaoPercentual(333, 1000)).toBe(33);
    expect(comissaoPercentual(335, 1000)).toBe(34);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000 }), (valor, pct) => {
        const c = comissaoPercentual(valor, pct);
        expect(Number.isSafeInteger(c)).toBe(true);
        // Within half a centavo of the exact value, never above the paid value.
        expect(Math.abs(c * 10_000 - valor * pct)).toBeLessThanOrEqual(5000);
        expect(c).toBeLessThanOrEqual(valor);
      }),
    );
  });
});
