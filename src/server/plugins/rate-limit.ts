import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { type CounterSpill, MemoryCounterStore, RedisCounterStore } from '../lib/counters';
import { forgetSpilledCounter, readSpilledCounter, spillCounters } from '../db/rate-counters';
import { HttpError, MESSAGES } from '../lib/http-error';
import { LoginGuard } from '../lib/login-guard';

declare module 'fastify' {
  interface FastifyInstance {
    loginGuard: LoginGuard;
  }
}

/**
 * Rate limits are declared per route (DESIGN §4.2). With REDIS_URL the counters live in Redis, so several
 * instances behind a load balancer share them; otherwise in this process's memory, each route's and the sign-in
 * guard's in a store of their own, bounded and spilled to the database rather than forgotten (issue 39, item 5):
 * no flood of throwaway keys, on one route or another, resets a counter.
 */
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CONFLICT_WINDOW_MS = 15 * 60 * 1000;
/** Keys each store keeps in memory before spilling the least recently raised to the database. */
export const MEMORY_KEYS = 20_000;

/** The spill with a store's name before each key, so every store keeps to its own rows. */
const named = (spill: CounterSpill, name: string): CounterSpill => ({
  put: (rows, now) =>
    spill.put(
      rows.map((row) => ({ ...row, key: `${name}|${row.key}` })),
      now,
    ),
  read: (key, now) => spill.read(`${name}|${key}`, now),
  forget: (key) => spill.forget(`${name}|${key}`),
});

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store over these counters: one store per route (`child`), on the app's clock. */
function routeStores(make: (name: string) => MemoryCounterStore, now: () => number) {
  return class RouteCounters {
    private readonly counters: MemoryCounterStore;

    /** @fastify/rate-limit builds the first with its options; `child` gives each route its own counters. */
    constructor(counters?: unknown) {
      this.counters = counters instanceof MemoryCounterStore ? counters : make('global');
    }

    incr(key: string, done: Done, timeWindow: number): void {
      const at = now();
      this.counters.hit(key, timeWindow, at).then(
        (count) => done(null, { current: count.count, ttl: Math.max(0, count.expiresAt - at) }),
        (error: Error) => done(error),
      );
    }

    child(options: unknown): RouteCounters {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new RouteCounters(make(`${String(route.method)} ${String(route.url)}`));
    }
  };
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { memoryKeys?: number }) => {
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
    const limits = app.config.rateLimits;
    const spill: CounterSpill = {
      put: (rows, now) => spillCounters(app.db, rows, now),
      read: (key, now) => readSpilledCounter(app.db, key, now),
      forget: (key) => forgetSpilledCounter(app.db, key),
    };
    const bounded = (name: string) =>
      new MemoryCounterStore(options.memoryKeys ?? MEMORY_KEYS, named(spill, name), (error) =>
        app.log.error({ err: error }, 'rate limits: counters could not be spilled; kept in memory'),
      );
    const counters = redis ? new RedisCounterStore(redis) : bounded('guard');
    app.decorate(
      'loginGuard',
      new LoginGuard(counters, {
        addressFailures: limits.loginAddressFailures,
        accountFailures: limits.loginAccountFailures,
      }),
    );

    // A 409 says an e-mail or CNPJ is taken: staff need it, but it must not become a lookup service. Past
    // RATE_LIMIT_CONFLICTS of them in 15 minutes, an account's writes wait for the window to end.
    const conflictKey = (request: FastifyRequest) => (request.actor ? `c:${request.actor.id}` : null);
    app.addHook('preHandler', async (request) => {
      const key = MUTATING.has(request.method) ? conflictKey(request) : null;
      if (!key) return;
      const seen = await counters.get(key, app.clock.now().getTime());
      if (seen.count >= limits.conflicts) {
        const waitMs = CONFLICT_WINDOW_MS - (app.clock.now().getTime() - seen.lastAt);
        throw new HttpError(429, MESSAGES.tooManyRequests, undefined, {
          'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
        });
      }
    });
    app.addHook('onResponse', async (request, reply) => {
      const key = reply.statusCode === 409 ? conflictKey(request) : null;
      if (key) await counters.hit(key, CONFLICT_WINDOW_MS, app.clock.now().getTime());
    });
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'rl:' } : { store: routeStores(bounded, () => app.clock.now().getTime()) }),
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, MESSAGES.tooManyRequests, undefined, {
          'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
        }),
    });
  },
  { name: 'rate-limit', dependencies: ['error-handler'] },
);

/** A key per client address and, where the body names one, per e-mail. */
export function ipAndEmailKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
}
