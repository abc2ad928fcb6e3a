import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { onlyDigits } from '../../../shared/format';
import { containsIgnoringAccents, containsInSearchText, likePattern } from '../../lib/pagination';

/**
 * Substring on the given columns ignoring case (SPEC §5) and accents (issue 23). Phones are stored as digits, so a search typed
 * with a mask, '(19) 98700', also matches the phone by its digits. `columns` may instead be one lower-case text
 * expression that joins them (the leads' trigram-indexed search text).
 */
export function funnelSearch(q: string | undefined, columns: AnyPgColumn[] | SQL, phone: AnyPgColumn): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  // Accents are ignored too (issue 23); the leads' text is already lower-case and unaccented (its trigram index).
  const conditions = Array.isArray(columns)
    ? [...columns.map((column) => containsIgnoringAccents(column, q)), sql`${phone} ilike ${pattern}`]
    : [containsInSearchText(columns, q)];
  // Only a query that looks like a phone number (digits and mask characters) is also read as one: the
  // digits of a name or an e-mail ('ana3@...') must not match every phone that contains them.
  const digits = onlyDigits(q);
  if (digits.length >= 2 && digits !== q && /^[\d\s().+-]+$/.test(q)) {
    conditions.push(sql`${phone} like ${likePattern(digits)}`);
  }
  return conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`;
}
