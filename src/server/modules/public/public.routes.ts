import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  leadSchema,
  preMatriculaSchema,
  publicCidadesQuerySchema,
  publicEventosQuerySchema,
} from '../../../shared/schemas/public';
import { listOpenCidades, listOpenEventos } from './public.repository';
import { createLead, createPreMatricula, janela, origemDe } from './public.service';

const ONE_MINUTE = 60_000;
const ptBR = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * The public side (SPEC §7, DESIGN §4.4): no login, no session, and each form rate-limited per address. A first
 * sign-up or activation and a repeat both answer 201 with the visitor's own data (ADR 005, ADR 020).
 */
export async function publicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicPost = {
    access: 'public' as const,
    rateLimit: { max: app.config.rateLimits.publicPostMax, timeWindow: ONE_MINUTE },
  };

  // `para=ativacao` applies the activation's window (issue 23); without it, the sign-up's rule (SPEC §7).
  app.get(
    '/api/public/cidades',
    { schema: { querystring: publicCidadesQuerySchema }, config: { access: 'public' } },
    async (request) => {
      const cidades = await listOpenCidades(app.db, janela(app, request.query.para));
      // SQL sorts by code point; a Brazilian reader expects 'Águas' before 'Bauru'.
      return cidades.sort(ptBR.compare);
    },
  );

  app.get(
    '/api/public/eventos',
    { schema: { querystring: publicEventosQuerySchema }, config: { access: 'public' } },
    async (request) => listOpenEventos(app.db, janela(app, request.query.para), request.query.cidade, app.clock.now()),
  );

  app.post('/api/leads', { schema: { body: leadSchema }, config: publicPost }, async (request, reply) => {
    // A repeat sign-up answers like a first one: its status must not tell a visitor who signed up before.
    const { body } = await createLead(app, request.body, origemDe(request));
    return reply.code(201).send(body);
  });

  app.post(
    '/api/pre-matriculas',
    { schema: { body: preMatriculaSchema }, config: publicPost },
    async (request, reply) => {
      // A repeat activation answers like a first one (ADR 020): its status must not tell who activated before.
      return reply.code(201).send(await createPreMatricula(app, request.body, origemDe(request)));
    },
  );
}
