import type { RouteAccess } from '../../src/server/plugins/authorization';
import { ROLES, type Role } from '../../src/shared/roles';

/** Who calls: the six roles and a visitor without a session. */
export const CALLERS = ['anonymous', ...ROLES] as const;
export type Caller = (typeof CALLERS)[number];

/** 401 and 403 are the server's refusals; 'allowed' means the call gets past authorization. */
export type Expected = 401 | 403 | 'allowed';
export type AccessMatrix = Record<string, Record<Caller, Expected>>;

export function expectedFor(access: RouteAccess['access'], caller: Caller): Expected {
  if (access === 'public') return 'allowed';
  // A 'token' route (a gateway's webhook, issue 43): nobody of the matrix holds the token.
  if (access === 'token') return 401;
  if (caller === 'anonymous') return 401;
  if (access === 'authenticated') return 'allowed';
  return access.includes(caller as Role) ? 'allowed' : 403;
}

/** The matrix of every declared /api route, sorted so the committed JSON diffs cleanly. */
export function buildAccessMatrix(routes: readonly RouteAccess[]): AccessMatrix {
  const matrix: AccessMatrix = {};
  for (const route of [...routes].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`))) {
    matrix[`${route.method} ${route.url}`] = Object.fromEntries(
      CALLERS.map((caller) => [caller, expectedFor(route.access, caller)]),
    ) as Record<Caller, Expected>;
  }
  return matrix;
}
