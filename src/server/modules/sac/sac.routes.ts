import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/schemas/list-query';
import { answerTicketSchema, createTicketSchema, SAC_MESSAGES } from '../../../shared/schemas/sac';
import { notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { listNetworkUsers, listTickets } from './sac.repository';
import { answerTicket, createTicket } from './sac.service';
import { rolesFor } from '../../../shared/permissions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ticketParams = z.object({ id: z.string() });

/** The SAC API (SPEC §7, DESIGN §4.5). */
export async function sacRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/sac/tickets',
    { schema: { querystring: listQuerySchema }, config: { access: rolesFor('sac.abrir') } },
    async (request, reply) => {
      const { items, total } = await listTickets(app.db, request.actor!, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.post(
    '/api/sac/tickets',
    { schema: { body: createTicketSchema }, config: { access: rolesFor('sac.abrir') } },
    async (request, reply) => {
      const ticket = await createTicket(app, request.actor!, request.body);
      return reply.code(201).send(ticket);
    },
  );

  app.patch(
    '/api/sac/tickets/:id',
    { schema: { params: ticketParams, body: answerTicketSchema }, config: { access: rolesFor('sac.responder') } },
    async (request) => {
      // A malformed id names no ticket: absent, like one outside the caller's scope.
      if (!UUID.test(request.params.id)) throw notFound(SAC_MESSAGES.notFound);
      return answerTicket(app, request.actor!, request.params.id.toLowerCase(), request.body);
    },
  );

  app.get(
    '/api/sac/users',
    { schema: { querystring: listQuerySchema }, config: { access: rolesFor('sac.responder') } },
    async (request, reply) => {
      const { items, total } = await listNetworkUsers(app.db, request.actor!, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );
}
