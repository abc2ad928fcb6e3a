import type { FastifyRequest } from 'fastify';

/** The path of a request target, absolute-form (`http://host/api/x`) included, without its query, %-decoded. */
function decodedPath(url: string): string {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const mark = path.search(/[?#]/);
  if (mark !== -1) path = path.slice(0, mark);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * True when a request is for the API. Decided by the route the router matched, not by the raw URL: the router
 * also matches `/%61pi/...` and absolute-form targets to API routes, and those must get the API's no-store,
 * session and answers like any other. An unrouted request is judged by its decoded path.
 */
export function isApiRequest(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  const route = request.routeOptions?.url;
  if (route && !route.includes('*')) return route.startsWith('/api/');
  const path = decodedPath(request.url);
  return path === '/api' || path.startsWith('/api/');
}
