// Loaded into the server process by `npm run soak` (node --import), never in production. It answers the soak's
// samples over the IPC channel: the process's memory, and the sessions table's row count read through the
// server's own embedded database (PGlite is single-process: nobody else may open its directory).
import { PGlite } from '@electric-sql/pglite';

let database;
const query = PGlite.prototype.query;
PGlite.prototype.query = function (...args) {
  // The server's one instance, kept to count its sessions.
  // eslint-disable-next-line @typescript-eslint/no-this-alias
  database ??= this;
  return query.apply(this, args);
};

if (process.send) {
  process.channel?.unref();
  process.on('message', async (message) => {
    if (message?.type !== 'sample') return;
    const memory = process.memoryUsage();
    let sessions = null;
    try {
      if (database) sessions = (await query.call(database, 'select count(*)::int as n from sessions')).rows[0].n;
    } catch {
      sessions = null;
    }
    process.send({
      type: 'sample',
      id: message.id,
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      sessions,
    });
  });
}
