// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Curso } from '@shared/schemas/curso';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { CursosList } from './cursos-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const curso: Curso = {
  id: 'c-1',
  clienteId: 'cl-1',
  titulo: 'Inglês Intensivo',
  descricao: null,
  valor: 1500,
  valorComDesconto: null,
  parcelas: 10,
  isActive: true,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  modulos: [],
};

const props = { onCreate: () => {}, onEdit: () => {}, onDeactivate: () => {} };

describe('CursosList', () => {
  it("pages 'de mais de 10.000' when the server stopped counting, and claims no last page (issue 46)", async () => {
    mockFetch({
      'GET /api/cursos': { body: [curso], headers: { 'X-Total-Count': '10000', 'X-Total-Count-Exact': 'false' } },
    });
    renderWithProviders(<CursosList {...props} />);
    const paging = await screen.findByRole('navigation', { name: 'Paginação' });
    expect(paging).toHaveTextContent('1–24 de mais de 10.000');
    expect(paging).not.toHaveTextContent(/Página 1 de/);
    expect(within(paging).getByRole('button', { name: /Próxima/ })).toBeEnabled();
  });

  it('pages the exact total otherwise', async () => {
    mockFetch({ 'GET /api/cursos': { body: [curso], headers: { 'X-Total-Count': '30' } } });
    renderWithProviders(<CursosList {...props} />);
    const paging = await screen.findByRole('navigation', { name: 'Paginação' });
    expect(paging).toHaveTextContent('1–24 de 30');
    expect(paging).toHaveTextContent('Página 1 de 2');
  });
});
