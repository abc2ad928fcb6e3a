import { z } from 'zod';
import { notFound } from './http-error';

/** `:id` of a network route. Anything that is not a uuid names no row: 404, like a row out of scope. */
export const rowIdParams = z.object({ id: z.string().max(100) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function assertRowId(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id;
}
