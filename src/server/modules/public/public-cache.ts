import type { FastifyInstance } from 'fastify';

/** The channel the eventos, eventos_cursos and cursos triggers notify at commit (migration list_paths). */
export const PUBLIC_CHANNEL = 'eventos_publicos';
/** A safety net only: with live notifications an entry is dropped the moment any event or course changes. */
export const PUBLIC_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;
/**
 * How long a city's answer with seats left is kept (ADR 172): a seat taken through another instance, or by a write
 * that is not this instance's, shows within it. This instance's own writes drop it at once.
 */
export const PUBLIC_SEATS_TTL_MS = 1_000;

/**
 * The public pages' answers that every family's visit reads (issue 21): the cities with open events and each
 * city's events. Kept in memory while the database's notifications are heard; emptied when any event or course
 * changes, on this instance at once (its own writes) and on every other one at their commit (LISTEN/NOTIFY).
 * While notifications are not heard (no LISTEN, or its connection lost) nothing is cached: every request reads
 * the database, so an instance never answers what another one changed (ADR 032).
 */
export class PublicCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  /** The answers with seats left, each kept a second and never past the first sign-up deadline it shows open. */
  private readonly seats = new Map<
    string,
    { expires: number; of: object; value: Promise<{ value: unknown; until: number }> }
  >();
  private live = false;

  constructor(
    private readonly ttlMs = PUBLIC_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly seatsTtlMs = PUBLIC_SEATS_TTL_MS,
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
    this.seats.clear();
  }

  /** A write of this instance may have taken or freed a seat: the next answer with seats left is read again. */
  dropSeats(): void {
    this.seats.clear();
  }

  /**
   * An answer that shows seats left (ADR 172), already encoded: kept for a second while notifications are heard,
   * only while the app's clock (`at`, ms) is before `until`, the first deadline it shows open, and only for the same
   * kept rows (`of`, what `get` answered): an answer built from rows read just before an event changed is never
   * served beside the new rows. Concurrent requests for the same key share one read.
   */
  async seatsAnswer<T>(
    key: string,
    at: number,
    of: object,
    load: () => Promise<{ value: T; until: number }>,
  ): Promise<T> {
    if (!this.live) return (await load()).value;
    const t = this.now();
    const hit = this.seats.get(key);
    if (hit && hit.expires > t && hit.of === of) {
      const kept = await hit.value.catch(() => undefined);
      if (kept && kept.until > at) return kept.value as T;
    }
    if (this.seats.size >= MAX_ENTRIES) this.seats.clear();
    const value = load();
    const entry = { expires: t + this.seatsTtlMs, of, value };
    this.seats.set(key, entry);
    forgetIfFailed(this.seats, key, entry);
    return (await value).value;
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
    forgetIfFailed(this.entries, key, entry);
    return value;
  }
}

/** A read kept before it resolved is dropped if it fails (unless another has replaced it since). */
function forgetIfFailed<E extends { value: Promise<unknown> }>(entries: Map<string, E>, key: string, entry: E): void {
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
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
  // that saves an event and reloads the public page sees it at once. Any other write may have taken or freed a seat
  // (a sign-up, a cancelled voucher, a lead moved or removed): the answers with seats left are read again (ADR 172).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      if (WRITES_EVENTS.test(request.routeOptions.url ?? '')) cache.invalidate();
      else cache.dropSeats();
    }
    return payload;
  });
  return cache;
}
