// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { CURSOR_MESSAGES } from '@shared/schemas/list-cursor';
import { api } from '@/lib/api-client';
import { dismissToast } from '@/lib/toast';
import { renderWithProviders } from '@/testing/test-utils';
import { useListState } from './use-list-state';
import { STALE_PLACE_NOTICE } from './use-page-cursor';

afterEach(() => {
  // The toasts live outside React: one test's notice must not be the next one's.
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

/** A list paged by cursor, as every keyset screen asks for its page (its params in its query key). */
function Lista() {
  const list = useListState();
  const query = useQuery({
    queryKey: ['coisas', list.q, list.pageParams],
    queryFn: () => api.list<string>('/api/coisas', { params: { q: list.q, ...list.pageParams } }),
  });
  if (query.isError) return <p>Falha ao carregar coisas: {query.error.message}</p>;
  return <p>{query.data ? `Coisas: ${query.data.items.join(', ')}` : 'Carregando'}</p>;
}

/**
 * The server as the keyset lists answer: a cursor it did not write is refused with 400 naming the field; a search
 * the test calls 'recusada' is refused on its own field; otherwise the first page.
 */
function stubServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.search);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      const cursor = url.searchParams.get('apos') ?? url.searchParams.get('antes');
      if (url.searchParams.get('q') === 'recusada') {
        return json(400, { message: 'Busca longa demais', errors: { q: 'Busca longa demais' } });
      }
      if (cursor === 'lixo') {
        return json(400, { message: CURSOR_MESSAGES.invalido, errors: { apos: CURSOR_MESSAGES.invalido } });
      }
      if (cursor === 'de-outra-ordem') {
        return json(400, { message: CURSOR_MESSAGES.outraLista, errors: { antes: CURSOR_MESSAGES.outraLista } });
      }
      return json(200, ['primeira', 'segunda']);
    }),
  );
  return calls;
}

describe('usePageCursor: a cursor the server refuses (issue 46)', () => {
  it.each([
    ['/coisas?page=2&apos=lixo&sort=nome', '?sort=nome'],
    ['/coisas?q=escola&page=3&antes=de-outra-ordem', '?q=escola'],
    ['/coisas?apos=lixo', ''],
  ])('%s: lets go of the place, shows the first page and says so', async (path, kept) => {
    const calls = stubServer();
    const { router } = renderWithProviders(<Lista />, { path });
    expect(await screen.findByText('Coisas: primeira, segunda')).toBeInTheDocument();
    expect(router.state.location.search).toBe(kept);
    // The address is replaced, not added to: Back does not bring the refused cursor again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText(STALE_PLACE_NOTICE.title)).toBeInTheDocument();
    // The list asked again for its first page, without a cursor.
    expect(calls.at(-1)).toMatch(/[?&]page=1(&|$)/);
    expect(calls.at(-1)).not.toMatch(/apos=|antes=/);

    // 'Próxima' from there: a page of the same number by a cursor the server takes stays in the address.
    await act(() => router.navigate('/coisas?page=2&apos=bom'));
    await waitFor(() => expect(calls.at(-1)).toMatch(/apos=bom/));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('?page=2&apos=bom');
  });

  it("keeps the address when the refusal is about something else than the page's place", async () => {
    stubServer();
    const { router } = renderWithProviders(<Lista />, { path: '/coisas?q=recusada&page=2&apos=bom' });
    expect(await screen.findByText('Falha ao carregar coisas: Busca longa demais')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('?q=recusada&page=2&apos=bom');
    expect(screen.queryByText(STALE_PLACE_NOTICE.title)).not.toBeInTheDocument();
  });

  it('pages on by a cursor the server takes', async () => {
    stubServer();
    const { router } = renderWithProviders(<Lista />, { path: '/coisas?page=2&apos=bom' });
    expect(await screen.findByText('Coisas: primeira, segunda')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&apos=bom'));
    expect(screen.queryByText(STALE_PLACE_NOTICE.title)).not.toBeInTheDocument();
  });
});
