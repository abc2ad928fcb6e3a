import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import {
  whatsappModeloBodySchema,
  whatsappModeloParamsSchema,
  whatsappModeloSchema,
  whatsappModelosSchema,
} from '../../../shared/schemas/whatsapp';
import { editarModelo, listarModelos } from './whatsapp.service';

/**
 * Modelos de mensagem de WhatsApp (issue 51, ADR 091): every staff role reads its network's templates (the lead
 * panel fills them); the franqueador rewrites them. No id crosses networks: the network is the caller's own.
 */
export async function whatsappRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/whatsapp/modelos',
    {
      schema: { response: { 200: whatsappModelosSchema } },
      config: { access: rolesFor('whatsapp.modelos.ler') },
    },
    async (request) => ({ modelos: await listarModelos(app, request.actor!) }),
  );

  app.put(
    '/api/whatsapp/modelos/:chave',
    {
      schema: {
        params: whatsappModeloParamsSchema,
        body: whatsappModeloBodySchema,
        response: { 200: whatsappModeloSchema },
      },
      config: { access: rolesFor('whatsapp.modelos.editar') },
    },
    async (request) => editarModelo(app, request.actor!, request.params.chave, request.body.texto),
  );
}
