import { type SQL, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern, searchAny } from './pagination';

/**
 * The network lists' search (SPEC §5): case-insensitive substring on the text columns, and on the CNPJ also
 * as typed with its mask (the stored value has none).
 */
export function searchWithCnpj(q: string | undefined, textColumns: AnyPgColumn[], cnpj: AnyPgColumn): SQL | undefined {
  if (!q) return undefined;
  const text = searchAny(q, [...textColumns, cnpj]);
  const bare = q.replace(/[^0-9a-z]/gi, '').toUpperCase();
  if (!bare || bare === q) return text;
  return or(text, sql`${cnpj} ilike ${likePattern(bare)}`);
}
