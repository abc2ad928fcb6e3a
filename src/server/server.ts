import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { DatabaseHandle } from './db/connect';
import { DataDirLockedError } from './db/data-dir-lock';
import { analyzeWhatGrew, connectEmbedded, type EmbeddedHandle } from './db/pglite';
import { connectPostgres, migratePostgres } from './db/postgres';
import { serveBackupRequests, writePgliteBackup } from './db/backup';
import { makePrivate, usePrivateUmask } from './db/private-files';
import { bootstrapFranqueador } from './db/seed/bootstrap';
import { loadDemoActivity } from './db/seed/demo-activity';
import { loadDemoNetwork } from './db/seed/demo-network';
import { exportacoesDaDemo } from './db/seed/demo-exportacoes';
import { networkAddresses, urlHost } from './lib/dev-origins';

/** The built client sits beside the server bundle (dist/client next to dist/server). */
const CLIENT_ROOT = fileURLToPath(new URL('../client', import.meta.url));

/**
 * The client to serve, if there is one. `npm start` may still be building it beside the starting server
 * (scripts/start.mjs, ADR 067): it leaves the build's promise here, and the client's plugin waits for it when the
 * app gets ready -- at listen, after the demo network is loaded.
 */
function client(): { root: string; ready?: Promise<void> } | undefined {
  const ready = (globalThis as Record<symbol, Promise<void> | undefined>)[Symbol.for('app.clientBuild')];
  if (ready) return { root: CLIENT_ROOT, ready };
  return existsSync(join(CLIENT_ROOT, '.vite', 'manifest.json')) ? { root: CLIENT_ROOT } : undefined;
}

/**
 * A closing server takes the connections the kernel already holds for at most this many turns of the event loop
 * and this long: a flood of new ones must not keep it open.
 */
const ACCEPT_PENDING_TURNS = 32;
const ACCEPT_PENDING_MS = 500;
/** How long a closing server still reads requests already sent on the connections it had taken. */
const READ_PENDING_MS = 50;

async function openDatabase(config: Config): Promise<DatabaseHandle | (EmbeddedHandle & { seeded: boolean })> {
  if (config.databaseUrl) {
    await migratePostgres(config.databaseUrl);
    return connectPostgres(config.databaseUrl, undefined, config.databaseReplica?.url);
  }
  return connectEmbedded(config.dataDir);
}

async function main(): Promise<void> {
  const started = performance.now();
  // Every file this process creates (the embedded database, the outbox, backups) is the server user's alone.
  usePrivateUmask();
  const config = loadConfig();
  const loosened = makePrivate(config.dataDir);
  const database = await openDatabase(config);
  const served = client();
  const app = await buildApp(config, {
    db: database.db,
    listen: database.listen,
    pool: database.pool,
    replica: database.replica,
    clientRoot: served?.root,
    clientReady: served?.ready,
  });
  if ('seeded' in database && database.seeded) {
    app.log.info('new embedded database copied from the cluster prepared at install (ADR 100)');
  }
  if (loosened.length > 0) {
    app.log.warn(`${loosened.length} files and folders in DATA_DIR could be read by other users; now 0600/0700`);
  }
  // `npm run db:backup` asks a running server for the embedded database's backup (PGlite is single-process).
  const stopServingBackups =
    'pglite' in database
      ? serveBackupRequests(config.dataDir, (file) => writePgliteBackup(database.pglite, file), app.log)
      : () => undefined;

  // The database closes after the whole app, never in an onClose hook: Fastify runs those last-added first, and
  // the app's own (background e-mails, the sessions' LISTEN) still use the database while they run.
  const close = async () => {
    try {
      await app.close();
    } finally {
      stopServingBackups();
      await database.close();
    }
  };

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // A close that hangs still ends the process.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    const closeNow = () =>
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error);
          process.exit(1);
        },
      );
    // A busy event loop (an export, a burst of sign-ins) takes connections late, and only one per turn: the
    // kernel may be holding several that clients have already sent a request on. They are taken, a turn at a
    // time and oldest first, until a turn finds none (or the limits above are reached); then the server stops
    // listening, so every later connection is refused. After one more poll has
    // read what the taken connections sent, the app closes: the requests in flight are answered, idle
    // connections closed, and only then is the database closed (the embedded one cleanly: no recovery at the
    // next start).
    let taken = 0;
    app.server.on('connection', () => taken++);
    const signalledAt = performance.now();
    const takePending = (before: number, turn: number) =>
      setImmediate(() => {
        const more = turn < ACCEPT_PENDING_TURNS && performance.now() - signalledAt < ACCEPT_PENDING_MS;
        if (taken > before && more) return takePending(taken, turn + 1);
        if (app.server.listening) net.Server.prototype.close.call(app.server);
        app.log.info(`${signal} received, closing`);
        setTimeout(() => setImmediate(closeNow), READ_PENDING_MS);
      });
    // The first check runs after one more turn, so a connection waiting right now is always taken.
    setImmediate(() => takePending(-1, 0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    if (config.demoData && (await loadDemoNetwork(database.db, new Date(), config.appUrl))) {
      // A fresh demo database gets a year of activity too (ADR 052): every screen has something to show.
      const loadedAt = performance.now();
      const activity = config.demoAtividade ? await loadDemoActivity(database.db) : undefined;
      app.log.info(
        activity
          ? `demo network loaded, with a year of activity (${activity.leads} leads, ${activity.eventos} events) in ${Math.round(performance.now() - loadedAt)} ms`
          : 'demo network loaded',
      );
    }
    // Issue 51 (ADR 091): the demo's accounts find a finished export in 'Minhas exportações' (kept 24 h: renewed
    // at each start of a demo deployment), written by the worker once the server runs.
    if (config.demoData) await exportacoesDaDemo(app);
    if ((await bootstrapFranqueador(database.db, config)) === 'created') {
      app.log.info('franqueador from FRANQUEADOR_EMAIL created');
    }
    // PGlite has no autovacuum: the tables that grew or shrank since their statistics were taken are analyzed.
    if (database.kind === 'pglite') await analyzeWhatGrew(database.db);
    await app.listen({ port: config.port, host: config.host });
    if (config.metricsPort !== undefined) {
      const metricsServer = await app.listenForMetrics(config.metricsPort, config.host);
      const address = metricsServer.address();
      app.log.info(`metrics on port ${typeof address === 'object' && address ? address.port : config.metricsPort}`);
    }
  } catch (error) {
    await close();
    throw error;
  }
  app.log.info(`ready in ${Math.round(performance.now() - started)} ms on ${database.kind} — open ${config.appUrl}`);
  // Issue 40: a school tries the public page on a phone on the same network before an event.
  if (config.env === 'development' && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    const phone = networkAddresses().map((a) => `http://${urlHost(a)}:${config.port}`);
    if (phone.length > 0) app.log.info(`on a phone on the same network, open ${phone.join(' or ')}`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
