import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  authMensagemSchema,
  emailChangeConfirmSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  resetLinkQuerySchema,
  resetLinkStateSchema,
  resetPasswordSchema,
  sessionUserSchema,
} from '../../../shared/schemas/auth';
import { ipAndEmailKey } from '../../plugins/rate-limit';
import { audit } from '../auditoria';
import {
  authenticate,
  confirmEmailChange,
  requestEmailChange,
  requestPasswordReset,
  resetLinkIsLive,
  resetPassword,
} from './auth.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimits;

  // A visitor gets 401 (SPEC §7: 'no user'), answered by the authorization hook.
  app.get(
    '/api/user',
    { schema: { response: { 200: sessionUserSchema } }, config: { access: 'authenticated' } },
    async (request) => {
      const { id, email, nome, role } = request.actor!;
      return { id, email, nome, role };
    },
  );

  app.post(
    '/api/login',
    {
      schema: { body: loginSchema, response: { 200: sessionUserSchema } },
      config: {
        access: 'public',
        rateLimit: {
          max: limits.loginMax,
          timeWindow: FIFTEEN_MINUTES,
          keyGenerator: ipAndEmailKey,
          hook: 'preHandler',
        },
      },
    },
    async (request, reply) => {
      const user = await authenticate(app, request.body.email, request.body.password, request.ip);
      // The session and its audit row commit together (issue 17).
      await app.db.transaction(async (tx) => {
        await app.startSession(request, reply, user.id, tx);
        await audit(tx, { acao: 'auth.login', entidadeId: user.id, ator: { id: user.id, role: user.role } });
      });
      return user;
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 200: authMensagemSchema } }, config: { access: 'public' } },
    async (request, reply) => {
      const actor = request.actor;
      await app.db.transaction(async (tx) => {
        const ended = await app.endSession(request, reply, tx);
        if (ended && actor) await audit(tx, { acao: 'auth.logout', entidadeId: actor.id });
      });
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { body: forgotPasswordSchema, response: { 200: authMensagemSchema } },
      config: {
        access: 'public',
        rateLimit: { max: limits.forgotPasswordMax, timeWindow: ONE_HOUR, hook: 'preHandler' },
      },
    },
    async (request) => {
      // The lookup and the e-mail happen after the answer, so neither its text nor its timing tells
      // whether the address exists.
      const email = request.body.email;
      app.background.run(() => requestPasswordReset(app, email));
      return { message: AUTH_MESSAGES.forgotPasswordSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: { body: resetPasswordSchema, response: { 200: authMensagemSchema } },
      config: {
        access: 'public',
        rateLimit: { max: limits.loginMax, timeWindow: FIFTEEN_MINUTES, hook: 'preHandler' },
      },
    },
    async (request) => {
      await resetPassword(app, request.body.token, request.body.newPassword);
      return { message: AUTH_MESSAGES.resetSuccess };
    },
  );

  // Issue 23: the reset screen asks on opening whether its link still works, instead of after the new password.
  app.get(
    '/api/auth/reset-password/estado',
    {
      schema: { querystring: resetLinkQuerySchema, response: { 200: resetLinkStateSchema } },
      config: {
        access: 'public',
        rateLimit: { max: limits.loginMax, timeWindow: FIFTEEN_MINUTES, hook: 'preHandler' },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { valido: await resetLinkIsLive(app, request.query.token) };
    },
  );

  // The owner's own login e-mail change: 202 until the new mailbox confirms it (TRUST.md).
  app.post(
    '/api/user/email',
    {
      schema: { body: emailChangeSchema, response: { 202: authMensagemSchema } },
      config: {
        access: 'authenticated',
        rateLimit: { max: limits.forgotPasswordMax, timeWindow: ONE_HOUR, hook: 'preHandler' },
      },
    },
    async (request, reply) => {
      await requestEmailChange(app, request.actor!.id, request.body);
      return reply.code(202).send({ message: AUTH_MESSAGES.emailChangeSent });
    },
  );

  app.get(
    '/api/user/email/confirm',
    {
      schema: { querystring: emailChangeConfirmSchema, response: { 200: authMensagemSchema } },
      config: {
        access: 'public',
        rateLimit: { max: limits.loginMax, timeWindow: FIFTEEN_MINUTES, hook: 'preHandler' },
      },
    },
    async (request) => {
      await confirmEmailChange(app, request.query.token);
      return { message: AUTH_MESSAGES.emailChanged };
    },
  );
}
