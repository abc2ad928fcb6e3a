import { isPublicPagePath } from '@shared/public-pages';

/** The caches of this worker are named after its version; any other version's is deleted when it takes over. */
const PREFIX = 'rede-app-';
export const cacheNameFor = (version: string) => `${PREFIX}${version}`;
export const isOwnCache = (name: string) => name.startsWith(PREFIX);

/**
 * What the service worker does with a request (issue 49): `shell` -- a staff screen's navigation, network first and
 * the kept page shell without one; `asset` -- a kept or hashed file, cache first; `network` -- left alone (the API,
 * a public page, another origin, anything but a GET).
 */
export function requestKind(
  method: string,
  mode: string,
  url: URL,
  origin: string,
  precached: ReadonlySet<string>,
): 'shell' | 'asset' | 'network' {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'network';
  if (mode === 'navigate') return isPublicPagePath(url.pathname) ? 'network' : 'shell';
  if (url.pathname.startsWith('/assets/') || precached.has(url.pathname)) return 'asset';
  return 'network';
}
