import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  contratoRegrasSchema,
  modeloInputSchema,
  modeloParamsSchema,
  modeloPatchSchema,
  modeloViewSchema,
} from '../../../shared/schemas/contrato';
import { setTotalCount } from '../../lib/pagination';
import { listModelos } from './contratos.repository';
import { alterarRascunho, criarRascunho, publicarModelo } from './contratos.service';

/**
 * Modelos de contrato (issue 42, ADR 064): the franqueador's template, drafted, previewed on the screen and
 * published as immutable versions; its franquias read the current version. Another network's template answers
 * 404, as one that exists nowhere.
 */
export async function contratosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const gerenciar = rolesFor('contratos.gerenciar');

  app.get(
    '/api/contratos/modelos',
    { schema: { response: { 200: z.array(modeloViewSchema) } }, config: { access: rolesFor('contratos.ler') } },
    async (request, reply) => {
      const modelos = await listModelos(app.db, request.actor!);
      setTotalCount(reply, modelos.length, true);
      return modelos;
    },
  );

  // The network's cap on the cancellation fee (CANCELAMENTO_MULTA_MAX_PCT), which the form shows and the server holds.
  app.get(
    '/api/contratos/regras',
    { schema: { response: { 200: contratoRegrasSchema } }, config: { access: rolesFor('contratos.ler') } },
    async () => ({ multaMaximaPct: app.config.cancelamentoMultaMaxPct }),
  );

  app.post(
    '/api/contratos/modelos',
    { schema: { body: modeloInputSchema, response: { 201: modeloViewSchema } }, config: { access: gerenciar } },
    async (request, reply) => reply.code(201).send(await criarRascunho(app, request.actor!, request.body)),
  );

  app.patch(
    '/api/contratos/modelos/:id',
    {
      schema: { params: modeloParamsSchema, body: modeloPatchSchema, response: { 200: modeloViewSchema } },
      config: { access: gerenciar },
    },
    async (request) => alterarRascunho(app, request.actor!, request.params.id, request.body),
  );

  app.post(
    '/api/contratos/modelos/:id/publicar',
    { schema: { params: modeloParamsSchema, response: { 200: modeloViewSchema } }, config: { access: gerenciar } },
    async (request) => publicarModelo(app, request.actor!, request.params.id),
  );
}
