import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/schemas/list-query';
import {
  ANEXO_MAX_BYTES,
  ANEXOS_MAX,
  ANEXO_TIPOS,
  avaliacaoSchema,
  createTicketSchema,
  mensagemSchema,
  resumoQuerySchema,
  SAC_MESSAGES,
  sacMensagemSchema,
  sacResumoSchema,
  sacTicketSchema,
  sacUserSchema,
  sacUsersQuerySchema,
  ticketListQuerySchema,
  updateTicketSchema,
} from '../../../shared/schemas/sac';
import { HttpError, MESSAGES, notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { findAnexo, listMensagens } from './mensagens.repository';
import { listEquipe, listNetworkUsers } from './pessoas.repository';
import { listTickets, resumo } from './tickets.repository';
import { avaliarTicket, createTicket, getTicket, postMensagem, updateTicket } from './sac.service';
import { rolesFor } from '../../../shared/permissions';
import { anexoPath, discardUploads, keepUploads, MULTIPART_LIMITS, readMultipartMessage, uploadsOf } from './anexos';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string() });

/** A malformed id names no ticket: absent, like one outside the caller's scope. */
function ticketId(id: string): string {
  if (!UUID.test(id)) throw notFound(SAC_MESSAGES.notFound);
  return id.toLowerCase();
}

/** `filename*` per RFC 6266/5987, with a plain ASCII fallback. */
function contentDisposition(nome: string): string {
  const ascii = nome.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nome)}`;
}

/** The SAC API (SPEC §7, DESIGN §4.5) and its help desk (issue 19, ADR 027). */
export async function sacRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Multipart only here (this plugin is encapsulated): a message's attachments. Every other route takes JSON.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  // The parser above is the plugin's: only a message takes multipart, and only multipart gets the message's larger
  // body limit. The other routes refuse multipart like any non-JSON body, and a JSON body keeps the app's limit.
  app.addHook('onRequest', async (request) => {
    const mensagem = request.method === 'POST' && request.routeOptions.url === '/api/sac/tickets/:id/mensagens';
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
      if (!mensagem) throw new HttpError(415, MESSAGES.unsupportedMediaType);
    } else if (Number(request.headers['content-length'] ?? 0) > request.server.initialConfig.bodyLimit!) {
      throw new HttpError(413, MESSAGES.bodyTooLarge);
    }
  });

  app.get(
    '/api/sac/tickets',
    {
      schema: { querystring: ticketListQuerySchema, response: { 200: z.array(sacTicketSchema) } },
      config: { access: rolesFor('sac.abrir') },
    },
    async (request, reply) => {
      const { items, total } = await listTickets(request.dbLeitura, request.actor!, request.query, app.clock.now());
      setTotalCount(reply, total);
      return items;
    },
  );

  app.post(
    '/api/sac/tickets',
    {
      schema: { body: createTicketSchema, response: { 201: sacTicketSchema } },
      config: { access: rolesFor('sac.abrir') },
    },
    async (request, reply) => {
      const ticket = await createTicket(app, request.actor!, request.body);
      return reply.code(201).send(ticket);
    },
  );

  app.get(
    '/api/sac/tickets/:id',
    { schema: { params: idParams, response: { 200: sacTicketSchema } }, config: { access: rolesFor('sac.abrir') } },
    async (request) => getTicket(app, request.actor!, ticketId(request.params.id)),
  );

  app.patch(
    '/api/sac/tickets/:id',
    {
      schema: { params: idParams, body: updateTicketSchema, response: { 200: sacTicketSchema } },
      config: { access: rolesFor('sac.responder') },
    },
    async (request) => updateTicket(app, request.actor!, ticketId(request.params.id), request.body),
  );

  app.get(
    '/api/sac/tickets/:id/mensagens',
    {
      schema: { params: idParams, querystring: listQuerySchema, response: { 200: z.array(sacMensagemSchema) } },
      config: { access: rolesFor('sac.abrir') },
    },
    async (request, reply) => {
      const page = await listMensagens(request.dbLeitura, request.actor!, ticketId(request.params.id), request.query);
      if (!page) throw notFound(SAC_MESSAGES.notFound);
      setTotalCount(reply, page.total);
      return page.items;
    },
  );

  app.post(
    '/api/sac/tickets/:id/mensagens',
    {
      schema: { params: idParams, body: mensagemSchema, response: { 201: sacMensagemSchema } },
      config: { access: rolesFor('sac.abrir') },
      // JSON, or multipart with the text fields and up to five files (anexos.ts).
      bodyLimit: ANEXOS_MAX * ANEXO_MAX_BYTES + 1024 * 1024,
      preValidation: readMultipartMessage,
      // Before the answer leaves (a refusal's client finds nothing stored), and again if the request ended early.
      onSend: async (request, _reply, payload) => {
        await discardUploads(request);
        return payload;
      },
      onResponse: async (request) => discardUploads(request),
    },
    async (request, reply) => {
      const mensagem = await postMensagem(
        app,
        request.actor!,
        ticketId(request.params.id),
        request.body,
        uploadsOf(request),
      );
      keepUploads(request);
      return reply.code(201).send(mensagem);
    },
  );

  app.post(
    '/api/sac/tickets/:id/avaliacao',
    {
      schema: { params: idParams, body: avaliacaoSchema, response: { 201: sacTicketSchema } },
      config: { access: rolesFor('sac.abrir') },
    },
    async (request, reply) => {
      const ticket = await avaliarTicket(app, request.actor!, ticketId(request.params.id), request.body);
      return reply.code(201).send(ticket);
    },
  );

  // The file itself, of any type (issue 51, ADR 075), streamed as a download that the browser never sniffs nor
  // renders: no JSON answer, so no response schema; the document lists its types (ADR 018).
  app.get(
    '/api/sac/anexos/:id',
    { schema: { params: idParams }, config: { access: rolesFor('sac.abrir'), produces: ANEXO_TIPOS } },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw notFound(SAC_MESSAGES.anexoNotFound);
      const anexo = await findAnexo(app.db, request.actor!, request.params.id.toLowerCase());
      if (!anexo) throw notFound(SAC_MESSAGES.anexoNotFound);
      return reply
        .header('content-type', anexo.tipo)
        .header('content-length', String(anexo.tamanho))
        .header('content-disposition', contentDisposition(anexo.nome))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(anexoPath(app.config.dataDir, anexo.id)));
    },
  );

  app.get(
    '/api/sac/resumo',
    {
      schema: { querystring: resumoQuerySchema, response: { 200: sacResumoSchema } },
      config: { access: rolesFor('sac.responder') },
    },
    async (request) => resumo(request.dbLeitura, request.actor!, app.clock.now(), request.query.dias),
  );

  app.get(
    '/api/sac/equipe',
    { schema: { response: { 200: z.array(sacUserSchema) } }, config: { access: rolesFor('sac.responder') } },
    async (request) => listEquipe(app.db, request.actor!),
  );

  app.get(
    '/api/sac/users',
    {
      schema: { querystring: sacUsersQuerySchema, response: { 200: z.array(sacUserSchema) } },
      config: { access: rolesFor('sac.responder') },
    },
    async (request, reply) => {
      const { items, total } = await listNetworkUsers(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );
}
