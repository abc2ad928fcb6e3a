// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Exportacao } from '@shared/schemas/exportacoes';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { ExportarCsv } from './exportar-csv';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const job = (overrides: Partial<Exportacao> = {}): Exportacao => ({
  id: '0b9c7a6e-3f0e-4d8e-9a51-1f2a3b4c5d6e',
  lista: 'leads',
  status: 'pendente',
  linhas: 0,
  total: 0,
  percentual: 0,
  arquivo: null,
  criadaEm: '2026-11-24T01:00:00.000Z',
  expiraEm: '2026-11-25T01:00:00.000Z',
  erro: null,
  ...overrides,
});

describe('ExportarCsv (issue 22)', () => {
  it('follows a long export: the rows done on a progress bar, then the file', async () => {
    const answers = [
      job({ status: 'executando', linhas: 20_000, total: 60_000, percentual: 33 }),
      job({
        status: 'concluido',
        linhas: 60_000,
        total: 60_000,
        percentual: 100,
        arquivo: '/api/exportacoes/x/arquivo',
      }),
    ];
    const fetchMock = mockFetch({
      'POST /api/leads/exportacoes': { status: 202, body: { direta: false, ...job() } },
      [`GET /api/exportacoes/${job().id}`]: () => ({ body: answers.length > 1 ? answers.shift() : answers[0] }),
    });
    renderWithProviders(<ExportarCsv href="/api/leads/export.csv" jobUrl="/api/leads/exportacoes?view=interesses" />);
    await userEvent.click(screen.getByRole('link', { name: 'Exportar CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportando CSV' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/leads/exportacoes?view=interesses');
    await waitFor(() => expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33'));
    expect(within(dialog).getByTestId('exportacao-progresso')).toHaveTextContent('20.000 de 60.000 linhas (33%)');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    const file = await within(dialog).findByRole('link', { name: 'Baixar arquivo' }, { timeout: 3000 });
    expect(file).toHaveAttribute('href', '/api/exportacoes/x/arquivo');
    expect(within(dialog).getByTestId('exportacao-progresso')).toHaveTextContent('Arquivo pronto: 60.000 linhas.');
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it("cancels on 'Cancelar' and closes", async () => {
    const fetchMock = mockFetch({
      'POST /api/leads/exportacoes': { status: 202, body: { direta: false, ...job() } },
      [`GET /api/exportacoes/${job().id}`]: { body: job({ status: 'executando', linhas: 5_000, total: 60_000 }) },
      [`POST /api/exportacoes/${job().id}/cancelar`]: { body: job({ status: 'cancelado' }) },
    });
    renderWithProviders(<ExportarCsv href="/api/leads/export.csv" jobUrl="/api/leads/exportacoes" />);
    await userEvent.click(screen.getByRole('link', { name: 'Exportar CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportando CSV' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/cancelar'))).toBe(true);
  });

  it('starts the direct download at once when the server says the list is short', async () => {
    const clicks: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      clicks.push(this.getAttribute('href') ?? '');
    };
    try {
      mockFetch({
        'POST /api/leads/exportacoes': { body: { direta: true, arquivo: '/api/leads/export.csv?q=ana' } },
      });
      renderWithProviders(<ExportarCsv href="/api/leads/export.csv?q=ana" jobUrl="/api/leads/exportacoes?q=ana" />);
      await userEvent.click(screen.getByRole('link', { name: 'Exportar CSV' }));
      await waitFor(() => expect(clicks).toContain('/api/leads/export.csv?q=ana'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });
});
