import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVISO_VIGENTE, TEXTO_CONSENTIMENTO } from '../../../shared/privacidade';
import {
  anonimizarAnswerSchema,
  LGPD_MESSAGES,
  lgpdMensagemSchema,
  pedidoAbertoSchema,
  pedidoItemSchema,
  pedidoPatchSchema,
  pedidosQuerySchema,
  privacidadeViewSchema,
  retencaoResumoSchema,
  titularesExportSchema,
  titularesQuerySchema,
  titularExportSchema,
  titularIdentificadorSchema,
  titularPedidoSchema,
  titularRegistrosSchema,
  titularSolicitarSchema,
  titularTokenQuerySchema,
  titularViewSchema,
} from '../../../shared/schemas/lgpd';
import { rolesFor } from '../../../shared/permissions';
import { notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import {
  abrirPedido,
  anonimizarTitular,
  atualizarPedido,
  buscarTitular,
  exportarPeloToken,
  exportarTitular,
  listarPedidos,
  solicitarAcesso,
  verTitular,
} from './lgpd.service';
import { resumoRetencao } from './retencao';

const ONE_HOUR = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A JSON file the browser saves rather than shows. */
const asDownload = (name: string) => ({
  'content-type': 'application/json; charset=utf-8',
  'content-disposition': `attachment; filename="${name}"`,
});

/**
 * The file, pretty-printed. Fastify's serializer never sees a string, so it is encoded here through the schema the
 * route declares as its `response` (ADR 018): the file holds only what the schema names, and a value the schema
 * refuses is a 500, as on the other routes.
 */
function download<S extends z.ZodType>(reply: FastifyReply, name: string, schema: S, data: z.output<S>) {
  return reply.headers(asDownload(name)).send(JSON.stringify(schema.encode(data), null, 2));
}

/**
 * The families' rights (issue 18, ADR 026): the privacy notice and the titular's portal (public, by a link sent
 * to the e-mail on record), and the staff's side for the franqueador and the franquia.
 */
export async function lgpdRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimits;
  // Like forgot-password: per address per hour, so the portal is no way to test e-mails or flood a mailbox.
  const portal = { access: 'public' as const, rateLimit: { max: limits.forgotPasswordMax, timeWindow: ONE_HOUR } };

  app.get(
    '/api/public/privacidade',
    { schema: { response: { 200: privacidadeViewSchema } }, config: { access: 'public' } },
    async () => ({ ...AVISO_VIGENTE, textoConsentimento: TEXTO_CONSENTIMENTO }),
  );

  app.post(
    '/api/public/titular/solicitar',
    {
      schema: { body: titularSolicitarSchema, response: { 200: lgpdMensagemSchema } },
      config: { ...portal, rateLimit: { ...portal.rateLimit, hook: 'preHandler' } },
    },
    async (request) => {
      // The look-up and the e-mail happen after the answer: neither its text nor its timing tells whether the
      // e-mail is on record.
      const email = request.body.email;
      app.background.run(() => solicitarAcesso(app, email));
      return { message: LGPD_MESSAGES.solicitado };
    },
  );

  app.get(
    '/api/public/titular',
    {
      schema: { querystring: titularTokenQuerySchema, response: { 200: titularViewSchema } },
      config: { access: 'public' },
    },
    async (request) => verTitular(app, request.query.token),
  );

  app.get(
    '/api/public/titular/export.json',
    {
      schema: { querystring: titularTokenQuerySchema, response: { 200: titularExportSchema } },
      config: { access: 'public' },
    },
    async (request, reply) =>
      download(reply, 'meus-dados.json', titularExportSchema, await exportarPeloToken(app, request.query.token)),
  );

  app.post(
    '/api/public/titular/pedidos',
    { schema: { body: titularPedidoSchema, response: { 201: pedidoAbertoSchema } }, config: portal },
    async (request, reply) => reply.code(201).send(await abrirPedido(app, request.body)),
  );

  app.get(
    '/api/lgpd/pedidos',
    {
      schema: { querystring: pedidosQuerySchema, response: { 200: z.array(pedidoItemSchema) } },
      config: { access: rolesFor('lgpd.gerir') },
    },
    async (request, reply) => {
      const { items, total } = await listarPedidos(request.dbLeitura, request.actor!, request.query, app.clock.now());
      setTotalCount(reply, total);
      return items;
    },
  );

  app.patch(
    '/api/lgpd/pedidos/:id',
    {
      schema: { params: z.object({ id: z.string() }), body: pedidoPatchSchema, response: { 200: pedidoItemSchema } },
      config: { access: rolesFor('lgpd.gerir') },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw notFound(LGPD_MESSAGES.pedidoNaoEncontrado);
      return atualizarPedido(app, request.actor!, request.params.id.toLowerCase(), request.body);
    },
  );

  app.get(
    '/api/lgpd/titulares',
    {
      schema: { querystring: titularesQuerySchema, response: { 200: titularRegistrosSchema } },
      config: { access: rolesFor('lgpd.gerir') },
    },
    async (request) => buscarTitular(app.db, request.actor!, request.query.q),
  );

  app.get(
    '/api/lgpd/titulares/export.json',
    {
      schema: { querystring: titularesQuerySchema, response: { 200: titularesExportSchema } },
      config: { access: rolesFor('lgpd.gerir') },
    },
    async (request, reply) => {
      const data = await exportarTitular(app.db, request.actor!, request.query.q, app.clock.now());
      return download(reply, 'titular.json', titularesExportSchema, data);
    },
  );

  app.post(
    '/api/lgpd/titulares/anonimizar',
    {
      schema: { body: titularIdentificadorSchema, response: { 200: anonimizarAnswerSchema } },
      config: { access: rolesFor('lgpd.gerir') },
    },
    async (request) => anonimizarTitular(app, request.actor!, request.body),
  );

  app.get(
    '/api/lgpd/retencao',
    { schema: { response: { 200: retencaoResumoSchema } }, config: { access: rolesFor('lgpd.gerir') } },
    async () => resumoRetencao(app.db, app.config.retencaoLeadsMeses, app.clock.now(), app.config.jobs.horaDiaria),
  );
}
