import { LOTE_MAX_ITENS, type PresencaLoteAnswer, type PresencaLoteItem } from '@shared/schemas/check-in-offline';
import { ApiError, NetworkError } from '@/lib/api-client';
import { done, STORES, withStores } from '@/lib/offline-db';
import type { CheckInNaFila } from './roteiro-store';

/**
 * The device's queue of offline check-ins (issue 49, ADR 105), kept in IndexedDB so closing the tab loses nothing.
 * Each check-in is keyed by its own `idCliente`: putting it twice keeps one, and the server answers a check-in sent
 * twice with nothing new. An item leaves the queue only once the server has answered it, whatever the answer.
 */

/** Adds a check-in to the queue; the same `idCliente` again replaces it (one item, never two). */
export async function enfileirar(checkIn: CheckInNaFila): Promise<void> {
  await withStores([STORES.fila], 'readwrite', async (tx) => {
    await done(tx.objectStore(STORES.fila).put(checkIn));
  });
}

/** The event's check-ins waiting, oldest first, at most `limite`. */
export async function pendentes(eventoId: string, limite = Number.POSITIVE_INFINITY): Promise<CheckInNaFila[]> {
  const itens = await withStores([STORES.fila], 'readonly', (tx) =>
    done(tx.objectStore(STORES.fila).index('eventoId').getAll(eventoId) as IDBRequest<CheckInNaFila[]>),
  );
  return itens.sort((a, b) => a.em.localeCompare(b.em) || a.idCliente.localeCompare(b.idCliente)).slice(0, limite);
}

export async function contarPendentes(eventoId: string): Promise<number> {
  return withStores([STORES.fila], 'readonly', (tx) =>
    done(tx.objectStore(STORES.fila).index('eventoId').count(eventoId)),
  );
}

/** Removes the answered check-ins, in one transaction. */
async function remover(idClientes: string[]): Promise<void> {
  if (idClientes.length === 0) return;
  await withStores([STORES.fila], 'readwrite', async (tx) => {
    const store = tx.objectStore(STORES.fila);
    await Promise.all(idClientes.map((id) => done(store.delete(id))));
  });
}

/** What goes over the wire for a queued check-in: its id, when, and its token or lead -- nothing of the screen's. */
export const paraEnvio = ({ idCliente, token, leadId, em }: CheckInNaFila): PresencaLoteItem =>
  token ? { idCliente, token, em } : { idCliente, leadId: leadId!, em };

export interface Recusada {
  idCliente: string;
  nome: string;
  motivo: string;
}

export interface ResultadoEnvio {
  /** Check-ins the server answered (and that left the queue). */
  enviados: number;
  /** Those it refused, with its reason: shown to the staff, since the family is not in. */
  recusadas: Recusada[];
  conflitos: number;
  /** The message of a batch that failed whole (no network, or the server's 4xx/5xx); the rest stays queued. */
  erro: string | null;
  semRede: boolean;
}

/**
 * Sends the event's queue in batches of at most 500 through `send` (POST .../presencas/lote) until it is empty or a
 * batch fails. The items a batch's answer names leave the queue; a batch that got no answer (network) or a whole
 * refusal keeps every item for the next try; an answer that names only some leaves the others for the next batch.
 */
export async function enviarFila(
  eventoId: string,
  send: (itens: PresencaLoteItem[]) => Promise<PresencaLoteAnswer>,
  tamanho: number = LOTE_MAX_ITENS,
): Promise<ResultadoEnvio> {
  const resultado: ResultadoEnvio = { enviados: 0, recusadas: [], conflitos: 0, erro: null, semRede: false };
  for (;;) {
    const lote = await pendentes(eventoId, Math.min(tamanho, LOTE_MAX_ITENS));
    if (lote.length === 0) return resultado;
    let answer: PresencaLoteAnswer;
    try {
      answer = await send(lote.map(paraEnvio));
    } catch (error) {
      resultado.semRede = error instanceof NetworkError;
      resultado.erro =
        error instanceof NetworkError || error instanceof ApiError
          ? error.message
          : 'Não foi possível enviar os check-ins.';
      return resultado;
    }
    const noLote = new Map(lote.map((item) => [item.idCliente.toLowerCase(), item]));
    const respondidos: string[] = [];
    for (const item of answer.itens) {
      const naFila = noLote.get(item.idCliente.toLowerCase());
      if (!naFila) continue;
      respondidos.push(naFila.idCliente);
      if (item.resultado === 'recusada') {
        resultado.recusadas.push({
          idCliente: naFila.idCliente,
          nome: item.primeiroNome ?? naFila.nome,
          motivo: item.motivo ?? 'Check-in recusado.',
        });
      } else if (item.resultado === 'conflito') {
        resultado.conflitos += 1;
      }
    }
    await remover(respondidos);
    resultado.enviados += respondidos.length;
    // An answer that named none of the batch would send the same batch forever.
    if (respondidos.length === 0) {
      resultado.erro = 'O servidor não confirmou os check-ins enviados. Tente novamente.';
      return resultado;
    }
  }
}
