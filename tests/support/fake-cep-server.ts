import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A stand-in for viaCEP in tests: `GET /ws/{cep}/json/` answers like the real service (`{localidade, uf}` on
 * a hit, `{erro: "true"}` for an unknown code). A few codes misbehave on purpose. Run this file directly to
 * serve on FAKE_CEP_PORT (the e2e suite does); tests import startFakeCepServer() and use port 0.
 */

export const FAKE_CEPS: Record<string, { localidade: string; uf: string; logradouro?: string; bairro?: string }> = {
  '01310100': { localidade: 'São Paulo', uf: 'SP' },
  // A street's own code (issue 51: an event's address filled from it).
  '13015001': { localidade: 'Campinas', uf: 'SP', logradouro: 'Rua Barão de Jaguara', bairro: 'Centro' },
  '13010111': { localidade: 'Campinas', uf: 'SP' },
  '20040020': { localidade: 'Rio de Janeiro', uf: 'RJ' },
  '30130010': { localidade: 'Belo Horizonte', uf: 'MG' },
  '80010000': { localidade: 'Curitiba', uf: 'PR' },
};
/** Answers 500. */
export const FAKE_CEP_BROKEN = '55555555';
/** Never answers (for timeouts). */
export const FAKE_CEP_HANGING = '44444444';

export interface FakeCepServer {
  /** CEP_API_URL for the app, with `{cep}` where the code goes. */
  urlTemplate: string;
  port: number;
  /** The codes asked so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

export function createFakeCepServer(requests: string[] = []): Server {
  return createServer((req, res) => {
    const match = /^\/ws\/([^/]+)\/json\/?$/.exec(req.url ?? '');
    if (req.url === '/health') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const cep = decodeURIComponent(match[1]!);
    requests.push(cep);
    if (cep === FAKE_CEP_HANGING) return;
    if (cep === FAKE_CEP_BROKEN) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('boom');
      return;
    }
    if (!/^\d{8}$/.test(cep)) {
      res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>Bad Request</h1>');
      return;
    }
    const hit = FAKE_CEPS[cep];
    const body = hit
      ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, logradouro: 'Rua de Teste', bairro: 'Centro', ...hit }
      : { erro: 'true' };
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
}

export async function startFakeCepServer(port = 0, host = '127.0.0.1'): Promise<FakeCepServer> {
  const requests: string[] = [];
  const server = createFakeCepServer(requests);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    urlTemplate: `http://${host}:${actual}/ws/{cep}/json/`,
    port: actual,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.FAKE_CEP_PORT ?? 6179);
  const fake = await startFakeCepServer(port);
  console.warn(`fake CEP service on ${fake.urlTemplate}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
