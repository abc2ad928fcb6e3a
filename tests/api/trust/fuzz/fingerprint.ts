import { sql } from 'drizzle-orm';
import type { Database } from '../../../../src/server/db/connect';

type Rows<T> = { rows: T[] };

/** The table the fuzz's triggers count in: a test fixture of the fuzz's own copy of the database, never the app's. */
const COUNTER = 'fuzz_escritas';

/**
 * Tells whether a request changed the database, cheaply enough to ask after each of thousands of requests.
 *
 * Each table of the fuzz's copy of the database gets a row trigger that counts, per table, the rows inserted,
 * deleted or really changed (an UPDATE writing the same values is no change), in the writing transaction: a
 * rolled-back write counts nothing. Asking is then reading one small table, whatever the size of the database and
 * whatever other databases of the same server do (the earlier fingerprint hashed every row of every table after
 * any write, which on PostgreSQL -- where other test files' writes move the transaction ids -- was every request).
 * Sessions count only when one is created or ended: a session's last-use time may be renewed by any signed-in
 * request.
 */
export class DatabaseFingerprint {
  private xid = '';
  private counts = new Map<string, string>();

  private constructor(private readonly db: Database) {}

  static async of(db: Database): Promise<DatabaseFingerprint> {
    const { rows } = (await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename <> ${COUNTER} order by tablename`,
    )) as unknown as Rows<{ tablename: string }>;
    await db.execute(sql.raw(`create table if not exists "${COUNTER}" (tabela text primary key, n bigint not null)`));
    await db.execute(
      sql.raw(`create or replace function fuzz_contar() returns trigger language plpgsql as $$
        begin
          insert into "${COUNTER}" as c (tabela, n) values (TG_TABLE_NAME, 1)
            on conflict (tabela) do update set n = c.n + 1;
          return null;
        end $$`),
    );
    for (const { tablename } of rows) {
      const changed =
        tablename === 'sessions'
          ? 'OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id'
          : 'OLD.* IS DISTINCT FROM NEW.*';
      await db.execute(
        sql.raw(`create trigger fuzz_contar_ins_del after insert or delete on "${tablename}"
          for each row execute function fuzz_contar()`),
      );
      await db.execute(
        sql.raw(`create trigger fuzz_contar_upd after update on "${tablename}"
          for each row when (${changed}) execute function fuzz_contar()`),
      );
    }
    const fingerprint = new DatabaseFingerprint(db);
    await fingerprint.refresh();
    return fingerprint;
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

  /** The next transaction id and the counts, in one round trip (asked after each of thousands of requests). */
  async refresh(): Promise<void> {
    const { rows } = (await this.db.execute(
      sql.raw(`select null as tabela, null as n, pg_snapshot_xmax(pg_current_snapshot())::text as x
        union all select tabela, n::text, null from "${COUNTER}"`),
    )) as unknown as Rows<{ tabela: string | null; n: string | null; x: string | null }>;
    this.xid = rows.find((r) => r.x !== null)!.x!;
    this.counts = new Map(rows.filter((r) => r.tabela !== null).map((r) => [r.tabela!, r.n!]));
  }

  /**
   * Compares the database with the last state seen and remembers the new one. Answers the tables whose
   * content changed ('' when none).
   */
  async changes(): Promise<string> {
    const before = this.counts;
    await this.refresh();
    return [...this.counts]
      .filter(([tabela, n]) => before.get(tabela) !== n)
      .map(([tabela]) => tabela)
      .sort()
      .join(', ');
  }
}
