import { useSyncExternalStore } from 'react';

/**
 * The staff application's service worker (issue 49, ADR 105): registered once a user is signed in (the public pages
 * never register it), and its updates. A new version installs and waits; the shell offers 'Atualizar' when one is
 * waiting and no screen says it is busy (a check-in scanning or sending its queue), and it takes over on the next
 * open otherwise.
 */

export const PWA_MESSAGES = {
  novaVersao: 'Nova versão disponível',
  novaVersaoDetalhe: 'Atualize para usar a versão mais recente do aplicativo.',
  atualizar: 'Atualizar',
} as const;

let registering: Promise<ServiceWorkerRegistration | null> | null = null;
let waiting: ServiceWorker | null = null;
const busy = new Set<string>();
const listeners = new Set<() => void>();
let snapshot = { updateReady: false, busy: false };

function changed() {
  snapshot = { updateReady: waiting !== null, busy: busy.size > 0 };
  for (const listener of listeners) listener();
}

function watch(registration: ServiceWorkerRegistration) {
  const offer = (worker: ServiceWorker | null) => {
    // The first install has no page to update: only a worker waiting behind another is a new version.
    if (!worker || !navigator.serviceWorker.controller) return;
    waiting = worker;
    changed();
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // A screen left open for the day still learns of a new version when it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => {});
  });
}

/** Registers /sw.js for the whole site; in production builds only (the development server has no /sw.js). */
export function registerServiceWorker(enabled = import.meta.env.PROD): Promise<ServiceWorkerRegistration | null> {
  if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
    (registration) => {
      watch(registration);
      return registration;
    },
    () => null, // A browser that refuses it (private mode) keeps working online.
  );
  return registering;
}

/** The waiting version takes over, and the page reloads on it. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** A screen in the middle of something an update must not cut (scanning, sending a queue) says so under a key. */
export function setBusy(key: string, value: boolean): void {
  if (value === busy.has(key)) return;
  if (value) busy.add(key);
  else busy.delete(key);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether to offer the new version now: one is waiting and nothing is busy. */
export function useUpdateOffer(): boolean {
  const state = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  return state.updateReady && !state.busy;
}
