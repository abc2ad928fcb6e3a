import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Mailer } from '../mail/mailer';

/**
 * The server's Prometheus metrics (issue 22, ADR 029), one registry per app so tests that build several apps in
 * one process never mix their figures. The plugin (plugins/metrics.ts) feeds the HTTP ones and serves them.
 */

/** A connection pool's figures, as node-postgres's Pool exposes them. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly max: number;
}

/** Where reads went (db/replica.ts's ReadRouter), when there is a replica. */
export interface ReadsStats {
  readonly inUse: boolean;
  readonly lagMs: number | undefined;
  readonly reads: { readonly replica: number; readonly primary: number };
}

/** One line of the jobs gauge: how many jobs of a queue are in a state. */
export interface JobsCount {
  queue: string;
  state: string;
  count: number;
}
export type JobsSource = () => Promise<readonly JobsCount[]> | readonly JobsCount[];

export interface AppMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  rateLimitRefusals: Counter<'route'>;
  mailSent: Counter;
  mailFailed: Counter;
  /** Where `jobs_by_state` reads its figures at each scrape; set by the jobs module (registerJobsGauge). */
  jobsSource: JobsSource | undefined;
}

/** Seconds: from a cached read (a few ms) to an export of the whole network (tens of seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(options: { pool?: PoolStats; reads?: ReadsStats; processMetrics: boolean }): AppMetrics {
  const registry = new Registry();
  // Node's own: event-loop lag (nodejs_eventloop_lag_*), heap, GC, CPU, open handles. They run timers and
  // observers, so only when /metrics can be read at all (METRICS_TOKEN or METRICS_PORT).
  if (options.processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const metrics: AppMetrics = {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern (never the raw URL) and status.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'http_rate_limit_refusals_total',
      help: 'Requests refused with 429 (rate limits, the sign-in guard, the conflict limit), by route pattern.',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
    mailSent: new Counter({
      name: 'mail_sent_total',
      help: 'E-mails handed to SMTP (or the outbox).',
      registers: [registry],
    }),
    mailFailed: new Counter({
      name: 'mail_failed_total',
      help: 'E-mails whose sending failed.',
      registers: [registry],
    }),
    jobsSource: undefined,
  };

  new Gauge({
    name: 'jobs_by_state',
    help: 'Background jobs waiting (pendente), running (executando) and failed (falhou), by queue and state.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, state, count } of (await metrics.jobsSource?.()) ?? []) this.set({ queue, state }, count);
    },
  });

  const pool = options.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections: open (total), idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'db_pool_max',
      help: 'Largest number of connections the pool opens.',
      registers: [registry],
      collect() {
        this.set(pool.max);
      },
    });
  }
  const reads = options.reads;
  if (reads) {
    new Gauge({
      name: 'db_replica_in_use',
      help: 'Whether lists, searches, reports and exports read from the replica (1) or fall back to the primary (0).',
      registers: [registry],
      collect() {
        this.set(reads.inUse ? 1 : 0);
      },
    });
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: "The replica's replay lag at its last check (absent until it has caught up once).",
      registers: [registry],
      collect() {
        this.reset();
        if (reads.lagMs !== undefined) this.set(reads.lagMs / 1000);
      },
    });
    new Counter({
      name: 'db_reads_total',
      help: 'Requests whose list, search, report or export read from the replica or from the primary.',
      labelNames: ['database'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ database: 'replica' }, reads.reads.replica);
        this.inc({ database: 'primary' }, reads.reads.primary);
      },
    });
  }
  return metrics;
}

/** The mailer, counting what it sent and what failed. */
export function countingMailer(mailer: Mailer, metrics: AppMetrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailFailed.inc();
        throw error;
      }
      metrics.mailSent.inc();
    },
  };
}
