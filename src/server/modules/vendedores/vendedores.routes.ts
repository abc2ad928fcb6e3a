import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { vendedorCreateSchema, vendedorViewSchema } from '../../../shared/schemas/vendedor';
import { createVendedor } from './vendedores.service';
import { rolesFor } from '../../../shared/permissions';

/** POST /api/vendedores (SPEC §7): a micro-franquia creates its sellers. */
export async function vendedoresRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/vendedores',
    {
      schema: { body: vendedorCreateSchema, response: { 201: vendedorViewSchema } },
      config: { access: rolesFor('vendedores.criar') },
    },
    async (request, reply) => {
      const created = await createVendedor(app, request.actor!, request.body);
      return reply.code(201).send(created);
    },
  );
}
