import type { FastifyInstance } from 'fastify';
import { purgeAuditoria } from './auditoria.repository';

/**
 * The retention purge (issue 17): once a day (a daily job, ADR 065) the rows older than AUDIT_RETENCAO_DIAS
 * (default 1825, five years) leave the trail, through the database function that is the only way a row may be
 * deleted. One worker of all the instances runs the day's purge.
 */
export function registerAuditPurge(app: FastifyInstance): void {
  app.jobs.daily('purga_auditoria', async () => {
    const apagadas = await purgeAuditoria(app.db, app.config.auditRetencaoDias);
    if (apagadas > 0) app.log.info({ apagadas }, 'audit rows past retention purged');
  });
}
