// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { MinhaExportacao } from '@shared/schemas/exportacoes';
import { createUser, mockFetch, renderApp, sessionHandlers } from '@/testing/test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function exportacao(overrides: Partial<MinhaExportacao> = {}): MinhaExportacao {
  return {
    id: 'e-1',
    lista: 'leads',
    status: 'concluido',
    linhas: 1234,
    total: 1234,
    percentual: 100,
    arquivo: '/api/exportacoes/e-1/arquivo',
    criadaEm: '2026-11-27T13:05:00.000Z',
    expiraEm: '2026-11-28T13:05:00.000Z',
    erro: null,
    nomeArquivo: 'interesses_todos_2026-11-27.csv',
    tamanho: 3 * 1024 * 1024 + 400 * 1024,
    concluidaEm: '2026-11-27T13:07:00.000Z',
    ...overrides,
  };
}

describe('Minhas exportações (issue 51)', () => {
  it('lists each export with its state, rows, size, dates in Brasília and Baixar only for a ready file', async () => {
    const gerando = exportacao({
      id: 'e-2',
      status: 'executando',
      linhas: 500,
      total: 2000,
      percentual: 25,
      arquivo: null,
      tamanho: null,
      concluidaEm: null,
      criadaEm: '2026-11-27T14:00:00.000Z',
      expiraEm: '2026-11-28T14:00:00.000Z',
      nomeArquivo: 'matriculas_todas_2026-11-27.csv',
      lista: 'matriculas',
    });
    mockFetch({
      ...sessionHandlers(createUser({ role: 'vendedor' })),
      'GET /api/exportacoes': { body: { itens: [gerando, exportacao()] } },
    });
    renderApp('/minhas-exportacoes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Minhas exportações' })).toBeInTheDocument();
    const lista = await screen
      .findByRole('list', { name: 'Minhas exportações' })
      .catch(() => screen.getByRole('table', { name: 'Minhas exportações' }));
    expect(within(lista).getByText('Pronta')).toBeInTheDocument();
    expect(within(lista).getByText('3,4 MB')).toBeInTheDocument();
    expect(within(lista).getByText('1.234')).toBeInTheDocument();
    // 13:05 UTC is 10:05 in Brasília.
    expect(within(lista).getByText('27/11/2026 10:05')).toBeInTheDocument();
    expect(within(lista).getByText('Gerando (25%)')).toBeInTheDocument();
    const baixar = within(lista).getAllByRole('link', { name: /^Baixar / });
    expect(baixar).toHaveLength(1);
    expect(baixar[0]).toHaveAttribute('href', '/api/exportacoes/e-1/arquivo');
    expect(baixar[0]).toHaveAccessibleName('Baixar interesses_todos_2026-11-27.csv');
  });

  it('says nothing was exported in the last 24 hours, and where exports come from', async () => {
    mockFetch({
      ...sessionHandlers(createUser({ role: 'cliente' })),
      'GET /api/exportacoes': { body: { itens: [] } },
    });
    renderApp('/minhas-exportacoes');
    expect(await screen.findByText('Nenhuma exportação nas últimas 24 horas')).toBeInTheDocument();
    expect(screen.getByText(/fica aqui por 24 horas, só para você/)).toBeInTheDocument();
  });
});
