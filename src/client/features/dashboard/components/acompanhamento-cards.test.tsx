// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Role } from '@shared/roles';
import { createUser, mockFetch, renderApp, renderWithProviders, sessionHandlers } from '@/testing/test-utils';
import { AcompanhamentoCards } from './acompanhamento-cards';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const resumo = { body: { retornosHoje: 3, atrasados: 1234, semContato48h: 0 } };

describe('AcompanhamentoCards (issue 16)', () => {
  it('links each count to the list filtered to the same leads', async () => {
    mockFetch({ 'GET /api/dashboard/acompanhamento': resumo });
    renderWithProviders(<AcompanhamentoCards listPath="/interesses" />);
    const section = screen.getByRole('region', { name: 'Acompanhamento' });
    expect(await within(section).findByRole('link', { name: 'Retornos de hoje: 3' })).toHaveAttribute(
      'href',
      '/interesses?retorno=hoje',
    );
    expect(within(section).getByRole('link', { name: 'Atrasados: 1.234' })).toHaveAttribute(
      'href',
      '/interesses?retorno=atrasados',
    );
    expect(within(section).getByRole('link', { name: /^Leads sem contato há mais de 48\sh: 0$/ })).toHaveAttribute(
      'href',
      '/interesses?semContato=48h',
    );
  });

  it('says so when the counts cannot be read', async () => {
    mockFetch({ 'GET /api/dashboard/acompanhamento': { status: 500, body: { message: 'Erro interno' } } });
    renderWithProviders(<AcompanhamentoCards listPath="/leads" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar o acompanhamento.');
  });

  it.each<[Role, string | null]>([
    ['vendedor', '/interesses?retorno=hoje'],
    ['cliente', '/leads?retorno=hoje'],
    ['micro_franquia', null],
    ['franqueador', null],
  ])('on the dashboard of the %s, beside the metric cards', async (role, href) => {
    const fetchMock = mockFetch({
      ...sessionHandlers(createUser({ role })),
      'GET /api/dashboard/metrics': { body: { totalLeads: 7 } },
      'GET /api/dashboard/acompanhamento': resumo,
      'GET /api/relatorios/funil': 'pending',
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeInTheDocument();
    if (href) {
      expect(await screen.findByRole('link', { name: 'Retornos de hoje: 3' })).toHaveAttribute('href', href);
    } else {
      expect(screen.queryByRole('region', { name: 'Acompanhamento' })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/dashboard/acompanhamento');
    }
  });
});
