import { describe, expect, it } from 'vitest';
import { requestKind } from './routing';

/** Issue 49: what the staff app's service worker answers, and what it leaves to the network. */
const ORIGIN = 'https://rede.example.com.br';
const PRECACHED = new Set(['/', '/manifest.webmanifest', '/assets/main-abc.js']);
const kind = (path: string, mode = 'navigate', method = 'GET', origin = ORIGIN) =>
  requestKind(method, mode, new URL(path, origin), ORIGIN, PRECACHED);

describe('the service worker', () => {
  it('answers a staff screen opened with no signal from the kept shell', () => {
    expect(kind('/eventos/123/check-in')).toBe('shell');
    expect(kind('/')).toBe('shell');
    expect(kind('/leads?eventoId=1')).toBe('shell');
  });

  it('never answers a public page, the API, a write or another origin', () => {
    for (const path of ['/credito-estudantil', '/credito-estudantil/', '/voucher/abc', '/parcelas/x', '/meus-dados']) {
      expect(kind(path), path).toBe('network');
    }
    expect(kind('/api/user', 'cors')).toBe('network');
    expect(kind('/api/eventos/1/check-in/roteiro', 'navigate')).toBe('network');
    expect(kind('/api/eventos/1/presencas/lote', 'cors', 'POST')).toBe('network');
    expect(kind('/assets/main-abc.js', 'no-cors', 'GET', 'https://cdn.example.com')).toBe('network');
  });

  it('answers the hashed assets and the kept files from the cache first', () => {
    expect(kind('/assets/main-abc.js', 'cors')).toBe('asset');
    expect(kind('/assets/other-chunk.js', 'cors')).toBe('asset');
    expect(kind('/manifest.webmanifest', 'cors')).toBe('asset');
    expect(kind('/og-image.jpg', 'no-cors')).toBe('network');
  });
});
