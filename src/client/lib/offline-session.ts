import type { SessionUser } from '@shared/schemas/auth';
import { clearOfflineData, done, offlineStoreAvailable, STORES, withStores } from './offline-db';

/**
 * The signed-in user kept on the device (issue 49), so a staff screen reopened with no signal (the check-in at a
 * gym's door) still knows who is using it. Only read when the session cannot be asked for at all; the server
 * decides everything again once the signal is back. A different user signing in clears what the previous one
 * left on the device.
 */

interface Registro {
  chave: 'usuario';
  usuario: SessionUser;
}

export async function rememberSessionUser(user: SessionUser): Promise<void> {
  if (!offlineStoreAvailable()) return;
  try {
    const previous = await lastSessionUser();
    if (previous && previous.id !== user.id) await clearOfflineData();
    if (previous && JSON.stringify(previous) === JSON.stringify(user)) return;
    await withStores([STORES.sessao], 'readwrite', async (tx) => {
      await done(tx.objectStore(STORES.sessao).put({ chave: 'usuario', usuario: user } satisfies Registro));
    });
  } catch {
    // A device that refuses the store simply has no offline session.
  }
}

export async function lastSessionUser(): Promise<SessionUser | null> {
  if (!offlineStoreAvailable()) return null;
  try {
    const registro = await withStores([STORES.sessao], 'readonly', (tx) =>
      done(tx.objectStore(STORES.sessao).get('usuario') as IDBRequest<Registro | undefined>),
    );
    return registro?.usuario ?? null;
  } catch {
    return null;
  }
}
