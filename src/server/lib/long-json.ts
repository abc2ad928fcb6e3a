import type { FastifyReply, RouteOptions, preSerializationHookHandler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A list's long answer (a page of 500 matrículas is about 400 KB of JSON) written into memory the process reuses
 * (issue 42's bench). The route's response schema encodes it as fastify-type-provider-zod's serializer does (the
 * same zod encode, the same 500 on a value it refuses) and the bytes are `JSON.stringify`'s, row by row: an array's
 * JSON is '[', its elements' JSON joined by ',', then ']'. What changes is where they go. Built as one string, the
 * answer is flattened into a new 400 KB string to count its bytes and encoded into a new 400 KB buffer to write it:
 * on the bench machine the fresh pages of those two copies cost more than the rows' encoding itself (6-8 ms per
 * page in the server's profile). Here each row's small string is written straight into a buffer taken from a
 * pool, which returns to it once the answer has left ('close').
 */

/** Buffers kept for the next answers; one per answer in flight, at most this many kept. */
const GUARDADOS = 8;
const MINIMO = 512 * 1024;
const livres: Buffer[] = [];

/** How many buffers wait in the pool (for its test). */
export const buffersGuardados = () => livres.length;

function tomar(bytes: number): Buffer {
  const livre = livres.pop();
  if (livre && livre.length >= bytes) return livre;
  return Buffer.allocUnsafeSlow(Math.max(MINIMO, bytes));
}

function devolver(buffer: Buffer) {
  if (livres.length < GUARDADOS) livres.push(buffer);
}

/** `JSON.stringify(itens)`'s bytes, in a pooled buffer handed back when `reply` has been sent. */
function escreverLista(reply: FastifyReply, itens: readonly unknown[]): Buffer {
  let buffer = tomar(MINIMO);
  let usados = 0;
  const escrever = (texto: string) => {
    // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
    const maximo = usados + texto.length * 3;
    if (maximo > buffer.length) {
      const maior = Buffer.allocUnsafeSlow(Math.max(maximo, buffer.length * 2));
      buffer.copy(maior, 0, 0, usados);
      buffer = maior;
    }
    usados += buffer.write(texto, usados);
  };
  escrever('[');
  for (let i = 0; i < itens.length; i += 1) {
    if (i > 0) escrever(',');
    // In an array JSON.stringify writes null for what has no JSON (undefined, a function).
    escrever((JSON.stringify(itens[i]) as string | undefined) ?? 'null');
  }
  escrever(']');
  const usado = buffer;
  reply.raw.once('close', () => devolver(usado));
  return usado.subarray(0, usados);
}

/**
 * Sends `itens` through `schema` (the route's declared `response` for its status) into a pooled buffer: the reply's
 * bytes, status and content type are the default serializer's.
 */
function enviarLonga(reply: FastifyReply, schema: z.ZodType) {
  reply.type('application/json; charset=utf-8');
  // Fastify hands a serializer's Buffer on as it does a string (its length is the content-length).
  reply.serializer(((data: unknown) => {
    const result = schema.safeEncode(data);
    if (!result.success) {
      const url = reply.request.routeOptions.url ?? reply.request.url;
      throw new ResponseSerializationError(reply.request.method, url, { cause: result.error });
    }
    const encoded = result.data;
    return Array.isArray(encoded) ? escreverLista(reply, encoded) : JSON.stringify(encoded);
  }) as unknown as (payload: unknown) => string);
}

/**
 * Every route whose 200 answer is a list (its declared response an array schema) writes that answer as above
 * (issue 46: the Leads, Pré-matrículas, Parcelas and Auditoria pages of 500 rows too, not only the three lists that
 * once called for it). Added as the route's own `preSerialization` hook from the app's `onRoute`: an answer of
 * another status (an error's `{ message }`) keeps the default serializer.
 */
export function listasLongas(route: RouteOptions) {
  const schema = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
  if (!(schema instanceof z.ZodArray)) return;
  const lista: preSerializationHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode === 200 && Array.isArray(payload)) enviarLonga(reply, schema);
    done(null, payload);
  };
  const proprios = route.preSerialization;
  route.preSerialization = [...(proprios ? [proprios].flat() : []), lista];
}
