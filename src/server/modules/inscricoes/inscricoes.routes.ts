import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import { eventoParamsSchema, eventoViewSchema, EVENTO_MESSAGES } from '../../../shared/schemas/evento';
import {
  inscritosQuerySchema,
  inscritosSchema,
  presencaAnswerSchema,
  presencaSchema,
  voucherMensagemSchema,
  voucherParamsSchema,
  voucherViewSchema,
} from '../../../shared/schemas/inscricao';
import { notFound } from '../../lib/http-error';
import { findEvento } from '../eventos';
import { searchInscritos } from './inscricoes.repository';
import { cancelVoucher, getVoucher, lembrarVespera, registrarPresenca } from './inscricoes.service';

const ONE_MINUTE = 60_000;

/**
 * Issue 20: the family's voucher (public, by its token) and the check-in at the event's door (staff, scoped to
 * the events the actor reads). The sign-up itself is POST /api/leads (modules/public).
 */
/** The hour (Brasília) the eve-of-event reminders go out. */
const LEMBRETE_VESPERA_HORA = 18;

export async function inscricoesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Issue 47 (ADR 103): the eve-of-event reminders by WhatsApp, at 18:00 in Brasília.
  app.jobs.daily(
    'lembrete_vespera',
    async (job) => {
      const lembradas = await lembrarVespera(app, (job.payload as { dia: string }).dia);
      if (lembradas) app.log.info({ lembradas }, 'eve-of-event reminders queued');
    },
    { hora: LEMBRETE_VESPERA_HORA },
  );
  app.get(
    '/api/public/voucher/:token',
    { schema: { params: voucherParamsSchema, response: { 200: voucherViewSchema } }, config: { access: 'public' } },
    async (request, reply) => {
      // The link is a key to the family's sign-up: no cache keeps it.
      reply.header('cache-control', 'no-store');
      return getVoucher(app, request.params.token);
    },
  );

  app.post(
    '/api/public/voucher/:token/cancelar',
    {
      schema: { params: voucherParamsSchema, response: { 200: voucherMensagemSchema } },
      config: {
        access: 'public',
        rateLimit: { max: app.config.rateLimits.publicPostMax, timeWindow: ONE_MINUTE },
      },
    },
    async (request) => cancelVoucher(app, request.params.token),
  );

  // The check-in screen's header: one event with its counts.
  app.get(
    '/api/eventos/:id',
    {
      schema: { params: eventoParamsSchema, response: { 200: eventoViewSchema } },
      config: { access: rolesFor('eventos.ler') },
    },
    async (request) => {
      const evento = await findEvento(app.db, request.actor!, request.params.id, app.clock.now());
      if (!evento) throw notFound(EVENTO_MESSAGES.notFound);
      return evento;
    },
  );

  app.get(
    '/api/eventos/:id/inscritos',
    {
      schema: { params: eventoParamsSchema, querystring: inscritosQuerySchema, response: { 200: inscritosSchema } },
      config: { access: rolesFor('eventos.checkin') },
    },
    async (request) => {
      const evento = await findEvento(app.db, request.actor!, request.params.id, app.clock.now());
      if (!evento) throw notFound(EVENTO_MESSAGES.notFound);
      return searchInscritos(app.db, request.actor!, request.params.id, request.query.q);
    },
  );

  app.post(
    '/api/eventos/:id/presencas',
    {
      schema: {
        params: eventoParamsSchema,
        body: presencaSchema,
        response: { 200: presencaAnswerSchema, 201: presencaAnswerSchema },
      },
      config: { access: rolesFor('eventos.checkin') },
    },
    async (request, reply) => {
      const { created, body } = await registrarPresenca(app, request.actor!, request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(body);
    },
  );
}
