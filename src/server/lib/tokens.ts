import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, for session and reset tokens alike. */
export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
