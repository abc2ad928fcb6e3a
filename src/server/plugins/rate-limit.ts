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
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
    const limits = app.config.rateLimits;
    app.decorate(
      'loginGuard',
      new LoginGuard(redis ? new RedisCounterStore(redis) : new MemoryCounterStore(), {
        addressFailures: limits.loginAddressFailures,
        accountFailures: limits.loginAccountFailures,
      }),
    );
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
