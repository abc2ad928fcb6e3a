import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, ReplicaHandle } from './db/connect';
import { ReadRouter } from './db/replica';
import type { Listen } from './db/notifications';
import { BackgroundTasks } from './lib/background-tasks';
import { contarJobsPorEstado, setupJobs } from './jobs';
import { type Clock, systemClock } from './lib/clock';
import { LOG_SERIALIZERS, maskingLogStream } from './lib/log-serializers';
import { listasLongas } from './lib/long-json';
import { refuseNul } from './lib/no-nul';
import { createMailer, type Mailer } from './mail/mailer';
import { countingMailer, createMetrics, type PoolStats } from './lib/metrics';
import { metricsPlugin, registerJobsGauge } from './plugins/metrics';
import { authorizationPlugin } from './plugins/authorization';
import { clientAppPlugin } from './plugins/client-app';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { sessionsPlugin } from './plugins/sessions';
import { readReplicaPlugin } from './plugins/read-replica';
import { authRoutes } from './modules/auth/auth.routes';
import { contaRoutes } from './modules/auth/conta.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { healthRoutes } from './modules/health/health.routes';
import { franquiasRoutes } from './modules/franquias/franquias.routes';
import { microFranquiasRoutes } from './modules/micro-franquias/micro-franquias.routes';
import { clientesRoutes } from './modules/clientes/clientes.routes';
import { vendedoresRoutes } from './modules/vendedores/vendedores.routes';
import { usuariosRoutes } from './modules/usuarios/usuarios.routes';
import { cepRoutes } from './modules/cep/cep.routes';
import { cursosRoutes } from './modules/cursos/cursos.routes';
import { eventosRoutes } from './modules/eventos/eventos.routes';
import { publicRoutes } from './modules/public/public.routes';
import { inscricoesRoutes } from './modules/inscricoes/inscricoes.routes';
import { checkInRoutes } from './modules/check-in';
import { promoteWaitingList } from './modules/inscricoes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { preMatriculasRoutes } from './modules/pre-matriculas/pre-matriculas.routes';
import { matriculasRoutes } from './modules/matriculas/matriculas.routes';
import { aceiteRoutes, cancelamentoRoutes, contratosRoutes, registerContratosDiarios } from './modules/contratos';
import { sacRoutes } from './modules/sac/sac.routes';
import { relatoriosRoutes } from './modules/relatorios/relatorios.routes';
import { auditoriaRoutes } from './modules/auditoria/auditoria.routes';
import { auditContextPlugin } from './modules/auditoria';
import { registerAuditPurge } from './modules/auditoria/purge';
import { lgpdRoutes } from './modules/lgpd/lgpd.routes';
import { correcaoRoutes } from './modules/lgpd/correcao.routes';
import { publicCacheOf } from './modules/public/public-cache';
import { enviosRoutes } from './modules/envios/envios.routes';
import { exportacoesRoutes } from './modules/exportacoes';
import { importacoesRoutes } from './modules/importacoes';
import { registerWebhookJobs, webhooksRoutes } from './modules/webhooks';
import { registerRetencao } from './modules/lgpd/retencao';
import { contractRoutes } from './modules/contract/contract.routes';
import { cobrancaRoutes, reguaRoutes } from './modules/cobranca';
import { comissoesRoutes } from './modules/comissoes';
import { whatsappCloudRoutes, whatsappRoutes } from './modules/whatsapp';
import { royaltiesRoutes } from './modules/royalties';
import { metasRoutes } from './modules/metas';
import { custosRoutes } from './modules/custos';
import { visitasRoutes } from './modules/visitas';
import { distribuicaoRoutes } from './modules/distribuicao';
import { parcelasExportRoutes } from './modules/cobranca/parcelas-export.routes';
import { inadimplenciaRoutes } from './modules/inadimplencia';
import { atribuicaoRoutes } from './modules/atribuicao';
import { foldEachRound } from './modules/contagens';

export interface AppDependencies {
  db: Database;
  clock?: Clock;
  /** The database's LISTEN/NOTIFY; without it, sessions are read from the database on every request. */
  listen?: Listen;
  mailer?: Mailer;
  /** Where log lines go instead of standard output (the log-hygiene test reads them). */
  logStream?: { write(line: string): void };
  /** The PostgreSQL pool's figures for /metrics; none on PGlite (one embedded connection). */
  pool?: PoolStats;
  /** The streaming replica the lists, searches, Relatórios and exports read from (DATABASE_REPLICA_URL, issue 46). */
  replica?: ReplicaHandle;
  /** Keys each rate-limit store keeps in memory before spilling to the database (tests flood a small one). */
  rateLimitMemoryKeys?: number;
  /** Folder of the built client to serve; omitted in API tests. */
  clientRoot?: string;
  /** While `npm start` is still building the client beside the starting server, the build (ADR 067). */
  clientReady?: Promise<void>;
}

/** Builds the whole application; server.ts and the tests build it the same way. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  // A hop count trusts that many proxies nearest the server. Given a bare number, Fastify 5.12 ignores
  // X-Forwarded-For altogether, which put every client behind the load balancer on one rate-limit counter.
  const hops = config.trustProxy;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: LOG_SERIALIZERS,
      // Issue 43: the gateway's webhook token and API key, whatever logs a request's or a call's headers.
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["asaas-access-token"]',
        'req.headers.access_token',
        'headers["asaas-access-token"]',
        'headers.access_token',
      ],
      // No e-mail address in any line, whatever logged it (issue 39, item 12).
      stream: maskingLogStream(deps.logStream),
    },
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    bodyLimit: 1024 * 1024,
    // A client that trickles its request (a slow POST) is cut off; Node checks open requests at this interval.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node lets a request run past requestTimeout while headersTimeout is the longer of the two.
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.requestTimeoutMs / 4))),
    },
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // While closing, a request already sent on an open connection is answered like any other (with
    // Connection: close), not with Fastify's English 503: server.ts has stopped taking new connections by then.
    return503OnClosing: false,
    // `npm start` builds the client beside the starting server, and the client's plugin waits for that build (ADR
    // 067): on a busy machine it takes longer than Fastify's 10 s for a plugin (seen in CI beside the whole suite).
    ...(deps.clientReady ? { pluginTimeout: 300_000 } : {}),
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A list's answer (a 200 whose schema is an array) is written row by row into reused memory (lib/long-json.ts).
  app.addHook('onRoute', listasLongas);
  // A NUL character in any text the client sent is a field error, before validation and any query (TRUST.md).
  app.addHook('preValidation', refuseNul);
  // Mutations take JSON only: no text/plain bodies (DESIGN §4.3).
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('dbListen', deps.listen ?? null);
  const reads = new ReadRouter({
    primary: deps.db,
    replica: deps.replica,
    maxLagMs: config.databaseReplica?.maxLagMs ?? 10_000,
    log: app.log,
  });
  const metrics = createMetrics({
    pool: deps.pool,
    reads: reads.configured ? reads : undefined,
    processMetrics: config.metricsToken !== undefined || config.metricsPort !== undefined,
  });
  app.decorate('mailer', countingMailer(deps.mailer ?? createMailer(config), metrics));
  const background = new BackgroundTasks((error) => app.log.error({ err: error }, 'background task failed'));
  app.decorate('background', background);
  const worker = setupJobs(app);
  // The job in hand finishes, then the tasks after answers (which no longer start jobs: the worker has stopped).
  app.addHook('onClose', async () => {
    await worker.stop();
    await background.drain();
  });

  // Order matters: the audit's request context, errors, headers, sessions, authorization, rate limits, then the
  // routes.
  await app.register(auditContextPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, { metrics });
  // The queue's figures, read at each scrape (issue 39, item 11).
  registerJobsGauge(app, () => contarJobsPorEstado(app.db));
  await app.register(securityPlugin);
  await app.register(sessionsPlugin);
  await app.register(readReplicaPlugin, { router: reads });
  await app.register(authorizationPlugin);
  await app.register(rateLimitPlugin, { memoryKeys: deps.rateLimitMemoryKeys });
  // Before the routes: its hook empties the cache when a staff route writes an event or a course.
  app.decorate('publicCache', await publicCacheOf(app));

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(contaRoutes);
  await app.register(dashboardRoutes);
  await app.register(relatoriosRoutes);
  await app.register(franquiasRoutes);
  await app.register(microFranquiasRoutes);
  await app.register(distribuicaoRoutes);
  await app.register(clientesRoutes);
  await app.register(vendedoresRoutes);
  await app.register(usuariosRoutes);
  await app.register(cepRoutes);
  await app.register(cursosRoutes);
  // The sign-ups build on the events: an event's edit reaches its waiting list through this option alone.
  await app.register(eventosRoutes, { aposMudarVagas: promoteWaitingList });
  await app.register(publicRoutes);
  await app.register(atribuicaoRoutes);
  await app.register(inscricoesRoutes);
  await app.register(checkInRoutes);
  // The sign-ups' and check-ins' pending counts reach the counters on every round of the worker (ADRs 042, 043).
  foldEachRound(app);
  await app.register(leadsRoutes);
  await app.register(preMatriculasRoutes);
  await app.register(matriculasRoutes);
  await app.register(contratosRoutes);
  await app.register(aceiteRoutes);
  await app.register(cancelamentoRoutes);
  await app.register(cobrancaRoutes);
  // Issue 43 (ADR 077): the Parcelas list's CSV and the Inadimplência report.
  await app.register(parcelasExportRoutes);
  await app.register(inadimplenciaRoutes);
  // Issue 43 (ADR 078): the régua de cobrança.
  await app.register(reguaRoutes);
  await app.register(comissoesRoutes);
  await app.register(royaltiesRoutes);
  await app.register(metasRoutes);
  // Issue 48: what an event and a campaign cost.
  await app.register(custosRoutes);
  await app.register(visitasRoutes);
  await app.register(sacRoutes);
  await app.register(auditoriaRoutes);
  await app.register(lgpdRoutes);
  await app.register(correcaoRoutes);
  await app.register(enviosRoutes);
  await app.register(exportacoesRoutes);
  await app.register(importacoesRoutes);
  await app.register(whatsappRoutes);
  await app.register(whatsappCloudRoutes);
  await app.register(webhooksRoutes);
  registerWebhookJobs(app);
  await app.register(contractRoutes);
  // Daily jobs (ADR 065), each next to its rule.
  registerAuditPurge(app);
  registerRetencao(app);
  registerContratosDiarios(app);

  // Loaded when the app gets ready (at listen): a client still being built is waited for then (ADR 067).
  if (deps.clientRoot) void app.register(clientAppPlugin, { root: deps.clientRoot, ready: deps.clientReady });
  return app;
}
