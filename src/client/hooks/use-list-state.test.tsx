// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router';
import { eventoSearchTooShort } from '@shared/schemas/evento';
import { renderWithProviders } from '@/testing/test-utils';
import { type ListState, useListState } from './use-list-state';

afterEach(cleanup);

function Lista() {
  const { search, setSearch } = useListState();
  return (
    <>
      <input aria-label="Buscar" value={search} onChange={(event) => setSearch(event.target.value)} />
      <Link to="/eventos/e-1/check-in">Check-in</Link>
    </>
  );
}

/** Eventos' box (issue 46): its own test of a search too short to answer, which lets a state ('SP') through. */
function ListaDeEventos() {
  const { search, setSearch, q, searchHint } = useListState({ searchMinimum: eventoSearchTooShort });
  return (
    <>
      <input aria-label="Buscar" value={search} onChange={(event) => setSearch(event.target.value)} />
      <p>pedido: {q ?? 'nenhum'}</p>
      <p>dica: {searchHint ?? 'nenhuma'}</p>
    </>
  );
}

describe('useListState', () => {
  it("takes a list's own test of a search too short to answer: Eventos sends a state, not two other letters", async () => {
    const { router } = renderWithProviders(<ListaDeEventos />, { path: '/eventos' });
    const box = screen.getByRole('textbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'sp' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.state.location.search).toBe('?q=sp');
    expect(screen.getByText('dica: nenhuma')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'jo' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('pedido: nenhum')).toBeInTheDocument();
    expect(screen.getByText('dica: Digite pelo menos 3 letras ou números para buscar.')).toBeInTheDocument();
    expect(box).toHaveValue('jo');
  });

  it('writes the search to the address once typing pauses', async () => {
    const { router } = renderWithProviders(<Lista />, { path: '/eventos' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'Escola' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.state.location.pathname).toBe('/eventos');
    expect(router.state.location.search).toBe('?q=Escola');
  });

  it('does not bring the user back when a link is followed as typing pauses', async () => {
    vi.useFakeTimers();
    try {
      const { router } = renderWithProviders(<Lista />, {
        path: '/eventos',
        extraRoutes: [{ path: '/eventos/:id/check-in', element: <p>Tela de check-in</p> }],
      });
      fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'Escola' } });
      act(() => vi.advanceTimersByTime(299));
      // The click's navigation renders as a transition; the pause ends in the same moment, at a higher priority.
      act(() => {
        void router.navigate('/eventos/e-1/check-in');
        vi.advanceTimersByTime(1);
      });
      act(() => vi.advanceTimersByTime(500));
      expect(router.state.location.pathname).toBe('/eventos/e-1/check-in');
      expect(screen.getByText('Tela de check-in')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a search whose pause ended while the router moved to another address of the same screen', async () => {
    vi.useFakeTimers();
    try {
      // The lead's panel (/leads/:id) closes over its list (/interesses): one component renders both addresses.
      const { router } = renderWithProviders(<Lista />, { path: '/leads/l-1' });
      fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'Escola' } });
      act(() => vi.advanceTimersByTime(299));
      act(() => {
        void router.navigate('/interesses', { replace: true });
        vi.advanceTimersByTime(1);
      });
      act(() => vi.advanceTimersByTime(500));
      expect(router.state.location.pathname).toBe('/interesses');
      expect(router.state.location.search).toBe('?q=Escola');
      expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('Escola');
    } finally {
      vi.useRealTimers();
    }
  });

  it("a filter picked before the search's own write rendered keeps the search the box shows", async () => {
    // Each render's state, so the test can act with a handler of a render that a navigation has not replaced yet.
    const renders: ListState[] = [];
    function ComFiltro() {
      const list$ = useListState({ filters: ['role'] });
      renders.push(list$);
      return (
        <input aria-label="Buscar" value={list$.search} onChange={(event) => list$.setSearch(event.target.value)} />
      );
    }
    const { router } = renderWithProviders(<ComFiltro />, { path: '/usuarios' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'micro' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.state.location.search).toBe('?q=micro');
    const antesDeLimpar = renders.at(-1)!;
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: '' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.state.location.search).toBe('');
    // The Perfil select's handler from before the search's write had rendered.
    act(() => antesDeLimpar.setFilter('role', 'franquia'));
    expect(router.state.location.search).toBe('?role=franquia');
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('');
  });

  it('keeps the search Back brought, whatever the pause still held', async () => {
    const { router } = renderWithProviders(<Lista />, { path: '/interesses' });
    await act(() => router.navigate('/leads/l-1'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'Escola' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.state.location.search).toBe('?q=Escola');
    // Back to the list as it was, without a search: the pause still holds 'Escola' for a moment.
    await act(() => router.navigate(-1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.state.location.pathname).toBe('/interesses');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('');
  });
});
