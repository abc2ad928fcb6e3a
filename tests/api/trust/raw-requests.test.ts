import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, loginAs, type TestContext } from '../../setup/test-app';

/**
 * What only a raw socket can send: request targets the router still matches to API routes (a %-escaped prefix,
 * the absolute form a proxy uses) and a body trickled byte by byte. A listening server, not inject().
 */

let ctx: TestContext;
let port: number;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp({ REQUEST_TIMEOUT_MS: '800' });
  cookie = await loginAs(ctx.app, 'franqueador');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

/** Sends `text` as is and resolves with everything the server wrote before it closed or went quiet. */
function raw(text: string, quietMs = 1500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer = setTimeout(() => socket.end(), quietMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      clearTimeout(timer);
      timer = setTimeout(() => socket.end(), 200);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', reject);
    socket.write(text);
  });
}

const headerOf = (answer: string, name: string) =>
  answer
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name}:`))
    ?.slice(name.length + 1)
    .trim();

describe('the API is decided by the matched route, not by the raw URL', () => {
  for (const target of ['/%61pi/user', `http://localhost/api/user`, '/%61%70%69/user']) {
    it(`${target} is the API: no-store, and the session is read`, async () => {
      const answer = await raw(
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1.1 200/);
      expect(answer).toContain('"email":"franqueador@demo.com.br"');
      expect(headerOf(answer, 'cache-control')).toBe('no-store');
    });
  }
});

describe('a request must arrive whole in time', () => {
  it('a POST whose body trickles in is cut off (REQUEST_TIMEOUT_MS), not held open for minutes', async () => {
    const started = Date.now();
    const body = JSON.stringify({ email: 'franqueador@demo.com.br', password: 'x'.repeat(40) });
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
      socket.write(
        `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      let sent = 0;
      const drip = setInterval(() => {
        if (socket.destroyed || sent >= body.length) return clearInterval(drip);
        socket.write(body[sent]!);
        sent += 1;
      }, 100);
      setTimeout(() => {
        clearInterval(drip);
        socket.destroy();
      }, 10_000);
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
  });
});
