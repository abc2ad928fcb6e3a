import type { FastifyInstance } from 'fastify';
import { purgeAuditoria } from './auditoria.repository';

const ONE_DAY_MS = 24 * 60 * 60 * 1000;
/** A minute after start, so a restart loop does not purge on every boot before serving. */
const FIRST_RUN_MS = 60 * 1000;

/**
 * The retention purge (issue 17): once a day the rows older than AUDIT_RETENCAO_DIAS (default 1825, five years)
 * leave the trail, through the database function that is the only way a row may be deleted. Several instances
 * purging at once delete the same rows once.
 */
export function scheduleAuditPurge(app: FastifyInstance): void {
  const run = () =>
    purgeAuditoria(app.db, app.config.auditRetencaoDias)
      .then((apagadas) => {
        if (apagadas > 0) app.log.info({ apagadas }, 'audit rows past retention purged');
      })
      .catch((error) => app.log.warn({ err: error }, 'audit purge failed'));
  const first = setTimeout(run, FIRST_RUN_MS);
  const daily = setInterval(run, ONE_DAY_MS);
  first.unref();
  daily.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
