// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { MetricsOverview } from './metrics-overview';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('MetricsOverview', () => {
  it('shows 7 placeholder cards while loading', () => {
    mockFetch({ 'GET /api/dashboard/metrics': 'pending' });
    renderWithProviders(<MetricsOverview />);
    expect(screen.getByRole('status', { name: 'Carregando métricas' })).toBeInTheDocument();
    expect(screen.getAllByTestId('metric-skeleton')).toHaveLength(7);
  });

  it('shows a card only for each count the server sent, with pt-BR numbers', async () => {
    mockFetch({ 'GET /api/dashboard/metrics': { body: { totalClientes: 1234, totalEventos: 5, totalLeads: 0 } } });
    renderWithProviders(<MetricsOverview />);
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Clientes', 'Eventos', 'Leads']);
    expect(screen.getByText('1.234')).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('0')).toBeInTheDocument();
    expect(screen.queryByText('Franquias')).not.toBeInTheDocument();
  });

  it('keeps the SPEC order and labels for all nine counts', async () => {
    mockFetch({
      'GET /api/dashboard/metrics': {
        body: {
          totalMatriculas: 9,
          totalPreMatriculas: 8,
          totalLeads: 7,
          totalInteresses: 6,
          totalEventos: 5,
          totalCursos: 4,
          totalClientes: 3,
          totalMicroFranquias: 2,
          totalFranquias: 1,
        },
      },
    });
    renderWithProviders(<MetricsOverview />);
    await screen.findByRole('heading', { name: 'Franquias' });
    expect(cardTitles()).toEqual([
      'Franquias',
      'Micro-Franquias',
      'Clientes',
      'Cursos',
      'Eventos',
      'Interesses',
      'Leads',
      'Pré-Matrículas',
      'Matrículas Efetivadas',
    ]);
  });

  it("says 'Nenhuma métrica disponível' when the request fails", async () => {
    mockFetch({ 'GET /api/dashboard/metrics': { status: 500, body: { message: 'Erro interno' } } });
    renderWithProviders(<MetricsOverview />);
    expect(await screen.findByText('Nenhuma métrica disponível')).toBeInTheDocument();
  });

  it("says 'Nenhuma métrica disponível' when the answer is null", async () => {
    mockFetch({ 'GET /api/dashboard/metrics': { body: null } });
    renderWithProviders(<MetricsOverview />);
    expect(await screen.findByText('Nenhuma métrica disponível')).toBeInTheDocument();
  });

  it("says 'Nenhuma métrica disponível para seu perfil' when no count applies to the role", async () => {
    mockFetch({ 'GET /api/dashboard/metrics': { body: {} } });
    renderWithProviders(<MetricsOverview />);
    expect(await screen.findByText('Nenhuma métrica disponível para seu perfil')).toBeInTheDocument();
    expect(screen.queryAllByTestId('metric-skeleton')).toHaveLength(0);
  });

  it('links each card to its list where the role may open it (issue 23)', async () => {
    mockFetch({ 'GET /api/dashboard/metrics': { body: { totalClientes: 3, totalLeads: 7 } } });
    renderWithProviders(<MetricsOverview linkFor={(key) => (key === 'totalClientes' ? '/clientes' : null)} />);
    expect(await screen.findByRole('link', { name: 'Clientes' })).toHaveAttribute('href', '/clientes');
    expect(screen.getByRole('heading', { name: 'Leads' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Leads' })).not.toBeInTheDocument();
  });
});
