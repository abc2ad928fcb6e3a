import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { META_MAXIMA } from '../schemas/metas';
import {
  DivisaoRecusada,
  type FilhoMeta,
  type NoMeta,
  cascatear,
  distribuir,
  dividirIgual,
  dividirPorPesos,
  reequilibrar,
} from './divisao';

/**
 * The split rules (issue 48) over random trees and random edits: every parent's children sum to it, locked children
 * keep theirs, and a refused edit says why in pt-BR.
 */

const soma = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const total = fc.integer({ min: 0, max: META_MAXIMA });

describe('dividirPorPesos and dividirIgual', () => {
  it('hand out exactly the total, in integers, each within one of its exact share', () => {
    fc.assert(
      fc.property(total, fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 30 }), (t, pesos) => {
        const partes = dividirPorPesos(t, pesos);
        expect(partes).toHaveLength(pesos.length);
        expect(soma(partes)).toBe(t);
        const somaPesos = soma(pesos);
        partes.forEach((p, i) => {
          expect(Number.isInteger(p) && p >= 0).toBe(true);
          const exato = somaPesos === 0 ? t / pesos.length : (t * pesos[i]!) / somaPesos;
          expect(Math.abs(p - exato)).toBeLessThanOrEqual(1 + exato * 1e-9);
        });
      }),
    );
  });

  it('split evenly: the first ones get the units left over', () => {
    expect(dividirIgual(10, 3)).toEqual([4, 3, 3]);
    expect(dividirPorPesos(10, [0, 0, 0])).toEqual([4, 3, 3]);
    expect(dividirPorPesos(100, [3, 1])).toEqual([75, 25]);
    expect(dividirPorPesos(10, [1, 1, 1])).toEqual([4, 3, 3]);
  });
});

/** A random tree of goals that holds the rule: every node's children (with goals) sum to it. */
function arvore(profundidade: number): fc.Arbitrary<NoMeta> {
  const folha = fc.record({ travada: fc.boolean(), pesos: fc.constant([] as number[]) });
  let no: fc.Arbitrary<{ travada: boolean; filhos: unknown[] }> = folha.map((f) => ({
    travada: f.travada,
    filhos: [],
  }));
  for (let d = 0; d < profundidade; d += 1) {
    const abaixo = no;
    no = fc.record({ travada: fc.boolean(), filhos: fc.array(abaixo, { maxLength: 4 }) });
  }
  return fc
    .tuple(no, total, fc.array(fc.nat({ max: 100 }), { minLength: 64, maxLength: 64 }))
    .map(([forma, valor, pesos]) => {
      let contador = 0;
      const montar = (f: { travada: boolean; filhos: unknown[] }, v: number): NoMeta => {
        const id = `n${contador++}`;
        const filhos = f.filhos as { travada: boolean; filhos: unknown[] }[];
        const partes = dividirPorPesos(
          v,
          filhos.map((_, i) => pesos[(contador + i) % pesos.length]!),
        );
        return { id, valor: v, travada: f.travada, filhos: filhos.map((g, i) => montar(g, partes[i]!)) };
      };
      return montar(forma, valor);
    });
}

function somasFecham(no: NoMeta): void {
  if (no.filhos.length > 0) expect(soma(no.filhos.map((f) => f.valor)), no.id).toBe(no.valor);
  no.filhos.forEach(somasFecham);
}

const nos = (no: NoMeta): NoMeta[] => [no, ...no.filhos.flatMap(nos)];

describe('cascatear: a parent goal changed flows down the tree', () => {
  it('keeps every parent equal to the sum of its children, and the locked children while the parent holds them', () => {
    fc.assert(
      fc.property(arvore(3), total, (raiz, novo) => {
        somasFecham(raiz);
        const alterados = new Map<string, number>();
        const nova = cascatear(raiz, novo, alterados);
        expect(nova.valor).toBe(novo);
        somasFecham(nova);
        // The root's locked children keep theirs when the new goal holds them and someone unlocked takes the rest.
        const travadas = raiz.filhos.filter((f) => f.travada);
        const livres = raiz.filhos.filter((f) => !f.travada);
        if (soma(travadas.map((f) => f.valor)) <= novo && livres.length > 0) {
          for (const f of travadas) expect(nova.filhos.find((g) => g.id === f.id)!.valor).toBe(f.valor);
        }
        // What it reports as changed is exactly what changed.
        const antes = new Map(nos(raiz).map((n) => [n.id, n.valor]));
        for (const n of nos(nova)) {
          if (alterados.has(n.id)) expect(alterados.get(n.id)).toBe(n.valor);
          else expect(n.valor).toBe(antes.get(n.id));
        }
      }),
    );
  });
});

const filhos = fc
  .array(fc.record({ valor: fc.option(fc.nat({ max: 1_000_000 }), { nil: null }), travada: fc.boolean() }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((xs) => xs.map((x, i): FilhoMeta => ({ id: `f${i}`, ...x })));

describe('reequilibrar: a child edited by hand', () => {
  it('keeps the children summing to the parent and the locked siblings as they were, or refuses in pt-BR', () => {
    fc.assert(
      fc.property(
        filhos,
        fc.nat({ max: 5_000_000 }),
        fc.nat(),
        fc.nat({ max: 5_000_000 }),
        (lista, pai, qual, valor) => {
          const alvo = lista[qual % lista.length]!;
          try {
            const novos = reequilibrar(pai, lista, alvo.id, valor);
            expect(soma(novos)).toBe(pai);
            lista.forEach((f, i) => {
              if (f.id === alvo.id) expect(novos[i]).toBe(valor);
              else if (f.travada && f.valor !== null) expect(novos[i]).toBe(f.valor);
              expect(novos[i]).toBeGreaterThanOrEqual(0);
            });
          } catch (error) {
            expect(error).toBeInstanceOf(DivisaoRecusada);
            expect((error as Error).message).toMatch(/meta/i);
            const travadas = soma(
              lista.filter((f) => f.id !== alvo.id && f.travada && f.valor !== null).map((f) => f.valor!),
            );
            const livres = lista.filter((f) => f.id !== alvo.id && (!f.travada || f.valor === null));
            expect(travadas + valor > pai || (livres.length === 0 && travadas + valor !== pai)).toBe(true);
          }
        },
      ),
    );
  });

  it('refuses a value above what the locked siblings leave, naming the maximum', () => {
    const lista: FilhoMeta[] = [
      { id: 'a', valor: 60, travada: true },
      { id: 'b', valor: 20, travada: false },
      { id: 'c', valor: 20, travada: false },
    ];
    expect(() => reequilibrar(100, lista, 'b', 50)).toThrow('o máximo é 40');
    expect(reequilibrar(100, lista, 'b', 30)).toEqual([60, 30, 10]);
  });
});

describe('distribuir: a parent split among its children', () => {
  it('sums to the parent and keeps the locked children, or refuses', () => {
    fc.assert(
      fc.property(
        filhos,
        fc.nat({ max: 5_000_000 }),
        fc.array(fc.nat({ max: 1000 }), { maxLength: 12 }),
        (lista, pai, pesos) => {
          try {
            const novos = distribuir(pai, lista, pesos);
            expect(soma(novos)).toBe(pai);
            lista.forEach((f, i) => {
              if (f.travada && f.valor !== null) expect(novos[i]).toBe(f.valor);
            });
          } catch (error) {
            expect(error).toBeInstanceOf(DivisaoRecusada);
          }
        },
      ),
    );
  });
});
