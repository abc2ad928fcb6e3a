import type { Redis } from 'ioredis';

/** A count within a window, and when it was last raised. */
export interface Count {
  count: number;
  lastAt: number;
}

/**
 * Windowed counters for the sign-in guard: Redis when REDIS_URL is set (shared by every instance, and out of an
 * attacker's reach to flush), otherwise this process's memory, bounded.
 */
export interface CounterStore {
  get(key: string, now: number): Promise<Count>;
  /** Raises a key by one; its window starts at its first raise. */
  hit(key: string, windowMs: number, now: number): Promise<Count>;
  clear(key: string): Promise<void>;
}

interface Entry extends Count {
  expiresAt: number;
}

/**
 * In memory, at most `maxKeys` keys. When full it drops expired keys first and then the keys with the LOWEST
 * counts: a flood of throwaway keys (one failure each) evicts other throwaway keys, never the counter of an account
 * or address under attack, whose count is high (issue "Trust, second round", finding 5).
 */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxKeys = 100_000) {}

  get size(): number {
    return this.entries.size;
  }

  async get(key: string, now: number): Promise<Count> {
    return this.read(key, now);
  }

  private read(key: string, now: number): Count {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return { count: 0, lastAt: 0 };
    return { count: entry.count, lastAt: entry.lastAt };
  }

  async hit(key: string, windowMs: number, now: number): Promise<Count> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) {
      entry.count += 1;
      entry.lastAt = now;
      return { count: entry.count, lastAt: now };
    }
    if (!entry && this.entries.size >= this.maxKeys) this.makeRoom(now);
    this.entries.set(key, { count: 1, lastAt: now, expiresAt: now + windowMs });
    return { count: 1, lastAt: now };
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** Frees a tenth of the room: expired keys, then the lowest counts. */
  private makeRoom(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    const target = Math.floor(this.maxKeys * 0.9);
    if (this.entries.size <= target) return;
    const byCount = [...this.entries].sort((a, b) => a[1].count - b[1].count || a[1].lastAt - b[1].lastAt);
    for (const [key] of byCount.slice(0, this.entries.size - target)) this.entries.delete(key);
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
