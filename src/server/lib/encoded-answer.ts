import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipped = promisify(gzip);

/** Below this many bytes an answer goes as it is: compressing it saves less than its header and the work cost. */
const GZIP_FROM_BYTES = 1024;

/**
 * A JSON answer encoded once and kept (the public cache, ADR 172): its text, and gzip's bytes of it when it is large
 * enough to be worth them. Compressed once when kept, never per request.
 */
export interface EncodedAnswer {
  json: string;
  gzip: Buffer | null;
}

export async function encodedAnswer(json: string): Promise<EncodedAnswer> {
  return { json, gzip: Buffer.byteLength(json) >= GZIP_FROM_BYTES ? await gzipped(json) : null };
}

/** Whether an `Accept-Encoding` takes gzip: named, or `*` when gzip is not named, and not with `q=0` (RFC 9110). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const codings = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    codings.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const q = codings.get('gzip') ?? codings.get('x-gzip') ?? codings.get('*');
  return q !== undefined && q > 0;
}

/** Sends a kept answer: gzip's bytes to a client that takes them, the text to any other. */
export function sendEncodedAnswer(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer) {
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  if (answer.gzip && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.json);
}
