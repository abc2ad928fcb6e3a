import type { FastifyReply } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '../../shared/schemas/list-query';
import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../shared/schemas/list-query';

export function pageWindow(query: Pick<ListQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** The number of matching rows travels in a header; the body stays a plain array (DESIGN §4.3). */
export function setTotalCount(reply: FastifyReply, total: number, exact = true): void {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  // Only a total cut at the limit says so: every other list's answer is unchanged (issue 21).
  if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
}

/** A total counted up to `limit` + 1 rows: the total shown and whether it is the exact one. */
export function cappedTotal(counted: number, limit: number): { total: number; exact: boolean } {
  return counted > limit ? { total: limit, exact: false } : { total: counted, exact: true };
}

/** Escapes LIKE wildcards so a search for '50%' means the characters, not a pattern. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` contains `q`, ignoring case and accents (issue 23: 'conceicao' finds 'Conceição'). f_unaccent is
 * unaccent() declared immutable (migration 0013), so the pattern is folded once per query.
 */
export function containsIgnoringAccents(column: AnyPgColumn | SQL, q: string): SQL {
  return sql`f_unaccent(${column}) ilike f_unaccent(${likePattern(q)})`;
}

/**
 * `text` contains `q`, where `text` is already lower-case and accent-free: a stored search text or an expression a
 * trigram index is built on (schema.ts: the leads' `busca`, eventosSearchText...), which this comparison can use.
 */
export function containsInSearchText(text: AnyPgColumn | SQL, q: string): SQL {
  return sql`${text} like f_unaccent(${likePattern(q).toLowerCase()})`;
}

/** A list's search box on a stored search text (containsInSearchText), or no condition when nothing was typed. */
export function searchInText(q: string | undefined, text: AnyPgColumn | SQL): SQL | undefined {
  return q ? containsInSearchText(text, q) : undefined;
}

/** Substring match on any of the columns, ignoring case and accents. */
export function searchAny(q: string | undefined, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  return sql`(${sql.join(
    columns.map((c) => containsIgnoringAccents(c, q)),
    sql` or `,
  )})`;
}
