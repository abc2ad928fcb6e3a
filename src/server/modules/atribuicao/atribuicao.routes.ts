import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import { eventoParamsSchema } from '../../../shared/schemas/evento';
import { LINK_IMAGEM_TIPOS, linkDeIndicacaoSchema, linkQuerySchema } from '../../../shared/schemas/atribuicao';
import { type LinkResposta, linkDoEvento, linkDoVendedor } from './atribuicao.service';

/** The JSON, or the QR code's image with its type and a file name to save it under. */
function enviar(reply: FastifyReply, resposta: LinkResposta) {
  if (resposta.formato === 'json') return resposta.link;
  const nome = `qr-code-${resposta.codigo.toLowerCase()}.${resposta.formato}`;
  return reply
    .type(LINK_IMAGEM_TIPOS[resposta.formato])
    .header('content-disposition', `inline; filename="${nome}"`)
    .send(resposta.imagem);
}

/** The JSON answer and the two images `?formato=` asks for (the document lists all three). */
const produces = ['application/json', ...Object.values(LINK_IMAGEM_TIPOS)];

/**
 * The share links (issue 48, ADR 104): the vendedor's own and an event's, each `/credito-estudantil?v=<código>`
 * with its QR code drawn here. Reads only: nothing here writes.
 */
export async function atribuicaoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/user/link-de-indicacao',
    {
      schema: { querystring: linkQuerySchema, response: { 200: linkDeIndicacaoSchema } },
      config: { access: rolesFor('indicacao.meuLink'), produces },
    },
    async (request, reply) => enviar(reply, await linkDoVendedor(app, request.actor!, request.query.formato)),
  );

  app.get(
    '/api/eventos/:id/link-de-indicacao',
    {
      schema: { params: eventoParamsSchema, querystring: linkQuerySchema, response: { 200: linkDeIndicacaoSchema } },
      config: { access: rolesFor('eventos.ler'), produces },
    },
    async (request, reply) =>
      enviar(reply, await linkDoEvento(app, request.actor!, request.params.id, request.query.formato)),
  );
}
