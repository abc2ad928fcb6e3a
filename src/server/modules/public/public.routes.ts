import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  creditDeclarationSchema,
  declaracaoParamsSchema,
  declaracoesVerificadasSchema,
  indicacaoParamsSchema,
  indicacaoQuerySchema,
  publicIndicacaoSchema,
  leadAnswerSchema,
  leadSchema,
  preMatriculaSchema,
  publicCidadesQuerySchema,
  publicCidadesSchema,
  publicEventosQuerySchema,
  publicEventosSchema,
  type PublicEvento,
} from '../../../shared/schemas/public';
import {
  findEventoPorCodigo,
  listOpenCidades,
  listOpenEventoRows,
  nextDeadline,
  withSeatsAndDeadline,
} from './eventos-publicos.repository';
import { encodedAnswer, sendEncodedAnswer } from '../../lib/encoded-answer';
import { chaveDe, createLead, createPreMatricula, janela, origemDe, verificarDeclaracao } from './public.service';

const ONE_MINUTE = 60_000;
const ptBR = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * The public side (SPEC §7, DESIGN §4.4): no login, no session, and each form rate-limited per address. A first
 * sign-up or activation and a repeat both answer 201 with the visitor's own data (ADR 005, ADR 049).
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
    {
      schema: { querystring: publicCidadesQuerySchema, response: { 200: publicCidadesSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const aceita = janela(app, request.query.para);
      return app.publicCache.get(`cidades ${chaveDe(aceita)}`, async () =>
        // SQL sorts by code point; a Brazilian reader expects 'Águas' before 'Bauru'.
        (await listOpenCidades(app.db, aceita)).sort(ptBR.compare),
      );
    },
  );

  app.get(
    '/api/public/eventos',
    {
      schema: { querystring: publicEventosQuerySchema, response: { 200: publicEventosSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const aceita = janela(app, request.query.para);
      const { cidade } = request.query;
      // The rows are cached (issue 21) until an event or course changes. A city whose events have neither seats nor
      // a deadline (most) has one answer until then: it is kept already serialised, and gzipped for the browsers
      // that take it (ADR 172). Fastify's serializer never sees it, so it is encoded here through the route's
      // response schema (ADR 018).
      const key = `eventos ${chaveDe(aceita)} ${cidade}`;
      const encode = async (rows: PublicEvento[]) => encodedAnswer(JSON.stringify(publicEventosSchema.encode(rows)));
      const cached = await app.publicCache.get(key, async () => {
        const rows = await listOpenEventoRows(app.db, aceita, cidade);
        const fixed = rows.every((r) => r.vagas === null && r.inscricoesAte === null);
        return { rows, answer: fixed ? await encode(await withSeatsAndDeadline(app.db, rows, new Date(0))) : null };
      });
      if (cached.answer !== null) return sendEncodedAnswer(request, reply, cached.answer);
      // With seats or a deadline, the answer is kept a second at most, and never past a deadline it shows open
      // (ADR 172): a family's sign-up on this instance drops it at once.
      const now = app.clock.now();
      const answer = await app.publicCache.seatsAnswer(key, now.getTime(), cached, async () => ({
        value: await encode(await withSeatsAndDeadline(app.db, cached.rows, now)),
        until: nextDeadline(cached.rows, now),
      }));
      return sendEncodedAnswer(request, reply, answer);
    },
  );

  app.post(
    '/api/leads',
    { schema: { body: leadSchema, response: { 201: leadAnswerSchema } }, config: publicPost },
    async (request, reply) => {
      // A repeat sign-up answers like a first one: its status must not tell a visitor who signed up before.
      const { body } = await createLead(app, request.body, origemDe(request));
      return reply.code(201).send(body);
    },
  );

  app.post(
    '/api/pre-matriculas',
    { schema: { body: preMatriculaSchema, response: { 201: creditDeclarationSchema } }, config: publicPost },
    async (request, reply) => {
      // A repeat answers exactly like a first (DESIGN §4.4 revised, ADR 049): what differs goes by e-mail.
      const { body } = await createPreMatricula(app, request.body, origemDe(request));
      return reply.code(201).send(body);
    },
  );

  // Issue 23: a declaration's code verifies it, with initials only; rate-limited like the public forms, since a
  // code is short enough to guess at.
  app.get(
    '/api/public/declaracoes/:codigo',
    { schema: { params: declaracaoParamsSchema, response: { 200: declaracoesVerificadasSchema } }, config: publicPost },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verificarDeclaracao(app, request.params.codigo);
    },
  );

  // Issue 48: an event's share link opens the form on its event. Any other code (a vendedor's, another's, nobody's)
  // answers the same null after the same one lookup; rate-limited like the public forms, as a code is short.
  app.get(
    '/api/public/indicacao/:codigo',
    {
      schema: {
        params: indicacaoParamsSchema,
        querystring: indicacaoQuerySchema,
        response: { 200: publicIndicacaoSchema },
      },
      config: publicPost,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const evento = await findEventoPorCodigo(app.db, janela(app, request.query.para), request.params.codigo);
      return { evento };
    },
  );
}
