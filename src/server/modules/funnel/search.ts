import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { onlyDigits } from '../../../shared/format';
import { containsInSearchText, likePattern } from '../../lib/pagination';

/**
 * Substring on a record's search text ignoring case (SPEC §5) and accents (issue 23): `searchText` is the one
 * lower-case, accent-free text of the record's names, e-mail and phone, stored on its row with a trigram index
 * (schema.ts: the `busca` of leads, pré-matrículas and matrículas; ADR 133). Phones are stored as digits, so a search
 * typed with a mask, '(19) 98700', also matches the phone by its digits.
 */
export function funnelSearch(q: string | undefined, searchText: AnyPgColumn, phone: AnyPgColumn): SQL | undefined {
  if (!q) return undefined;
  const conditions = [containsInSearchText(searchText, q)];
  // Only a query that looks like a phone number (digits and mask characters) is also read as one: the
  // digits of a name or an e-mail ('ana3@...') must not match every phone that contains them.
  const digits = onlyDigits(q);
  if (digits.length >= 2 && digits !== q && /^[\d\s().+-]+$/.test(q)) {
    conditions.push(sql`${phone} like ${likePattern(digits)}`);
  }
  return conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`;
}
