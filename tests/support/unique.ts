import { randomInt } from 'node:crypto';

let sequence = 0;

/**
 * A suffix no other call of this process repeats (a counter), nor, almost surely, another process (a random
 * part): 200 sign-ups built in the same millisecond must be 200 families, not 199 and a repeat.
 */
export const unique = (): string =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${randomInt(1_000_000).toString(36)}`;
