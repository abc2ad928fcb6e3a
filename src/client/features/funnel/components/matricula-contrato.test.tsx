// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { MatriculaContrato } from './matricula-contrato';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const contrato = {
  id: 'k-1',
  matriculaId: 'm-1',
  modeloId: 'mod-1',
  versao: 2,
  titulo: 'Contrato de matrícula',
  texto:
    '# Contrato\n\nResponsável: **Carlos Souza** <script>alert(1)</script>\n\n## Direito de arrependimento\n\nSete dias.',
  valorTotal: 1200,
  parcelas: 10,
  valorParcela: 120,
  valorUltimaParcela: 120,
  multaCancelamentoPct: 10,
  status: 'aguardando_aceite',
  criadoEm: '2026-11-26T12:00:00.000Z',
};

describe('MatriculaContrato (issue 42)', () => {
  it('shows the version and the frozen text, HTML as text', async () => {
    mockFetch({ 'GET /api/matriculas/m-1/contrato': { body: contrato } });
    renderWithProviders(<MatriculaContrato matriculaId="m-1" />);
    expect(await screen.findByText(/^Versão 2 \(Contrato de matrícula\), gerado em/)).toBeInTheDocument();
    await userEvent.click(screen.getByText('Ver o texto do contrato'));
    expect(screen.getByRole('heading', { name: 'Direito de arrependimento' })).toBeInTheDocument();
    expect(screen.getByText('Carlos Souza').tagName).toBe('STRONG');
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('says a matrícula from before the network’s contract has none', async () => {
    mockFetch({
      'GET /api/matriculas/m-2/contrato': { status: 404, body: { message: 'Esta matrícula não tem contrato' } },
    });
    renderWithProviders(<MatriculaContrato matriculaId="m-2" />);
    expect(await screen.findByText(/^Sem contrato: a matrícula é anterior/)).toBeInTheDocument();
  });
});
