import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import { wellFormed } from '../../shared/schemas/fields';

/**
 * The durable job queue (issue 22, ADR 028): work that must happen after a change commits -- an e-mail, a
 * webhook delivery, a large export, a scheduled run -- is written as a row of `jobs` in the transaction of that
 * change (a transactional outbox), so it commits with the change or not at all, and survives a crash or a restart.
 * worker.ts runs the rows.
 */

export const JOB_TIPOS = ['email', 'webhook', 'exportacao', 'retencao', 'limpeza'] as const;
export type JobTipo = (typeof JOB_TIPOS)[number];
export type JobStatus = 'pendente' | 'executando' | 'concluido' | 'falhou' | 'cancelado';

export interface NovoJob {
  tipo: JobTipo;
  payload: unknown;
  /** What the 'Envios' screen shows of it (an e-mail's subject, a webhook's event): never personal data. */
  resumo?: string | null;
  /** Where it goes, masked (an e-mail address as j***@g***.com, a webhook's host). */
  destino?: string | null;
  /** The network whose franqueador sees it on 'Envios': a uuid, or SQL that selects one. */
  franqueadorId?: string | SQL | null;
  /** A job with the same key is written once (a scheduled run per day). */
  chave?: string;
  executarEm?: Date;
  maxTentativas?: number;
}

export interface JobRow {
  id: string;
  tipo: JobTipo;
  payload: unknown;
  status: JobStatus;
  tentativas: number;
  max_tentativas: number;
  chave: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** JSON for jsonb: a lone surrogate (which a client may send) would be refused by PostgreSQL. */
const json = (value: unknown) =>
  JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === 'string' ? wellFormed(v) : v));

/**
 * Writes a job. Call it with the transaction of the change it follows. Answers the job's id, or null when a job
 * with the same key already exists.
 */
export async function enfileirar(db: Executor, job: NovoJob, now: Date): Promise<string | null> {
  const franqueador =
    job.franqueadorId === undefined || job.franqueadorId === null
      ? sql`null::uuid`
      : typeof job.franqueadorId === 'string'
        ? sql`${job.franqueadorId}::uuid`
        : sql`(${job.franqueadorId})`;
  const em = (job.executarEm ?? now).toISOString();
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into jobs (tipo, payload, resumo, destino, franqueador_id, chave, executar_em,
        max_tentativas, created_at, updated_at)
      values (${job.tipo}, ${json(job.payload)}::jsonb, ${job.resumo ?? null}, ${job.destino ?? null}, ${franqueador},
        ${job.chave ?? null}, ${em}::timestamptz, ${job.maxTentativas ?? 6}, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz)
      on conflict (chave) do nothing
      returning id`),
  );
  return row?.id ?? null;
}
