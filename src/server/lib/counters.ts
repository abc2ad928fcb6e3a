import type { Redis } from 'ioredis';

/** A count within a window, and when it was last raised. */
export interface Count {
  count: number;
  lastAt: number;
}

/**
 * Windowed counters for the rate limits and the sign-in guard: Redis when REDIS_URL is set (shared by every
 * instance, and out of an attacker's reach to flush), otherwise this process's memory, bounded and spilled to the
 * database rather than forgotten.
 */
export interface CounterStore {
  get(key: string, now: number): Promise<Count>;
  /** Raises a key by one; its window starts at its first raise. */
  hit(key: string, windowMs: number, now: number): Promise<Count>;
  clear(key: string): Promise<void>;
}

/** A count with the end of its window (ms). */
export interface WindowedCount extends Count {
  expiresAt: number;
}

/** Where counters pushed out of memory go, and come back from (src/server/db/rate-counters.ts). */
export interface CounterSpill {
  put(rows: readonly (WindowedCount & { key: string })[], now: number): Promise<void>;
  read(key: string, now: number): Promise<WindowedCount | undefined>;
  forget(key: string): Promise<void>;
}

/**
 * In this process's memory, at most `maxKeys` keys, and never forgetting one before its window ends (issue 39,
 * item 5: @fastify/rate-limit's 5,000-key store, and before it this one's lowest-count eviction, let a flood of
 * throwaway keys push out the counter under attack). When memory is full, the least recently raised tenth is
 * written to `spill` (the database) and read back when its key comes again. A quiet server never touches the
 * database; one being flooded reads it for the keys it has not seen lately, until its spilled windows end.
 */
export class MemoryCounterStore implements CounterStore {
  /** Least recently raised first (a raised key moves to the end). */
  private readonly entries = new Map<string, WindowedCount>();
  /** Keys on their way to `spill`: still counted here until written. */
  private readonly spilling = new Map<string, WindowedCount>();
  /** Until when a key missing from memory may be in `spill`. */
  private spilledUntil = 0;

  constructor(
    private readonly maxKeys: number,
    private readonly spill: CounterSpill,
    private readonly onSpillError: (error: unknown) => void = () => undefined,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async get(key: string, now: number): Promise<Count> {
    const entry = await this.find(key, now);
    return entry ? { count: entry.count, lastAt: entry.lastAt } : { count: 0, lastAt: 0 };
  }

  async hit(key: string, windowMs: number, now: number): Promise<WindowedCount> {
    const entry = await this.find(key, now);
    if (entry) {
      entry.count += 1;
      entry.lastAt = now;
      return { ...entry };
    }
    const fresh = { count: 1, lastAt: now, expiresAt: now + windowMs };
    this.keep(key, fresh, now);
    return { ...fresh };
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
    this.spilling.delete(key);
    if (this.spilledUntil > 0) await this.spill.forget(key);
  }

  /** The live entry of `key`, in memory (moved to the end) or read back from the spill; undefined if none. */
  private async find(key: string, now: number): Promise<WindowedCount | undefined> {
    const inMemory = this.entries.get(key) ?? this.spilling.get(key);
    if (inMemory) {
      this.spilling.delete(key);
      this.entries.delete(key);
      if (inMemory.expiresAt <= now) return undefined;
      this.entries.set(key, inMemory);
      return inMemory;
    }
    if (now >= this.spilledUntil) return undefined;
    const stored = await this.spill.read(key, now);
    // Another call for the same key may have brought it back meanwhile: that one is the count.
    const meanwhile = this.entries.get(key);
    if (meanwhile) return meanwhile.expiresAt > now ? meanwhile : undefined;
    if (!stored) return undefined;
    this.keep(key, stored, now);
    return stored;
  }

  private keep(key: string, entry: WindowedCount, now: number): void {
    if (this.entries.size >= this.maxKeys) this.makeRoom(now);
    this.entries.set(key, entry);
  }

  /** Frees a tenth of the room: expired keys are dropped, then the least recently raised are spilled. */
  private makeRoom(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    const target = Math.floor(this.maxKeys * 0.9);
    if (this.entries.size <= target) return;
    const out: (WindowedCount & { key: string })[] = [];
    for (const [key, entry] of this.entries) {
      if (this.entries.size - out.length <= target) break;
      out.push({ key, ...entry });
      this.spilling.set(key, entry);
      this.spilledUntil = Math.max(this.spilledUntil, entry.expiresAt);
    }
    for (const { key } of out) this.entries.delete(key);
    this.spill.put(out, now).then(
      () => {
        // Written: the copies here go, unless their key was raised meanwhile (it is back in `entries` then).
        for (const { key } of out) if (!this.entries.has(key)) this.spilling.delete(key);
      },
      (error: unknown) => {
        // Not written: the keys stay counted here (beyond the bound for a while) rather than forgotten.
        for (const { key } of out) {
          const entry = this.spilling.get(key);
          if (entry) {
            this.spilling.delete(key);
            if (!this.entries.has(key)) this.entries.set(key, entry);
          }
        }
        this.onSpillError(error);
      },
    );
  }
}

/** In Redis: a hash per key (count, lastAt) that expires with its window. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'guard:',
  ) {}

  async get(key: string, _now: number): Promise<Count> {
    const [count, lastAt] = await this.redis.hmget(this.prefix + key, 'count', 'lastAt');
    return { count: Number(count ?? 0), lastAt: Number(lastAt ?? 0) };
  }

  async hit(key: string, windowMs: number, now: number): Promise<Count> {
    const name = this.prefix + key;
    const result = await this.redis
      .multi()
      .hincrby(name, 'count', 1)
      .hset(name, 'lastAt', String(now))
      .pexpire(name, windowMs, 'NX')
      .exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    return { count, lastAt: now };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
