// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { ParcelasScreen } from './parcelas-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SP = '0b8f0f3e-5d7a-4c1e-9a52-3f6e2b1d4c7a';

describe('Financeiro > Parcelas: Exportar CSV (ADR 077)', () => {
  it("downloads the list's filters, the tree filter a group of Inadimplência opened included", async () => {
    mockFetch({ 'GET /api/parcelas': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithProviders(<ParcelasScreen />, { path: `/financeiro/parcelas?status=vencida&franquiaId=${SP}` });
    const exportar = await screen.findByRole('link', { name: /Exportar CSV/ });
    expect(exportar).toHaveAttribute('href', `/api/parcelas/export.csv?status=vencida&franquiaId=${SP}`);
    expect(screen.getByRole('button', { name: /Limpar filtros/ })).toBeInTheDocument();
  });
});
