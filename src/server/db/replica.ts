import type { Database, ReplicaHandle } from './connect';

/**
 * Which database a read goes to (issue 46): the one place that decides. Lists, searches, Relatórios and exports read
 * from the streaming replica (DATABASE_REPLICA_URL) while it is healthy and has replayed the caller's own writes;
 * everything else -- writes, sessions, a record's own page -- and every read while the replica lags or is down goes
 * to the primary, without an error to the user.
 *
 * How far behind the replica is, without trusting either server's clock: every check reads the primary's WAL
 * position, then the position the replica has replayed. Each primary position is kept, with the time it was read,
 * until the replica has replayed it; the newest one it has replayed is `caughtUpAt`: everything committed on the
 * primary before that moment is on the replica. The lag is the time since then. An idle primary stops moving, so
 * an idle replica is never 'behind' (pg_last_xact_replay_timestamp() would say it is); one whose streaming stopped
 * falls behind with the first write on the primary (comparing the replica with itself would not see it).
 */

type State = 'starting' | 'in use' | 'lagging' | 'down' | 'not a replica';

export interface ReadRouterOptions {
  primary: Database;
  /** None without DATABASE_REPLICA_URL: every read goes to the primary, as with one database. */
  replica?: ReplicaHandle;
  /** The replay lag past which reads go to the primary (DATABASE_REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  log: { info(message: string): void; warn(message: string): void };
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

/** How long a check waits for either server's answer before it counts the replica as down. */
const CHECK_TIMEOUT_MS = 2000;
/** Primary positions kept while the replica has not replayed them (about ten minutes of checks). */
const MAX_SAMPLES = 600;

export class ReadRouter {
  readonly primary: Database;
  private readonly replica: ReplicaHandle | undefined;
  readonly maxLagMs: number;
  /** How often the replica is checked: every second, or four times within a shorter lag threshold. */
  readonly intervalMs: number;
  private readonly log: ReadRouterOptions['log'];
  readonly now: () => number;
  private state: State = 'starting';
  private samples: { at: number; lsn: bigint }[] = [];
  private caughtUpAt: number | undefined;
  private lag: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** The reads each database was given (db_reads_total). */
  readonly reads = { replica: 0, primary: 0 };

  constructor(options: ReadRouterOptions) {
    this.primary = options.primary;
    this.replica = options.replica;
    this.maxLagMs = options.maxLagMs;
    this.intervalMs = Math.min(1000, Math.max(50, Math.floor(options.maxLagMs / 4)));
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.replica?.onConnectFailure((error) => this.become('down', error.message));
  }

  get configured(): boolean {
    return this.replica !== undefined;
  }

  /** Whether reads go to the replica now (db_replica_in_use). */
  get inUse(): boolean {
    return this.state === 'in use';
  }

  /** The replica's replay lag at the last check, in ms (db_replica_lag_seconds); unknown before it first caught up. */
  get lagMs(): number | undefined {
    return this.lag;
  }

  /**
   * The database for a read that must see every write committed up to `since` (ms since the epoch: the caller's
   * last write, an export's creation): the replica when it is in use and has replayed that far, else the primary.
   */
  pick(since?: number): Database {
    const replica =
      this.replica !== undefined &&
      this.state === 'in use' &&
      (since === undefined || (this.caughtUpAt !== undefined && this.caughtUpAt >= since));
    this.reads[replica ? 'replica' : 'primary'] += 1;
    return replica ? this.replica!.db : this.primary;
  }

  /** One check of the replica; the timer runs one every `intervalMs`. */
  async check(): Promise<void> {
    if (!this.replica) return;
    const at = this.now();
    let positions: { primary: bigint; replica: bigint | null };
    try {
      positions = await this.replica.positions(CHECK_TIMEOUT_MS);
    } catch (error) {
      return this.become('down', (error as Error).message);
    }
    if (positions.replica === null) return this.become('not a replica');
    const replayed = positions.replica;
    this.samples.push({ at, lsn: positions.primary });
    const newest = this.samples.findLastIndex((sample) => sample.lsn <= replayed);
    if (newest >= 0) {
      this.caughtUpAt = this.samples[newest]!.at;
      this.samples.splice(0, newest + 1);
    }
    if (this.samples.length > MAX_SAMPLES) this.samples.shift();
    this.lag = this.caughtUpAt === undefined ? undefined : at - this.caughtUpAt;
    this.become(this.lag !== undefined && this.lag <= this.maxLagMs ? 'in use' : 'lagging');
  }

  /** Checks the replica now and then every `intervalMs` until `stop`. */
  start(): void {
    if (!this.replica) return;
    const loop = async () => {
      await this.check();
      if (!this.stopped) this.timer = setTimeout(() => void loop(), this.intervalMs).unref();
    };
    void loop();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private become(state: State, detail?: string): void {
    if (state === this.state) return;
    this.state = state;
    const elsewhere = 'lists, searches, reports and exports read from the primary';
    if (state === 'in use') this.log.info(`read replica in use (replay lag ${this.lag} ms)`);
    else if (state === 'lagging') {
      const behind = this.lag === undefined ? 'has not caught up' : `is ${this.lag} ms behind`;
      this.log.warn(`read replica ${behind} (over ${this.maxLagMs} ms): ${elsewhere}`);
    } else if (state === 'down') this.log.warn(`read replica not answering (${detail}): ${elsewhere}`);
    else if (state === 'not a replica') {
      this.log.warn(`read replica is not in recovery (promoted, or not a standby): ${elsewhere}`);
    }
  }
}
