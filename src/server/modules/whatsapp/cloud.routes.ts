import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  WHATSAPP_CLOUD_MESSAGES as M,
  whatsappCustosSchema,
  whatsappModeloSchema,
  whatsappModelosListSchema,
  whatsappModeloViewSchema,
  whatsappMomentosSchema,
  whatsappMomentosViewSchema,
} from '../../../shared/schemas/whatsapp-cloud';
import {
  WHATSAPP_WEBHOOK_MESSAGES as W,
  whatsappHandshakeSchema,
  whatsappWebhookSchema,
} from '../../../shared/schemas/whatsapp-webhook';
import { webhookRecebidoSchema } from '../../../shared/schemas/parcela';
import { HttpError } from '../../lib/http-error';
import { enviarAviso } from './avisos';
import {
  assinaturaConfere,
  criarModeloCloud,
  definirCustos,
  definirMomentos,
  editarModeloCloud,
  excluirModeloCloud,
  lerMomentos,
  listarModelosCloud,
  receberWebhook,
  tokenConfere,
} from './cloud.service';

const modeloParams = z.object({ id: z.guid(M.modeloNaoEncontrado) });

/**
 * WhatsApp oficial (issue 47, ADR 103): the franqueador's templates, moments and prices under Integrações, Meta's
 * webhook, and the `whatsapp` job's handler. No id crosses networks: every row is the caller's network's.
 */
export async function whatsappCloudRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Sends the families' notices; at most 8 at once, within the Cloud API's throughput (80 a second by default).
  app.jobs.register('whatsapp', enviarAviso, { aoMesmoTempo: 8 });
  const gerir = { access: rolesFor('integracoes.gerir') };

  app.get(
    '/api/integracoes/whatsapp/modelos',
    { schema: { response: { 200: whatsappModelosListSchema } }, config: gerir },
    async (request) => listarModelosCloud(app, request.actor!),
  );

  app.post(
    '/api/integracoes/whatsapp/modelos',
    { schema: { body: whatsappModeloSchema, response: { 201: whatsappModeloViewSchema } }, config: gerir },
    async (request, reply) => {
      const modelo = await criarModeloCloud(app, request.actor!, request.body);
      return reply.status(201).send(modelo);
    },
  );

  app.put(
    '/api/integracoes/whatsapp/modelos/:id',
    {
      schema: { params: modeloParams, body: whatsappModeloSchema, response: { 200: whatsappModeloViewSchema } },
      config: gerir,
    },
    async (request) => editarModeloCloud(app, request.actor!, request.params.id, request.body),
  );

  app.delete(
    '/api/integracoes/whatsapp/modelos/:id',
    { schema: { params: modeloParams, response: { 204: z.null() } }, config: gerir },
    async (request, reply) => {
      await excluirModeloCloud(app, request.actor!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/integracoes/whatsapp/momentos',
    { schema: { response: { 200: whatsappMomentosViewSchema } }, config: gerir },
    async (request) => lerMomentos(app, request.actor!),
  );

  app.put(
    '/api/integracoes/whatsapp/momentos',
    { schema: { body: whatsappMomentosSchema, response: { 200: whatsappMomentosViewSchema } }, config: gerir },
    async (request) => definirMomentos(app, request.actor!, request.body),
  );

  app.put(
    '/api/integracoes/whatsapp/custos',
    { schema: { body: whatsappCustosSchema, response: { 200: whatsappMomentosViewSchema } }, config: gerir },
    async (request) => definirCustos(app, request.actor!, request.body),
  );

  // Meta's subscription handshake: the verify token configured in the app's dashboard, echoed challenge.
  app.get(
    '/api/webhooks/whatsapp',
    {
      schema: { querystring: whatsappHandshakeSchema, response: { 200: z.string() } },
      config: { access: 'token' },
    },
    async (request, reply) => {
      // A token route (the access matrix): 401 for a wrong token, and with the channel off, as for no token.
      const config = app.config.whatsapp;
      const q = request.query;
      if (!config || q['hub.mode'] !== 'subscribe' || !tokenConfere(config.verifyToken, q['hub.verify_token'])) {
        throw new HttpError(401, W.tokenInvalido);
      }
      if (!q['hub.challenge']) throw new HttpError(400, W.tokenInvalido);
      return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
    },
  );

  // The webhook's body is read as bytes here, so its signature is checked on exactly what Meta signed.
  await app.register(async (scope) => {
    // The app's own JSON parser (its errors, its guard against prototype poisoning), given the bytes as text.
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      (request as { corpoBruto?: Buffer }).corpoBruto = body as Buffer;
      json(request, (body as Buffer).toString('utf8'), done);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/whatsapp',
      {
        schema: { body: whatsappWebhookSchema, response: { 200: webhookRecebidoSchema } },
        config: { access: 'token' },
        preValidation: async (request) => {
          const config = app.config.whatsapp;
          const corpo = (request as { corpoBruto?: Buffer }).corpoBruto;
          if (
            !config ||
            !corpo ||
            !assinaturaConfere(config.appSecret, corpo, request.headers['x-hub-signature-256'])
          ) {
            throw new HttpError(401, W.assinaturaInvalida);
          }
        },
      },
      async (request) => {
        await receberWebhook(app, request.body);
        return { recebido: true };
      },
    );
  });
}
