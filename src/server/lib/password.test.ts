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

const { hashPassword, verifyPassword } = await import('./password');

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
});
