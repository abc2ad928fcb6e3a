import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { HttpError, MESSAGES } from './http-error';

/**
 * argon2 is the costliest thing a visitor can make the server do (19 MiB and ~15 ms of a core each). At most
 * ARGON2_CONCURRENCY run at once and ARGON2_QUEUE wait; beyond that a sign-in is answered 503 at once, so a flood
 * of guesses queues neither memory nor the real users behind it (TRUST.md, "Sign-in limits").
 */
export const ARGON2_CONCURRENCY = 4;
export const ARGON2_QUEUE = 64;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_CONCURRENCY) {
    if (waiting.length >= ARGON2_QUEUE) {
      throw new HttpError(503, MESSAGES.unavailable, undefined, { 'retry-after': '1' });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). */
const ARGON2ID = 2; // Algorithm.Argon2id, a const enum isolated modules cannot read
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  // An account without a password yet (an aluno before its first link) costs the same as any other.
  if (!stored.startsWith('$argon2')) return verifyAgainstDummy(password);
  return limited(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The stored password of an account whose person has not set one yet (a new aluno, an invited account): no
 * password verifies against it (`verifyPassword` runs the dummy check for anything that is not argon2), and the
 * set-password link replaces it.
 */
export function unusablePasswordHash(): string {
  return `!unusable:${randomBytes(16).toString('hex')}`;
}
