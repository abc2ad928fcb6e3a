import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error';
import { TEXT_MESSAGES } from '../../shared/schemas/fields';

const MAX_DEPTH = 20;

/**
 * The path of the first text holding a NUL character in a parsed body, query or params, or null. PostgreSQL cannot
 * store or compare a NUL; refused here, every text field of every route answers a field error before any query
 * runs, instead of a database error whose log would carry the other bound values.
 */
export function findNul(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (key.includes('\u0000')) return [...path, '_'].join('.');
    const found = findNul(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** preValidation hook: a NUL anywhere in what the client sent is a 400 with the field's message. */
export async function refuseNul(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const field = findNul(part);
    if (field !== null) throw badRequest(TEXT_MESSAGES.invalidCharacters, { [field]: TEXT_MESSAGES.invalidCharacters });
  }
}
