import { is, SQL, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../db/connect';
import { wellFormed } from '../../shared/schemas/fields';
import { jobs } from '../db/schema';

/**
 * The durable job queue (issue 22, ADR 028): work that must happen after a change commits -- an e-mail, a
 * webhook delivery, a large export, a scheduled run -- is written as a row of `jobs` in the transaction of that
 * change (a transactional outbox), so it commits with the change or not at all, and survives a crash or a restart.
 * worker.ts runs the rows.
 */

export const JOB_TIPOS = [
  'email',
  'webhook',
  'exportacao',
  'retencao',
  'limpeza',
  'purga_auditoria',
  // Issue 42: the daily reminder of a contract not yet accepted, and the expiry of one never accepted.
  'contrato_lembrete',
  'contrato_expiracao',
  // Issue 43 (ADR 071): an accepted contract's parcelas billed at the payment gateway.
  'cobranca_plano',
  // Issue 43 (ADR 076): a baixa's payment cancelled at the gateway; a withdrawal's or cancellation's parcelas
  // cancelled or refunded there; a cancellation's fee billed as one charge.
  'cobranca_baixa',
  'cobranca_encerramento',
  'cobranca_taxa',
  // Issue 43 (ADR 078): the régua de cobrança's daily e-mails.
  'cobranca_regua',
  // Issue 43 (ADR 079): a renegotiation's old payments closed and its new plan billed at the gateway.
  'cobranca_renegociacao',
  // Issue 43 (ADR 080): the daily reconciliation with the gateway, and the purge of the family's expired links.
  'cobranca_conciliacao',
  'cobranca_links_purga',
  // Issue 45 (ADR 089): the royalties' statements closed on the 1st, and a closed month's charge to its franquia.
  'royalties_fechamento',
  'royalties_fatura',
  // Issue 45 (ADR 095): the unpaid charges' reminders to their franquias.
  'royalties_fatura_lembretes',
  // Issue 47 (ADR 103): a family's notice by WhatsApp (its e-mail the fallback), and the eve-of-event reminders.
  'whatsapp',
  'lembrete_vespera',
  // Issue 50 (ADR 106): a confirmed import's rows written in batches, with its progress.
  'importacao',
  // Issue 50: an import's undo, its created records removed in batches, with its progress.
  'importacao_desfazer',
  // Issue 50's follow-up: the daily deletion of the imported files' rows past their use (LGPD).
  'importacao_expurgo',
] as const;
export type JobTipo = (typeof JOB_TIPOS)[number];
export type JobStatus = 'pendente' | 'executando' | 'concluido' | 'falhou' | 'cancelado';

export interface NovoJob {
  tipo: JobTipo;
  payload: unknown;
  /** What the 'Envios' screen shows of it (an e-mail's subject, a webhook's event): never personal data. */
  resumo?: string | SQL | null;
  /** Where it goes, masked (an e-mail address as j***@g***.com, a webhook's host). */
  destino?: string | SQL | null;
  /** An e-mail's recipient as `chaveDoDestinatario` writes it: Envios' exact search (issue 51). */
  destinoChave?: string | null;
  /** The network whose franqueador sees it on 'Envios': a uuid, or SQL that selects one. */
  franqueadorId?: string | SQL | null;
  /**
   * Instead of `franqueadorId`, the networks that see it (issue 39): SQL selecting a uuid[] -- the first is
   * `franqueador_id`, the others `outras_redes`. None: no network's.
   */
  redes?: SQL;
  /** The record that caused it (a lead, a pre-matrícula, an account, a request): what an anonymisation looks for. */
  registroId?: string | SQL | null;
  /** A job with the same key is written once (a daily job's run of a day: `tipo:YYYY-MM-DD`). */
  chave?: string;
  executarEm?: Date;
  maxTentativas?: number | SQL;
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

/** JSON for jsonb: a lone surrogate (which a client may send) would be refused by PostgreSQL. */
export const json = (value: unknown) =>
  JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === 'string' ? wellFormed(v) : v));

/**
 * A JSON object's text up to its last member's value, byte for byte what `json` writes of the whole: a statement
 * adds that value -- a column of the row it has just written, as JSON -- and the closing brace (ADR 045).
 */
export function jsonObjectOpen(fields: Record<string, unknown>, ultimo: string): string {
  const text = json(fields);
  return `${text === '{}' ? '{' : `${text.slice(0, -1)},`}${JSON.stringify(ultimo)}:`;
}

/** The object `jsonObjectOpen` began (its text, as SQL), closed with its last value: SQL whose result `to_json` writes. */
export const jsonObjectClose = (aberto: SQL, ultimo: SQL): SQL =>
  sql`(${aberto} || coalesce(to_json(${ultimo})::text, 'null') || '}')`;

/**
 * The INSERT of a job (`enfileirar`); its network and record may be SQL that selects them. `onlyIf`: the job is
 * written only when it holds, inside a statement that writes the change the job follows (a WITH).
 */
export function jobInsert(job: NovoJob, now: Date, onlyIf?: SQL): SQL {
  const franqueador = job.redes
    ? sql`((${job.redes})::uuid[])[1]`
    : job.franqueadorId === undefined || job.franqueadorId === null
      ? sql`null::uuid`
      : typeof job.franqueadorId === 'string'
        ? sql`${job.franqueadorId}::uuid`
        : sql`(${job.franqueadorId})`;
  const outras = job.redes ? sql`nullif(((${job.redes})::uuid[])[2:], '{}'::uuid[])` : sql`null::uuid[]`;
  const registro =
    job.registroId === undefined || job.registroId === null
      ? sql`null::uuid`
      : typeof job.registroId === 'string'
        ? sql`${job.registroId}::uuid`
        : sql`(${job.registroId})::uuid`;
  const payload = is(job.payload, SQL) ? sql`(${job.payload})::jsonb` : sql`${json(job.payload)}::jsonb`;
  const em = sql`${now.toISOString()}::timestamptz`;
  return sql`insert into ${jobs} (tipo, payload, resumo, destino, destino_chave, franqueador_id, outras_redes,
        registro_id, chave, executar_em, max_tentativas, created_at, updated_at)
      select ${job.tipo}, ${payload}, ${job.resumo ?? null}, ${job.destino ?? null}, ${job.destinoChave ?? null},
        ${franqueador},
        ${outras}, ${registro},
        ${job.chave ?? null}, ${job.executarEm ? sql`${job.executarEm.toISOString()}::timestamptz` : em},
        ${job.maxTentativas ?? 6}, ${em}, ${em}${onlyIf ? sql` where ${onlyIf}` : sql``}
      on conflict (chave) do nothing
      returning id`;
}

/**
 * A new job's own values, for a statement that writes it beside the row that causes it, in its own words (issue
 * 41: the public sign-up writes its confirmation's job with its lead, in one statement). The writer adds the
 * job's network and record, which that row gives; everything else a new job is -- due when written, on its
 * first try -- is said here.
 */
export interface LinhaDeJob {
  tipo: JobTipo;
  /** The payload's JSON text (`json`), for a jsonb column. */
  payload: string;
  resumo: string | null;
  destino: string | null;
  destinoChave: string | null;
  maxTentativas: number;
  executarEm: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** The values of a new job written at `now` (`LinhaDeJob`): what `jobInsert` writes of it, but its network. */
export function linhaDeJob(
  job: {
    tipo: JobTipo;
    payload: unknown;
    resumo: string | null;
    destino: string | null;
    destinoChave?: string | null;
    maxTentativas: number;
  },
  now: Date,
): LinhaDeJob {
  return {
    tipo: job.tipo,
    payload: json(job.payload),
    resumo: job.resumo,
    destino: job.destino,
    destinoChave: job.destinoChave ?? null,
    maxTentativas: job.maxTentativas,
    executarEm: now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Writes a job. Call it with the transaction of the change it follows. Answers the job's id, or null when a job
 * with the same key already exists.
 */
export async function enfileirar(db: Executor, job: NovoJob, now: Date): Promise<string | null> {
  const [row] = await executeRows<{ id: string }>(db, jobInsert(job, now));
  return row?.id ?? null;
}

/** The states /metrics' `jobs_by_state` shows: the work ahead and the dead letters, never the finished history. */
export const ESTADOS_MEDIDOS = ['pendente', 'executando', 'falhou'] as const satisfies readonly JobStatus[];

/**
 * How many jobs of each type are waiting, running or failed (issue 39, item 11): every type and state, 0 included,
 * so a dashboard's series never vanish. Read through the partial indexes of those states (migration 0032).
 */
export async function contarJobsPorEstado(
  db: Executor,
): Promise<{ queue: JobTipo; state: (typeof ESTADOS_MEDIDOS)[number]; count: number }[]> {
  const rows = await executeRows<{ tipo: string; status: string; n: number }>(
    db,
    sql`
      select tipo, status, count(*)::int as n from ${jobs} where status in ('pendente', 'executando') group by 1, 2
      union all
      select tipo, status, count(*)::int from ${jobs} where status = 'falhou' group by 1, 2`,
  );
  const counted = new Map(rows.map((row) => [`${row.tipo} ${row.status}`, Number(row.n)]));
  return JOB_TIPOS.flatMap((queue) =>
    ESTADOS_MEDIDOS.map((state) => ({ queue, state, count: counted.get(`${queue} ${state}`) ?? 0 })),
  );
}
