// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { contagem } from '@shared/schemas/relatorios';
import { renderWithProviders } from '@/testing/test-utils';
import { todayInBrasilia } from '@shared/brasilia';
import { Ultimos30Dias } from './ultimos-30-dias';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Ultimos30Dias', () => {
  it('shows the three counts and the conversion against the 30 days before, and links to Relatórios', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        const today = url.searchParams.get('ate');
        const body =
          url.pathname === '/api/relatorios/serie'
            ? {
                intervalo: 'dia',
                pontos: [
                  { inicio: today, leads: 1, preMatriculas: 0, matriculas: 0 },
                  { inicio: today, leads: 3, preMatriculas: 1, matriculas: 0 },
                ],
              }
            : {
                de: '',
                ate: '',
                agrupar: 'franquia',
                grupos: [],
                totais:
                  url.searchParams.get('ate') === todayInBrasilia()
                    ? contagem({ leads: 50, presencas: 0, preMatriculas: 20, matriculas: 5 })
                    : contagem({ leads: 40, presencas: 0, preMatriculas: 20, matriculas: 5 }),
              };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderWithProviders(<Ultimos30Dias />);
    const block = await screen.findByRole('region', { name: 'Últimos 30 dias' });
    expect(await within(block).findByText('50')).toBeInTheDocument();
    expect(within(block).getByText('▲ 25,0%')).toBeInTheDocument();
    expect(within(block).getByText('Conversão lead → matrícula')).toBeInTheDocument();
    expect(within(block).getByText('10,0%')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Ver relatórios' })).toHaveAttribute(
      'href',
      '/relatorios?periodo=30d',
    );
  });
});
