import type { FastifyInstance } from 'fastify';
import type { RetencaoResumo } from '../../../shared/schemas/lgpd';
import { brasiliaAt, todayInBrasilia } from '../../../shared/brasilia';
import type { Executor } from '../../db/connect';
import { anonimizar } from './anonimizar.repository';
import {
  contarCandidatos,
  findUltimaExecucao,
  insertExecucao,
  lockCandidatos,
  tryRetencaoLock,
} from './retencao.repository';

/**
 * Retention (issue 18): leads that became neither a pre-matrícula nor a matrícula are anonymised once older than
 * RETENCAO_LEADS_MESES (default 24). A daily run; of several instances, the one holding the advisory lock does it
 * (the same code on PGlite, where there is one). Each batch is its own transaction, so a long backlog never holds
 * one giant lock; the run's row tells the LGPD screen what it did and what the next run is expected to do.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;
/** One run: answers how many leads it anonymised, or null when another instance holds the run. */
export async function executarRetencao(db: Executor, meses: number, now: Date): Promise<number | null> {
  let total = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      if (!(await tryRetencaoLock(tx))) return null;
      const ids = await lockCandidatos(tx, now, meses, BATCH);
      if (ids.length === 0) return 0;
      const done = await anonimizar(
        tx,
        { leads: ids, preMatriculas: [], matriculas: [], conflitos: [], contas: [] },
        now,
        // Each lead's own network's requests, nobody else's (issue 39).
        null,
      );
      return done.leads;
    });
    if (batch === null) return total === 0 ? null : total;
    total += batch;
    if (batch === 0) break;
  }
  const proxima = new Date(now.getTime() + DAY_MS);
  const previstos = await contarCandidatos(db, now, proxima, meses);
  await insertExecucao(db, { em: now, anonimizados: total, proxima, previstos });
  return total;
}

/**
 * GET /api/lgpd/retencao: the last run, and the next one with what it is expected to anonymise. `horaDiaria`: the
 * hour (Brasília) the daily jobs are due (ADR 065).
 */
export async function resumoRetencao(db: Executor, meses: number, now: Date, horaDiaria = 3): Promise<RetencaoResumo> {
  const ultima = await findUltimaExecucao(db);
  if (ultima) {
    return {
      meses,
      ultimaExecucao: { em: new Date(ultima.em).toISOString(), anonimizados: ultima.anonimizados },
      proximaExecucao: { em: new Date(ultima.proxima_em).toISOString(), previstos: ultima.previstos },
    };
  }
  // Before the first run: everything already past the limit, at today's hour, or at once when it has passed.
  const hoje = brasiliaAt(todayInBrasilia(now), horaDiaria);
  const proxima = hoje.getTime() > now.getTime() ? hoje : now;
  return {
    meses,
    ultimaExecucao: null,
    proximaExecucao: { em: proxima.toISOString(), previstos: await contarCandidatos(db, null, proxima, meses) },
  };
}

/**
 * The daily run is a daily job (ADR 065): one row a day, whatever the number of instances, run by one worker at the
 * configured hour (retried if it fails). Tests run it by hand (lgpd.routes.test): a run writing its row in the
 * middle of a suite that checks what each request changed would be read as that request's write.
 */
export function registerRetencao(app: FastifyInstance): void {
  app.jobs.daily('retencao', async () => {
    const n = await executarRetencao(app.db, app.config.retencaoLeadsMeses, app.clock.now());
    if (n) app.log.info({ anonimizados: n }, 'leads past retention anonymised');
  });
}
