// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager, useQuery } from '@tanstack/react-query';
import type { FunnelEvento, PreMatriculaItem } from '@shared/schemas/funnel';
import { LIVE_LIST_INTERVAL_MS, liveListOptions, useLiveList } from '@/hooks/use-live-list';
import { api } from '@/lib/api-client';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { getPreMatriculasQueryOptions } from '../../api/get-pre-matriculas';
import { PreMatriculasScreen } from '../pre-matriculas/pre-matriculas-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const evento: FunnelEvento = {
  id: 'e-1',
  nomeEscola: 'Colégio Horizonte',
  cidade: 'Campinas',
  estado: 'SP',
  dataEvento: '2026-12-03',
};

const pre = (id: string, nome: string): PreMatriculaItem => ({
  id,
  eventoId: evento.id,
  leadId: null,
  nome,
  nomeAluno: nome,
  nomeResponsavel: `Responsável de ${nome}`,
  email: `${id}@email.com`,
  telefone: '19987001122',
  consentimentoRevogado: false,
  cursoInteresse: null,
  status: 'pendente',
  createdAt: '2026-11-20T12:00:00.000Z',
  evento,
});

/** The window losing and regaining focus, as TanStack Query hears it. */
function refocus() {
  focusManager.setFocused(false);
  focusManager.setFocused(true);
}

describe('live lists (issue 23)', () => {
  it('read again on focus and every 30 s while visible', () => {
    const options = getPreMatriculasQueryOptions({
      page: 1,
      pageSize: 25,
      q: undefined,
      eventoId: undefined,
      data: undefined,
    });
    expect(options.refetchOnWindowFocus).toBe('always');
    expect(options.refetchInterval).toBe(LIVE_LIST_INTERVAL_MS);
    expect(LIVE_LIST_INTERVAL_MS).toBe(30_000);
    expect(liveListOptions).toEqual({ refetchOnWindowFocus: 'always', refetchInterval: 30_000 });
  });

  it("holds new rows behind 'N novos — atualizar' instead of moving the list, and shows them on request", async () => {
    let rows = [pre('p-1', 'Lucas Oliveira')];
    mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/pre-matriculas/resumo': { body: { total: 1, eventosAtivos: 1, taxaConversao: 1 } },
      'GET /api/pre-matriculas': () => ({ body: rows }),
    });
    renderWithProviders(<PreMatriculasScreen />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    await within(table).findByRole('row', { name: /Lucas Oliveira/ });
    expect(screen.queryByRole('button', { name: /novos? — atualizar/ })).not.toBeInTheDocument();

    // Two activations arrive during the event; the window regains focus.
    rows = [pre('p-3', 'Bruna Lima'), pre('p-2', 'Ana Souza'), ...rows];
    refocus();
    const novos = await screen.findByRole('button', { name: '2 novos — atualizar' });
    expect(within(table).queryByRole('row', { name: /Ana Souza/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('count-badge')).toHaveTextContent('1 pré-matrícula');

    await userEvent.click(novos);
    expect(await within(table).findByRole('row', { name: /Ana Souza/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Bruna Lima/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /novos? — atualizar/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('count-badge')).toHaveTextContent('3 pré-matrículas');
  });

  it("reads the list again at once with 'Atualizar'", async () => {
    let rows = [pre('p-1', 'Lucas Oliveira')];
    const fetchMock = mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/pre-matriculas/resumo': { body: { total: 1, eventosAtivos: 1, taxaConversao: 1 } },
      'GET /api/pre-matriculas': () => ({ body: rows }),
    });
    renderWithProviders(<PreMatriculasScreen />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    await within(table).findByRole('row', { name: /Lucas Oliveira/ });
    rows = [pre('p-2', 'Ana Souza'), ...rows];
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar lista' }));
    expect(await within(table).findByRole('row', { name: /Ana Souza/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/pre-matriculas?')).length).toBe(2),
    );
  });

  it("shows at once the rows of the user's own write: only others' rows wait behind 'N novos — atualizar'", async () => {
    let rows = ['Lucas Oliveira'];
    mockFetch({
      'GET /api/nomes': () => ({ body: rows }),
      'POST /api/nomes': { status: 201, body: {} },
    });
    function Nomes() {
      const query = useQuery({
        queryKey: ['nomes'],
        queryFn: () => api.list<string>('/api/nomes'),
        ...liveListOptions,
      });
      const live = useLiveList(query, 'nomes');
      return (
        <>
          <ul aria-label="Nomes">
            {live.data?.items.map((nome) => (
              <li key={nome}>{nome}</li>
            ))}
          </ul>
          {live.novos > 0 ? <p>{live.novos} novos</p> : null}
        </>
      );
    }
    const { queryClient } = renderWithProviders(<Nomes />);
    const list = await screen.findByRole('list', { name: 'Nomes' });
    await within(list).findByText('Lucas Oliveira');

    // Someone else's row: held back.
    rows = ['Ana Souza', ...rows];
    refocus();
    expect(await screen.findByText('1 novos')).toBeInTheDocument();
    expect(within(list).queryByText('Ana Souza')).not.toBeInTheDocument();

    // The user's own write, then the list read again (a mutation's invalidation): shown at once, nothing held.
    rows = ['Bruna Lima', ...rows];
    await api.post('/api/nomes', { nome: 'Bruna Lima' });
    await queryClient.invalidateQueries({ queryKey: ['nomes'] });
    expect(await within(list).findByText('Bruna Lima')).toBeInTheDocument();
    expect(within(list).getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.queryByText(/novos/)).not.toBeInTheDocument();
  });

  it("filters 'Efetivadas' from the address, asks the server, and exports the same (issue 23)", async () => {
    const fetchMock = mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/pre-matriculas/resumo': { body: { total: 1, eventosAtivos: 1, taxaConversao: 1 } },
      'GET /api/pre-matriculas': { body: [{ ...pre('p-1', 'Lucas Oliveira'), status: 'efetivada' }] },
    });
    renderWithProviders(<PreMatriculasScreen />, { path: '/pre-matriculas?situacao=efetivada' });
    await screen.findByRole('table', { name: 'Pré-Matrículas' });
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/pre-matriculas');
    expect(asked.at(-1)!.searchParams.get('situacao')).toBe('efetivada');
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveTextContent('Efetivadas');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/pre-matriculas/export.csv?situacao=efetivada',
    );
  });
});
