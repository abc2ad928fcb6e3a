/**
 * The staff application's service worker (issue 49, ADR 105), built by scripts/build-steps.mjs into /sw.js with
 * the list of files to keep (the page shell, the application's code and the check-in screen's chunks, read from
 * Vite's build manifest) and a version named after them.
 *
 * - Navigations to a staff screen go to the network first; without one, the kept shell answers, so the check-in
 *   screen opens with no signal. A public page's navigation is never answered here (the static routes send it to
 *   the network before this worker even starts, where the browser has them).
 * - `/api/*` is never answered nor kept: every answer of the API stays between the page and the server.
 * - The hashed assets are answered from the cache first (they never change under a name), and kept when fetched.
 * - A new version installs and waits: the page asks it to take over ('Atualizar') when nothing is being scanned or
 *   sent, or it takes over on the next open, when every tab of the old one is closed.
 */
import { PUBLIC_PAGE_PATHS, PUBLIC_PAGE_PREFIXES } from '@shared/public-pages';
import { cacheNameFor, isOwnCache, requestKind } from './routing';

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface RouterRule {
  condition: { urlPattern?: unknown; requestMode?: string; or?: { urlPattern: unknown }[] };
  source: 'network' | 'fetch-event' | 'cache';
}
interface InstallEvent extends ExtendableEvent {
  addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void>;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;
const CACHE = cacheNameFor(__SW_VERSION__);
const SHELL = '/';
const PRECACHED = new Set(__SW_PRECACHE__);

/**
 * Where the browser has the static routing API (Chromium 123+): the API and the public pages go straight to the
 * network, without waking this worker -- a public page opened on a staff phone loads as on any other.
 */
function staticRoutes(): RouterRule[] {
  const Pattern = (globalThis as { URLPattern?: new (init: { pathname: string }) => unknown }).URLPattern;
  if (!Pattern) return [];
  const network = (pathname: string): RouterRule => ({
    condition: { urlPattern: new Pattern({ pathname }) },
    source: 'network',
  });
  return [
    network('/api/*'),
    ...PUBLIC_PAGE_PATHS.flatMap((path) => [network(path), network(`${path}/`)]),
    ...PUBLIC_PAGE_PREFIXES.map((prefix) => network(`${prefix}*`)),
  ];
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const routes = staticRoutes();
      if (routes.length > 0 && event.addRoutes) await event.addRoutes(routes).catch(() => {});
      const cache = await caches.open(CACHE);
      await cache.addAll([...PRECACHED]);
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isOwnCache(name) && name !== CACHE).map((name) => caches.delete(name)));
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

async function shellFromNetworkOrCache(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(SHELL, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function assetFromCacheOrNetwork(request: Request, keep: boolean): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (keep && response.ok) await cache.put(request, response.clone()).catch(() => {});
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const kind = requestKind(request.method, request.mode, url, sw.location.origin, PRECACHED);
  if (kind === 'shell') event.respondWith(shellFromNetworkOrCache(request));
  else if (kind === 'asset') event.respondWith(assetFromCacheOrNetwork(request, url.pathname.startsWith('/assets/')));
  // 'network': not answered here, the browser fetches it as if there were no worker.
});
