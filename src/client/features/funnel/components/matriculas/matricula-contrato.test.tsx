// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
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
  aceitoEm: null,
  canalCodigo: null,
  pdfSha256: null,
  codigoVerificacao: null,
  linkExpiraEm: '2026-12-26T12:00:00.000Z',
  desistirAte: null,
  motivoCancelamento: null,
  eventos: [
    { tipo: 'enviado', em: '2026-11-26T12:00:00.000Z' },
    { tipo: 'aberto', em: '2026-11-26T13:00:00.000Z' },
  ],
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

  it('shows the timeline while the family has not accepted, and sends a new link', async () => {
    const fetchMock = mockFetch({
      'GET /api/matriculas/m-1/contrato': { body: contrato },
      'POST /api/matriculas/m-1/contrato/reenviar': {
        body: { message: 'Novo link enviado para f***@email.com. O link anterior deixou de valer.' },
      },
    });
    renderWithProviders(<MatriculaContrato matriculaId="m-1" />);
    const timeline = await screen.findByRole('list', { name: 'Linha do tempo do contrato' });
    expect(timeline).toHaveTextContent('Link enviado ao responsável');
    expect(timeline).toHaveTextContent('Contrato aberto pelo link');
    expect(screen.getByText('Aguardando aceite')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baixar PDF' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar link' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/contrato/reenviar') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('offers the accepted contract’s PDF and no new link', async () => {
    mockFetch({
      'GET /api/matriculas/m-3/contrato': {
        body: {
          ...contrato,
          matriculaId: 'm-3',
          status: 'ativa',
          aceitoEm: '2026-11-27T12:00:00.000Z',
          canalCodigo: 'email',
          pdfSha256: 'a'.repeat(64),
          codigoVerificacao: 'ABCDEF123456',
          desistirAte: '2026-12-04',
          eventos: [...contrato.eventos, { tipo: 'aceito', em: '2026-11-27T12:00:00.000Z' }],
        },
      },
    });
    renderWithProviders(<MatriculaContrato matriculaId="m-3" />);
    const pdf = await screen.findByRole('link', { name: 'Baixar PDF' });
    expect(pdf).toHaveAttribute('href', '/api/matriculas/m-3/contrato.pdf');
    expect(screen.getByText('ABCDEF123456')).toBeInTheDocument();
    expect(screen.getByText(/desistência sem multa até 04\/12\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar link' })).toBeNull();
  });

  it('says a matrícula from before the network’s contract has none', async () => {
    mockFetch({
      'GET /api/matriculas/m-2/contrato': { status: 404, body: { message: 'Esta matrícula não tem contrato' } },
    });
    renderWithProviders(<MatriculaContrato matriculaId="m-2" />);
    expect(await screen.findByText(/^Sem contrato: a matrícula é anterior/)).toBeInTheDocument();
  });
});
