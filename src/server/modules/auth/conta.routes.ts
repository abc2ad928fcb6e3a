import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTA_MESSAGES,
  alterarSenhaSchema,
  contaMensagemSchema,
  perfilSchema,
  perfilViewSchema,
  sessaoIdParamsSchema,
  sessaoSchema,
} from '../../../shared/schemas/conta';
import { alterarSenha, encerrarOutras, encerrarSessao, editPerfil, getPerfil, listSessoes } from './conta.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Minha conta (issue 17): every signed-in role, on its own account only. */
export async function contaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimits;

  app.get(
    '/api/user/perfil',
    { schema: { response: { 200: perfilViewSchema } }, config: { access: 'authenticated' } },
    async (request) => getPerfil(app.db, request.actor!.id),
  );

  app.patch(
    '/api/user/perfil',
    { schema: { body: perfilSchema, response: { 200: perfilViewSchema } }, config: { access: 'authenticated' } },
    async (request) => editPerfil(app.db, request.actor!.id, request.body),
  );

  // Guessing the current password is rate-limited like a sign-in.
  app.post(
    '/api/user/senha',
    {
      schema: { body: alterarSenhaSchema, response: { 200: contaMensagemSchema } },
      config: {
        access: 'authenticated',
        rateLimit: { max: limits.loginMax, timeWindow: FIFTEEN_MINUTES, hook: 'preHandler' },
      },
    },
    async (request) => {
      await alterarSenha(app, request.actor!.id, request.sessionId!, request.body);
      return { message: CONTA_MESSAGES.senhaAlterada };
    },
  );

  app.get(
    '/api/user/sessoes',
    { schema: { response: { 200: z.array(sessaoSchema) } }, config: { access: 'authenticated' } },
    async (request) => listSessoes(app, request.actor!.id, request.sessionId!),
  );

  app.delete(
    '/api/user/sessoes/:id',
    {
      schema: { params: sessaoIdParamsSchema, response: { 200: contaMensagemSchema } },
      config: { access: 'authenticated' },
    },
    async (request) => {
      await encerrarSessao(app, request.actor!.id, request.params.id);
      return { message: CONTA_MESSAGES.sessaoEncerrada };
    },
  );

  app.post(
    '/api/user/sessoes/encerrar-outras',
    { schema: { response: { 200: contaMensagemSchema } }, config: { access: 'authenticated' } },
    async (request) => {
      await encerrarOutras(app, request.actor!.id, request.sessionId!);
      return { message: CONTA_MESSAGES.outrasEncerradas };
    },
  );
}
