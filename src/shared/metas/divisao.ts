import { METAS_MESSAGES } from '../schemas/metas';

/**
 * How a goal is split down the tree (issue 48): pure and in integers, so the server applies it and the property
 * test proves it. A parent's children always sum to it: an even split, a split by weights (last year's figures)
 * and the rebalance after a child is edited by hand all hand out the remainder by the largest-remainder rule, and a
 * parent's new goal cascades to its children (and theirs) that have goals. A locked child (`travada`) keeps its
 * goal when a sibling is edited or the parent's goal is split again; in a cascade it keeps it while the parent's
 * new goal still holds it.
 */

/** A refused split: its pt-BR message is the one the API answers with 400. */
export class DivisaoRecusada extends Error {}

/**
 * `total` split by `pesos` (non-negative integers) with the largest remainder: each share is the floor of its
 * exact part, and the units left go to the largest fractions (the first on a tie). BigInt: a total in centavos
 * times a weight overflows a double's integers. All weights zero (or none given): an even split.
 */
export function dividirPorPesos(total: number, pesos: readonly number[]): number[] {
  if (pesos.length === 0) return [];
  const soma = pesos.reduce((a, b) => a + BigInt(b), 0n);
  if (soma === 0n) return dividirIgual(total, pesos.length);
  const t = BigInt(total);
  const partes = pesos.map((peso, i) => {
    const exato = t * BigInt(peso);
    return { i, base: exato / soma, resto: exato % soma };
  });
  let sobra = t - partes.reduce((a, p) => a + p.base, 0n);
  const ordem = [...partes].sort((a, b) => (a.resto === b.resto ? a.i - b.i : a.resto > b.resto ? -1 : 1));
  for (const parte of ordem) {
    if (sobra === 0n) break;
    parte.base += 1n;
    sobra -= 1n;
  }
  return partes.map((p) => Number(p.base));
}

/** `total` split evenly among `n`: the first `total mod n` get one more. */
export function dividirIgual(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  const resto = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < resto ? 1 : 0));
}

export interface FilhoMeta {
  id: string;
  /** Its goal, or null when it has none yet. */
  valor: number | null;
  travada: boolean;
}

const somaTravadas = (filhos: readonly FilhoMeta[]) =>
  filhos.reduce((a, f) => a + (f.travada && f.valor !== null ? f.valor : 0), 0);

/**
 * The children's goals after `id` is set to `valor` by hand: the locked siblings keep theirs, the unlocked ones
 * share what is left of `pai` in the proportion of their goals (evenly when none has one). Refused when the locked
 * siblings and the new value exceed the parent, or when no unlocked sibling is left to take the difference.
 * Answers every child's new goal, in the given order.
 */
export function reequilibrar(pai: number, filhos: readonly FilhoMeta[], id: string, valor: number): number[] {
  const outros = filhos.filter((f) => f.id !== id);
  const travadas = somaTravadas(outros);
  if (travadas + valor > pai) throw new DivisaoRecusada(METAS_MESSAGES.excedePai(pai - travadas));
  const livres = outros.filter((f) => !f.travada || f.valor === null);
  const restante = pai - travadas - valor;
  if (livres.length === 0 && restante !== 0) throw new DivisaoRecusada(METAS_MESSAGES.semIrmaosLivres(pai - travadas));
  const partes = dividirPorPesos(
    restante,
    livres.map((f) => f.valor ?? 0),
  );
  const novos = new Map(livres.map((f, i) => [f.id, partes[i]!]));
  return filhos.map((f) => (f.id === id ? valor : (novos.get(f.id) ?? f.valor ?? 0)));
}

/**
 * `pai` split among `filhos` by `pesos` (one per child; all zero: evenly): the locked children keep theirs, the
 * others share the rest. Refused when the locked ones exceed the parent, or every child is locked and they do not
 * sum to it.
 */
export function distribuir(pai: number, filhos: readonly FilhoMeta[], pesos: readonly number[]): number[] {
  const travadas = somaTravadas(filhos);
  if (travadas > pai) throw new DivisaoRecusada(METAS_MESSAGES.travadasExcedem(pai));
  const livres = filhos.map((f, i) => ({ f, i })).filter(({ f }) => !f.travada || f.valor === null);
  if (livres.length === 0 && travadas !== pai) throw new DivisaoRecusada(METAS_MESSAGES.semIrmaosLivres(pai));
  const partes = dividirPorPesos(
    pai - travadas,
    livres.map(({ i }) => pesos[i] ?? 0),
  );
  const novos = new Map(livres.map(({ f }, k) => [f.id, partes[k]!]));
  return filhos.map((f) => novos.get(f.id) ?? f.valor ?? 0);
}

/** A node of the goals' tree: its goal and its children that have one. */
export interface NoMeta {
  id: string;
  valor: number;
  travada: boolean;
  filhos: NoMeta[];
}

/**
 * The children of a node whose goal became `novo`, rescaled to sum to it: the locked ones keep theirs while the
 * new goal holds them and the unlocked ones share the rest in their old proportion; when it does not (the locked
 * ones exceed it, or all are locked and the sum changed), every child is rescaled in proportion.
 */
export function reescalarFilhos(novo: number, filhos: readonly NoMeta[]): number[] {
  if (filhos.length === 0) return [];
  const travadas = filhos.reduce((a, f) => a + (f.travada ? f.valor : 0), 0);
  const livres = filhos.map((f, i) => ({ f, i })).filter(({ f }) => !f.travada);
  if (travadas <= novo && (livres.length > 0 || travadas === novo)) {
    const partes = dividirPorPesos(
      novo - travadas,
      livres.map(({ f }) => f.valor),
    );
    const novos = new Map(livres.map(({ i }, k) => [i, partes[k]!]));
    return filhos.map((f, i) => novos.get(i) ?? f.valor);
  }
  return dividirPorPesos(
    novo,
    filhos.map((f) => f.valor),
  );
}

/**
 * A node's goal set to `novo`, and its descendants with goals rescaled down the tree (a child whose goal did not
 * change leaves its own subtree as it was). Answers the new tree; `alterados` collects every node whose goal
 * changed, the node itself included.
 */
export function cascatear(no: NoMeta, novo: number, alterados: Map<string, number> = new Map()): NoMeta {
  if (novo !== no.valor) alterados.set(no.id, novo);
  const valores = reescalarFilhos(novo, no.filhos);
  const filhos = no.filhos.map((filho, i) => {
    const valor = valores[i]!;
    return valor === filho.valor ? filho : cascatear(filho, valor, alterados);
  });
  return { ...no, valor: novo, filhos };
}
