// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANCELAMENTO_MESSAGES, type CancelamentoPreview } from '@shared/schemas/cancelamento';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { CancelarMatricula } from './cancelar-matricula';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cancelavel: CancelamentoPreview = {
  matriculaId: 'm-1',
  situacao: 'cancelavel',
  podeCancelar: true,
  mensagem: CANCELAMENTO_MESSAGES.cancelavel(120, 10, 1200),
  status: 'ativa',
  motivoCancelamento: null,
  contratoVersao: 1,
  aceitoEm: '2026-09-01T15:00:00.000Z',
  arrependimentoAte: '2026-09-08',
  valorTotal: 1200,
  parcelas: 10,
  valorPago: 0,
  valorRestante: 1200,
  multaPct: 10,
  multa: 120,
  canceladaEm: null,
};

const nbsp = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('CancelarMatricula (issue 42)', () => {
  it('shows the fee before confirming, asks for the reason, and cancels', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /api/matriculas/m-1/cancelamento': { body: cancelavel },
      'POST /api/matriculas/m-1/cancelar': (body) => {
        posted.push(body);
        return {
          body: {
            message: CANCELAMENTO_MESSAGES.cancelada,
            matricula: {
              id: 'm-1',
              status: 'cancelada',
              motivoCancelamento: 'cancelamento',
              canceladaEm: '2026-11-26T12:00:00.000Z',
              multaCancelamento: 120,
            },
          },
        };
      },
    });
    const onCancelada = vi.fn();
    renderWithProviders(<CancelarMatricula matriculaId="m-1" nome="Ana Souza" onCancelada={onCancelada} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar matrícula' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a matrícula de Ana Souza?' });
    expect(nbsp(within(dialog).getByText('Valor restante').nextElementSibling?.textContent)).toBe('R$ 1.200,00');
    expect(nbsp(within(dialog).getByText('Multa (10% do restante)').nextElementSibling?.textContent)).toBe('R$ 120,00');
    expect(nbsp(dialog.textContent)).toContain('Multa de R$ 120,00: 10% do valor restante de R$ 1.200,00.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
    expect(await within(dialog).findByText(CANCELAMENTO_MESSAGES.motivo)).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Motivo do cancelamento/), 'A família mudou de cidade.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
    await vi.waitFor(() => expect(onCancelada).toHaveBeenCalled());
    expect(posted).toEqual([{ motivo: 'A família mudou de cidade.' }]);
    expect(onCancelada.mock.calls[0]![0]).toMatchObject({ status: 'cancelada', motivoCancelamento: 'cancelamento' });
  });

  it('within the 7 days says the family withdraws itself, with no way to confirm', async () => {
    mockFetch({
      'GET /api/matriculas/m-1/cancelamento': {
        body: {
          ...cancelavel,
          situacao: 'arrependimento',
          podeCancelar: false,
          mensagem: CANCELAMENTO_MESSAGES.noArrependimento('2026-11-30'),
          arrependimentoAte: '2026-11-30',
        },
      },
    });
    renderWithProviders(<CancelarMatricula matriculaId="m-1" nome="Ana Souza" onCancelada={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar matrícula' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/A família está no prazo de arrependimento até 30\/11\/2026/)).toBeInTheDocument();
    expect(within(dialog).getByText(/desistir sem multa até 30\/11\/2026/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirmar cancelamento' })).toBeNull();
  });

  it('offers nothing for a contract not accepted yet, and tells the fee charged of a cancelled one', async () => {
    mockFetch({
      'GET /api/matriculas/m-2/cancelamento': {
        body: { ...cancelavel, matriculaId: 'm-2', situacao: 'aguardando_aceite', podeCancelar: false },
      },
      'GET /api/matriculas/m-3/cancelamento': {
        body: {
          ...cancelavel,
          matriculaId: 'm-3',
          situacao: 'cancelada',
          podeCancelar: false,
          mensagem: 'Matrícula cancelada em 20/11/2026 (Cancelamento). Multa cobrada: R$ 120,00.',
        },
      },
    });
    renderWithProviders(<CancelarMatricula matriculaId="m-2" nome="Ana" onCancelada={vi.fn()} />);
    renderWithProviders(<CancelarMatricula matriculaId="m-3" nome="Bia" onCancelada={vi.fn()} />);
    expect(await screen.findByText(/Multa cobrada: R\$ 120,00\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar matrícula' })).toBeNull();
  });
});
