import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brasiliaAt, todayInBrasilia } from '../../shared/brasilia';
import { enfileirar, type JobRow, type JobTipo } from './queue';
import { type Database, executeRows, fixedStatement } from '../db/connect';
import { jobs } from '../db/schema';

/** How often a round's upkeep runs again while the round works through a backlog of jobs. */
const UPKEEP_MS = 1000;
/** How many due jobs one claim takes. */
const LOTE = 20;
/** How many jobs of a batch run at once at most, each type within its own limit (`register`'s `aoMesmoTempo`). */
const VIAS = 8;

/**
 * The in-process worker over `jobs` (ADR 028). Every instance runs one; a job is claimed by a single UPDATE whose
 * subquery takes the row `FOR UPDATE SKIP LOCKED`, so of several instances on one PostgreSQL exactly one gets
 * each job (and on PGlite, single-process, the same statement serves). A claimed job holds a lease
 * (`bloqueado_ate`); a process killed while running one leaves the lease to expire and another run takes it
 * again. A failure is retried with exponential backoff; after the last try the job is a dead letter ('falhou'),
 * listed on 'Envios' to be sent again by hand.
 */

/** A failure that no retry can mend (an endpoint removed, an address refused): the job fails at once. */
export class FalhaDefinitiva extends Error {}

/**
 * A job that must not run any more (its webhook switched off or removed, issue 39): cancelled, not failed, and its
 * payload dropped -- nothing to resend.
 */
export class Cancelado extends Error {}

export interface JobContext {
  app: FastifyInstance;
  /** The try being made, from 1. */
  tentativa: number;
  /** Pushes the lease forward (a long export calls it between batches). */
  renovar(): Promise<void>;
}

export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<void>;

/** Runs what it is given at most `limite` at a time; the rest wait their turn, in the order they came. */
class Turnos {
  private emCurso = 0;
  private readonly fila: (() => void)[] = [];

  constructor(private readonly limite: number) {}

  async vez(fn: () => Promise<void>): Promise<void> {
    if (this.emCurso < this.limite) this.emCurso++;
    // A turn that ends hands its place to the first in line, so `emCurso` already counts it.
    else await new Promise<void>((resolve) => this.fila.push(resolve));
    try {
      await fn();
    } finally {
      const proximo = this.fila.shift();
      if (proximo) proximo();
      else this.emCurso--;
    }
  }
}

/**
 * The FROM and WHERE of an UPDATE of a batch of `jobs` this process holds (`ids` and their `tentativas`, as
 * arrays): each row only while still the try this process made of it. The ids are also a condition of the jobs'
 * own, so the rows are found by their key whatever the planner believes of the table (ADR 046).
 */
const naTentativa = (ids: SQL, tentativas: SQL) =>
  sql`from unnest(${ids}::uuid[], ${tentativas}::int[]) as esta(id, tentativas)
    where jobs.id = any (${ids}::uuid[]) and jobs.id = esta.id and jobs.status = 'executando'
      and jobs.tentativas = esta.tentativas`;

// The queue's hot statements, compiled once and prepared under their names (issue 41).

/**
 * Claims up to `limite` due jobs, the longest due first. The chosen ids as an array, so the UPDATE finds each by
 * its key: joined instead, it was planned from the table's statistics, and a queue emptied by the last vacuum was
 * read whole on every claim while it filled again (ADR 046).
 */
const tomar = fixedStatement(
  3,
  ([lease, now, limite]) => sql`update ${jobs} set status = 'executando', tentativas = jobs.tentativas + 1,
      bloqueado_ate = ${lease}::timestamptz, updated_at = ${now}::timestamptz
    where jobs.id = any (array(select id from ${jobs}
      where (status = 'pendente' and executar_em <= ${now}::timestamptz)
         or (status = 'executando' and bloqueado_ate < ${now}::timestamptz)
      order by executar_em limit ${limite} for update skip locked))
    returning jobs.id, jobs.tipo, jobs.payload, jobs.status, jobs.tentativas, jobs.max_tentativas, jobs.chave,
      jobs.executar_em`,
  'jobs_tomar',
);

/** Claimed jobs not begun, back in the queue as they were. */
const devolver = fixedStatement(
  2,
  ([
    ids,
    tentativas,
  ]) => sql`update ${jobs} set status = 'pendente', tentativas = jobs.tentativas - 1, bloqueado_ate = null
      ${naTentativa(ids!, tentativas!)}`,
  'jobs_devolver',
);

/** A batch's jobs done; a sent e-mail's message and a delivered webhook's body are not kept. */
const concluir = fixedStatement(
  3,
  ([ids, tentativas, now]) => sql`update ${jobs} set status = 'concluido', bloqueado_ate = null,
      payload = case when tipo in ('email', 'webhook', 'whatsapp') then null else payload end,
      concluido_em = ${now}::timestamptz, updated_at = ${now}::timestamptz
    ${naTentativa(ids!, tentativas!)}`,
  'jobs_concluir',
);

const idsETentativas = (lote: JobRow[]) => [lote.map((j) => j.id), lote.map((j) => j.tentativas)];

export interface WorkerOptions {
  /** Time a claimed job is held before another run may take it again. */
  leaseMs: number;
  /** Wait before the second try; doubled for each try after. */
  esperaBaseMs: number;
  /** How often a round's upkeep runs again while the round works through a backlog (default UPKEEP_MS). */
  upkeepMs?: number;
  /**
   * The hour (0-23, Brasília) each daily job of a day is due (`daily`); null or absent: this worker writes no
   * day's job (the tests write and run them by hand).
   */
  horaDiaria?: number | null;
}

/** The wait after the `tentativa`-th failed try: base, 2x, 4x ... capped at a day. */
export function espera(baseMs: number, tentativa: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, tentativa - 1), 24 * 60 * 60 * 1000);
}

export class JobWorker {
  private readonly handlers = new Map<JobTipo, { handler: JobHandler; turnos: Turnos }>();
  private readonly roundTasks: (() => Promise<unknown>)[] = [];
  /**
   * The daily jobs' types, each with the last day (Brasília) whose job this process has written ('' none yet) and
   * its own hour, when it has one (the eve-of-event reminders at 18:00, issue 47).
   */
  private readonly diarias = new Map<JobTipo, { escrito: string; hora?: number }>();
  private running: Promise<number> | null = null;
  private lastUpkeep = 0;
  private upkeeping: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Database,
    private readonly options: WorkerOptions,
  ) {}

  /**
   * The handler of a type of job. `aoMesmoTempo`: how many of its jobs in a batch may run at once (default one).
   * Work that waits on someone else's disk or network (an e-mail, a webhook) gains from more; an export, heavy on
   * this process, runs alone, while the batch's other jobs go on beside it.
   */
  register(tipo: JobTipo, handler: JobHandler, { aoMesmoTempo = 1 }: { aoMesmoTempo?: number } = {}): void {
    this.handlers.set(tipo, { handler, turnos: new Turnos(Math.min(aoMesmoTempo, VIAS)) });
  }

  /**
   * A daily job (ADR 065), in the spirit of graphile-worker's crontab and pg-boss's schedule: at each round, once a
   * day, this worker writes the day's job -- due at `horaDiaria` o'clock in Brasília, keyed `tipo:YYYY-MM-DD` --
   * and the key makes it one row whatever the number of instances, restarts or rounds: one worker claims it and
   * runs `handler` once that day (retried as any job). A day the whole network was down is not caught up; a
   * process started after the hour writes the day's job due at once, and runs nothing if it already ran. `hora`:
   * this type's own hour (Brasília), instead of `horaDiaria`.
   */
  daily(tipo: JobTipo, handler: JobHandler, { hora }: { hora?: number } = {}): void {
    this.register(tipo, handler);
    this.diarias.set(tipo, { escrito: '', hora });
  }

  /** Writes today's job of each daily type not yet written today by this process (one INSERT that may do nothing). */
  private async agendarDiarias(): Promise<void> {
    const hora = this.options.horaDiaria;
    if (hora === undefined || hora === null) return;
    const now = this.app.clock.now();
    const dia = todayInBrasilia(now);
    for (const [tipo, diaria] of this.diarias) {
      if (diaria.escrito === dia) continue;
      await enfileirar(
        this.db,
        { tipo, payload: { dia }, chave: `${tipo}:${dia}`, executarEm: brasiliaAt(dia, diaria.hora ?? hora) },
        now,
      );
      diaria.escrito = dia;
    }
  }

  /**
   * Work done at the start of every round, before the jobs due, and again every UPKEEP_MS while a long round
   * works through a backlog (the counters' fold, ADRs 042 and 043): upkeep too small and too frequent to be a job
   * row each time. A failure is logged; the round goes on.
   */
  eachRound(task: () => Promise<unknown>): void {
    this.roundTasks.push(task);
  }

  /** The round's tasks, once at a time: a job ending while they run waits for that run, not for another. */
  private upkeep(): Promise<void> {
    this.upkeeping ??= (async () => {
      this.lastUpkeep = performance.now();
      await this.agendarDiarias().catch((error: unknown) =>
        this.app.log.warn({ err: error }, 'daily jobs could not be scheduled'),
      );
      for (const task of this.roundTasks) {
        await task().catch((error: unknown) => this.app.log.warn({ err: error }, 'job worker round task failed'));
      }
    })().finally(() => {
      this.upkeeping = null;
    });
    return this.upkeeping;
  }

  /**
   * Runs the round's upkeep, then every job due now, a batch at a time, up to VIAS of a batch at once; answers how
   * many jobs ran. One loop per process at a time.
   */
  runDue(): Promise<number> {
    if (this.running) return this.running;
    const run = (async () => {
      await this.upkeep();
      let count = 0;
      while (!this.stopped) {
        const lote = await this.claim(LOTE);
        if (lote.length === 0) break;
        const claimedAt = performance.now();
        const { leaseMs } = this.options;
        // The batch's lote done, marked so together when it ends (ADR 045): one statement, not one a job.
        const feitos: JobRow[] = [];
        // Half the lease gone, or the worker stopping: no more lote begin, and those not begun go back to the queue
        // at once, rather than wait for their lease to run out (or run on past it, beside another instance that
        // took them).
        const tarde = () => this.stopped || performance.now() - claimedAt > leaseMs / 2;
        const naoComecados: JobRow[] = [];
        let proximo = 0;
        // Up to VIAS ways through the batch, each taking the next job not begun, each job in its type's turn.
        const via = async () => {
          while (proximo < lote.length && !tarde()) {
            const job = lote[proximo++]!;
            await this.emSuaVez(job, async () => {
              // A turn that came late (behind an export, say) is checked again before the job begins.
              if (tarde()) return void naoComecados.push(job);
              await this.run(job, feitos);
              count++;
              // A thousand e-mails to send must not hold the sign-ups' counters back for minutes. (In the job's
              // turn: lote that run one at a time have the upkeep between them.)
              if (performance.now() - this.lastUpkeep >= (this.options.upkeepMs ?? UPKEEP_MS)) await this.upkeep();
            });
          }
        };
        const vias = await Promise.allSettled(Array.from({ length: Math.min(VIAS, lote.length) }, via));
        naoComecados.push(...lote.slice(proximo));
        const devolvidos = naoComecados.length > 0;
        try {
          await this.release(naoComecados);
          const falha = vias.find((v) => v.status === 'rejected');
          if (falha) throw falha.reason;
        } finally {
          await this.finishAll(feitos);
        }
        // Fewer than a batch, all run: the queue was empty behind them. What arrived since waits for the next
        // round, a batch of it, rather than be claimed a job or two at a time as it trickles in (ADR 046).
        if (lote.length < LOTE && !devolvidos) break;
      }
      return count;
    })().finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  /**
   * Claims up to `limit` due jobs, the longest due first, in one statement: a job's claim is one round trip of
   * the database's whatever the batch (ADR 043: a sign-up's e-mail is one of these).
   */
  private async claim(limit: number): Promise<(JobRow & { executar_em: Date | string })[]> {
    const now = this.app.clock.now();
    const lease = new Date(now.getTime() + this.options.leaseMs).toISOString();
    const tomados = await executeRows<JobRow & { executar_em: Date | string }>(
      this.db,
      tomar([lease, now.toISOString(), limit]),
    );
    return tomados.sort((a, b) => new Date(a.executar_em).getTime() - new Date(b.executar_em).getTime());
  }

  /**
   * Claimed jobs not begun, back in the queue as they were, in one statement; each only while still the try this
   * process made of it.
   */
  private async release(lote: JobRow[]): Promise<void> {
    if (lote.length === 0) return;
    await this.db.execute(devolver(idsETentativas(lote)));
  }

  /** Runs `fn` for `job` in its type's turn (an unknown type at once: it fails). */
  private emSuaVez(job: JobRow, fn: () => Promise<void>): Promise<void> {
    const turnos = this.handlers.get(job.tipo)?.turnos;
    return turnos ? turnos.vez(fn) : fn();
  }

  /** Claims one due job and runs it; false when none is due. */
  async runOne(): Promise<boolean> {
    const [job] = await this.claim(1);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  /**
   * Runs a claimed job: done, retried after its wait, or a dead letter after its last try. Done, it is marked so
   * at once, or put in `feitos` for its batch to mark.
   */
  private async run(job: JobRow, feitos?: JobRow[]): Promise<void> {
    const fence = sql`id = ${job.id}::uuid and status = 'executando' and tentativas = ${job.tentativas}`;
    if (job.tentativas > job.max_tentativas) {
      // A job whose last try was cut short by a crash is not tried beyond its limit.
      await this.finish(fence, 'falhou', 'Interrompido na última tentativa.');
      return;
    }
    const handler = this.handlers.get(job.tipo)?.handler;
    try {
      if (!handler) throw new FalhaDefinitiva(`Tipo de tarefa desconhecido: ${job.tipo}`);
      await handler(job, {
        app: this.app,
        tentativa: job.tentativas,
        renovar: async () => {
          const until = new Date(this.app.clock.now().getTime() + this.options.leaseMs).toISOString();
          await this.db.execute(sql`update ${jobs} set bloqueado_ate = ${until}::timestamptz where ${fence}`);
        },
      });
      if (feitos) feitos.push(job);
      else await this.finish(fence, 'concluido', null);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const last = error instanceof FalhaDefinitiva || job.tentativas >= job.max_tentativas;
      this.app.log.warn({ job: job.id, tipo: job.tipo, tentativa: job.tentativas, err: message }, 'job failed');
      if (error instanceof Cancelado) {
        await this.finish(fence, 'cancelado', null);
      } else if (last) {
        await this.finish(fence, 'falhou', message);
      } else {
        const at = this.app.clock.now().getTime() + espera(this.options.esperaBaseMs, job.tentativas);
        await this.db.execute(sql`update ${jobs} set status = 'pendente', ultimo_erro = ${message},
            executar_em = ${new Date(at).toISOString()}::timestamptz, bloqueado_ate = null,
            updated_at = ${this.app.clock.now().toISOString()}::timestamptz
          where ${fence}`);
      }
    }
  }

  private async finish(
    fence: ReturnType<typeof sql>,
    status: 'concluido' | 'falhou' | 'cancelado',
    erro: string | null,
  ) {
    const now = this.app.clock.now().toISOString();
    // A sent e-mail's message (a reset link among them) and a delivered webhook's body are not kept once done, nor
    // once cancelled.
    await this.db.execute(sql`update ${jobs} set status = ${status}, bloqueado_ate = null,
        ultimo_erro = ${status === 'falhou' ? erro : sql`ultimo_erro`},
        payload = case when ${status} in ('concluido', 'cancelado') and tipo in ('email', 'webhook', 'whatsapp') then null
          else payload end,
        concluido_em = ${now}::timestamptz, updated_at = ${now}::timestamptz
      where ${fence}`);
  }

  /** Jobs done, marked so in one statement, each only while still the try this process made of it. */
  private async finishAll(feitos: JobRow[]) {
    if (feitos.length === 0) return;
    await this.db.execute(concluir([...idsETentativas(feitos), this.app.clock.now().toISOString()]));
  }

  /** Polls every `intervalMs` until stop(). */
  start(intervalMs: number): void {
    const tick = () => {
      this.timer = null;
      if (this.stopped) return;
      this.runDue()
        .catch((error: unknown) => this.app.log.warn({ err: error }, 'job worker poll failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  /** Stops polling and waits for the job in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
