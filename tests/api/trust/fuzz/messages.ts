import { MESSAGES } from '../../../../src/server/lib/http-error';
import * as errorHandler from '../../../../src/server/plugins/error-handler';

/**
 * The pt-BR texts the API may answer a refusal with: the server's MESSAGES, every string the shared schema
 * modules export (their *_MESSAGES tables) and every string literal written in them (the messages given inline to
 * a zod rule). Built from the sources, so a message added there is known here; any other text in a 4xx answer
 * (zod's English defaults, a library's own words) is a defect.
 */
const schemaModules = import.meta.glob<Record<string, unknown>>(
  ['../../../../src/shared/schemas/*.ts', '!**/*.test.ts'],
  { eager: true },
);
const messageSources = import.meta.glob<string>(
  [
    '../../../../src/shared/schemas/*.ts',
    '!**/*.test.ts',
    '../../../../src/server/lib/http-error.ts',
    '../../../../src/server/plugins/error-handler.ts',
  ],
  { eager: true, query: '?raw', import: 'default' },
);

function collectStrings(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 4) return;
  if (typeof value === 'string') {
    into.add(value);
  } else if (value && typeof value === 'object' && !Array.isArray(value) && !('_zod' in value)) {
    for (const item of Object.values(value)) collectStrings(item, into, depth + 1);
  }
}

export const KNOWN_MESSAGES: ReadonlySet<string> = (() => {
  const known = new Set<string>();
  collectStrings(MESSAGES, known);
  collectStrings(errorHandler, known);
  for (const module of Object.values(schemaModules)) collectStrings(module, known);
  for (const source of Object.values(messageSources)) {
    for (const [, literal] of source.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)) known.add(literal!.replace(/\\'/g, "'"));
  }
  return known;
})();

/** Words of zod's, Fastify's and other libraries' English defaults; none belongs in a pt-BR answer. */
const ENGLISH =
  /\b(expected|received|invalid|input|required|must|should|too (big|small)|string|number|object|array|undefined|unexpected|error|not found|body|route|unsupported|characters?|request)\b/i;

/** Why `message` is not an acceptable pt-BR refusal text, or null when it is. */
export function messageProblem(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim() === '') return `no message (${JSON.stringify(message)})`;
  if (ENGLISH.test(message)) return `English words in ${JSON.stringify(message)}`;
  if (!KNOWN_MESSAGES.has(message)) return `a message written nowhere in the app: ${JSON.stringify(message)}`;
  return null;
}
