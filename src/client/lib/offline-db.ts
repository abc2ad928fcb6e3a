/**
 * The device's own store (issue 49, ADR 105): a thin promise wrapper over IndexedDB for what the staff app keeps
 * to work without a signal -- an event's roster, the check-ins made offline waiting to be sent, and the signed-in
 * user for a page reopened with no network. Everything in it is cleared at logout and when another user signs in.
 */

const DB_NAME = 'rede-offline';
const DB_VERSION = 1;

export const STORES = {
  /** One record per event: `{ eventoId, roteiro, atualizadoEm }`. */
  roteiros: 'roteiros',
  /** One record per offline check-in, keyed by its `idCliente`, indexed by `eventoId`. */
  fila: 'fila',
  /** `{ chave: 'usuario', usuario }`: the last signed-in user. */
  sessao: 'sessao',
} as const;
export type StoreName = (typeof STORES)[keyof typeof STORES];

let opening: Promise<IDBDatabase> | null = null;

/** Whether this browser has IndexedDB at all (a test's jsdom has none; private modes may refuse it). */
export const offlineStoreAvailable = (): boolean => typeof indexedDB !== 'undefined';

/** An IDBRequest as a promise. */
export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORES.roteiros))
        db.createObjectStore(STORES.roteiros, { keyPath: 'eventoId' });
      if (!db.objectStoreNames.contains(STORES.fila)) {
        db.createObjectStore(STORES.fila, { keyPath: 'idCliente' }).createIndex('eventoId', 'eventoId');
      }
      if (!db.objectStoreNames.contains(STORES.sessao)) db.createObjectStore(STORES.sessao, { keyPath: 'chave' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the store: this one lets go, and opens it again on its next call.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB'));
    };
  });
  return opening;
}

/**
 * Runs `work` in one transaction over `stores` and settles when the transaction has committed (or failed): several
 * writes in it land together or not at all. `work` may await only the requests of `tx` (anything else lets the
 * transaction close).
 */
export async function withStores<T>(
  stores: StoreName[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T>,
): Promise<T> {
  const db = await openDb();
  const tx = db.transaction(stores, mode);
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB: transação abortada'));
  });
  try {
    const result = await work(tx);
    await committed;
    return result;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already finished.
    }
    committed.catch(() => {});
    throw error;
  }
}

/** Empties every store (logout, another user): the rosters, the queue and the remembered user. */
export async function clearOfflineData(): Promise<void> {
  if (!offlineStoreAvailable()) return;
  await withStores(Object.values(STORES), 'readwrite', async (tx) => {
    await Promise.all(Object.values(STORES).map((name) => done(tx.objectStore(name).clear())));
  });
}
