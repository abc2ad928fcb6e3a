import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventoCreateSchema,
  eventoListQuerySchema,
  eventoParamsSchema,
  eventoUpdateSchema,
  eventoViewSchema,
} from '../../../shared/schemas/evento';
import { pageWindow, setTotalCount } from '../../lib/pagination';
import { findEvento, listEventos } from './eventos.repository';
import { type AposMudarVagas, createEvento, updateEventoById } from './eventos.service';
import { rolesFor } from '../../../shared/permissions';

const eventosListaSchema = z.array(eventoViewSchema);

/** DESIGN §4.1: cliente, vendedor and micro_franquia create events; every staff role but the franqueador edits. */

/** The eventos API (SPEC §7, DESIGN §4). */
export async function eventosRoutes(fastify: FastifyInstance, options: { aposMudarVagas: AposMudarVagas }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/eventos',
    {
      schema: { querystring: eventoListQuerySchema, response: { 200: eventosListaSchema } },
      config: { access: rolesFor('eventos.ler') },
    },
    async (request, reply) => {
      const { items, total, exact } = await listEventos(request.dbLeitura, request.actor!, {
        q: request.query.q,
        clienteId: request.query.clienteId,
        sort: request.query.sort,
        ...pageWindow(request.query),
        now: app.clock.now(),
      });
      setTotalCount(reply, total, exact);
      return items;
    },
  );

  app.post(
    '/api/eventos',
    {
      schema: { body: eventoCreateSchema, response: { 201: eventoViewSchema } },
      config: { access: rolesFor('eventos.criar') },
    },
    async (request, reply) => {
      const id = await createEvento(app, request.actor!, request.body);
      reply.code(201);
      return findEvento(app.db, request.actor!, id, app.clock.now());
    },
  );

  app.put(
    '/api/eventos/:id',
    {
      schema: { params: eventoParamsSchema, body: eventoUpdateSchema, response: { 200: eventoViewSchema } },
      config: { access: rolesFor('eventos.editar') },
    },
    async (request) => {
      await updateEventoById(app, request.actor!, request.params.id, request.body, options.aposMudarVagas);
      return findEvento(app.db, request.actor!, request.params.id, app.clock.now());
    },
  );
}
