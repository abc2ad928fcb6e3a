import packageJson from '../../../../package.json';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi';
import { DOCS_CSS, DOCS_HTML, DOCS_JS } from './docs-page';

/** The contract's version: the app's own. */
const API_VERSION = packageJson.version;

/**
 * The API contract (issue 22, ADR 029): the OpenAPI 3.1 document and its reference page, both public — the
 * document holds the routes and who may call them, which the client's own code already shows anyone.
 */
export async function contractRoutes(app: FastifyInstance) {
  let document: string | undefined;
  // Built once, on first request: by then every route has been registered.
  const openApiJson = () =>
    (document ??= JSON.stringify(
      buildOpenApiDocument(app.routeAccess, { version: API_VERSION, serverUrl: app.config.appUrl }),
    ));

  // The document itself: JSON already serialised, described as an object rather than by a schema of itself.
  app.get(
    '/api/openapi.json',
    { config: { access: 'public', produces: ['application/json'] } },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(openApiJson()),
  );
  app.get('/api/docs', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(DOCS_HTML),
  );
  app.get('/api/docs/docs.js', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(DOCS_JS),
  );
  app.get('/api/docs/docs.css', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(DOCS_CSS),
  );
}
