import { drizzle as drizzlePg, NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { PoolStats } from '../lib/metrics';
import {
  type Database,
  type DatabaseHandle,
  drizzleOptions,
  markReadOnly,
  MIGRATIONS_FOLDER,
  type ReplicaHandle,
} from './connect';
import { applyFunctions } from './functions';
import { postgresListen } from './notifications';
import { mapeiaLinhasPorConsulta } from './row-mapper';
import { preparedName } from './statement-name';

/**
 * A node-postgres client that names every parameterised statement after its text, so each pooled connection
 * parses and plans a query once and then reuses it (PostgreSQL switches to a generic plan when it costs no
 * more) instead of planning it again on every request. The queries are the app's own, a bounded set. A hot
 * statement is prepared under the name it was given, a search planned for its own pattern each time
 * (`preparedName`).
 */
class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection the server ends while it is checked out between two queries (a sign-up's transaction when
    // PostgreSQL restarts) emits 'error' with no pool listener attached: without this one, node-postgres would
    // crash the process. The transaction's next query fails (503), and the pool drops the client on release.
    this.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  }
}
const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

(PreparingClient.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  config: unknown,
  values?: unknown,
  ...rest: unknown[]
) {
  if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
    const name = preparedName(config);
    if (name) return plainQuery.call(this, { text: config, name }, values, ...rest);
  }
  // Plain query configs only: a submittable (a cursor, a stream) keeps its own behaviour.
  const plain = config !== null && typeof config === 'object' && Object.getPrototypeOf(config) === Object.prototype;
  if (plain && 'text' in config && !('name' in config && config.name)) {
    const query = config as { text: string; values?: unknown[] };
    const params = Array.isArray(values) ? values : query.values;
    const name = Array.isArray(params) && params.length > 0 ? preparedName(query.text) : null;
    if (name) return plainQuery.call(this, { ...query, name }, values, ...rest);
  }
  return plainQuery.call(this, config, values, ...rest);
};

/**
 * The settings every connection of the app opens with (ADR 115), as the startup packet's `options`:
 * - `jit=off`: PostgreSQL compiles a statement whose estimated cost passes `jit_above_cost` to machine code at every
 *   execution -- a prepared statement's generic plan too -- and the app's lists, searches and reports are such
 *   statements. On the bench network the Parcelas search's deepest page took 480 ms with JIT (336 ms of it compiling)
 *   and 131 ms without; nothing the app asks runs long enough to earn the compilation back.
 * An operator's PGOPTIONS come first and the URL's `options` replace both, so a deployment can still say otherwise.
 */
export const SESSION_OPTIONS = [process.env.PGOPTIONS, '-c jit=off'].filter(Boolean).join(' ');

// A select's rows mapped with what does not change from row to row worked out once (db/row-mapper.ts, ADR 112).
mapeiaLinhasPorConsulta(NodePgPreparedQuery.prototype);

/** The pool's figures for /metrics. */
function statsOf(pool: pg.Pool, max: number): PoolStats {
  return {
    get totalCount() {
      return pool.totalCount;
    },
    get idleCount() {
      return pool.idleCount;
    },
    get waitingCount() {
      return pool.waitingCount;
    },
    max,
  };
}

/**
 * `replicaUrl` (issue 46): a streaming replica of `url`, opened beside it as the handle's `replica`. It is read only
 * when db/replica.ts says so; closing the handle closes both.
 */
export async function connectPostgres(url: string, poolMax = 20, replicaUrl?: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, Client: PreparingClient, options: SESSION_OPTIONS });
  // An idle connection that the server ends (a restart, a failover, an admin's terminate) is dropped from the
  // pool and the next query opens a new one; without a listener, node-postgres would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, drizzleOptions) as unknown as Database;
  const replica = replicaUrl ? openReplica(replicaUrl, poolMax, pool) : undefined;
  return {
    db,
    kind: 'postgres',
    listen: postgresListen(url),
    pool: statsOf(pool, poolMax),
    replica,
    close: async () => {
      await replica?.close();
      await pool.end();
    },
  };
}

/** How long opening a connection to the replica may take before the query goes to the primary instead. */
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

/**
 * The replica's pool. A connection it cannot open in time (the replica stopped, restarting, unreachable, or all its
 * connections busy) is taken from the primary's pool instead, and its listeners told unless it was busy: a request
 * never fails because the replica went away between two of db/replica.ts's checks. `ownQuery` never falls back: it
 * is how the replica is judged.
 */
class ReplicaPool extends pg.Pool {
  primary!: pg.Pool;
  readonly failures = new Set<(error: Error) => void>();

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // A wait for a busy pool's connection that times out says the replica is busy, not that it is gone.
    const waits = this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10);
    const connected = super.connect().catch((error: Error) => {
      if (!waits) for (const listener of this.failures) listener(error);
      return this.primary.connect();
    });
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  /** The replica's own answer, on one of its connections (none of the primary's). */
  async ownQuery<T extends pg.QueryResultRow>(text: string, timeoutMs: number): Promise<T[]> {
    const client = await super.connect();
    try {
      const { rows } = await client.query<T>({ text, query_timeout: timeoutMs } as pg.QueryConfig);
      client.release();
      return rows;
    } catch (error) {
      // A connection that timed out may still be busy: it is closed, not pooled again.
      client.release(error as Error);
      throw error;
    }
  }
}

function openReplica(url: string, poolMax: number, primary: pg.Pool): ReplicaHandle {
  const pool = new ReplicaPool({
    connectionString: url,
    max: poolMax,
    Client: PreparingClient,
    connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    application_name: 'rede-leitura',
    options: SESSION_OPTIONS,
  });
  pool.primary = primary;
  pool.on('error', (error) => console.warn(`PostgreSQL replica connection lost: ${error.message}`));
  return {
    db: markReadOnly(drizzlePg(pool, drizzleOptions) as unknown as Database),
    pool: statsOf(pool, poolMax),
    async positions(timeoutMs) {
      // The primary's position first: whatever the replica has replayed when it answers, it replayed this far.
      const [current] = (
        await primary.query<{ lsn: string }>({
          text: `select (pg_current_wal_lsn() - '0/0')::text as lsn`,
          query_timeout: timeoutMs,
        } as pg.QueryConfig)
      ).rows;
      const [own] = await pool.ownQuery<{ recovery: boolean; lsn: string | null }>(
        `select pg_is_in_recovery() as recovery, (pg_last_wal_replay_lsn() - '0/0')::text as lsn`,
        timeoutMs,
      );
      return {
        primary: BigInt(current!.lsn),
        replica: own!.recovery && own!.lsn !== null ? BigInt(own!.lsn) : null,
      };
    },
    onConnectFailure(listener) {
      pool.failures.add(listener);
    },
    close: () => pool.end(),
  };
}

/** Applies the committed migrations, then the function files, one instance at a time when several start together. */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, drizzleOptions), { migrationsFolder: MIGRATIONS_FOLDER });
    // A script of several statements is one implicit transaction: every function as its file says, or none changed.
    await applyFunctions({
      rows: (text) => client.query(text),
      script: (statements) => client.query(statements.join('\n')),
    });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}
