import type { FastifyReply } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '../../shared/schemas/list-query';
import { TOTAL_COUNT_HEADER } from '../../shared/schemas/list-query';

export function pageWindow(query: Pick<ListQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** The number of matching rows travels in a header; the body stays a plain array (DESIGN §4.3). */
export function setTotalCount(reply: FastifyReply, total: number): void {
  reply.header(TOTAL_COUNT_HEADER, String(total));
}

/** Escapes LIKE wildcards so a search for '50%' means the characters, not a pattern. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring match on any of the columns. */
export function searchAny(q: string | undefined, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}
