import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  regraInputSchema,
  regraParamsSchema,
  regraPatchSchema,
  regraViewSchema,
} from '../../../shared/schemas/comissao';
import { setTotalCount } from '../../lib/pagination';
import { criarRegra, editarRegra, verRegras } from './comissoes.service';

/**
 * Comissões (issue 44, ADR 081): the rules of what each beneficiary earns. A rule out of the caller's reach answers
 * 404, as one that exists nowhere.
 */
export async function comissoesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = rolesFor('comissoes.regras');

  app.get(
    '/api/comissoes/regras',
    { schema: { response: { 200: z.array(regraViewSchema) } }, config: { access } },
    async (request, reply) => {
      const regras = await verRegras(app, request.actor!);
      setTotalCount(reply, regras.length, true);
      return regras;
    },
  );

  app.post(
    '/api/comissoes/regras',
    { schema: { body: regraInputSchema, response: { 201: regraViewSchema } }, config: { access } },
    async (request, reply) => reply.code(201).send(await criarRegra(app, request.actor!, request.body)),
  );

  app.patch(
    '/api/comissoes/regras/:id',
    {
      schema: { params: regraParamsSchema, body: regraPatchSchema, response: { 200: regraViewSchema } },
      config: { access },
    },
    async (request) => editarRegra(app, request.actor!, request.params.id, request.body),
  );
}
