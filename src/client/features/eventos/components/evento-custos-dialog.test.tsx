// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTO_MESSAGES } from '@shared/schemas/custos';
import type { Evento } from '@shared/schemas/evento';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { EventoCustosDialog } from './evento-custos-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const evento = { id: 'ev-1', nomeEscola: 'Colégio Horizonte', dataEvento: '2026-12-10' } as Evento;
const custo = {
  id: 'c-1',
  eventoId: 'ev-1',
  categoria: 'cartoes',
  descricao: 'Cartões (500 un.)',
  valorCentavos: 120_000,
  criadoPor: 'Escola',
  criadoEm: '2026-11-01T10:00:00.000Z',
};

describe('Custos do evento (issue 48)', () => {
  it('lists the costs with their sum; the roles that edit the event add one in reais, sent in centavos', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /api/eventos/ev-1/custos': { body: { custos: [custo], totalCentavos: 120_000 } },
      'POST /api/eventos/ev-1/custos': (body) => {
        posted.push(body);
        return { status: 201, body: { ...custo, id: 'c-2' } };
      },
    });
    renderWithProviders(<EventoCustosDialog evento={evento} podeEditar onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Custos do evento' });
    expect(await within(dialog).findByText('Cartões (500 un.)')).toBeInTheDocument();
    expect(
      within(dialog)
        .getByTestId('evento-custos-total')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toContain('R$ 1.200,00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar custo' }));
    expect(await within(dialog).findByText(CUSTO_MESSAGES.valor)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Valor'), '1.234,56');
    await userEvent.type(within(dialog).getByLabelText('Descrição (opcional)'), 'Salão');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar custo' }));
    await waitFor(() => expect(posted).toEqual([{ categoria: 'cartoes', descricao: 'Salão', valorCentavos: 123_456 }]));
  });

  it('offers neither the form nor the removal to a role that only reads the event', async () => {
    mockFetch({ 'GET /api/eventos/ev-1/custos': { body: { custos: [custo], totalCentavos: 120_000 } } });
    renderWithProviders(<EventoCustosDialog evento={evento} podeEditar={false} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Custos do evento' });
    expect(await within(dialog).findByText('Cartões (500 un.)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Adicionar custo' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Remover/ })).toBeNull();
  });
});
