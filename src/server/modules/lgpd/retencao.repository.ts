import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/connect';
import { leads, lgpdRetencaoExecucoes, matriculas, preMatriculas } from '../../db/schema';

/** The retention's statements (retencao.ts, issue 18). */

/** hashtext('lgpd_retencao'), fixed so every instance takes the same lock. */
const LOCK_KEY = 184_518_001;

/** The moment before which a lead is past retention, at `now`: months counted by the calendar, in SQL. */
const limite = (now: Date, meses: number) =>
  sql`(${now.toISOString()}::timestamptz - make_interval(months => ${meses}))`;

const semConversao = sql`not exists (select 1 from ${preMatriculas} p where p.lead_id = l.id)
  and not exists (select 1 from ${matriculas} m where m.lead_id = l.id)`;

/** Leads created before `antes` (since `desde`, when given) not yet anonymised and never converted. */
export async function contarCandidatos(db: Executor, desde: Date | null, antes: Date, meses: number) {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${leads} l
      where l.anonimizado_em is null and l.created_at < ${limite(antes, meses)}
        ${desde ? sql`and l.created_at >= ${limite(desde, meses)}` : sql``}
        and ${semConversao}`,
  );
  return row?.n ?? 0;
}

/** The run's lock, for the transaction: false when another instance holds it. */
export async function tryRetencaoLock(tx: Executor): Promise<boolean> {
  const [lock] = await executeRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`);
  return Boolean(lock?.ok);
}

/** Up to `limit` leads past retention at `now`, oldest first, locked (skipping those another holds). */
export async function lockCandidatos(tx: Executor, now: Date, meses: number, limit: number): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    tx,
    sql`select l.id from ${leads} l
          where l.anonimizado_em is null and l.created_at < ${limite(now, meses)} and ${semConversao}
          order by l.created_at limit ${limit} for update skip locked`,
  );
  return rows.map((r) => r.id);
}

export async function insertExecucao(
  db: Executor,
  run: { em: Date; anonimizados: number; proxima: Date; previstos: number },
): Promise<void> {
  await db.execute(sql`insert into ${lgpdRetencaoExecucoes} (em, anonimizados, proxima_em, previstos)
    values (${run.em.toISOString()}::timestamptz, ${run.anonimizados}, ${run.proxima.toISOString()}::timestamptz, ${run.previstos})`);
}

export async function findUltimaExecucao(db: Executor) {
  const [ultima] = await executeRows<{
    em: Date | string;
    anonimizados: number;
    proxima_em: Date | string;
    previstos: number;
  }>(
    db,
    sql`select em, anonimizados, proxima_em, previstos from ${lgpdRetencaoExecucoes}
      order by em desc limit 1`,
  );
  return ultima;
}
