import { describe, expect, it, vi } from 'vitest';
import { lazyImport } from './lazy-import';

describe('lazyImport', () => {
  it('downloads once however often it is asked', async () => {
    const load = vi.fn(async () => 'rules');
    const lazy = lazyImport(load);
    lazy.preload();
    expect(await lazy.get()).toBe('rules');
    expect(await lazy.get()).toBe('rules');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download, and preload never throws', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('rules');
    const lazy = lazyImport<string>(load);
    lazy.preload();
    await expect(lazy.get()).rejects.toThrow('offline');
    expect(await lazy.get()).toBe('rules');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
