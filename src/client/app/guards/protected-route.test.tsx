// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLES, PROTECTED_ROUTES, canAccessRoute, type RoutePath } from '@shared/roles';
import { createUser, loadScreens, mockFetch, renderApp, sessionHandlers } from '@/testing/test-utils';

// Every screen's chunk first: on a busy machine the shell's first import outlasts the spinner's wait (CI,
// 2026-11-25), and the first role's walk through every screen, importing each one, outlasted its own 20 s (load 20,
// 2026-11-27). The walk then times the routing, not the module loading.
beforeAll(() => loadScreens(...Object.keys(PROTECTED_ROUTES)), 180_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('protected routes', () => {
  it('shows a spinner while the session loads', async () => {
    mockFetch({ 'GET /api/user': 'pending' });
    renderApp('/franquias');
    expect(await screen.findByText('Carregando sessão...')).toBeInTheDocument();
  });

  it('sends a visitor without a session to /auth', async () => {
    mockFetch(sessionHandlers(null));
    const { router } = renderApp('/franquias');
    expect(await screen.findByRole('heading', { name: 'Entrar na conta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("denies a role the screen does not allow, naming the user's role", async () => {
    mockFetch({ ...sessionHandlers(createUser({ role: 'cliente' })), 'GET /api/dashboard/metrics': 'pending' });
    renderApp('/franquias');
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' })).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para acessar esta página.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Cliente')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Franquias' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Voltar ao Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard do Cliente' })).toBeInTheDocument();
  });

  it('opens an allowed screen with its title and description', async () => {
    mockFetch(sessionHandlers(createUser({ role: 'franqueador' })));
    renderApp('/micro-franquias');
    expect(await screen.findByRole('heading', { level: 1, name: 'Micro-franquias' })).toBeInTheDocument();
    expect(screen.getByText('Visualize todas as micro-franquias do sistema')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  // Every screen of the route table is loaded in turn (29 chunks with issue 51's two): past the default 20 s on a busy machine.
  it.each(ROLES)('follows roles.ts for every screen of %s', { timeout: 60_000 }, async (role) => {
    mockFetch({ ...sessionHandlers(createUser({ role })), 'GET /api/dashboard/metrics': 'pending' });
    for (const path of Object.keys(PROTECTED_ROUTES) as RoutePath[]) {
      const { unmount } = renderApp(path);
      if (canAccessRoute(role, path)) {
        // A lead's panel (/leads/:id) is a modal over its list: the list's header is there, hidden behind it.
        const hidden = path === '/leads/:id';
        expect(await screen.findByRole('heading', { level: 1, hidden })).not.toHaveTextContent('Acesso Negado');
      } else {
        expect(await screen.findByRole('heading', { level: 1, name: 'Acesso Negado' })).toBeInTheDocument();
      }
      unmount();
    }
  });
});

describe('pages outside the shell', () => {
  it('says in Portuguese that the page was not found, with a way back', async () => {
    mockFetch({});
    renderApp('/nao-existe');
    expect(await screen.findByRole('heading', { name: '404 - Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByText(/não existe ou mudou de lugar/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/roteador/)).not.toBeInTheDocument();
  });

  it('opens the public activation page without asking for a session', async () => {
    const fetchMock = mockFetch({});
    renderApp('/credito-ativacao');
    expect(await screen.findByRole('heading', { name: 'Habilitação do Crédito Estudantil' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/user');
  });

  it('opens the public landing page without asking for a session', async () => {
    const fetchMock = mockFetch({});
    renderApp('/credito-estudantil');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/user');
  });
});
