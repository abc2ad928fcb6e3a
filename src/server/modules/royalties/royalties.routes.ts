import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  acordoFranquiaViewSchema,
  acordoInputSchema,
  contestacaoViewSchema,
  contestarBodySchema,
  extratoParamsSchema,
  extratoQuerySchema,
  extratoViewSchema,
  extratosQuerySchema,
  extratosViewSchema,
  franquiaParamsSchema,
  linhaParamsSchema,
} from '../../../shared/schemas/royalties';
import { setTotalCount } from '../../lib/pagination';
import {
  contestarLinha,
  fecharExtrato,
  fecharMesAnterior,
  salvarAcordo,
  verAcordo,
  verAcordos,
  verExtrato,
  verExtratos,
} from './royalties.service';
import { lembrarFaturas } from './faturas.service';

/**
 * Royalties e fundo de propaganda (issue 45, ADR 089): the agreements, the monthly statements, their closing and a
 * line's contest. A franquia outside the caller's reach answers 404, as one that exists nowhere.
 */
export async function royaltiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ver = rolesFor('royalties.ver');

  app.get(
    '/api/royalties/acordos',
    { schema: { response: { 200: z.array(acordoFranquiaViewSchema) } }, config: { access: ver } },
    async (request, reply) => {
      const acordos = await verAcordos(app, request.actor!);
      setTotalCount(reply, acordos.length, true);
      return acordos;
    },
  );

  app.get(
    '/api/royalties/acordos/:franquiaId',
    { schema: { params: franquiaParamsSchema, response: { 200: acordoFranquiaViewSchema } }, config: { access: ver } },
    async (request) => verAcordo(app, request.actor!, request.params.franquiaId),
  );

  app.put(
    '/api/royalties/acordos/:franquiaId',
    {
      schema: { params: franquiaParamsSchema, body: acordoInputSchema, response: { 200: acordoFranquiaViewSchema } },
      config: { access: rolesFor('royalties.acordos.editar') },
    },
    async (request) =>
      salvarAcordo(app, request.actor!, request.params.franquiaId, request.body, app.config.cobranca.royaltiesWalletId),
  );

  app.get(
    '/api/royalties/extratos',
    { schema: { querystring: extratosQuerySchema, response: { 200: extratosViewSchema } }, config: { access: ver } },
    async (request) => verExtratos(app, request.actor!, request.query.mes),
  );

  app.get(
    '/api/royalties/extratos/:franquiaId/:mes',
    {
      schema: { params: extratoParamsSchema, querystring: extratoQuerySchema, response: { 200: extratoViewSchema } },
      config: { access: ver },
    },
    async (request, reply) => {
      const extrato = await verExtrato(
        app,
        request.actor!,
        request.params.franquiaId,
        request.params.mes,
        request.query,
      );
      setTotalCount(reply, extrato.total, true);
      return extrato;
    },
  );

  app.post(
    '/api/royalties/extratos/:franquiaId/:mes/fechar',
    {
      schema: { params: extratoParamsSchema, response: { 201: extratoViewSchema } },
      config: { access: rolesFor('royalties.fechar') },
    },
    async (request, reply) =>
      reply.code(201).send(await fecharExtrato(app, request.actor!, request.params.franquiaId, request.params.mes)),
  );

  app.post(
    '/api/royalties/extratos/:franquiaId/:mes/linhas/:linhaId/contestar',
    {
      schema: { params: linhaParamsSchema, body: contestarBodySchema, response: { 201: contestacaoViewSchema } },
      config: { access: rolesFor('royalties.contestar') },
    },
    async (request, reply) =>
      reply.code(201).send(await contestarLinha(app, request.actor!, request.params, request.body.motivo)),
  );

  // ADR 065: the statements of the month before, closed on the 1st (a later day catches up a failed run).
  app.jobs.daily('royalties_fechamento', async () => {
    await fecharMesAnterior(app);
  });
  // ADR 095: the unpaid charges' reminders, on the families' régua days.
  app.jobs.daily('royalties_fatura_lembretes', async () => {
    const n = await lembrarFaturas(app);
    if (n) app.log.info({ lembretes: n }, 'royalties charge reminders queued');
  });
}
