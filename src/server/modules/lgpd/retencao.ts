import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { RetencaoResumo } from '../../../shared/schemas/lgpd';
import type { Executor } from '../../db/connect';
import { anonimizar } from './anonimizar.repository';
import { rowsOf } from '../../db/connect';

/**
 * Retention (issue 18): leads that became neither a pre-matrícula nor a matrícula are anonymised once older than
 * RETENCAO_LEADS_MESES (default 24). A daily run; of several instances, the one holding the advisory lock does it
 * (the same code on PGlite, where there is one). Each batch is its own transaction, so a long backlog never holds
 * one giant lock; the run's row tells the LGPD screen what it did and what the next run is expected to do.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_MS = 2 * 60 * 1000;
const BATCH = 500;
/** hashtext('lgpd_retencao'), fixed so every instance takes the same lock. */
const LOCK_KEY = 184_518_001;

/** The moment before which a lead is past retention, at `now`: months counted by the calendar, in SQL. */
const limite = (now: Date, meses: number) =>
  sql`(${now.toISOString()}::timestamptz - make_interval(months => ${meses}))`;

const semConversao = sql`not exists (select 1 from pre_matriculas p where p.lead_id = l.id)
  and not exists (select 1 from matriculas m where m.lead_id = l.id)`;

/** Leads created before `antes` not yet anonymised and never converted. */
async function contarCandidatos(db: Executor, desde: Date | null, antes: Date, meses: number) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from leads l
      where l.anonimizado_em is null and l.created_at < ${limite(antes, meses)}
        ${desde ? sql`and l.created_at >= ${limite(desde, meses)}` : sql``}
        and ${semConversao}`),
  );
  return row?.n ?? 0;
}

/** One run: answers how many leads it anonymised, or null when another instance holds the run. */
export async function executarRetencao(db: Executor, meses: number, now: Date): Promise<number | null> {
  let total = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`),
      );
      if (!lock?.ok) return null;
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`select l.id from leads l
          where l.anonimizado_em is null and l.created_at < ${limite(now, meses)} and ${semConversao}
          order by l.created_at limit ${BATCH} for update skip locked`),
      ).map((r) => r.id);
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
  await db.execute(sql`insert into lgpd_retencao_execucoes (em, anonimizados, proxima_em, previstos)
    values (${now.toISOString()}::timestamptz, ${total}, ${proxima.toISOString()}::timestamptz, ${previstos})`);
  return total;
}

/** GET /api/lgpd/retencao: the last run, and the next one with what it is expected to anonymise. */
export async function resumoRetencao(db: Executor, meses: number, now: Date): Promise<RetencaoResumo> {
  const [ultima] = rowsOf<{ em: Date | string; anonimizados: number; proxima_em: Date | string; previstos: number }>(
    await db.execute(sql`select em, anonimizados, proxima_em, previstos from lgpd_retencao_execucoes
      order by em desc limit 1`),
  );
  if (ultima) {
    return {
      meses,
      ultimaExecucao: { em: new Date(ultima.em).toISOString(), anonimizados: ultima.anonimizados },
      proximaExecucao: { em: new Date(ultima.proxima_em).toISOString(), previstos: ultima.previstos },
    };
  }
  // Before the first run: everything already past the limit.
  const proxima = new Date(now.getTime() + FIRST_RUN_MS);
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
