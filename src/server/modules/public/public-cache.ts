import type { FastifyInstance } from 'fastify';

/** The channel the eventos, eventos_cursos and cursos triggers notify at commit (migration list_paths). */
export const PUBLIC_CHANNEL = 'eventos_publicos';
/** A safety net only: with live notifications an entry is dropped the moment any event or course changes. */
export const PUBLIC_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;

/**
 * The public pages' answers that every family's visit reads (issue 21): the cities with open events and each
 * city's events. Kept in memory while the database's notifications are heard; emptied when any event or course
 * changes, on this instance at once (its own writes) and on every other one at their commit (LISTEN/NOTIFY).
 * While notifications are not heard (no LISTEN, or its connection lost) nothing is cached: every request reads
 * the database, so an instance never answers what another one changed (ADR 032).
 */
export class PublicCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  private live = false;

  constructor(
    private readonly ttlMs = PUBLIC_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether answers are kept (notifications are heard). */
  get caching(): boolean {
    return this.live;
  }

  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  invalidate(): void {
    this.entries.clear();
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live) return load();
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > at) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    // Stored before it resolves: concurrent requests for the same key share one read.
    const value = load();
    const entry = { expires: at + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}

/** The staff routes that write events or courses: their success empties the cache before the answer leaves. */
const WRITES_EVENTS = /^\/api\/(eventos|cursos)(\/|$)/;

export async function publicCacheOf(app: FastifyInstance): Promise<PublicCache> {
  const cache = new PublicCache();
  const stop = app.dbListen
    ? await app.dbListen(PUBLIC_CHANNEL, {
        message: () => cache.invalidate(),
        live: (live) => cache.setLive(live),
      })
    : undefined;
  app.addHook('onClose', async () => {
    await stop?.();
  });
  // This instance's own writes need not wait for the notification to come back (it is asynchronous): a screen
  // that saves an event and reloads the public page sees it at once.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400 && WRITES_EVENTS.test(request.routeOptions.url ?? '')) {
      cache.invalidate();
    }
    return payload;
  });
  return cache;
}
