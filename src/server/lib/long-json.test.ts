import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instante } from '../../shared/schemas/fields';
import { buffersGuardados, listasLongas } from './long-json';

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

let padrao: FastifyInstance;
let app: FastifyInstance;
let basePadrao: string;
let base: string;

/** An app of the default serializer; `longas` adds the app's onRoute hook (every list's answer pooled). */
async function servidor(longas: boolean) {
  const instancia = Fastify();
  instancia.setValidatorCompiler(validatorCompiler);
  instancia.setSerializerCompiler(serializerCompiler);
  if (longas) instancia.addHook('onRoute', listasLongas);
  const query = { querystring: z.object({ n: z.coerce.number(), s: z.coerce.number() }) };
  const ler = (request: { query: unknown }) => {
    const { n, s } = request.query as { n: number; s: number };
    return linhas(n, s);
  };
  instancia.get('/lista', { schema: { ...query, response: { 200: schema } } }, async (request) => ler(request));
  // A route's own preSerialization hook still runs, before the list's.
  instancia.get(
    '/com-gancho',
    {
      schema: { ...query, response: { 200: schema } },
      preSerialization: async (_request, _reply, payload: unknown) => (payload as object[]).slice(1),
    },
    async (request) => ler(request),
  );
  instancia.get('/recusada', { schema: { response: { 200: schema } } }, async () => [
    { id: 'um', nome: 'x', em: new Date(), nota: null },
  ]);
  // Another status of a list's route answers with the default serializer: its own schema, not the list's.
  instancia.get(
    '/erro',
    { schema: { response: { 200: schema, 404: z.object({ message: z.string() }) } } },
    async (_request, reply) => reply.code(404).send({ message: 'Não encontrado', extra: 'não vai' } as never),
  );
  return { instancia, base: await instancia.listen({ port: 0, host: '127.0.0.1' }) };
}

beforeAll(async () => {
  ({ instancia: padrao, base: basePadrao } = await servidor(false));
  ({ instancia: app, base } = await servidor(true));
});
afterAll(async () => {
  await padrao.close();
  await app.close();
});

const ler = async (path: string, em = base) => {
  const response = await fetch(`${em}${path}`);
  return {
    status: response.status,
    tipo: response.headers.get('content-type'),
    tamanho: response.headers.get('content-length'),
    corpo: Buffer.from(await response.arrayBuffer()),
  };
};

describe('listasLongas', () => {
  it("answers the default serializer's bytes and headers, many answers in flight at once", async () => {
    const pedidos = Array.from({ length: 48 }, (_, k) => `?n=${[0, 1, 2, 500, 1500][k % 5]}&s=${k}`);
    const respostas = await Promise.all(
      pedidos.map(async (q) => [await ler(`/lista${q}`, basePadrao), await ler(`/lista${q}`)]),
    );
    for (const [esperada, longa] of respostas) {
      expect(longa!.status).toBe(200);
      expect(longa!.tipo).toBe(esperada!.tipo);
      expect(longa!.tamanho).toBe(esperada!.tamanho);
      expect(longa!.corpo.equals(esperada!.corpo)).toBe(true);
    }
    // The list's answers were written into the pool's buffers, back in it once they left.
    expect(buffersGuardados()).toBeGreaterThan(0);
    // Again, now that the pool holds buffers earlier answers used.
    const [esperada, longa] = [await ler('/lista?n=700&s=99', basePadrao), await ler('/lista?n=700&s=99')];
    expect(longa.corpo.equals(esperada.corpo)).toBe(true);
    expect(JSON.parse(longa.corpo.toString())[0]).not.toHaveProperty('extra');
  });

  it("keeps the route's own preSerialization hook", async () => {
    const [esperada, longa] = [await ler('/com-gancho?n=3&s=1', basePadrao), await ler('/com-gancho?n=3&s=1')];
    expect(longa.corpo.equals(esperada.corpo)).toBe(true);
    expect(JSON.parse(longa.corpo.toString())).toHaveLength(2);
  });

  it('answers 500 for a value the schema refuses, as the default serializer does', async () => {
    expect((await ler('/recusada')).status).toBe(500);
    expect((await ler('/recusada', basePadrao)).status).toBe(500);
  });

  it("answers another status through that status's schema", async () => {
    const [esperada, longa] = [await ler('/erro', basePadrao), await ler('/erro')];
    expect(longa.status).toBe(404);
    expect(longa.corpo.equals(esperada.corpo)).toBe(true);
    expect(JSON.parse(longa.corpo.toString())).toEqual({ message: 'Não encontrado' });
  });
});
