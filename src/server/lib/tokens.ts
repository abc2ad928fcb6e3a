import { createHash, randomFillSync } from 'node:crypto';

const TOKEN_BYTES = 32;
/**
 * Random bytes drawn from the system's CSPRNG 128 tokens at a time, as Node does for randomUUID: one call to it
 * per 128 tokens instead of one per token (a public sign-up makes one). Each token's bytes are used once.
 */
const pool = Buffer.alloc(TOKEN_BYTES * 128);
let offset = pool.length;

/** 256 random bits, URL-safe. */
export function newToken(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const token = pool.toString('base64url', offset, offset + TOKEN_BYTES);
  pool.fill(0, offset, offset + TOKEN_BYTES);
  offset += TOKEN_BYTES;
  return token;
}

/** Only this digest is stored, for session and reset tokens alike. */
export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
