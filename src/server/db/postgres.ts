import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Database, type DatabaseHandle, drizzleOptions, MIGRATIONS_FOLDER } from './connect';
import { applyFunctions } from './functions';
import { postgresListen } from './notifications';
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

export async function connectPostgres(url: string, poolMax = 20): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, Client: PreparingClient });
  // An idle connection that the server ends (a restart, a failover, an admin's terminate) is dropped from the
  // pool and the next query opens a new one; without a listener, node-postgres would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, drizzleOptions) as unknown as Database;
  const stats = {
    get totalCount() {
      return pool.totalCount;
    },
    get idleCount() {
      return pool.idleCount;
    },
    get waitingCount() {
      return pool.waitingCount;
    },
    max: poolMax,
  };
  return { db, kind: 'postgres', listen: postgresListen(url), pool: stats, close: () => pool.end() };
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
