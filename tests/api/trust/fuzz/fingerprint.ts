import { sql } from 'drizzle-orm';
import type { Database } from '../../../../src/server/db/connect';

type Rows<T> = { rows: T[] };

/**
 * Tells whether a request changed the database, cheaply enough to ask after each of thousands of requests.
 *
 * Every row written takes a transaction id, so when the next id to hand out has not moved, nothing was written
 * (a sub-millisecond question). Only when it moved (a write, or on PostgreSQL another database of the same
 * server) is the content compared: per table its row count and a sum of row hashes. Sessions are compared by
 * their ids only, since a session's last-use time may be renewed by any signed-in request.
 */
export class DatabaseFingerprint {
  private xid = '';
  private content = '';

  private constructor(
    private readonly db: Database,
    private readonly contentQuery: string,
  ) {}

  static async of(db: Database): Promise<DatabaseFingerprint> {
    const { rows } = (await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as Rows<{ tablename: string }>;
    const parts = rows.map(({ tablename }) => {
      const row = tablename === 'sessions' ? 't.id || t.user_id::text' : 't::text';
      return `select '${tablename}' || ':' || count(*) || ':' || coalesce(sum(hashtext(${row})::bigint), 0) as f from "${tablename}" t`;
    });
    const fingerprint = new DatabaseFingerprint(
      db,
      `select string_agg(f, ' ') as f from (${parts.join(' union all ')}) x`,
    );
    await fingerprint.refresh();
    return fingerprint;
  }

  private async nextXid(): Promise<string> {
    const { rows } = (await this.db.execute(
      sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`,
    )) as unknown as Rows<{ x: string }>;
    return rows[0]!.x;
  }

  private async readContent(): Promise<string> {
    const { rows } = (await this.db.execute(sql.raw(this.contentQuery))) as unknown as Rows<{ f: string }>;
    return rows[0]!.f;
  }

  /**
   * The audit rows written since the last look (issue 17): those of transactions numbered from the first id
   * that was still to be handed out then.
   */
  async auditRowsSince(xid: string): Promise<Record<string, unknown>[]> {
    const { rows } = (await this.db.execute(
      sql`select * from audit_log where xmin::text::bigint >= ${xid}::bigint`,
    )) as unknown as Rows<Record<string, unknown>>;
    return rows;
  }

  /** The first transaction id not handed out yet when the database was last looked at. */
  get seenXid(): string {
    return this.xid;
  }

  async refresh(): Promise<void> {
    this.xid = await this.nextXid();
    this.content = await this.readContent();
  }

  /**
   * Compares the database with the last state seen and remembers the new one. Answers the tables whose
   * content differs ('' when none).
   */
  async changes(): Promise<string> {
    const xid = await this.nextXid();
    if (xid === this.xid) return '';
    const content = await this.readContent();
    const before = new Set(this.content.split(' '));
    const changed = content
      .split(' ')
      .filter((table) => !before.has(table))
      .map((table) => table.split(':')[0])
      .join(', ');
    this.xid = xid;
    this.content = content;
    return changed;
  }
}
