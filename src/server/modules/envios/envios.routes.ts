import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import { ENVIOS_MESSAGES, envioItemSchema, enviosQuerySchema } from '../../../shared/schemas/envios';
import { conflict, notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { audit } from '../auditoria';
import { cancelar, listEnvios, reenviar, tentarAgora } from './envios.repository';

const idParams = z.object({ id: z.uuid({ error: ENVIOS_MESSAGES.naoEncontrado }) });

/** 'Envios' (issue 22, ADR 028): the franqueador's network's e-mails and webhooks, and dead letters resent. */
export async function enviosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/envios',
    {
      schema: { querystring: enviosQuerySchema, response: { 200: z.array(envioItemSchema) } },
      config: { access: rolesFor('envios.gerir') },
    },
    async (request, reply) => {
      const { items, total, exact } = await listEnvios(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total, exact);
      return items;
    },
  );

  app.post(
    '/api/envios/:id/reenviar',
    {
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
      config: { access: rolesFor('envios.gerir') },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const result = await reenviar(tx, request.actor!, request.params.id, app.clock.now());
        if (result === 'nao') throw notFound(ENVIOS_MESSAGES.naoEncontrado);
        if (result === 'status') throw conflict(ENVIOS_MESSAGES.naoFalhou);
        await audit(tx, { acao: 'envio.reenviar', entidadeId: request.params.id });
      });
      return { message: ENVIOS_MESSAGES.reenviado };
    },
  );

  app.post(
    '/api/envios/:id/cancelar',
    {
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
      config: { access: rolesFor('envios.gerir') },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const result = await cancelar(tx, request.actor!, request.params.id, app.clock.now());
        if (result === 'nao') throw notFound(ENVIOS_MESSAGES.naoEncontrado);
        if (result === 'status') throw conflict(ENVIOS_MESSAGES.naoNaFila);
        await audit(tx, { acao: 'envio.cancelar', entidadeId: request.params.id });
      });
      return { message: ENVIOS_MESSAGES.cancelado };
    },
  );

  app.post(
    '/api/envios/:id/tentar-agora',
    {
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
      config: { access: rolesFor('envios.gerir') },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const result = await tentarAgora(tx, request.actor!, request.params.id, app.clock.now());
        if (result === 'nao') throw notFound(ENVIOS_MESSAGES.naoEncontrado);
        if (result === 'status') throw conflict(ENVIOS_MESSAGES.naoEsperando);
        await audit(tx, { acao: 'envio.tentar_agora', entidadeId: request.params.id });
      });
      return { message: ENVIOS_MESSAGES.tentarAgora };
    },
  );
}
