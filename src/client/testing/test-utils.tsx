import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/roles';
import type { SessionUser } from '@shared/schemas/auth';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

// A screen's chunk, its zod rules and the toaster load lazily, as in the browser; on a busy two-core machine that
// takes longer than testing-library's default 1 s wait -- the first render of a file, which transforms the
// app's modules, once took 5.6 s in CI beside the server's suite. A wait, not a looser assertion: what never
// appears still fails.
configure({ asyncUtilTimeout: 10_000 });

export function createUser(overrides: Partial<SessionUser> & { role?: Role } = {}): SessionUser {
  return { id: 'u-1', email: 'maria@exemplo.com.br', nome: 'Maria Souza', role: 'franqueador', ...overrides };
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
  /** Answer headers besides Content-Type (X-Total-Count, ...). */
  headers?: Record<string, string>;
}

/** An answer, a function of the request body, or a promise that never settles (loading states). */
export type MockHandler =
  MockAnswer | ((body: unknown) => MockAnswer | Promise<MockAnswer>) | 'pending' | 'network-error';

/**
 * Replaces fetch. Keys are 'METHOD /path' (query string ignored); an unknown call answers 404.
 * Returns the mock so a test can read the calls it received.
 */
export function mockFetch(handlers: Record<string, MockHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const handler = handlers[key];
    if (handler === 'pending') return new Promise<Response>(() => {});
    if (handler === 'network-error') throw new TypeError('Failed to fetch');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer =
      typeof handler === 'function'
        ? await handler(body)
        : (handler ?? { status: 404, body: { message: 'Não encontrado' } });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The answers of a signed-in session (or of no session with null). */
export function sessionHandlers(user: SessionUser | null): Record<string, MockHandler> {
  return {
    'GET /api/user': user ? { body: user } : { status: 401, body: { message: 'Não autenticado' } },
  };
}

/** Renders the real route table at a path, inside the app's providers. */
export function renderApp(path: string, { queryClient = createQueryClient() }: { queryClient?: QueryClient } = {}) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

/**
 * Loads the chunks of the screens at `paths` (the shell, the screen) before a test's first wait: the first import
 * of a screen transforms its whole module graph, which on a busy CI machine takes longer than any wait for it.
 * Call it in a beforeAll with a long timeout; renderApp then finds the screens as the browser does once cached.
 */
export async function loadScreens(...paths: string[]) {
  const lazies = paths.flatMap((path) => matchRoutes(routes, path) ?? []).map(({ route }) => route.lazy);
  await Promise.all(lazies.map((lazy) => (typeof lazy === 'function' ? lazy() : undefined)));
}

/** Renders one component at a path, with the app's providers and any extra routes it navigates to. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', extraRoutes = [] }: { path?: string; extraRoutes?: RouteObject[] } = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }, ...extraRoutes], { initialEntries: [path] });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}
