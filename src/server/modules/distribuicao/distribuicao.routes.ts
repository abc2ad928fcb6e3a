import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import { distribuicaoSchema, distribuicaoViewSchema } from '../../../shared/schemas/distribuicao';
import { assertRowId, rowIdParams } from '../../lib/row-id';
import { definirDistribuicao, getDistribuicao } from './distribuicao.service';

/**
 * Distribuição (issue 50, ADR 106): how a micro-franquia's new leads get a vendedor -- none, in turns, or by the
 * event's city. The micro-franquia, its franquia and the franqueador read it; the first two set it. Another
 * network's, or a sibling's, answers 404.
 */
export async function distribuicaoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/micro-franquias/:id/distribuicao',
    {
      schema: { params: rowIdParams, response: { 200: distribuicaoViewSchema } },
      config: { access: rolesFor('distribuicao.ler') },
    },
    async (request) => getDistribuicao(app, request.actor!, assertRowId(request.params.id)),
  );

  app.put(
    '/api/micro-franquias/:id/distribuicao',
    {
      schema: { params: rowIdParams, body: distribuicaoSchema, response: { 200: distribuicaoViewSchema } },
      config: { access: rolesFor('distribuicao.definir') },
    },
    async (request) => definirDistribuicao(app, request.actor!, assertRowId(request.params.id), request.body),
  );
}
