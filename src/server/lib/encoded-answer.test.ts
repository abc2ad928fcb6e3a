import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, encodedAnswer, sendEncodedAnswer } from './encoded-answer';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
    ['x-gzip', true],
    ['', false],
  ])('%s: %s', (header, takes) => {
    expect(acceptsGzip(header)).toBe(takes);
  });
  it('without the header: no', () => expect(acceptsGzip(undefined)).toBe(false));
});

describe('a kept answer sent', () => {
  const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, nome: `Escola ${i}` })));

  async function app(json: string) {
    const answer = await encodedAnswer(json);
    const server = Fastify();
    server.get('/', (request, reply) => sendEncodedAnswer(request, reply, answer));
    return server;
  }

  it('gzipped to a browser, as text to a client that does not take gzip, the same JSON either way', async () => {
    const server = await app(big);
    const zipped = await server.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.rawPayload.length).toBeLessThan(big.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(big);
    const plain = await server.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toBe(big);
    await server.close();
  });

  it('sends a small answer as it is, whatever the client takes', async () => {
    const server = await app('[]');
    const response = await server.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('[]');
    await server.close();
  });
});
