import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Argon2 from '@node-rs/argon2';

const verified: string[] = [];
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof Argon2>();
  return {
    ...real,
    verify: (hash: string, password: string) => {
      verified.push(hash);
      return real.verify(hash, password);
    },
  };
});

const { ARGON2_CONCURRENCY, ARGON2_QUEUE, hashPassword, verifyPassword } = await import('./password');

beforeEach(() => {
  verified.length = 0;
});

describe('verifyPassword', () => {
  it('checks a real hash', async () => {
    const stored = await hashPassword('segredo123');
    expect(await verifyPassword(stored, 'segredo123')).toBe(true);
    expect(await verifyPassword(stored, 'outra')).toBe(false);
  });

  it('spends a full argon2 check on an account without a password yet, so timing tells nothing', async () => {
    for (const stored of ['', '!', 'sem-senha', '$2b$10$notargon']) {
      verified.length = 0;
      expect(await verifyPassword(stored, 'segredo123')).toBe(false);
      expect(verified).toHaveLength(1);
      expect(verified[0]).toMatch(/^\$argon2id\$/);
    }
  });

  it('runs at most a few argon2 checks at once, queues a bounded number and answers the rest 503 at once', async () => {
    const stored = await hashPassword('segredo123');
    const extra = 10;
    const outcomes = await Promise.allSettled(
      Array.from({ length: ARGON2_CONCURRENCY + ARGON2_QUEUE + extra }, () => verifyPassword(stored, 'outra')),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(extra);
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toMatchObject({ statusCode: 503 });
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === false)).toHaveLength(
      ARGON2_CONCURRENCY + ARGON2_QUEUE,
    );
  }, 90_000);
});
