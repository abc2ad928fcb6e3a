// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { MetasDoMes } from './metas-do-mes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const diasUteis = { total: 19, decorridos: 6 };

describe('MetasDoMes (issue 48): the dashboard goals of the month', () => {
  it('shows each stage with a goal: achieved of the goal, its % as a progress bar, and the projection', async () => {
    mockFetch({
      'GET /api/metas/painel': {
        body: {
          mes: '2026-11',
          diasUteis,
          etapas: [
            { etapa: 'leads', meta: 50, realizado: 12, percentual: 24, projecao: 38 },
            { etapa: 'parcelas_pagas', meta: 1_000_000, realizado: 250_000, percentual: 25, projecao: 791_667 },
          ],
        },
      },
    });
    renderWithProviders(<MetasDoMes linkMetas />);
    const section = await screen.findByRole('region', { name: /^Metas de / });
    const barra = within(section).getByRole('progressbar', { name: 'Inscrições: % da meta' });
    expect(barra).toHaveAttribute('aria-valuenow', '24');
    expect(barra).toHaveAttribute('aria-valuetext', '24%');
    expect(within(section).getByText(/projeção 38 no fim do mês \(6 de 19 dias úteis\)/)).toBeInTheDocument();
    expect(within(section).getByTestId('realizado-parcelas_pagas')).toHaveTextContent(/R\$\s2\.500,00/);
    expect(within(section).getByRole('link', { name: 'Ver metas e ranking' })).toHaveAttribute('href', '/metas');
  });

  it('says there is no goal yet, pointing to Metas only for the roles that open it', async () => {
    mockFetch({ 'GET /api/metas/painel': { body: { mes: '2026-11', diasUteis, etapas: [] } } });
    renderWithProviders(<MetasDoMes linkMetas={false} />);
    expect(await screen.findByText('Sua unidade ainda não tem metas neste mês.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
