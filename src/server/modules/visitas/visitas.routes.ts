import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  agendaQuerySchema,
  agendaSchema,
  visitaCreateSchema,
  visitaListQuerySchema,
  visitaPatchSchema,
  visitaViewSchema,
} from '../../../shared/schemas/visita';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { assertRowId, rowIdParams } from '../../lib/row-id';
import { agendaDoDia, alterarVisita, criarVisita, listarVisitas } from './visitas.service';

/** Visitas (issue 49, ADR 105): the list, scheduling, the outcome, and the day's agenda. */
export async function visitasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/visitas',
    {
      schema: { querystring: visitaListQuerySchema, response: { 200: z.array(visitaViewSchema) } },
      config: { access: rolesFor('visitas.ver') },
    },
    async (request, reply) => {
      const { rows, total, exact, cursors } = await listarVisitas(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total, exact);
      setCursors(reply, cursors);
      return rows;
    },
  );

  app.post(
    '/api/visitas',
    {
      schema: { body: visitaCreateSchema, response: { 201: visitaViewSchema } },
      config: { access: rolesFor('visitas.gerir') },
    },
    async (request, reply) => {
      const visita = await criarVisita(app, request.actor!, request.body);
      reply.code(201);
      return visita;
    },
  );

  app.patch(
    '/api/visitas/:id',
    {
      schema: { params: rowIdParams, body: visitaPatchSchema, response: { 200: visitaViewSchema } },
      config: { access: rolesFor('visitas.gerir') },
    },
    async (request) => alterarVisita(app, request.actor!, assertRowId(request.params.id), request.body),
  );

  app.get(
    '/api/user/agenda',
    {
      schema: { querystring: agendaQuerySchema, response: { 200: agendaSchema } },
      config: { access: rolesFor('visitas.ver') },
    },
    async (request) => agendaDoDia(app, request.actor!, request.query.dia),
  );
}
