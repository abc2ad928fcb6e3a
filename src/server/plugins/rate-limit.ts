import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { MemoryCounterStore, RedisCounterStore } from '../lib/counters';
import { HttpError, MESSAGES } from '../lib/http-error';
import { LoginGuard } from '../lib/login-guard';

declare module 'fastify' {
  interface FastifyInstance {
    loginGuard: LoginGuard;
  }
}

/**
 * Rate limits are declared per route (DESIGN §4.2). With REDIS_URL the counters live in Redis, so several
 * instances behind a load balancer share them; otherwise in this process's memory.
 */
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CONFLICT_WINDOW_MS = 15 * 60 * 1000;

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
    const limits = app.config.rateLimits;
    const counters = redis ? new RedisCounterStore(redis) : new MemoryCounterStore();
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
      ...(redis ? { redis, nameSpace: 'rl:' } : {}),
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
