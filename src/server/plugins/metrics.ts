import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppMetrics, JobsSource } from '../lib/metrics';
import { HttpError, MESSAGES } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
    /** Serves /metrics alone on its own port (METRICS_PORT); closed with the app. */
    listenForMetrics(port: number, host: string): Promise<Server>;
  }
}

/** A request that matched no route is counted under this label, never under its URL. */
export const UNMATCHED_ROUTE = '(sem rota)';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). */
function hasToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/** Gives the jobs module's figures to the `jobs_by_state` gauge, read at each scrape. */
export function registerJobsGauge(app: FastifyInstance, source: JobsSource): void {
  app.metrics.jobsSource = source;
}

/**
 * /metrics in Prometheus's text format (issue 22, ADR 029): on the app's port only with METRICS_TOKEN as a bearer
 * token, on METRICS_PORT to anyone who reaches that port; otherwise 404, as for a route that does not exist.
 * Every answer is timed by its route pattern and status; 429s are counted.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { metrics: AppMetrics }) => {
    const { metrics } = options;
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      metrics.httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route });
    });

    app.get('/metrics', async (request, reply) => {
      if (!hasToken(request.headers.authorization, app.config.metricsToken)) {
        throw new HttpError(404, MESSAGES.routeNotFound);
      }
      reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });

    let listener: Server | undefined;
    app.decorate('listenForMetrics', (port: number, host: string) => {
      const server = createServer((request, response) => {
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || path !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Não encontrado.\n');
          return;
        }
        metrics.registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics: collection failed');
            response.writeHead(500).end();
          },
        );
      });
      listener = server;
      return new Promise<Server>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      });
    });
    app.addHook('onClose', async () => {
      const server = listener;
      if (!server?.listening) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['error-handler'] },
);
