import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PresencaLoteAnswer, PresencaLoteItem, Roteiro } from '@shared/schemas/check-in-offline';
import { ApiError, NetworkError } from '@/lib/api-client';
import { clearOfflineData } from '@/lib/offline-db';
import { dispositivoId, dispositivoNome } from './dispositivo';
import { contarPendentes, enfileirar, enviarFila, pendentes } from './fila';
import { sha256Hex } from './hash';
import { guardarRoteiro, lerRoteiro, registrarLocal, type CheckInNaFila } from './roteiro-store';

/**
 * Issue 49: the device's roster and queue of offline check-ins, on an in-memory IndexedDB. What the staff at the
 * door notices: a known voucher is in at once and only once, an unknown one is refused, nothing is lost when the
 * network fails and nothing is sent twice once answered, and an old event's roster is forgotten.
 */

const TOKEN_MARIA = 'A'.repeat(43);
const TOKEN_JOAO = 'B'.repeat(43);
const EVENTO = '11111111-1111-4111-8111-111111111111';
const AGORA = new Date('2026-05-10T13:00:00Z');

async function roteiro(overrides: Partial<Roteiro> = {}): Promise<Roteiro> {
  return {
    eventoId: EVENTO,
    nomeEscola: 'Escola Estadual Centro',
    dataEvento: '2026-05-10',
    versao: 'v1',
    geradoEm: '2026-05-10T12:00:00.000Z',
    expiraEm: '2026-05-12T23:59:59.000Z',
    itens: [
      {
        leadId: '22222222-2222-4222-8222-222222222222',
        tokenHashes: [await sha256Hex(TOKEN_MARIA)],
        codigoHash: await sha256Hex('K7M2QX'),
        primeiroNome: 'Maria',
        iniciais: 'M. S.',
        presente: false,
      },
      {
        leadId: '33333333-3333-4333-8333-333333333333',
        tokenHashes: [await sha256Hex(TOKEN_JOAO)],
        codigoHash: await sha256Hex('ABC234'),
        primeiroNome: 'João',
        iniciais: 'J. P.',
        presente: true,
      },
    ],
    ...overrides,
  };
}

const naFila = (n: number): CheckInNaFila => ({
  idCliente: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  eventoId: EVENTO,
  leadId: '22222222-2222-4222-8222-222222222222',
  em: new Date(AGORA.getTime() + n * 1000).toISOString(),
  leadIdLocal: '22222222-2222-4222-8222-222222222222',
  nome: 'Maria M. S.',
});

/** The server's answer to a batch: every item with `resultado`. */
const answerAll = (
  itens: PresencaLoteItem[],
  resultado: 'registrada' | 'recusada' = 'registrada',
): PresencaLoteAnswer => ({
  itens: itens.map((i) => ({
    idCliente: i.idCliente,
    resultado,
    leadId: i.leadId ?? null,
    primeiroNome: 'Maria',
    motivo: resultado === 'recusada' ? 'Esta inscrição foi cancelada.' : null,
  })),
  presentes: 1,
  inscritos: 2,
});

beforeAll(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  await clearOfflineData();
});

describe('hashing', () => {
  it("names a token by its SHA-256 in lower-case hex, as the server's roster does", async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('a check-in with no signal', () => {
  it('marks a known voucher present at once and queues it with its own id and time', async () => {
    await guardarRoteiro(await roteiro(), AGORA);
    const answer = await registrarLocal(EVENTO, { token: TOKEN_MARIA }, AGORA, '44444444-4444-4444-8444-444444444444');
    expect(answer).toMatchObject({ resultado: 'registrada', item: { primeiroNome: 'Maria', presente: true } });
    expect(await pendentes(EVENTO)).toEqual([
      {
        idCliente: '44444444-4444-4444-8444-444444444444',
        eventoId: EVENTO,
        token: TOKEN_MARIA,
        em: AGORA.toISOString(),
        leadIdLocal: '22222222-2222-4222-8222-222222222222',
        nome: 'Maria M. S.',
      },
    ]);
  });

  it("says 'already' for a second scan on the same device, and queues nothing more", async () => {
    await guardarRoteiro(await roteiro(), AGORA);
    await registrarLocal(EVENTO, { token: TOKEN_MARIA }, AGORA);
    expect((await registrarLocal(EVENTO, { codigo: 'k7m2qx' }, AGORA)).resultado).toBe('ja_registrada');
    expect((await registrarLocal(EVENTO, { leadId: '22222222-2222-4222-8222-222222222222' }, AGORA)).resultado).toBe(
      'ja_registrada',
    );
    // Present on the server's roster already.
    expect((await registrarLocal(EVENTO, { token: TOKEN_JOAO }, AGORA)).resultado).toBe('ja_registrada');
    expect(await contarPendentes(EVENTO)).toBe(1);
  });

  it('finds a family by its short code or its name, sending the lead rather than a token', async () => {
    await guardarRoteiro(await roteiro(), AGORA);
    const answer = await registrarLocal(EVENTO, { codigo: 'K7M2QX' }, AGORA);
    expect(answer.resultado).toBe('registrada');
    const [queued] = await pendentes(EVENTO);
    expect(queued).toMatchObject({ leadId: '22222222-2222-4222-8222-222222222222' });
    expect(queued).not.toHaveProperty('token');
  });

  it('refuses a voucher that is not on the roster, and one with no roster on the device', async () => {
    expect((await registrarLocal(EVENTO, { token: TOKEN_MARIA }, AGORA)).resultado).toBe('sem_lista');
    await guardarRoteiro(await roteiro(), AGORA);
    expect((await registrarLocal(EVENTO, { token: 'C'.repeat(43) }, AGORA)).resultado).toBe('desconhecido');
    expect((await registrarLocal(EVENTO, { codigo: 'ZZZ999' }, AGORA)).resultado).toBe('desconhecido');
    expect(await contarPendentes(EVENTO)).toBe(0);
  });

  it('keeps a family checked in here present when a fresher roster arrives before the queue is sent', async () => {
    await guardarRoteiro(await roteiro(), AGORA);
    await registrarLocal(EVENTO, { token: TOKEN_MARIA }, AGORA);
    const fresh = await guardarRoteiro(await roteiro({ versao: 'v2' }), AGORA);
    expect(fresh.roteiro.itens.find((i) => i.primeiroNome === 'Maria')?.presente).toBe(true);
    expect((await registrarLocal(EVENTO, { token: TOKEN_MARIA }, AGORA)).resultado).toBe('ja_registrada');
  });
});

describe('the roster on the device', () => {
  it('is forgotten once past expiraEm: read as expired once, then gone', async () => {
    await guardarRoteiro(await roteiro(), AGORA);
    expect(await lerRoteiro(EVENTO, AGORA)).toMatchObject({ atualizadoEm: AGORA.toISOString() });
    const depois = new Date('2026-05-13T00:00:00Z');
    expect(await lerRoteiro(EVENTO, depois)).toBe('expirado');
    expect(await lerRoteiro(EVENTO, depois)).toBeNull();
    expect((await registrarLocal(EVENTO, { token: TOKEN_MARIA }, depois)).resultado).toBe('sem_lista');
  });

  it('is cleared with the queue at logout', async () => {
    await guardarRoteiro(await roteiro(), AGORA);
    await registrarLocal(EVENTO, { token: TOKEN_MARIA }, AGORA);
    await clearOfflineData();
    expect(await lerRoteiro(EVENTO, AGORA)).toBeNull();
    expect(await contarPendentes(EVENTO)).toBe(0);
  });
});

describe('the queue', () => {
  it('keeps one item for the same check-in enqueued twice', async () => {
    await enfileirar(naFila(1));
    await enfileirar(naFila(1));
    await enfileirar(naFila(2));
    expect(await contarPendentes(EVENTO)).toBe(2);
  });

  it('removes every answered item, whatever the answer, and reports the refused ones with their reason', async () => {
    await enfileirar(naFila(1));
    await enfileirar({ ...naFila(2), nome: 'João J. P.' });
    const send = vi.fn(async (itens: PresencaLoteItem[]) => ({
      ...answerAll(itens),
      itens: [
        {
          idCliente: itens[0]!.idCliente,
          resultado: 'conflito' as const,
          leadId: null,
          primeiroNome: 'Maria',
          motivo: null,
        },
        {
          idCliente: itens[1]!.idCliente,
          resultado: 'recusada' as const,
          leadId: null,
          primeiroNome: null,
          motivo: 'Esta inscrição foi cancelada.',
        },
      ],
    }));
    const result = await enviarFila(EVENTO, send);
    expect(result).toMatchObject({ enviados: 2, conflitos: 1, erro: null, semRede: false });
    expect(result.recusadas).toEqual([
      { idCliente: naFila(2).idCliente, nome: 'João J. P.', motivo: 'Esta inscrição foi cancelada.' },
    ]);
    expect(await contarPendentes(EVENTO)).toBe(0);
  });

  it('sends only the id, the time and the token or lead of each check-in', async () => {
    await enfileirar(naFila(1));
    const send = vi.fn(async (itens: PresencaLoteItem[]) => answerAll(itens));
    await enviarFila(EVENTO, send);
    expect(send.mock.calls[0]![0]).toEqual([
      { idCliente: naFila(1).idCliente, leadId: naFila(1).leadId, em: naFila(1).em },
    ]);
  });

  it('keeps everything when the network fails, and sends it all on the next try', async () => {
    await enfileirar(naFila(1));
    await enfileirar(naFila(2));
    const failed = await enviarFila(EVENTO, async () => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    });
    expect(failed).toMatchObject({ enviados: 0, semRede: true, erro: 'Erro de conexão. Tente novamente.' });
    expect(await contarPendentes(EVENTO)).toBe(2);
    const send = vi.fn(async (itens: PresencaLoteItem[]) => answerAll(itens));
    expect((await enviarFila(EVENTO, send)).enviados).toBe(2);
    expect(send.mock.calls[0]![0].map((i) => i.idCliente)).toEqual([naFila(1).idCliente, naFila(2).idCliente]);
    expect(await contarPendentes(EVENTO)).toBe(0);
  });

  it("keeps the batch a 4xx refused whole, and shows the server's message", async () => {
    await enfileirar(naFila(1));
    const result = await enviarFila(EVENTO, async () => {
      throw new ApiError(404, 'Not Found', { message: 'Evento não encontrado.' });
    });
    expect(result).toMatchObject({ enviados: 0, semRede: false, erro: 'Evento não encontrado.' });
    expect(await contarPendentes(EVENTO)).toBe(1);
  });

  it('re-sends only what an answer left out', async () => {
    for (const n of [1, 2, 3]) await enfileirar(naFila(n));
    const calls: string[][] = [];
    const send = async (itens: PresencaLoteItem[]) => {
      calls.push(itens.map((i) => i.idCliente));
      // The first answer names only the first item; the next names all it gets.
      return answerAll(calls.length === 1 ? itens.slice(0, 1) : itens);
    };
    const result = await enviarFila(EVENTO, send);
    expect(result.enviados).toBe(3);
    expect(calls).toEqual([
      [naFila(1).idCliente, naFila(2).idCliente, naFila(3).idCliente],
      [naFila(2).idCliente, naFila(3).idCliente],
    ]);
  });

  it('sends batches of at most 500', async () => {
    for (let n = 1; n <= 620; n += 1) await enfileirar(naFila(n));
    const sizes: number[] = [];
    await enviarFila(EVENTO, async (itens) => {
      sizes.push(itens.length);
      return answerAll(itens);
    });
    expect(sizes).toEqual([500, 120]);
    expect(await contarPendentes(EVENTO)).toBe(0);
  });

  it('stops instead of looping when an answer names none of the batch', async () => {
    await enfileirar(naFila(1));
    const send = vi.fn(async () => ({ itens: [], presentes: 0, inscritos: 0 }));
    const result = await enviarFila(EVENTO, send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.erro).toMatch(/não confirmou/);
    expect(await contarPendentes(EVENTO)).toBe(1);
  });
});

describe('this device', () => {
  it('keeps one id, drawn once', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    const id = dispositivoId(storage);
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(dispositivoId(storage)).toBe(id);
  });

  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome no Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari no iPhone',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox no Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge no Windows',
    ],
    ['curl/8.0', 'Navegador'],
  ])('is named from its user agent: %s', (ua, nome) => {
    expect(dispositivoNome(ua)).toBe(nome);
  });
});
