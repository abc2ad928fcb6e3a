import { type SQL, and, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { containsInSearchText, likePattern, searchAny } from './pagination';

/** The query as a CNPJ without its mask ('12.345.678/0001-95' -> '12345678000195'); undefined when that is the query. */
function unmaskedCnpj(q: string): string | undefined {
  const bare = q.replace(/[^0-9a-z]/gi, '').toUpperCase();
  return !bare || bare === q ? undefined : bare;
}

/**
 * The network lists' search (SPEC §5): case-insensitive substring on the text columns, and on the CNPJ also
 * as typed with its mask (the stored value has none).
 */
export function searchWithCnpj(q: string | undefined, textColumns: AnyPgColumn[], cnpj: AnyPgColumn): SQL | undefined {
  if (!q) return undefined;
  const text = searchAny(q, [...textColumns, cnpj]);
  const bare = unmaskedCnpj(q);
  return bare ? or(text, sql`${cnpj} ilike ${likePattern(bare)}`) : text;
}

/**
 * The same search on a stored search text that holds the text columns and the CNPJ, one line each (clientes.busca,
 * ADR 164), so its trigram index finds the candidates; a CNPJ typed with its mask is compared with the CNPJ alone,
 * among the rows whose text holds it.
 */
export function searchWithCnpjInText(q: string | undefined, busca: AnyPgColumn, cnpj: AnyPgColumn): SQL | undefined {
  if (!q) return undefined;
  const text = containsInSearchText(busca, q);
  const bare = unmaskedCnpj(q);
  return bare ? or(text, and(containsInSearchText(busca, bare), sql`${cnpj} ilike ${likePattern(bare)}`)) : text;
}
