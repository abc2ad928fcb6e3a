import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import {
  aceiteContratoSchema,
  confirmacaoContratoSchema,
  contratoConfirmadoSchema,
  contratoMensagemSchema,
  contratoPublicoSchema,
  contratoTokenParamsSchema,
  contratoVerificadoSchema,
  verificacaoContratoParamsSchema,
} from '../../../shared/schemas/contrato-aceite';
import { matriculaContratoParamsSchema } from '../../../shared/schemas/contrato';
import { attachmentDisposition } from '../../lib/csv';
import {
  aceitarContrato,
  desistirDaMatricula,
  enviarCodigo,
  pdfDaMatricula,
  pdfPorToken,
  reenviarLink,
  verContrato,
  verificarContrato,
} from './aceite.service';
import { z } from 'zod';

const ONE_MINUTE = 60_000;

/** A contract's PDF: the same bytes each time, never cached by a proxy (it names the family). */
const sendPdf = (reply: FastifyReply, pdf: { bytes: Buffer; nome: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentDisposition(pdf.nome))
    .header('cache-control', 'private, no-store')
    .send(pdf.bytes);

/**
 * The family's acceptance of its contract (issue 42, third slice; ADR 066): the public page's API by the link's
 * token, rate-limited per address as the public forms are, the verification of an accepted contract's code, and
 * the staff's PDF and new link. Another network's matrícula answers 404, as one that exists nowhere.
 */
export async function aceiteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publico = {
    access: 'public' as const,
    rateLimit: { max: app.config.rateLimits.publicPostMax, timeWindow: ONE_MINUTE },
  };
  const params = contratoTokenParamsSchema;

  app.get(
    '/api/public/contratos/:token',
    { schema: { params, response: { 200: contratoPublicoSchema } }, config: publico },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verContrato(app, request.params.token);
    },
  );

  app.post(
    '/api/public/contratos/:token/codigo',
    { schema: { params, response: { 200: contratoMensagemSchema } }, config: publico },
    async (request) => enviarCodigo(app, request.params.token),
  );

  app.post(
    '/api/public/contratos/:token/aceitar',
    {
      schema: { params, body: aceiteContratoSchema, response: { 200: contratoConfirmadoSchema } },
      config: publico,
    },
    async (request) => aceitarContrato(app, request, request.params.token, request.body),
  );

  app.post(
    '/api/public/contratos/:token/desistir',
    {
      schema: { params, body: confirmacaoContratoSchema, response: { 200: contratoConfirmadoSchema } },
      config: publico,
    },
    async (request) => desistirDaMatricula(app, request.params.token, request.body),
  );

  app.get(
    '/api/public/contratos/:token/pdf',
    { schema: { params }, config: { ...publico, produces: ['application/pdf'] } },
    async (request, reply) => sendPdf(reply, await pdfPorToken(app, request.params.token)),
  );

  // As the declaration's check (issue 23): rate-limited like the public forms, since a code can be guessed at.
  app.get(
    '/api/public/contratos/verificar/:codigo',
    {
      schema: { params: verificacaoContratoParamsSchema, response: { 200: z.array(contratoVerificadoSchema) } },
      config: publico,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verificarContrato(app, request.params.codigo);
    },
  );

  app.get(
    '/api/matriculas/:id/contrato.pdf',
    {
      schema: { params: matriculaContratoParamsSchema },
      config: { access: rolesFor('matriculas.contrato'), produces: ['application/pdf'] },
    },
    async (request, reply) => sendPdf(reply, await pdfDaMatricula(app, request.actor!, request.params.id)),
  );

  app.post(
    '/api/matriculas/:id/contrato/reenviar',
    {
      schema: { params: matriculaContratoParamsSchema, response: { 200: contratoMensagemSchema } },
      config: { access: rolesFor('matriculas.contrato.reenviar') },
    },
    async (request) => reenviarLink(app, request.actor!, request.params.id),
  );
}
