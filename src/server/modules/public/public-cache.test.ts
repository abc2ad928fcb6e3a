import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evento } from '../../../shared/schemas/evento';
import { eventos } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { PublicCache } from './public-cache';

/** The kept rows an answer with seats left is built from (what `get` answered). */
const rowsRead = { rows: 'kept' };

describe('PublicCache', () => {
  it('answers from memory while notifications are heard, and reads again once invalidated', async () => {
    let now = 0;
    const cache = new PublicCache(10_000, () => now);
    cache.setLive(true);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
    now = 10_001; // past the safety TTL
    expect(await cache.get('k', load)).toBe(3);
  });

  it('keeps nothing while notifications are not heard (another instance could change an event unseen)', async () => {
    const cache = new PublicCache();
    let reads = 0;
    const load = async () => ++reads;
    await cache.get('k', load);
    await cache.get('k', load);
    expect(reads).toBe(2);
    cache.setLive(true);
    await cache.get('k', load);
    cache.setLive(false);
    await cache.get('k', load);
    expect(reads).toBe(4);
  });

  it('keeps an answer with seats left for a second, never past the deadline it shows open (ADR 172)', async () => {
    let now = 0;
    const cache = new PublicCache(10_000, () => now, 1_000);
    cache.setLive(true);
    let reads = 0;
    const load = async () => ({ value: `[${++reads}]`, until: 5_000 });
    expect(await cache.seatsAnswer('k', 0, rowsRead, load)).toBe('[1]');
    now = 999;
    expect(await cache.seatsAnswer('k', 4_999, rowsRead, load)).toBe('[1]');
    // The app's clock at the deadline: the event's sign-ups are closed, read again at once.
    expect(await cache.seatsAnswer('k', 5_000, rowsRead, load)).toBe('[2]');
    now = 2_000; // past the second
    expect(await cache.seatsAnswer('k', 0, rowsRead, load)).toBe('[3]');
    // A write of this instance, and an event changed anywhere, drop it.
    cache.dropSeats();
    expect(await cache.seatsAnswer('k', 0, rowsRead, load)).toBe('[4]');
    cache.invalidate();
    expect(await cache.seatsAnswer('k', 0, rowsRead, load)).toBe('[5]');
    // An answer is served only beside the rows it was built from: rows read again (an event changed) read it again.
    expect(await cache.seatsAnswer('k', 0, rowsRead, load)).toBe('[5]');
    expect(await cache.seatsAnswer('k', 0, { rows: 'read again' }, load)).toBe('[6]');
    // The rows' answers stay through a seat's write.
    let rows = 0;
    await cache.get('r', async () => ++rows);
    cache.dropSeats();
    expect(await cache.get('r', async () => ++rows)).toBe(1);
  });

  it('keeps no answer with seats left while notifications are not heard, nor a failed one', async () => {
    const cache = new PublicCache();
    let reads = 0;
    const load = async () => ({ value: `[${++reads}]`, until: Infinity });
    await cache.seatsAnswer('k', 0, rowsRead, load);
    expect(await cache.seatsAnswer('k', 0, rowsRead, load)).toBe('[2]');
    cache.setLive(true);
    await expect(cache.seatsAnswer('k', 0, rowsRead, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.seatsAnswer('k', 0, rowsRead, load)).toBe('[3]');
    expect(await cache.seatsAnswer('k', 0, rowsRead, load)).toBe('[3]');
  });

  it('does not keep a failed read', async () => {
    const cache = new PublicCache();
    cache.setLive(true);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });
});

describe('the public pages after an event changes (issue 21)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const cidade = `Cidade Cache ${Math.random().toString(36).slice(2, 8)}`;
  const body = (overrides: Record<string, unknown> = {}) => ({
    nomeEscola: 'Escola do Cache',
    tipoEscola: 'publica',
    cep: '13024-001',
    cidade,
    estado: 'sp',
    dataDistribuicao: '2030-03-01',
    dataEvento: '2030-03-15',
    horario: '19:30',
    local: 'igreja',
    qtdAlunos: 120,
    ...overrides,
  });
  const publicGet = async (url: string) => (await ctx.app.inject({ url, remoteAddress: '10.9.9.9' })).json();
  const escolas = async () =>
    ((await publicGet(`/api/public/eventos?cidade=${encodeURIComponent(cidade)}`)) as { nomeEscola: string }[]).map(
      (e) => e.nomeEscola,
    );

  it('shows an event created, edited or cancelled on the staff screens at once', async () => {
    expect(ctx.app.publicCache.caching).toBe(true);
    // Both answers are read (and kept) before the event exists.
    expect(await publicGet('/api/public/cidades')).not.toContain(cidade);
    expect(await escolas()).toEqual([]);

    const created = await as(ctx.app, 'cliente').post('/api/eventos', body());
    expect(created.statusCode).toBe(201);
    const evento: Evento = created.json();
    expect(await publicGet('/api/public/cidades')).toContain(cidade);
    expect(await escolas()).toEqual(['Escola do Cache']);

    const edited = await as(ctx.app, 'cliente').put(`/api/eventos/${evento.id}`, body({ nomeEscola: 'Escola Nova' }));
    expect(edited.statusCode).toBe(200);
    expect(await escolas()).toEqual(['Escola Nova']);

    const cancelled = await as(ctx.app, 'cliente').put(
      `/api/eventos/${evento.id}`,
      body({ nomeEscola: 'Escola Nova', status: 'cancelado' }),
    );
    expect(cancelled.statusCode).toBe(200);
    expect(await escolas()).toEqual([]);
    expect(await publicGet('/api/public/cidades')).not.toContain(cidade);
  });

  it('hears a change another instance made, through the database notification', async () => {
    const created = await as(ctx.app, 'cliente').post('/api/eventos', body({ nomeEscola: 'Escola Vizinha' }));
    const evento: Evento = created.json();
    expect(await escolas()).toEqual(['Escola Vizinha']);
    // Written straight to the database, as another server would: this app's routes never see it.
    await ctx.handle.db.update(eventos).set({ nomeEscola: 'Escola Renomeada' }).where(eq(eventos.id, evento.id));
    await expect.poll(escolas, { timeout: 2_000 }).toEqual(['Escola Renomeada']);
    await ctx.handle.db.update(eventos).set({ isActive: false }).where(eq(eventos.id, evento.id));
    await expect.poll(escolas, { timeout: 2_000 }).toEqual([]);
  });
});
