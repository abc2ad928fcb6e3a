import { describe, expect, it } from 'vitest';
import { type CounterSpill, MemoryCounterStore, type WindowedCount } from './counters';

/** The database's part, in a map: what was spilled, read back while its window is open. */
function mapSpill(): CounterSpill & { rows: Map<string, WindowedCount> } {
  const rows = new Map<string, WindowedCount>();
  return {
    rows,
    async put(spilled) {
      for (const { key, ...count } of spilled) rows.set(key, count);
    },
    async read(key, now) {
      const row = rows.get(key);
      return row && row.expiresAt > now ? { ...row } : undefined;
    },
    async forget(key) {
      rows.delete(key);
    },
  };
}

describe('MemoryCounterStore', () => {
  it('stays bounded under a flood of throwaway keys and never drops the counter under attack', async () => {
    const store = new MemoryCounterStore(1_000, mapSpill());
    const now = Date.now();
    for (let i = 0; i < 40; i++) await store.hit('u:vitima@exemplo.com.br', 60_000, now);
    for (let i = 0; i < 5_000; i++) await store.hit(`u:descartavel${i}@exemplo.com.br`, 60_000, now + i);
    expect(store.size).toBeLessThanOrEqual(1_000);
    expect((await store.get('u:vitima@exemplo.com.br', now + 5_000)).count).toBe(40);
  });

  it('forgets a key when its window ends', async () => {
    const store = new MemoryCounterStore(1_000, mapSpill());
    await store.hit('a:1', 1_000, 0);
    await store.hit('a:1', 1_000, 10);
    expect((await store.get('a:1', 500)).count).toBe(2);
    expect((await store.get('a:1', 1_000)).count).toBe(0);
    expect((await store.hit('a:1', 1_000, 1_000)).count).toBe(1);
  });
});

describe('MemoryCounterStore spilling (issue 39, item 5)', () => {
  it('forgets no live key under any flood: a low count, a high one, then every flooded key, all read back', async () => {
    const spill = mapSpill();
    const store = new MemoryCounterStore(100, spill);
    const now = 1_000_000;
    await store.hit('k:dona@exemplo.com.br|198.51.100.1', 60_000, now);
    for (let i = 0; i < 12; i++) await store.hit('u:vitima@exemplo.com.br', 60_000, now);
    // Throwaway keys, then keys raised as often as the victim's: neither kind pushes a counter out for good.
    for (let i = 0; i < 1_000; i++) await store.hit(`u:descartavel${i}@exemplo.com.br`, 60_000, now + 1);
    for (let i = 0; i < 300; i++) {
      for (let j = 0; j < 13; j++) await store.hit(`u:insistente${i}@exemplo.com.br`, 60_000, now + 2);
    }
    expect(store.size).toBeLessThanOrEqual(100);
    expect(spill.rows.size).toBeGreaterThan(0);
    expect((await store.get('k:dona@exemplo.com.br|198.51.100.1', now + 3)).count).toBe(1);
    expect((await store.get('u:vitima@exemplo.com.br', now + 3)).count).toBe(12);
    expect((await store.hit('u:vitima@exemplo.com.br', 60_000, now + 3)).count).toBe(13);
    expect((await store.get('u:descartavel7@exemplo.com.br', now + 3)).count).toBe(1);
    expect((await store.get('u:insistente3@exemplo.com.br', now + 3)).count).toBe(13);
    // Its window over, a spilled key reads as new.
    expect((await store.get('u:descartavel7@exemplo.com.br', now + 60_001)).count).toBe(0);
  });

  it('a quiet store never reads the spill', async () => {
    const spill = mapSpill();
    let reads = 0;
    const store = new MemoryCounterStore(100, { ...spill, read: (key, now) => (reads++, spill.read(key, now)) });
    for (let i = 0; i < 90; i++) await store.hit(`a:${i}`, 60_000, 0);
    expect(reads).toBe(0);
  });
});
