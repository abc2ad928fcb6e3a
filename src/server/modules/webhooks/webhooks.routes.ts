import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  INTEGRACOES_MESSAGES,
  WEBHOOK_EVENTO_TESTE,
  type WebhookInput,
  entregaViewSchema,
  entregasQuerySchema,
  webhookCriadoSchema,
  webhookInputSchema,
  webhookViewSchema,
} from '../../../shared/schemas/integracoes';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { HttpError, notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { alteracoesDe, audit } from '../auditoria';
import { enfileirarEntrega } from './entrega';
import { hostInterno } from './ssrf';
import {
  cancelarEntregasPendentes,
  deleteWebhook,
  findWebhook,
  franquiaDaRede,
  insertWebhook,
  listEntregas,
  listWebhooks,
  updateWebhook,
} from './webhooks.repository';

const idParams = z.object({ id: z.uuid({ error: INTEGRACOES_MESSAGES.naoEncontrado }) });
const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: message });

/** The URL and the franquia checked against the deployment and the network (https in production, no SSRF). */
async function validar(app: FastifyInstance, db: Executor, actor: Actor, input: WebhookInput) {
  const url = new URL(input.url);
  if (app.config.env === 'production' && url.protocol !== 'https:') {
    throw fieldError('url', INTEGRACOES_MESSAGES.urlHttps);
  }
  if (!app.config.webhooks.permitirRedeLocal && hostInterno(url)) {
    throw fieldError('url', INTEGRACOES_MESSAGES.urlRedeInterna);
  }
  if (input.franquiaId && !(await franquiaDaRede(db, actor, input.franquiaId))) {
    throw fieldError('franquiaId', INTEGRACOES_MESSAGES.franquia);
  }
}

/** What the audit keeps of an endpoint: never its secret. */
const auditavel = (v: { url: string; eventos: string[]; franquia: { id: string } | null; ativo: boolean }) => ({
  url: v.url,
  eventos: v.eventos.join(', '),
  franquiaId: v.franquia?.id ?? null,
  ativo: v.ativo,
});

/** Integrações (issue 22, ADR 028): the franqueador's webhooks, their deliveries and a test. */
export async function webhooksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = rolesFor('integracoes.gerir');

  app.get(
    '/api/integracoes/webhooks',
    { schema: { response: { 200: z.array(webhookViewSchema) } }, config: { access } },
    async (request) => listWebhooks(app.db, request.actor!),
  );

  app.post(
    '/api/integracoes/webhooks',
    { schema: { body: webhookInputSchema, response: { 201: webhookCriadoSchema } }, config: { access } },
    async (request, reply) => {
      const actor = request.actor!;
      const segredo = `whsec_${randomBytes(24).toString('hex')}`;
      const view = await app.db.transaction(async (tx) => {
        await validar(app, tx, actor, request.body);
        const id = await insertWebhook(tx, actor, request.body, segredo, app.clock.now());
        const found = (await findWebhook(tx, actor, id))!;
        await audit(tx, {
          acao: 'webhook.criar',
          entidadeId: id,
          alteracoes: alteracoesDe(null, auditavel(found.view)),
        });
        return found.view;
      });
      reply.code(201);
      return { ...view, segredo };
    },
  );

  app.put(
    '/api/integracoes/webhooks/:id',
    {
      schema: { params: idParams, body: webhookInputSchema, response: { 200: webhookViewSchema } },
      config: { access },
    },
    async (request) => {
      const actor = request.actor!;
      return app.db.transaction(async (tx) => {
        const before = await findWebhook(tx, actor, request.params.id, true);
        if (!before) throw notFound(INTEGRACOES_MESSAGES.naoEncontrado);
        await validar(app, tx, actor, request.body);
        await updateWebhook(tx, request.params.id, request.body, app.clock.now());
        const after = (await findWebhook(tx, actor, request.params.id))!;
        // Switched off: what is queued for it goes nowhere (issue 39).
        if (!after.view.ativo) {
          await cancelarEntregasPendentes(tx, before.row.franqueador_id, request.params.id, app.clock.now());
        }
        await audit(tx, {
          acao: 'webhook.editar',
          entidadeId: request.params.id,
          alteracoes: alteracoesDe(auditavel(before.view), auditavel(after.view)),
        });
        return after.view;
      });
    },
  );

  app.delete(
    '/api/integracoes/webhooks/:id',
    { schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } }, config: { access } },
    async (request) => {
      const actor = request.actor!;
      await app.db.transaction(async (tx) => {
        const before = await findWebhook(tx, actor, request.params.id, true);
        if (!before) throw notFound(INTEGRACOES_MESSAGES.naoEncontrado);
        await cancelarEntregasPendentes(tx, before.row.franqueador_id, request.params.id, app.clock.now());
        await deleteWebhook(tx, request.params.id);
        await audit(tx, {
          acao: 'webhook.remover',
          entidadeId: request.params.id,
          alteracoes: alteracoesDe(auditavel(before.view), null),
        });
      });
      return { message: INTEGRACOES_MESSAGES.removido };
    },
  );

  app.post(
    '/api/integracoes/webhooks/:id/teste',
    { schema: { params: idParams, response: { 202: z.object({ message: z.string() }) } }, config: { access } },
    async (request, reply) => {
      const actor = request.actor!;
      await app.db.transaction(async (tx) => {
        const found = await findWebhook(tx, actor, request.params.id);
        if (!found) throw notFound(INTEGRACOES_MESSAGES.naoEncontrado);
        await enfileirarEntrega(app, tx, found.row, WEBHOOK_EVENTO_TESTE, {
          mensagem: 'Teste de webhook da Rede Crédito Educacional',
        });
        await audit(tx, { acao: 'webhook.testar', entidadeId: request.params.id });
      });
      reply.code(202);
      return { message: INTEGRACOES_MESSAGES.testeEnfileirado };
    },
  );

  app.get(
    '/api/integracoes/webhooks/:id/entregas',
    {
      schema: { params: idParams, querystring: entregasQuerySchema, response: { 200: z.array(entregaViewSchema) } },
      config: { access },
    },
    async (request, reply) => {
      const found = await findWebhook(app.db, request.actor!, request.params.id);
      if (!found) throw notFound(INTEGRACOES_MESSAGES.naoEncontrado);
      const { items, total } = await listEntregas(
        request.dbLeitura,
        request.params.id,
        app.clock.now(),
        request.query.page,
        request.query.pageSize,
      );
      setTotalCount(reply, total);
      return items;
    },
  );
}
