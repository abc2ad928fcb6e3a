import { is, SQL, sql } from 'drizzle-orm';
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
export const json = (value: unknown) =>
  JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === 'string' ? wellFormed(v) : v));

/**
 * The JSON text of an object built in SQL, byte for byte what `json` (JSON.stringify) makes of it: each value is
 * a value of the request (sent as its JSON) or SQL whose result `to_json` writes -- a column of the row a
 * statement has just written, say (ADR 043). Keys keep their order.
 */
export function jsonObject(fields: Record<string, unknown>): SQL {
  const entries = Object.entries(fields);
  if (entries.length === 0) return sql`'{}'::text`;
  // The request's values and the keys between SQL values go as one text each: fewer parameters to send and bind.
  const parts: SQL[] = [];
  let text = '';
  entries.forEach(([key, value], i) => {
    text += `${i === 0 ? '{' : ','}${JSON.stringify(key)}:`;
    if (is(value, SQL)) {
      parts.push(sql`${text}::text`, sql`coalesce(to_json(${value})::text, 'null')`);
      text = '';
    } else {
      text += json(value);
    }
  });
  parts.push(sql`${`${text}}`}::text`);
  return sql`(${sql.join(parts, sql` || `)})`;
}

/**
 * The INSERT of a job, to run alone or as one part of a larger statement: `from` names what the values may
 * refer to (a CTE's rows, one job per row), so a write and its job can be one statement (ADR 043).
 */
export function jobInsert(job: NovoJob, now: Date, from?: SQL): SQL {
  const franqueador =
    job.franqueadorId === undefined || job.franqueadorId === null
      ? sql`null::uuid`
      : typeof job.franqueadorId === 'string'
        ? sql`${job.franqueadorId}::uuid`
        : sql`(${job.franqueadorId})`;
  const em = (job.executarEm ?? now).toISOString();
  return sql`insert into jobs (tipo, payload, resumo, destino, franqueador_id, chave, executar_em,
        max_tentativas, created_at, updated_at)
      select ${job.tipo}, ${json(job.payload)}::jsonb, ${job.resumo ?? null}, ${job.destino ?? null}, ${franqueador},
        ${job.chave ?? null}, ${em}::timestamptz, ${job.maxTentativas ?? 6}, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz${from ? sql` from ${from}` : sql``}
      on conflict (chave) do nothing
      returning id`;
}

/**
 * Writes a job. Call it with the transaction of the change it follows. Answers the job's id, or null when a job
 * with the same key already exists.
 */
export async function enfileirar(db: Executor, job: NovoJob, now: Date): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(await db.execute(jobInsert(job, now)));
  return row?.id ?? null;
}
