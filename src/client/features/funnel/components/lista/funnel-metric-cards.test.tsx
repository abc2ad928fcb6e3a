// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { InteressesScreen } from '../leads/interesses-screen';
import { MatriculasScreen } from '../matriculas/matriculas-screen';
import { PreMatriculasScreen } from '../pre-matriculas/pre-matriculas-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const resumo = { body: { total: 139, eventosAtivos: 5, taxaConversao: 27.8 } };

async function cardTitles() {
  const metrics = await screen.findByRole('region', { name: 'Métricas' });
  await within(metrics).findByText('27,80');
  return within(metrics)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
}

describe('the funnel metric cards (issue 23)', () => {
  it("keep SPEC's titles on Interesses and say the ratio is interests per event, not a percentage", async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/leads/resumo': resumo,
      'GET /api/leads': { body: [] },
    });
    renderWithProviders(<InteressesScreen showCliente role="franqueador" />);
    expect(await cardTitles()).toEqual([
      'Total de Interesses',
      'Eventos Ativos',
      'Interesses Filtrados',
      'Taxa de Conversão',
    ]);
    expect(screen.getByText('interesses por evento')).toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it('name the Pré-Matrículas and Matrículas cards after what they count', async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': { body: [] },
    });
    renderWithProviders(<PreMatriculasScreen />);
    expect(await cardTitles()).toEqual([
      'Total de Pré-Matrículas',
      'Eventos Ativos',
      'Pré-Matrículas Filtradas',
      'Taxa de Conversão',
    ]);
    expect(screen.getByText('pré-matrículas por evento')).toBeInTheDocument();
    cleanup();

    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/matriculas/resumo': resumo,
      'GET /api/matriculas': { body: [] },
    });
    renderWithProviders(<MatriculasScreen />);
    expect(await cardTitles()).toEqual([
      'Total de Matrículas',
      'Eventos Ativos',
      'Matrículas Filtradas',
      'Taxa de Conversão',
    ]);
    expect(screen.queryByText(/Interesses/)).not.toBeInTheDocument();
  });

  it('show the real rate on Pré-Matrículas and Matrículas, the per-event ratio on its own line (issue 51)', async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/leads/resumo': { body: { total: 556, eventosAtivos: 5, taxaConversao: 111.2 } },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': { body: [] },
    });
    renderWithProviders(<PreMatriculasScreen />);
    const metrics = await screen.findByRole('region', { name: 'Métricas' });
    // 139 of 556 leads: 25,0%.
    expect(await within(metrics).findByText('25,0%')).toBeInTheDocument();
    expect(within(metrics).getByText('dos leads chegaram à pré-matrícula')).toBeInTheDocument();
    expect(within(metrics).getByText('27,80')).toBeInTheDocument();
    expect(within(metrics).getByText('pré-matrículas por evento')).toBeInTheDocument();
    cleanup();

    // No pré-matrícula yet in scope: no rate to give, SPEC's ratio stays.
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/pre-matriculas/resumo': { body: { total: 0, eventosAtivos: 5, taxaConversao: 0 } },
      'GET /api/matriculas/resumo': resumo,
      'GET /api/matriculas': { body: [] },
    });
    renderWithProviders(<MatriculasScreen />);
    const cards = await screen.findByRole('region', { name: 'Métricas' });
    expect(await within(cards).findByText('27,80')).toBeInTheDocument();
    expect(within(cards).getByText('matrículas por evento')).toBeInTheDocument();
    expect(within(cards).queryByText(/%/)).not.toBeInTheDocument();
  });
});
