import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed/demo-network';
import type { Role } from '../../src/shared/roles';
import { login } from '../setup/test-app';

/**
 * Who sends a request: a demo role, any user by e-mail (the demo password unless told), a session cookie as
 * the browser sends it (`sid=...`), or nobody (null).
 */
export type Caller = Role | { email: string; password?: string } | { cookie: string } | null;

/** Sessions by app, then by demo role or user: each signs in on its first request and keeps that session. */
const sessions = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();

function userOf(caller: Role | { email: string; password?: string }) {
  return typeof caller === 'string'
    ? { email: DEMO_ACCOUNTS[caller], password: DEMO_PASSWORD }
    : { email: caller.email, password: caller.password ?? DEMO_PASSWORD };
}

/** The caller's session cookie, signing it in on the app the first time (undefined for nobody). */
export async function sessionOf(app: FastifyInstance, caller: Caller): Promise<string | undefined> {
  if (caller === null) return undefined;
  if (typeof caller === 'object' && 'cookie' in caller) return caller.cookie;
  const { email, password } = userOf(caller);
  let byUser = sessions.get(app);
  if (!byUser) sessions.set(app, (byUser = new Map()));
  const key = `${email.toLowerCase()}\n${password}`;
  let session = byUser.get(key);
  if (!session) {
    session = login(app, email, password);
    byUser.set(key, session);
    // A failed sign-in is not kept: the next request tries again.
    session.catch(() => byUser.delete(key));
  }
  return session;
}

/** `app.inject` with the caller's session cookie (any cookie header in `options` is replaced). */
export async function injectAs(
  app: FastifyInstance,
  caller: Caller,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const cookie = await sessionOf(app, caller);
  return app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
}

type Options = Omit<InjectOptions, 'method' | 'url' | 'payload'>;
type WithPayload = (url: string, payload?: unknown, options?: Options) => Promise<LightMyRequestResponse>;

export interface CallerRequests {
  get(url: string, options?: Options): Promise<LightMyRequestResponse>;
  post: WithPayload;
  put: WithPayload;
  patch: WithPayload;
  delete: WithPayload;
}

/** The caller's requests on the app: `as(app, 'cliente').post('/api/cursos', body)`. */
export function as(app: FastifyInstance, caller: Caller): CallerRequests {
  const send =
    (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'): WithPayload =>
    (url, payload, options = {}) =>
      injectAs(app, caller, { ...options, method, url, payload: payload as InjectOptions['payload'] });
  return {
    get: (url, options = {}) => injectAs(app, caller, { ...options, method: 'GET', url }),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: send('DELETE'),
  };
}
