// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadItem } from '@shared/schemas/funnel';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { InteressesScreen } from '../leads/interesses-screen';

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
const L1 = '2b7f0c1e-0000-4000-8000-000000000001';
const L2 = '2b7f0c1e-0000-4000-8000-000000000002';
const VENDEDOR = '2b7f0c1e-0000-4000-8000-0000000000f1';

const lead: LeadItem = {
  id: L1,
  eventoId: evento.id,
  nomeAluno: 'Gabriela Santos',
  nomeResponsavel: 'Paulo Santos',
  email: 'gabi@email.com',
  telefone: '1932221100',
  consentimentoRevogado: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  status: 'novo',
  responsavel: null,
  proximoContatoEm: null,
  evento,
};

function mockLists(lote: unknown[]) {
  return mockFetch({
    'GET /api/leads/eventos': { body: [evento] },
    'GET /api/leads/resumo': { body: { total: 40, eventosAtivos: 1, taxaConversao: 2 } },
    'GET /api/leads': {
      body: [lead, { ...lead, id: L2, nomeAluno: 'Lucas Oliveira' }],
      headers: { 'X-Total-Count': '40' },
    },
    [`GET /api/leads/${L1}/responsaveis`]: { body: [{ id: VENDEDOR, nome: 'Rafael Vendedor' }] },
    'POST /api/leads/lote': (body) => {
      lote.push(body);
      return { body: { alterados: (body as { ids?: string[] }).ids?.length ?? 40, exportacao: null } };
    },
  });
}

describe('Ações em lote on Interesses (issue 50)', () => {
  it('assigns the rows chosen by id and clears the choice', async () => {
    const lote: unknown[] = [];
    mockLists(lote);
    renderWithProviders(<InteressesScreen showCliente={false} role="micro_franquia" />, {
      path: '/interesses?eventoId=e-1',
    });
    const table = await screen.findByRole('table', { name: 'Interesses' });
    await within(table).findByRole('row', { name: /Gabriela Santos/ });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    const barra = screen.getByRole('region', { name: 'Ações em lote' });
    expect(within(barra).getByText('2 selecionados')).toBeInTheDocument();

    await userEvent.click(within(barra).getByRole('button', { name: 'Atribuir vendedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atribuir vendedor' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Vendedor responsável/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rafael Vendedor' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atribuir' }));
    await waitFor(() => expect(lote).toEqual([{ ids: [L1, L2], acao: 'atribuir', vendedorId: VENDEDOR }]));
    expect(await screen.findByText('2 leads atualizados')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ações em lote' })).not.toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Selecionar Gabriela Santos' })).not.toBeChecked();
  });

  it("sends the list's filters instead of ids once every matching lead is chosen, with the loss reason", async () => {
    const lote: unknown[] = [];
    mockLists(lote);
    renderWithProviders(<InteressesScreen showCliente={false} role="micro_franquia" />, {
      path: '/interesses?eventoId=e-1&status=novo',
    });
    const table = await screen.findByRole('table', { name: 'Interesses' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'Selecionar Gabriela Santos' }));
    const barra = screen.getByRole('region', { name: 'Ações em lote' });
    expect(within(barra).getByText('1 selecionado')).toBeInTheDocument();
    await userEvent.click(
      within(barra).getByRole('button', { name: 'Selecionar todos os 40 que atendem aos filtros' }),
    );
    expect(within(barra).getByText('Todos os 40 leads que atendem aos filtros estão selecionados')).toBeInTheDocument();

    await userEvent.click(within(barra).getByRole('button', { name: 'Alterar status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar status' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sem interesse' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar status' }));
    // The loss reason is asked for, as on a single lead.
    expect(within(dialog).getByRole('combobox', { name: /Motivo da perda/ })).toHaveAccessibleDescription(
      'Informe o motivo da perda',
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Motivo da perda/ }));
    const [motivo] = await screen.findAllByRole('option');
    await userEvent.click(motivo!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar status' }));
    await waitFor(() => expect(lote).toHaveLength(1));
    expect(lote[0]).toEqual({
      filtro: { eventoId: 'e-1', status: 'novo', view: 'interesses' },
      acao: 'status',
      status: 'sem_interesse',
      motivoPerda: expect.any(String),
    });
    expect(await screen.findByText('40 leads atualizados')).toBeInTheDocument();
  });
});
