import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/roles';
import { HttpError, MESSAGES } from '../lib/http-error';

/** One route's declared audience; the access-matrix test reads the list. */
export interface RouteAccess {
  method: string;
  url: string;
  access: 'public' | 'token' | 'authenticated' | readonly Role[];
  /** The route's zod schemas (params, querystring, body, response): the OpenAPI document is built from them. */
  schema?: FastifySchema;
  /** True when the route declares its own rate limit (the document lists its 429). */
  rateLimited?: boolean;
  /** `config.produces`: the content types of a file answer (the document lists them, with no JSON schema). */
  produces?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with who may call it, in registration order. */
    routeAccess: readonly RouteAccess[];
  }
}

/**
 * Deny by default: every /api route declares `config.access` ('public', 'authenticated' or its roles), or the
 * server refuses to start. Anonymous callers of a protected route get 401, other roles 403.
 */
export const authorizationPlugin = fp(
  async (app: FastifyInstance) => {
    const declared: RouteAccess[] = [];
    app.decorate('routeAccess', declared);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
      const access = route.config?.access;
      if (access === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
      }
      const rateLimited = Boolean(route.config && 'rateLimit' in route.config && route.config.rateLimit);
      const produces = route.config?.produces;
      for (const method of [route.method].flat()) {
        declared.push({
          method: String(method),
          url: route.url,
          access,
          schema: route.schema,
          rateLimited,
          ...(produces ? { produces } : {}),
        });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      // A 'token' route checks its caller's secret itself (its onRequest hook), with no session.
      if (access === undefined || access === 'public' || access === 'token') return;
      if (!request.actor) throw new HttpError(401, MESSAGES.unauthenticated);
      if (access !== 'authenticated' && !access.includes(request.actor.role)) {
        throw new HttpError(403, MESSAGES.forbidden);
      }
    });
  },
  { name: 'authorization', dependencies: ['sessions'] },
);
