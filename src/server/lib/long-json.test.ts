import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instante } from '../../shared/schemas/fields';
import { listaLonga } from './long-json';

/**
 * A list's long answer written into pooled memory (issue 42's bench) is, byte for byte and header for header, what
 * the route's default zod serializer answers -- over real sockets, with many answers in flight at once (each its
 * own buffer until it has left) -- and a value the schema refuses is the same 500.
 */

const itemSchema = z.object({ id: z.number(), nome: z.string(), em: instante, nota: z.string().nullable() });
const schema = z.array(itemSchema);
const linhas = (n: number, semente: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: semente * 10_000 + i,
    nome: `Aluna ${semente}-${i} — São João d'Ávila "😀" \u0001`,
    em: new Date(Date.UTC(2026, 10, 29, 6, 15, i % 60, i % 1000)),
    nota: i % 3 ? null : 'x'.repeat(i % 700),
    extra: 'não vai',
  }));

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const query = { querystring: z.object({ n: z.coerce.number(), s: z.coerce.number() }) };
  app.get('/padrao', { schema: { ...query, response: { 200: schema } } }, async (request) =>
    linhas((request.query as { n: number }).n, (request.query as { s: number }).s),
  );
  app.get('/longa', { schema: { ...query, response: { 200: schema } } }, async (request, reply) =>
    listaLonga(reply, schema, linhas((request.query as { n: number }).n, (request.query as { s: number }).s)),
  );
  app.get('/recusada', { schema: { response: { 200: schema } } }, async (_request, reply) =>
    listaLonga(reply, schema, [{ id: 'um', nome: 'x', em: new Date(), nota: null }] as never),
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const ler = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return {
    status: response.status,
    tipo: response.headers.get('content-type'),
    tamanho: response.headers.get('content-length'),
    corpo: Buffer.from(await response.arrayBuffer()),
  };
};

describe('listaLonga', () => {
  it("answers the default serializer's bytes and headers, many answers in flight at once", async () => {
    const pedidos = Array.from({ length: 48 }, (_, k) => `?n=${[0, 1, 2, 500, 1500][k % 5]}&s=${k}`);
    const respostas = await Promise.all(pedidos.map(async (q) => [await ler(`/padrao${q}`), await ler(`/longa${q}`)]));
    for (const [padrao, longa] of respostas) {
      expect(longa!.status).toBe(200);
      expect(longa!.tipo).toBe(padrao!.tipo);
      expect(longa!.tamanho).toBe(padrao!.tamanho);
      expect(longa!.corpo.equals(padrao!.corpo)).toBe(true);
    }
    // Again, now that the pool holds buffers earlier answers used.
    const [padrao, longa] = [await ler('/padrao?n=700&s=99'), await ler('/longa?n=700&s=99')];
    expect(longa.corpo.equals(padrao.corpo)).toBe(true);
    expect(JSON.parse(longa.corpo.toString())[0]).not.toHaveProperty('extra');
  });

  it('answers 500 for a value the schema refuses, as the default serializer does', async () => {
    expect((await ler('/recusada')).status).toBe(500);
  });
});
