import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import {
  presencaConflitosSchema,
  presencaLoteAnswerSchema,
  presencaLoteSchema,
  roteiroSchema,
} from '../../../shared/schemas/check-in-offline';
import { eventoParamsSchema } from '../../../shared/schemas/evento';
import { registrarLote, verConflitos, verRoteiro } from './check-in.service';

/**
 * Issue 49 (ADR 105): the door without a signal -- the roster a device keeps, the batch its queue uploads, and the
 * conflicts between devices. Whoever checks families in at the door (`eventos.checkin`), in the same scope.
 */
export async function checkInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/eventos/:id/check-in/roteiro',
    {
      schema: { params: eventoParamsSchema, response: { 200: roteiroSchema } },
      config: { access: rolesFor('eventos.checkin') },
    },
    async (request, reply) => {
      // First names of the event's families: kept by the device that asked, by no cache on the way.
      reply.header('cache-control', 'no-store');
      return verRoteiro(app, request.actor!, request.params.id);
    },
  );

  app.post(
    '/api/eventos/:id/presencas/lote',
    {
      schema: { params: eventoParamsSchema, body: presencaLoteSchema, response: { 200: presencaLoteAnswerSchema } },
      config: { access: rolesFor('eventos.checkin') },
    },
    async (request) => registrarLote(app, request.actor!, request.params.id, request.body),
  );

  app.get(
    '/api/eventos/:id/presencas/conflitos',
    {
      schema: { params: eventoParamsSchema, response: { 200: presencaConflitosSchema } },
      config: { access: rolesFor('eventos.checkin') },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verConflitos(app, request.actor!, request.params.id);
    },
  );
}
