import { createHash } from 'node:crypto';

/**
 * A short, stable name for a statement's text (PostgreSQL allows 63 bytes). PostgreSQL connections prepare each
 * parameterised statement under this name, and a failed query is logged by it, never by its bound values.
 */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Whether a statement is kept prepared on its connection, planned once and reused. A search is not: it compares a
 * column with a pattern (LIKE, ILIKE), and its best plan depends on how rare the pattern is. Nor is a comparison
 * with a list of keys passed as one array (`= any($1::uuid[])`), whose best plan depends on how many keys it holds.
 * Kept prepared, after five runs PostgreSQL may settle on one generic plan for every value -- the audit trail's
 * search for a name no one has walked all 500,000 rows of the network in date order (4.7 s) where its own plan
 * found none in 27 ms.
 */
export function keepsPlan(text: string): boolean {
  return !/\bi?like\b|\bany\(\$\d/i.test(text);
}
