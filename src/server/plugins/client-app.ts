import { existsSync } from 'node:fs';
import { isApiRequest } from '../lib/api-route';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { HttpError, MESSAGES } from '../lib/http-error';

/**
 * Serves the built React application from dist/client: hashed assets cached for a year, index.html for every
 * other page path so the client router can take over. Absent in development and API tests.
 */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    const index = join(options.root, 'index.html');
    if (!existsSync(index)) {
      app.log.warn(`client build not found in ${options.root}; run "npm run build"`);
      return;
    }
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; the smallest one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', async (request, reply) => {
      if (isApiRequest(request)) throw new HttpError(404, MESSAGES.routeNotFound);
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'client-app', dependencies: ['security'] },
);
