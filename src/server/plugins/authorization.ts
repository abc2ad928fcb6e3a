import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES } from '../lib/http-error';

/**
 * Deny by default: every /api route declares `config.access` ('public', 'authenticated' or its roles), or the
 * server refuses to start. Anonymous callers of a protected route get 401, other roles 403.
 */
export const authorizationPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
      const access = route.config?.access;
      if (access === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      if (!request.actor) throw new HttpError(401, MESSAGES.unauthenticated);
      if (access !== 'authenticated' && !access.includes(request.actor.role)) {
        throw new HttpError(403, MESSAGES.forbidden);
      }
    });
  },
  { name: 'authorization', dependencies: ['sessions'] },
);
