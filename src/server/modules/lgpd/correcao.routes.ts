import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { correcaoDadosSchema, pedidoCorrecaoSchema } from '../../../shared/schemas/correcao';
import { LGPD_MESSAGES, lgpdMensagemSchema, titularRegistrosSchema } from '../../../shared/schemas/lgpd';
import { leadIdParamsSchema } from '../../../shared/schemas/acompanhamento';
import { preMatriculaParamsSchema } from '../../../shared/schemas/funnel';
import { rolesFor } from '../../../shared/permissions';
import { corrigirPeloPedido, corrigirRegistro, registrosDoPedido } from './correcao';

const mensagem = { 200: lgpdMensagemSchema };
const pedidoParams = z.object({ id: z.uuid(LGPD_MESSAGES.pedidoNaoEncontrado) });

/**
 * Correcting a titular's data (LGPD art. 18 III, issue 39 item 14): on the lead and the pré-matrícula by the
 * roles that manage them, and from a 'Correção de dados' request by the staff who answer it.
 */
export async function correcaoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/api/leads/:id/dados',
    {
      schema: { params: leadIdParamsSchema, body: correcaoDadosSchema, response: mensagem },
      config: { access: rolesFor('leads.corrigirDados') },
    },
    async (request) => corrigirRegistro(app, request.actor!, 'lead', request.params.id, request.body),
  );

  app.patch(
    '/api/pre-matriculas/:id/dados',
    {
      schema: { params: preMatriculaParamsSchema, body: correcaoDadosSchema, response: mensagem },
      config: { access: rolesFor('preMatriculas.corrigirDados') },
    },
    async (request) => corrigirRegistro(app, request.actor!, 'pre_matricula', request.params.id, request.body),
  );

  app.get(
    '/api/lgpd/pedidos/:id/registros',
    {
      schema: { params: pedidoParams, response: { 200: titularRegistrosSchema } },
      config: { access: rolesFor('lgpd.gerir') },
    },
    async (request) => registrosDoPedido(app, request.actor!, request.params.id.toLowerCase()),
  );

  app.post(
    '/api/lgpd/pedidos/:id/correcoes',
    {
      schema: { params: pedidoParams, body: pedidoCorrecaoSchema, response: mensagem },
      config: { access: rolesFor('lgpd.gerir') },
    },
    async (request) =>
      corrigirPeloPedido(app, request.actor!, request.params.id.toLowerCase(), {
        ...request.body,
        registroId: request.body.registroId.toLowerCase(),
      }),
  );
}
