// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Evento } from '@shared/schemas/evento';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { EventosList } from './eventos-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const evento: Evento = {
  id: 'e-1',
  clienteId: 'c-1',
  microFranquiaId: 'm-1',
  cliente: { id: 'c-1', nomeFantasia: 'Colégio Horizonte' },
  nomeEscola: 'Colégio Horizonte',
  tipoEscola: 'privada',
  cep: '13024001',
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  cidade: 'Campinas',
  estado: 'SP',
  dataDistribuicao: '2030-03-01',
  dataEvento: '2030-03-15',
  horario: '19:30',
  local: 'escola',
  qtdAlunos: 120,
  valorTotalDesconto: null,
  observacao: null,
  status: 'agendado',
  isActive: true,
  vagas: null,
  inscricoesAte: null,
  inscricoesAbertas: true,
  inscritos: 0,
  listaEspera: 0,
  presentes: 0,
  cursoIds: [],
  cursos: [],
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};

describe('EventosList', () => {
  it("says 'mais de 10.000 eventos' when the server stopped counting, and claims no last page (issue 46)", async () => {
    mockFetch({
      'GET /api/eventos': { body: [evento], headers: { 'X-Total-Count': '10000', 'X-Total-Count-Exact': 'false' } },
    });
    renderWithProviders(<EventosList />);
    expect(await screen.findByRole('heading', { name: 'mais de 10.000 eventos' })).toBeInTheDocument();
    const paging = screen.getByRole('navigation', { name: 'Paginação' });
    expect(paging).toHaveTextContent('1–30 de mais de 10.000');
    expect(paging).toHaveTextContent('Página 1');
    expect(paging).not.toHaveTextContent(/Página 1 de/);
    expect(within(paging).getByRole('button', { name: /Próxima/ })).toBeEnabled();
  });

  it('says the exact count otherwise', async () => {
    mockFetch({ 'GET /api/eventos': { body: [evento], headers: { 'X-Total-Count': '45' } } });
    renderWithProviders(<EventosList />);
    expect(await screen.findByRole('heading', { name: '45 eventos' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Paginação' })).toHaveTextContent('Página 1 de 2');
  });
});
