import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalesce';

/** A run that waits until released, so a test decides what arrives while it runs. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Coalescer', () => {
  it('runs a lone call at once, alone, and batches those that arrive while the runs are busy', async () => {
    const batches: number[][] = [];
    const first = gate();
    const coalescer = new Coalescer<number, number>(
      async (inputs) => {
        batches.push(inputs);
        if (batches.length === 1) await first.opened;
        return inputs.map((n) => n * 10);
      },
      { maxBatch: 3, concurrency: 1, stallMs: 10_000, maxConcurrency: 4 },
    );
    const calls = [1, 2, 3, 4, 5, 6].map((n) => coalescer.call(n));
    first.open();
    // Each call gets its own answer, whatever batch it went in.
    expect(await Promise.all(calls)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('runs up to `concurrency` batches at the same time', async () => {
    let running = 0;
    let most = 0;
    const coalescer = new Coalescer<number, number>(
      async (inputs) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return inputs;
      },
      { maxBatch: 2, concurrency: 2, stallMs: 10_000, maxConcurrency: 4 },
    );
    expect(await Promise.all(Array.from({ length: 10 }, (_, n) => coalescer.call(n)))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(most).toBe(2);
  });

  it('runs a failed batch again one call at a time, so only the bad call fails', async () => {
    const batches: string[][] = [];
    const first = gate();
    const coalescer = new Coalescer<string, string>(
      async (inputs) => {
        batches.push(inputs);
        if (batches.length === 1) await first.opened;
        if (inputs.includes('ruim')) throw new Error(`falhou: ${inputs.join(',')}`);
        return inputs.map((s) => s.toUpperCase());
      },
      { maxBatch: 10, concurrency: 1, stallMs: 10_000, maxConcurrency: 4 },
    );
    const lone = coalescer.call('a');
    const together = ['b', 'ruim', 'c'].map((s) => coalescer.call(s));
    first.open();
    expect(await lone).toBe('A');
    const settled = await Promise.allSettled(together);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'B',
      'falhou: ruim',
      'C',
    ]);
    expect(batches).toEqual([['a'], ['b', 'ruim', 'c'], ['b'], ['ruim'], ['c']]);
  });

  it('starts a batch beside one that has stalled, so a lock one waits on holds no one else back', async () => {
    const batches: string[][] = [];
    const stuck = gate();
    const coalescer = new Coalescer<string, string>(
      async (inputs) => {
        batches.push(inputs);
        if (inputs.includes('preso')) await stuck.opened;
        return inputs;
      },
      { maxBatch: 10, concurrency: 1, stallMs: 20, maxConcurrency: 2 },
    );
    const preso = coalescer.call('preso');
    // Waiting behind the stalled batch: answered once it has stalled, without it finishing.
    expect(await Promise.all([coalescer.call('a'), coalescer.call('b')])).toEqual(['a', 'b']);
    expect(batches).toEqual([['preso'], ['a', 'b']]);
    stuck.open();
    expect(await preso).toBe('preso');
  });
});
