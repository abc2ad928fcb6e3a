import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import {
  distribuirInputSchema,
  metaInputSchema,
  metasPainelQuerySchema,
  metasPainelViewSchema,
  metasQuerySchema,
  metasViewSchema,
  rankingViewSchema,
} from '../../../shared/schemas/metas';
import { definirMeta, distribuirMeta, verMetas, verPainel, verRanking } from './metas.service';

/**
 * Metas e rankings (issue 48): the caller's goals and its children's, the writes of the level right above each
 * unit, the split of a unit's goal among its children, the dashboard's summary and the ranking of its scope.
 */
export async function metasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const definir = rolesFor('metas.definir');

  app.get(
    '/api/metas',
    {
      schema: { querystring: metasQuerySchema, response: { 200: metasViewSchema } },
      config: { access: rolesFor('metas.ler') },
    },
    async (request) => verMetas(app, request.actor!, request.query),
  );

  app.put(
    '/api/metas',
    { schema: { body: metaInputSchema, response: { 200: metasViewSchema } }, config: { access: definir } },
    async (request) => definirMeta(app, request.actor!, request.body),
  );

  app.post(
    '/api/metas/distribuir',
    { schema: { body: distribuirInputSchema, response: { 200: metasViewSchema } }, config: { access: definir } },
    async (request) => distribuirMeta(app, request.actor!, request.body),
  );

  app.get(
    '/api/metas/painel',
    {
      schema: { querystring: metasPainelQuerySchema, response: { 200: metasPainelViewSchema } },
      config: { access: rolesFor('metas.ler') },
    },
    async (request) => verPainel(app, request.dbLeitura, request.actor!, request.query.mes),
  );

  app.get(
    '/api/metas/ranking',
    {
      schema: { querystring: metasQuerySchema, response: { 200: rankingViewSchema } },
      config: { access: rolesFor('metas.ranking') },
    },
    async (request) => verRanking(app, request.dbLeitura, request.actor!, request.query),
  );
}
