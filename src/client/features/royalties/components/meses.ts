import { periodoAnterior } from '@shared/royalties/extrato';

/** The `n` months up to `atual` ('AAAA-MM'), newest first, none before `desde` (the first agreement's month). */
export function mesesAte(atual: string, n: number, desde?: string): string[] {
  const meses: string[] = [];
  for (let mes = atual; meses.length < n && (!desde || mes >= desde); mes = periodoAnterior(mes)) meses.push(mes);
  return meses;
}
