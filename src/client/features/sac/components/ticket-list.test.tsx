// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SacTicket } from '@shared/schemas/sac';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { TicketList } from './ticket-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function createTicket(overrides: Partial<SacTicket> = {}): SacTicket {
  return {
    id: 'abcd1234-0000-4000-8000-000000000001',
    solicitanteId: 'u-2',
    responsavelId: null,
    titulo: 'Kits atrasados',
    descricao: 'Os kits ainda não chegaram.',
    departamento: 'logistica',
    status: 'em_andamento',
    prioridade: 'alta',
    resolucao: null,
    resolvedAt: null,
    createdAt: '2026-03-10T15:00:00.000Z',
    solicitante: { nome: 'Juliana Pereira', email: 'micro@demo.com.br', role: 'micro_franquia' },
    franquia: { razaoSocial: 'Educa Paulista Franquias Ltda' },
    microFranquia: { razaoSocial: 'Campinas Educação ME' },
    responsavel: null,
    primeiraRespostaAte: null,
    resolucaoAte: null,
    primeiraRespostaEm: null,
    atrasado: false,
    avaliacao: null,
    ...overrides,
  };
}

const answered = createTicket({
  id: 'ffff0000-0000-4000-8000-000000000002',
  titulo: 'Banners',
  status: 'concluido',
  prioridade: 'baixa',
  resolucao: 'Banners enviados.',
  resolvedAt: '2026-03-12T15:00:00.000Z',
  responsavelId: 'u-1',
  responsavel: { nome: 'Ana Beatriz Moura' },
  franquia: { razaoSocial: 'Minas Saber Franquias Ltda' },
  microFranquia: null,
});

describe('TicketList', () => {
  it('shows each ticket with its short id, badges, people and resolution', async () => {
    mockFetch({ 'GET /api/sac/tickets': { body: [createTicket(), answered] } });
    renderWithProviders(<TicketList canAnswer={false} />);
    const open = await screen.findByRole('article', { name: 'Kits atrasados' });
    expect(within(open).getByText('#abcd1234')).toBeInTheDocument();
    expect(within(open).getByText('Em Andamento')).toBeInTheDocument();
    expect(within(open).getByText('Alta')).toBeInTheDocument();
    expect(within(open).getByText('Campinas Educação ME')).toBeInTheDocument();
    expect(within(open).getByText('Micro-franquia')).toBeInTheDocument();
    const done = screen.getByRole('article', { name: 'Banners' });
    expect(within(done).getByText('Minas Saber Franquias Ltda')).toBeInTheDocument();
    expect(within(done).getByText('Ana Beatriz Moura')).toBeInTheDocument();
    expect(within(done).getByText('Banners enviados.')).toBeInTheDocument();
    expect(within(done).getByText('Respondido em 12/03/2026')).toBeInTheDocument();
    // Only the franqueador answers.
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
  });

  it('offers Responder to the franqueador on unanswered tickets only', async () => {
    mockFetch({ 'GET /api/sac/tickets': { body: [createTicket(), answered] } });
    renderWithProviders(<TicketList canAnswer />);
    const open = await screen.findByRole('article', { name: 'Kits atrasados' });
    expect(within(open).getByRole('button', { name: 'Responder' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Banners' })).queryByRole('button')).toBeNull();

    await userEvent.click(within(open).getByRole('button', { name: 'Responder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Responder Ticket #abcd1234' });
    expect(within(dialog).getByText('micro@demo.com.br')).toBeInTheDocument();
    expect(within(dialog).getByText('Logística')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Resolução')).toBeInTheDocument();
  });

  it('says Nenhum ticket encontrado for an empty list and searches on the server', async () => {
    const fetchMock = mockFetch({ 'GET /api/sac/tickets': { body: [] } });
    renderWithProviders(<TicketList canAnswer={false} />);
    expect(await screen.findByText('Nenhum ticket encontrado')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar tickets por título ou ID' }), 'abcd1234');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=abcd1234'))).toBe(true));
  });

  it('sends no search too short to answer and says so under the box (issue 46)', async () => {
    const fetchMock = mockFetch({ 'GET /api/sac/tickets': { body: [] } });
    renderWithProviders(<TicketList canAnswer={false} />);
    await screen.findByText('Nenhum ticket encontrado');
    const box = screen.getByRole('searchbox', { name: 'Buscar tickets por título ou ID' });
    await userEvent.type(box, '#a');
    await waitFor(() => expect(box).toHaveAccessibleDescription('Digite pelo menos 3 letras ou números para buscar.'));
    expect(box).toHaveValue('#a');
    expect(fetchMock.mock.calls.some(([url]) => /[?&]q=/.test(String(url)))).toBe(false);
    await userEvent.type(box, 'bc');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=%23abc'))).toBe(true));
    await waitFor(() => expect(box).not.toHaveAccessibleDescription());
  });

  it('keeps search, filters and page in the address, so a shared link asks the server the same', async () => {
    const fetchMock = mockFetch({ 'GET /api/sac/tickets': { body: [createTicket()] } });
    const { router } = renderWithProviders(<TicketList canAnswer={false} />, {
      path: '/sac?status=concluido&atrasados=true&departamento=nada&q=kits',
    });
    await screen.findByRole('article', { name: 'Kits atrasados' });
    const asked = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams;
    expect(asked.get('status')).toBe('concluido');
    expect(asked.get('atrasados')).toBe('true');
    expect(asked.get('q')).toBe('kits');
    // A value the list does not know is not sent.
    expect(asked.get('departamento')).toBeNull();
    // The link opens with its filters in view.
    expect(screen.getByRole('checkbox', { name: 'Somente atrasados' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Buscar tickets por título ou ID' })).toHaveValue('kits');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Somente atrasados' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('atrasados'));
    expect(router.state.location.search).toContain('status=concluido');
  });
});
