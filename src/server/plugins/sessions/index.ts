import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest } from '../../lib/api-route';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/connect';
import cookie from '@fastify/cookie';
import { digest, newToken } from '../../lib/tokens';
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  onSessionsEnded,
  touchSession,
} from './sessions.repository';
import { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'sid';
/**
 * Over HTTPS the cookie is `__Host-sid`: browsers then take it only with Secure, Path=/ and no Domain, so a
 * sibling subdomain or a plain-http page cannot plant or shadow it. Plain http (development) keeps `sid`.
 */
export const SECURE_SESSION_COOKIE = '__Host-sid';
export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Renewing on every request would write on every read; once every few minutes is enough for 7-day expiry. */
const RENEW_AFTER_MS = 5 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** How long a session read from the database is trusted without reading it again (see SessionCache). */
const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 50_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** A new session for the user; `db` is the transaction its audit row is written in. */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: string, db?: Executor): Promise<void>;
    /** Ends the request's session, if any; answers whether there was one. */
    endSession(request: FastifyRequest, reply: FastifyReply, db?: Executor): Promise<boolean>;
  }
}

/**
 * Server-side sessions (DESIGN §1): a random 256-bit token in an HttpOnly cookie, only its SHA-256 stored.
 * Every /api request resolves its actor here, once.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie);
    app.decorateRequest('actor', null);
    app.decorateRequest('sessionId', null);

    const cookieName = sessionCookieName(app.config.cookieSecure);
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'lax' as const,
      path: '/',
      secure: app.config.cookieSecure,
    };

    const cache = new SessionCache(CACHE_TTL_MS, CACHE_MAX_ENTRIES);
    const stopHearingOwn = onSessionsEnded((ended) =>
      'sessionId' in ended ? cache.endSession(ended.sessionId) : cache.changeUser(ended.userId),
    );
    const stopListening = app.dbListen
      ? await app.dbListen('sessions_changed', {
          message: (payload) => cache.notified(payload),
          live: (live) => cache.setLive(live),
        })
      : undefined;
    app.addHook('onClose', async () => {
      stopHearingOwn();
      await stopListening?.();
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRequest(request)) return;
      const token = request.cookies[cookieName];
      if (!token || token.length > 100) return;
      const id = digest(token);
      let session = cache.get(id);
      if (!session) {
        session = await findSession(app.db, id);
        if (session) cache.set(id, session);
      }
      const now = app.clock.now();
      if (!session) {
        reply.clearCookie(cookieName, cookieOptions);
        return;
      }
      if (!session.isActive || session.expiresAt <= now || session.absoluteExpiresAt <= now) {
        cache.endSession(id);
        await deleteSession(app.db, id);
        reply.clearCookie(cookieName, cookieOptions);
        return;
      }
      request.actor = session.actor;
      request.sessionId = id;
      if (now.getTime() - session.lastUsedAt.getTime() > RENEW_AFTER_MS) {
        const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
        await touchSession(app.db, id, now, expiresAt);
        cache.update(id, { lastUsedAt: now, expiresAt });
        reply.setCookie(cookieName, token, {
          ...cookieOptions,
          expires: earliest(expiresAt, session.absoluteExpiresAt),
        });
      }
    });

    app.decorate(
      'startSession',
      async (request: FastifyRequest, reply: FastifyReply, userId: string, db?: Executor) => {
        const executor = db ?? app.db;
        // A new session at every login: whatever cookie came in (a fixed or stolen one) is dropped.
        const previous = request.cookies[cookieName];
        if (previous) await deleteSession(executor, digest(previous));
        const token = newToken();
        const now = app.clock.now();
        const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
        const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
        await insertSession(executor, {
          id: digest(token),
          userId,
          now,
          expiresAt,
          absoluteExpiresAt,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        reply.setCookie(cookieName, token, { ...cookieOptions, expires: expiresAt });
      },
    );

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply, db?: Executor) => {
      const token = request.cookies[cookieName];
      const live = Boolean(token && request.sessionId && request.sessionId === digest(token));
      if (token) await deleteSession(db ?? app.db, digest(token));
      reply.clearCookie(cookieName, cookieOptions);
      return live;
    });

    // Expired rows are useless; sweep them now and then rather than on every request.
    const sweep = () => deleteExpiredSessions(app.db, app.clock.now()).catch((error) => app.log.warn(error));
    const timer = setInterval(sweep, CLEANUP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'sessions', dependencies: ['error-handler'] },
);

function earliest(a: Date, b: Date): Date {
  return a < b ? a : b;
}
