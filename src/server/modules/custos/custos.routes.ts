import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  campanhaCustoInputSchema,
  campanhaCustoParamsSchema,
  campanhaCustoViewSchema,
  campanhaCustosQuerySchema,
  campanhaCustosRespostaSchema,
  eventoCustoInputSchema,
  eventoCustoItemParamsSchema,
  eventoCustoParamsSchema,
  eventoCustoViewSchema,
  eventoCustosRespostaSchema,
} from '../../../shared/schemas/custos';
import { setTotalCount } from '../../lib/pagination';
import {
  adicionarEventoCusto,
  criarCampanhaCusto,
  removerCampanhaCusto,
  removerEventoCusto,
  verCampanhaCustos,
  verEventoCustos,
} from './custos.service';

/** Custos (issue 48): an event's costs and the campaigns' costs. */
export async function custosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/eventos/:id/custos',
    {
      schema: { params: eventoCustoParamsSchema, response: { 200: eventoCustosRespostaSchema } },
      config: { access: rolesFor('eventos.custos.ler') },
    },
    async (request) => verEventoCustos(app, request.actor!, request.params.id),
  );

  app.post(
    '/api/eventos/:id/custos',
    {
      schema: {
        params: eventoCustoParamsSchema,
        body: eventoCustoInputSchema,
        response: { 201: eventoCustoViewSchema },
      },
      config: { access: rolesFor('eventos.custos.editar') },
    },
    async (request, reply) => {
      const custo = await adicionarEventoCusto(app, request.actor!, request.params.id, request.body);
      reply.code(201);
      return custo;
    },
  );

  app.delete(
    '/api/eventos/:id/custos/:custoId',
    {
      schema: { params: eventoCustoItemParamsSchema, response: { 204: z.null() } },
      config: { access: rolesFor('eventos.custos.editar') },
    },
    async (request, reply) => {
      await removerEventoCusto(app, request.actor!, request.params.id, request.params.custoId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/campanhas/custos',
    {
      schema: { querystring: campanhaCustosQuerySchema, response: { 200: campanhaCustosRespostaSchema } },
      config: { access: rolesFor('campanhas.custos') },
    },
    async (request, reply) => {
      const { resposta, total } = await verCampanhaCustos(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total);
      return resposta;
    },
  );

  app.post(
    '/api/campanhas/custos',
    {
      schema: { body: campanhaCustoInputSchema, response: { 201: campanhaCustoViewSchema } },
      config: { access: rolesFor('campanhas.custos') },
    },
    async (request, reply) => {
      const custo = await criarCampanhaCusto(app, request.actor!, request.body);
      reply.code(201);
      return custo;
    },
  );

  app.delete(
    '/api/campanhas/custos/:id',
    {
      schema: { params: campanhaCustoParamsSchema, response: { 204: z.null() } },
      config: { access: rolesFor('campanhas.custos') },
    },
    async (request, reply) => {
      await removerCampanhaCusto(app, request.actor!, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
