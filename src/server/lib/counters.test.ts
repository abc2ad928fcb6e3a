import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './counters';

describe('MemoryCounterStore', () => {
  it('stays bounded under a flood of throwaway keys and never drops the counter under attack', async () => {
    const store = new MemoryCounterStore(1_000);
    const now = Date.now();
    for (let i = 0; i < 40; i++) await store.hit('u:vitima@exemplo.com.br', 60_000, now);
    for (let i = 0; i < 5_000; i++) await store.hit(`u:descartavel${i}@exemplo.com.br`, 60_000, now + i);
    expect(store.size).toBeLessThanOrEqual(1_000);
    expect((await store.get('u:vitima@exemplo.com.br', now + 5_000)).count).toBe(40);
  });

  it('forgets a key when its window ends', async () => {
    const store = new MemoryCounterStore();
    await store.hit('a:1', 1_000, 0);
    await store.hit('a:1', 1_000, 10);
    expect((await store.get('a:1', 500)).count).toBe(2);
    expect((await store.get('a:1', 1_000)).count).toBe(0);
    expect((await store.hit('a:1', 1_000, 1_000)).count).toBe(1);
  });
});
