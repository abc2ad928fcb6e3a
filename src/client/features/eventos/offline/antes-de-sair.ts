import { done, offlineStoreAvailable, STORES, withStores } from '@/lib/offline-db';
import { enviarLote } from '../api/check-in-offline';
import { dispositivoId, dispositivoNome } from './dispositivo';
import { enviarFila } from './fila';
import type { CheckInNaFila } from './roteiro-store';

async function naFila(): Promise<CheckInNaFila[]> {
  return withStores([STORES.fila], 'readonly', (tx) =>
    done(tx.objectStore(STORES.fila).getAll() as IDBRequest<CheckInNaFila[]>),
  );
}

/**
 * Before signing out (issue 49): signing out clears the device, so every event's queued check-ins are sent first.
 * Answers how many are still on the device (no signal, or the server refused the batch): the sign-out waits for
 * them, since a check-in made at the door is never lost.
 */
export async function enviarFilasAntesDeSair(): Promise<number> {
  if (!offlineStoreAvailable()) return 0;
  const antes = await naFila();
  if (antes.length === 0) return 0;
  const dispositivo = dispositivoId();
  const nome = dispositivoNome();
  for (const eventoId of new Set(antes.map((item) => item.eventoId))) {
    await enviarFila(eventoId, (itens) => enviarLote(eventoId, { dispositivo, dispositivoNome: nome, itens }));
  }
  return (await naFila()).length;
}

export const naoEnviadosAoSair = (n: number) =>
  `${n === 1 ? 'Há 1 check-in feito' : `Há ${n} check-ins feitos`} sem conexão neste aparelho ainda não ${
    n === 1 ? 'enviado' : 'enviados'
  }. Conecte-se à internet e tente sair de novo: sair agora apagaria ${n === 1 ? 'esse check-in' : 'esses check-ins'}.`;
