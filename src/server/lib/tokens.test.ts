import { describe, expect, it } from 'vitest';
import { digest, newToken } from './tokens';

describe('newToken', () => {
  it('answers 256 random bits as 43 URL-safe characters, never the same twice across many pools', () => {
    const tokens = Array.from({ length: 1000 }, () => newToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(tokens[0]!, 'base64url')).toHaveLength(32);
    expect(new Set(tokens).size).toBe(tokens.length);
    // No byte pattern repeats from one pool of 128 tokens to the next.
    expect(new Set(tokens.map((t) => t.slice(0, 8))).size).toBe(tokens.length);
  });

  it('keeps only a digest, the same for the same token', () => {
    const token = newToken();
    expect(digest(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(digest(token)).toBe(digest(token));
    expect(digest(token)).not.toBe(digest(newToken()));
  });
});
