import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PresencaLoteInput } from '@shared/schemas/check-in-offline';
import { NetworkError } from '@/lib/api-client';
import { clearOfflineData } from '@/lib/offline-db';
import { enviarFilasAntesDeSair, naoEnviadosAoSair } from './antes-de-sair';
import { enfileirar, pendentes } from './fila';

const enviarLote = vi.hoisted(() => vi.fn());
vi.mock('../api/check-in-offline', () => ({ enviarLote }));

/** Issue 49: signing out clears the device, so it first sends what the door checked in without a signal. */

const EVENTOS = ['11111111-1111-4111-8111-111111111111', '55555555-5555-4555-8555-555555555555'];
const checkIn = (n: number, eventoId: string) => ({
  idCliente: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  eventoId,
  leadId: '22222222-2222-4222-8222-222222222222',
  em: new Date(Date.UTC(2026, 4, 10, 13, 0, n)).toISOString(),
  leadIdLocal: '22222222-2222-4222-8222-222222222222',
  nome: 'Maria M. S.',
});

beforeAll(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  enviarLote.mockReset();
  await clearOfflineData();
});

describe('signing out with check-ins still on the device', () => {
  it('sends every event’s queue first and lets the sign-out go on once the server answered them all', async () => {
    await enfileirar(checkIn(1, EVENTOS[0]!));
    await enfileirar(checkIn(2, EVENTOS[1]!));
    enviarLote.mockImplementation(async (_eventoId: string, body: PresencaLoteInput) => ({
      itens: body.itens.map((i) => ({
        idCliente: i.idCliente,
        resultado: 'registrada',
        leadId: null,
        primeiroNome: 'Maria',
        motivo: null,
      })),
      presentes: 1,
      inscritos: 1,
    }));
    expect(await enviarFilasAntesDeSair()).toBe(0);
    expect(enviarLote.mock.calls.map(([eventoId]) => eventoId).sort()).toEqual([...EVENTOS].sort());
    expect(await pendentes(EVENTOS[0]!)).toEqual([]);
  });

  it('keeps them, and says how many, when there is no signal: the sign-out must wait', async () => {
    await enfileirar(checkIn(1, EVENTOS[0]!));
    await enfileirar(checkIn(2, EVENTOS[0]!));
    enviarLote.mockRejectedValue(new NetworkError());
    expect(await enviarFilasAntesDeSair()).toBe(2);
    expect(await pendentes(EVENTOS[0]!)).toHaveLength(2);
    expect(naoEnviadosAoSair(2)).toBe(
      'Há 2 check-ins feitos sem conexão neste aparelho ainda não enviados. Conecte-se à internet e tente sair de novo: sair agora apagaria esses check-ins.',
    );
  });

  it('asks nothing of the server when nothing waits', async () => {
    expect(await enviarFilasAntesDeSair()).toBe(0);
    expect(enviarLote).not.toHaveBeenCalled();
  });
});
