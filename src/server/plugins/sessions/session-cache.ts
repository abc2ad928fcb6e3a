import type { SessionRow } from './sessions.repository';

/**
 * The sessions a server instance has read, kept for a few seconds so that a busy user's requests don't each pay
 * a database round trip (issue 8: GET /api/user is the cost every request pays).
 *
 * It is only trusted while the instance hears every change: ended sessions and changed users are evicted at
 * once — by this instance's own writes, and by the database's notifications for other instances' writes
 * (migration 0002). While that channel is down, nothing is cached and every request reads the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: SessionRow; storedAt: number }>();
  private enabled = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(id: string): SessionRow | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.row;
  }

  set(id: string, row: SessionRow): void {
    if (!this.enabled) return;
    this.entries.delete(id);
    this.entries.set(id, { row, storedAt: this.now() });
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Keeps what is known to be true without restarting the entry's time to live. */
  update(id: string, change: Partial<SessionRow>): void {
    const entry = this.entries.get(id);
    if (entry) entry.row = { ...entry.row, ...change };
  }

  endSession(id: string): void {
    this.entries.delete(id);
  }

  changeUser(userId: string): void {
    for (const [id, entry] of this.entries) if (entry.row.actor.id === userId) this.entries.delete(id);
  }

  /** Notifications (migration 0002): 's:<session id>' or 'u:<user id>'. */
  notified(payload: string): void {
    const value = payload.slice(2);
    if (payload.startsWith('s:')) this.endSession(value);
    else if (payload.startsWith('u:')) this.changeUser(value);
  }

  /** Whether changes are being heard; when they may have been missed, everything cached is dropped. */
  setLive(live: boolean): void {
    this.enabled = live;
    if (!live) this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
