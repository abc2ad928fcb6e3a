import { createHash } from 'node:crypto';

/**
 * A short, stable name for a statement's text (PostgreSQL allows 63 bytes). PostgreSQL connections prepare each
 * parameterised statement under this name, and a failed query is logged by it, never by its bound values.
 */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url')}`;
}
