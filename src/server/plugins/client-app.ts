import { existsSync, readFileSync } from 'node:fs';
import { isApiRequest } from '../lib/api-route';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { HttpError, MESSAGES } from '../lib/http-error';
import { renderPageShell } from './page-shell';

/**
 * Serves the built React application from dist/client: hashed assets cached for a year, index.html for every
 * other page path so the client router can take over. Absent in development and API tests.
 */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string; ready?: Promise<void> }) => {
    // `npm start` builds the client beside the starting server (ADR 067): its pages are served once it is built.
    await options.ready;
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
    // Each address gets its own title and link-preview tags, and every page the network's data (issue 23).
    const template = readFileSync(index, 'utf8');
    const shells = new Map<string, string>();
    app.get('/*', async (request, reply) => {
      if (isApiRequest(request)) throw new HttpError(404, MESSAGES.routeNotFound);
      const path = (request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
      // Only a handful of public addresses are kept; a voucher's or a staff screen's is rendered each time.
      const cacheable =
        !path.startsWith('/voucher/') &&
        !path.startsWith('/declaracao/') &&
        !path.startsWith('/contrato/') &&
        shells.size < 64;
      let html = shells.get(path);
      if (html === undefined) {
        html = renderPageShell(template, path, app.config.appUrl, app.config.rede);
        if (cacheable) shells.set(path, html);
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(html);
    });
  },
  { name: 'client-app', dependencies: ['security'] },
);
