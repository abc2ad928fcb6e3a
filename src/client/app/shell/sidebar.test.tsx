// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLES, ROLE_LABELS, SIDEBAR_LINKS } from '@shared/roles';
import { createUser, mockFetch, renderWithProviders } from '@/testing/test-utils';
import { Sidebar } from './sidebar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Sidebar', () => {
  it.each(ROLES)('shows the %s links of roles.ts, in order', (role) => {
    renderWithProviders(<Sidebar user={createUser({ role })} />);
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SIDEBAR_LINKS[role].map((link) => link.label));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(SIDEBAR_LINKS[role].map((link) => link.path));
    expect(screen.getByText(ROLE_LABELS[role])).toBeInTheDocument();
  });

  it("shows the user's initial, name and role", () => {
    renderWithProviders(<Sidebar user={createUser({ nome: 'ana Lima', role: 'micro_franquia' })} />);
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByText('ana Lima')).toBeInTheDocument();
    expect(screen.getByText('Micro-franquia')).toBeInTheDocument();
  });

  it('falls back to the e-mail when the user has no name', () => {
    renderWithProviders(<Sidebar user={createUser({ nome: null, email: 'zeca@escola.com' })} />);
    expect(screen.getByText('Z')).toBeInTheDocument();
    expect(screen.getByText('zeca@escola.com')).toBeInTheDocument();
  });

  it.each(ROLES)("links the %s to 'Minha conta' under the name, outside the menu", (role) => {
    renderWithProviders(<Sidebar user={createUser({ role })} />);
    const link = screen.getByRole('link', { name: 'Minha conta' });
    expect(link).toHaveAttribute('href', '/minha-conta');
    expect(within(screen.getByRole('navigation', { name: 'Menu principal' })).queryByText('Minha conta')).toBeNull();
  });

  it("closes the phone's menu when 'Minha conta' is followed", async () => {
    const onNavigate = vi.fn();
    renderWithProviders(<Sidebar user={createUser()} onNavigate={onNavigate} />, {
      extraRoutes: [{ path: '/minha-conta', element: <p>Minha conta aberta</p> }],
    });
    await userEvent.click(screen.getByRole('link', { name: 'Minha conta' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('marks the current screen as active', () => {
    renderWithProviders(<Sidebar user={createUser({ role: 'cliente' })} />, { path: '/eventos' });
    expect(screen.getByRole('link', { name: 'Eventos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it("'Sair' signs out and opens the sign-in screen", async () => {
    const fetchMock = mockFetch({ 'POST /api/logout': { body: { message: 'Logout realizado com sucesso' } } });
    renderWithProviders(<Sidebar user={createUser()} />, {
      extraRoutes: [{ path: '/auth', element: <p>Tela de login</p> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Tela de login')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it("shows 'Não foi possível sair' when signing out fails", async () => {
    mockFetch({ 'POST /api/logout': { status: 500, body: { message: 'Erro interno do servidor.' } } });
    renderWithProviders(<Sidebar user={createUser()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    const region = await screen.findByRole('region', { name: /Notificações/ });
    expect(await within(region).findByText('Não foi possível sair')).toBeInTheDocument();
    expect(within(region).getByText('Erro interno do servidor.')).toBeInTheDocument();
  });
});
