import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { enviarEmail } from './email';
import { JobWorker } from './worker';
import { exportacoes, jobs, webhookEntregas } from '../db/schema';

export {
  daConta,
  type EmailDeModelo,
  type EmailJob,
  chaveDoDestinatario,
  emailInsert,
  emailJob,
  enfileirarEmail,
  escreverEmail,
  linhaDeEmail,
  modeloDeEmail,
  type OrigemDoEmail,
  redesDaConta,
} from './email';
export {
  contarJobsPorEstado,
  enfileirar,
  jobInsert,
  json,
  jsonObjectClose,
  jsonObjectOpen,
  type JobRow,
  type LinhaDeJob,
  linhaDeJob,
  type JobTipo,
  type NovoJob,
} from './queue';
export { Cancelado, espera, FalhaDefinitiva, type JobHandler, JobWorker } from './worker';
export { FalhaDeEnvio, textoDaFalha } from './falha';

/** A claimed job is held this long before another run may take it again (a crash mid-run). */
const LEASE_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Finished jobs and webhook deliveries are kept this long (the delivery log shows 30 days). */
const GUARDA_DIAS = 30;

/**
 * The daily cleanup (a daily job, ADR 065): finished jobs and webhook deliveries past 30 days, and exports past their 24 h (their file
 * with them). Dead letters stay until resent or 30 days old.
 */
export async function limpar(app: FastifyInstance): Promise<void> {
  const now = app.clock.now();
  const limite = new Date(now.getTime() - GUARDA_DIAS * DAY_MS).toISOString();
  await app.db.execute(sql`delete from ${jobs} where status in ('concluido', 'cancelado', 'falhou')
    and concluido_em < ${limite}::timestamptz`);
  await app.db.execute(sql`delete from ${webhookEntregas} where em < ${limite}::timestamptz`);
  await app.db.execute(sql`delete from ${exportacoes} where expira_em < ${now.toISOString()}::timestamptz`);
}

/**
 * Sets up the job worker on the app (ADR 028): the e-mail handler and the daily cleanup here, the others registered
 * by their modules (a daily one with `app.jobs.daily`, ADR 065).
 * It polls unless JOBS_WORKER=0; `app.background.drain()` also runs every due job, which is how the tests drive it.
 */
export function setupJobs(app: FastifyInstance): JobWorker {
  const worker = new JobWorker(app, app.db, {
    leaseMs: LEASE_MS,
    esperaBaseMs: app.config.jobs.esperaBaseMs,
    horaDiaria: app.config.jobs.diarias ? app.config.jobs.horaDiaria : null,
  });
  worker.register('email', enviarEmail, { aoMesmoTempo: 8 });
  worker.daily('limpeza', () => limpar(app));
  app.decorate('jobs', worker);
  if (app.config.jobs.worker) {
    app.background.addDrainer(() => worker.runDue());
    if (app.config.jobs.intervaloMs > 0) {
      app.addHook('onReady', async () => worker.start(app.config.jobs.intervaloMs));
    }
  }
  return worker;
}
