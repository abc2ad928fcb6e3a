// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadItem } from '@shared/schemas/funnel';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { InteressesScreen } from './interesses-screen';
import { LeadsScreen } from './leads-screen';

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const evento = {
  id: 'e-1',
  nomeEscola: 'Colégio Horizonte',
  cidade: 'Campinas',
  estado: 'SP',
  dataEvento: '2026-12-03',
};

const lead: LeadItem = {
  id: 'l-1',
  eventoId: evento.id,
  nomeAluno: 'Gabriela Santos',
  nomeResponsavel: 'Paulo Santos',
  email: 'gabi@email.com',
  telefone: '1932221100',
  consentimentoRevogado: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  status: 'sem_interesse',
  responsavel: { id: 'v-1', nome: 'Rafael Vendedor' },
  proximoContatoEm: null,
  evento,
};

const semDono: LeadItem = { ...lead, id: 'l-2', nomeAluno: 'Lucas Oliveira', status: 'novo', responsavel: null };

function mockLists() {
  return mockFetch({
    'GET /api/leads/eventos': { body: [evento] },
    'GET /api/leads/resumo': { body: { total: 2, eventosAtivos: 1, taxaConversao: 2 } },
    'GET /api/leads': { body: [lead, semDono] },
  });
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/leads?'));

describe('follow-up columns and filters (issue 16)', () => {
  it("adds Status (badge and words), the vendedor responsável ('-' for nobody) and 'Acompanhar' to each row", async () => {
    mockLists();
    renderWithProviders(<InteressesScreen showCliente={false} role="franquia" />, { path: '/interesses' });
    const table = await screen.findByRole('table', { name: 'Interesses' });
    // SPEC's columns, with the guardian under the student and the event's date under the school (ADR 036), then
    // the sortable sign-up date, where the family came from (issue 48) and the follow-up's.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'Aluno', 'Contato', 'Escola', 'Inscrito em', 'Origem', 'Vendedor responsável', 'Status', 'Ações']);
    // Issue 50: the first header is the page's checkbox of the bulk actions.
    expect(within(table).getByRole('checkbox', { name: 'Selecionar todos desta página' })).toBeInTheDocument();
    const gabriela = await within(table).findByRole('row', { name: /Gabriela Santos/ });
    expect(within(gabriela).getByText('Sem interesse')).toHaveAttribute('data-status', 'sem_interesse');
    expect(within(gabriela).getByRole('cell', { name: 'Rafael Vendedor' })).toBeInTheDocument();
    expect(within(gabriela).getByRole('link', { name: 'Acompanhar Gabriela Santos' })).toHaveAttribute(
      'href',
      '/leads/l-1',
    );
    const lucas = within(table).getByRole('row', { name: /Lucas Oliveira/ });
    expect(within(lucas).getByText('Novo')).toBeInTheDocument();
    expect(within(lucas).getByRole('cell', { name: '-' })).toBeInTheDocument();
  });

  it('puts status and responsável in the address, the list request and the export', async () => {
    const fetchMock = mockLists();
    const { router } = renderWithProviders(<InteressesScreen showCliente={false} showMeus role="vendedor" />, {
      path: '/interesses',
    });
    const table = await screen.findByRole('table', { name: 'Interesses' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Interessado' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Vendedor responsável' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Todos', 'Meus', 'Sem responsável']);
    await userEvent.click(screen.getByRole('option', { name: 'Meus' }));

    expect(router.state.location.search).toBe('?status=interessado&responsavelId=eu');
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toBe('/api/leads?page=1&pageSize=50&status=interessado&responsavelId=eu'),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/leads/export.csv?status=interessado&responsavelId=eu&view=interesses',
    );
    // The row's 'Acompanhar' keeps them, so closing the panel finds the list as it was.
    expect(await within(table).findByRole('link', { name: 'Acompanhar Gabriela Santos' })).toHaveAttribute(
      'href',
      '/leads/l-1?status=interessado&responsavelId=eu',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Todos os status');
    expect(screen.getByRole('combobox', { name: 'Vendedor responsável' })).toHaveTextContent('Todos');
  });

  it("offers no 'Meus' to the roles that are not vendedores", async () => {
    mockLists();
    renderWithProviders(<InteressesScreen showCliente role="franqueador" />, { path: '/interesses' });
    await screen.findByRole('table', { name: 'Interesses' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Vendedor responsável' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Todos',
      'Sem responsável',
    ]);
  });

  it("shows a dashboard card's return and no-contact filters as chips that remove themselves", async () => {
    const fetchMock = mockLists();
    const { router } = renderWithProviders(<InteressesScreen showCliente={false} role="franquia" />, {
      path: '/interesses?retorno=atrasados&semContato=48h',
    });
    await screen.findByRole('table', { name: 'Interesses' });
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(0));
    const sent = new URL(listCalls(fetchMock)[0]!, 'http://x').searchParams;
    expect(sent.get('retorno')).toBe('atrasados');
    expect(sent.get('semContato')).toBe('48h');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/leads/export.csv?retorno=atrasados&semContato=48h&view=interesses',
    );

    await userEvent.click(screen.getByRole('button', { name: /Retorno: atrasados/ }));
    expect(router.state.location.search).toBe('?semContato=48h');
    await userEvent.click(screen.getByRole('button', { name: /Sem contato há mais de 48\sh/ }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toBe('/api/leads?page=1&pageSize=50'));
  });

  it('leaves out a follow-up value the shared schema refuses', async () => {
    const fetchMock = mockLists();
    renderWithProviders(<InteressesScreen showCliente={false} role="franquia" />, {
      path: '/interesses?status=perdido&retorno=ontem&responsavelId=nao-e-id',
    });
    await screen.findByRole('table', { name: 'Interesses' });
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(0));
    expect(listCalls(fetchMock)[0]).toBe('/api/leads?page=1&pageSize=50');
    expect(screen.queryByRole('button', { name: /Retorno:/ })).not.toBeInTheDocument();
  });

  it("lists the cliente's leads without an event when a dashboard card's filter says which", async () => {
    const fetchMock = mockLists();
    renderWithProviders(<LeadsScreen role="cliente" />, { path: '/leads?retorno=hoje' });
    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(screen.queryByText('Selecione um evento')).not.toBeInTheDocument();
    expect(await within(table).findByRole('link', { name: 'Acompanhar Gabriela Santos' })).toBeInTheDocument();
    expect(listCalls(fetchMock)[0]).toBe('/api/leads?page=1&pageSize=50&retorno=hoje');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/leads/export.csv?retorno=hoje',
    );

    // Without it, SPEC's prompt again.
    await userEvent.click(screen.getByRole('button', { name: /Retorno: hoje/ }));
    expect(await screen.findByText('Selecione um evento')).toBeInTheDocument();
  });
});
