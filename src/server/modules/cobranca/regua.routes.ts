import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import {
  REGUA_MESSAGES,
  parcelasPublicasSchema,
  parcelasTokenParamsSchema,
  reguaBodySchema,
  reguaQuerySchema,
  reguaSalvaSchema,
  reguaViewSchema,
} from '../../../shared/schemas/regua';
import { parcelasPorLink, registerRegua, salvarRegua, verRegua } from './regua.service';

const ONE_MINUTE = 60_000;

/**
 * Régua de cobrança and the responsável's link (issue 43, ADR 078): a franquia's steps, read and saved by the
 * franquia and its franqueador; the family's page of parcelas by its link's token, rate-limited per address as the
 * contract's page is; and the daily job that sends the steps due.
 */
export async function reguaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerRegua(app);

  app.get(
    '/api/cobranca/regua',
    {
      schema: { querystring: reguaQuerySchema, response: { 200: reguaViewSchema } },
      config: { access: rolesFor('cobranca.regua') },
    },
    async (request) => verRegua(app, request.actor!, request.query.franquiaId),
  );

  app.put(
    '/api/cobranca/regua',
    {
      schema: { body: reguaBodySchema, response: { 200: reguaSalvaSchema } },
      config: { access: rolesFor('cobranca.regua') },
    },
    async (request) => ({ message: REGUA_MESSAGES.salva, regua: await salvarRegua(app, request.actor!, request.body) }),
  );

  app.get(
    '/api/public/parcelas/:token',
    {
      schema: { params: parcelasTokenParamsSchema, response: { 200: parcelasPublicasSchema } },
      config: { access: 'public', rateLimit: { max: app.config.rateLimits.publicPostMax, timeWindow: ONE_MINUTE } },
    },
    async (request, reply) => {
      // The family's payments: never kept by a proxy or the browser's back-forward cache.
      reply.header('cache-control', 'no-store');
      return parcelasPorLink(app, request.params.token);
    },
  );
}
