import { type SQL, desc, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Rows read per query while a CSV streams. */
export const EXPORT_BATCH_SIZE = 1000;

export interface KeysetCursor {
  /** created_at as PostgreSQL's own text, so no microsecond is lost on the way through JavaScript. */
  at: string;
  id: string;
}

/** The text form of a sort timestamp, selected beside each exported row to continue after it. */
export const cursorText = (column: AnyPgColumn) => sql<string>`${column}::text`;

export function keysetAfter(cursor: KeysetCursor | null, at: AnyPgColumn, id: AnyPgColumn): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

export const newestFirst = (at: AnyPgColumn, id: AnyPgColumn) => [desc(at), desc(id)];

/**
 * Reads a whole filtered list in batches, each continuing after the last row of the one before (keyset, so a
 * million rows cost the same per batch as the first thousand). The next batch is already being read while the
 * current one is written out; at most two batches are in memory.
 */
export async function* keysetBatches<R extends { cursorAt: string; id: string }>(
  fetch: (after: KeysetCursor | null, limit: number) => Promise<R[]>,
  size: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<R[]> {
  let pending: Promise<R[]> | null = fetch(null, size);
  try {
    while (pending) {
      const rows: R[] = await pending;
      const last = rows[rows.length - 1];
      pending = rows.length === size && last ? fetch({ at: last.cursorAt, id: last.id }, size) : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // The reader went away mid-file: the read already started must not become an unhandled rejection.
    pending?.catch(() => undefined);
  }
}
