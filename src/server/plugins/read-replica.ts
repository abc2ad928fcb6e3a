import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/connect';
import type { ReadRouter } from '../db/replica';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which database a read goes to (db/replica.ts): the replica or the primary. */
    reads: ReadRouter;
  }
  interface FastifyRequest {
    /**
     * The database this request's list, search, report or export reads from (issue 46): the replica when it is in
     * use and has replayed the caller's last write, else the primary (`app.db`). Never for a write.
     */
    dbLeitura: Database;
  }
}

/**
 * The time of the caller's last write, in a cookie: any instance behind the load balancer then knows which replica
 * position the caller's reads need (the servers keep no state of their own). Not a secret: a caller who changes it
 * only sends its own reads to the primary, or to a replica behind its own last writes.
 */
export const WRITE_COOKIE = 'ultima_escrita';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `request.dbLeitura`, and the cookie that stamps each signed-in write. Without DATABASE_REPLICA_URL it is
 * `app.db` and no cookie is set: one database, as before.
 */
export const readReplicaPlugin = fp(
  async (app: FastifyInstance, options: { router: ReadRouter }) => {
    const { router } = options;
    app.decorate('reads', router);
    if (!router.configured) {
      app.decorateRequest('dbLeitura', {
        getter() {
          return app.db;
        },
      });
      return;
    }

    const picked = new WeakMap<FastifyRequest, Database>();
    app.decorateRequest('dbLeitura', {
      getter(this: FastifyRequest) {
        let db = picked.get(this);
        if (!db) {
          const since = Number(this.cookies[WRITE_COOKIE]);
          db = router.pick(Number.isFinite(since) && since > 0 ? since : undefined);
          picked.set(this, db);
        }
        return db;
      },
    });

    // After the answer is ready, so the write has committed. Once the replica is in use, lags by at most
    // maxLagMs and was checked at most intervalMs ago, it has replayed a write older than both: the cookie ends then.
    const maxAge = Math.ceil((router.maxLagMs + router.intervalMs) / 1000) + 1;
    app.addHook('onSend', async (request, reply) => {
      if (request.actor && !SAFE_METHODS.has(request.method)) {
        reply.setCookie(WRITE_COOKIE, String(router.now()), {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure: app.config.cookieSecure,
          maxAge,
        });
      }
    });

    router.start();
    app.addHook('onClose', async () => router.stop());
  },
  { name: 'read-replica', dependencies: ['sessions'] },
);
