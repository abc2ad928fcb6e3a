import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';

/** Whether the database answers: one round trip, no table read. Throws when it does not. */
export async function ping(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
