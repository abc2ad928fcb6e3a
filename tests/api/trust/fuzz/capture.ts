import type * as FastifyNamespace from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/** A route as the app registered it, with the zod schemas Fastify validates its input with. */
export interface CapturedRoute {
  method: string;
  url: string;
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType };
}

/** Every /api route of every app built in this test file, filled by the wrapped factory below. */
export const capturedRoutes: CapturedRoute[] = [];

type FastifyModule = typeof FastifyNamespace;

/**
 * Wraps the fastify factory so each app records its routes' schemas as they are registered (Fastify exposes a
 * route's schema only to an onRoute hook, and buildApp registers every route before it returns). Used as
 * `vi.mock('fastify', ...)`; the app is otherwise untouched.
 */
export function withRouteCapture(original: FastifyModule): FastifyModule {
  const factory = ((options?: Parameters<FastifyModule['default']>[0]) => {
    const app = original.default(options) as unknown as FastifyInstance;
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        capturedRoutes.push({
          method: String(method),
          url: route.url,
          schema: (route.schema ?? {}) as CapturedRoute['schema'],
        });
      }
    });
    return app;
  }) as unknown as FastifyModule['default'];
  return { ...original, default: factory, fastify: factory } as FastifyModule;
}
