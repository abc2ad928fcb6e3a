// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTO_MESSAGES } from '@shared/schemas/custos';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { CustosCampanhaScreen } from './custos-campanha-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const custo = {
  id: 'cc-1',
  utmCampaign: 'volta-as-aulas',
  data: '2026-11-18',
  categoria: 'anuncios',
  descricao: 'Anúncios no Instagram',
  valorCentavos: 150_000,
  franquiaId: null,
  alcance: 'Rede',
  criadoPor: 'Ana',
  criadoEm: '2026-11-18T10:00:00.000Z',
};

describe('Custos de campanha (issue 48)', () => {
  it('lists the costs with their sum and enters a new one in centavos, the campaign as typed', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /api/campanhas/custos': {
        body: { custos: [custo], totalCentavos: 150_000 },
        headers: { 'X-Total-Count': '1' },
      },
      'POST /api/campanhas/custos': (body) => {
        posted.push(body);
        return { status: 201, body: { ...custo, id: 'cc-2' } };
      },
    });
    renderWithProviders(<CustosCampanhaScreen hoje="2026-11-28" />);
    expect((await screen.findAllByText('volta-as-aulas')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('campanha-custos-total').textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 1.500,00');

    const form = screen.getByRole('form', { name: 'Adicionar custo de campanha' });
    await userEvent.click(within(form).getByRole('button', { name: 'Adicionar custo' }));
    expect(await within(form).findByText(CUSTO_MESSAGES.campanha)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Campanha (utm_campaign)'), 'primavera-2026');
    await userEvent.type(within(form).getByLabelText('Valor'), '350');
    await userEvent.click(within(form).getByRole('button', { name: 'Adicionar custo' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          utmCampaign: 'primavera-2026',
          data: '2026-11-28',
          categoria: 'anuncios',
          descricao: null,
          valorCentavos: 35_000,
        },
      ]),
    );
  });
});
