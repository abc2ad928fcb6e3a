/**
 * The code printed on a 'Declaração de Crédito Estudantil' (SPEC §2): the first 8 characters of the activation's
 * id, upper case. `/declaracao/<codigo>` verifies it (issue 23). Plain TypeScript: the public pages read it
 * without zod (ADR 015).
 */
export const codigoDeclaracao = (id: string): string => id.slice(0, 8).toUpperCase();

/** 8 hexadecimal characters, any case. */
export const CODIGO_DECLARACAO = /^[0-9a-fA-F]{8}$/;

/** 'Ana Souza Lima' -> 'A. S. L.': all a verification shows of a person. */
export function iniciais(nome: string | null | undefined): string {
  return (nome ?? '')
    .trim()
    .split(/\s+/)
    .filter((parte) => /\p{L}/u.test(parte) && !/^(d[aeo]s?|e)$/i.test(parte))
    .map((parte) => `${[...parte.normalize('NFC')].find((c) => /\p{L}/u.test(c))!.toUpperCase()}.`)
    .join(' ');
}
