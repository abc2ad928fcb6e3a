// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelaItem } from '@shared/schemas/parcela';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { Renegociacao } from './renegociar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const parcela = (over: Partial<ParcelaItem>): ParcelaItem => ({
  id: 'p-1',
  matriculaId: 'm-1',
  numero: 1,
  totalParcelas: 3,
  renegociacao: false,
  valor: 333.33,
  vencimento: '2026-12-10',
  status: 'aberta',
  pagaEm: null,
  valorLiquido: null,
  provedor: 'asaas',
  invoiceUrl: null,
  bankSlipUrl: null,
  pixCopiaECola: null,
  aluno: 'Mariana Costa',
  tipo: 'mensalidade',
  baixa: null,
  cursoTitulo: 'Preparatório ENEM',
  ...over,
});

describe('Renegociar (issue 43, ADR 079)', () => {
  it('shows the network’s cap and the new parcelas’ values before confirming, and the history', async () => {
    mockFetch({
      'GET /api/matriculas/m-1/renegociacoes': {
        body: [
          {
            id: 'r-1',
            matriculaId: 'm-1',
            em: '2026-11-20T15:00:00.000Z',
            por: 'Ana Souza',
            parcelasAnteriores: 2,
            valorAnterior: 200,
            desconto: 10,
            novoTotal: 190,
            novasParcelas: 1,
            primeiroVencimento: '2026-12-01',
            concluida: true,
          },
        ],
      },
      'GET /api/cobranca/configuracao': { body: { descontoMaximoRenegociacaoPct: 10 } },
    });
    renderWithProviders(
      <Renegociacao
        matricula={{ id: 'm-1', status: 'ativa' }}
        parcelas={[
          parcela({ id: 'p-1', status: 'paga', pagaEm: '2026-12-09' }),
          parcela({ id: 'p-2', numero: 2 }),
          parcela({ id: 'p-3', numero: 3, valor: 333.34, status: 'vencida' }),
        ]}
        podeRenegociar
      />,
    );
    expect(await screen.findByText('Renegociada em 20/11/2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Renegociar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renegociar parcelas' });
    // Two open parcelas: R$ 666,67; the cap is 10% of it, rounded down.
    expect(within(dialog).getByText(/2 parcelas em aberto, somando R\$\s666,67/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/^Até R\$\s66,66 \(10% do saldo/)).toBeInTheDocument();
    const n = within(dialog).getByLabelText('Número de parcelas');
    await userEvent.clear(n);
    await userEvent.type(n, '3');
    const previa = within(dialog).getByRole('region', { name: 'Novas parcelas' });
    const itens = within(previa).getAllByRole('listitem');
    expect(itens).toHaveLength(3);
    expect(within(itens[0]!).getByText(/R\$\s222,22/)).toBeInTheDocument();
    expect(within(itens[2]!).getByText(/R\$\s222,23/)).toBeInTheDocument();
    expect(within(previa).getByText(/Total: R\$\s666,67/)).toBeInTheDocument();
  });

  it('offers nothing to a role that may not renegotiate, or when nothing is open', async () => {
    mockFetch({ 'GET /api/matriculas/m-1/renegociacoes': { body: [] } });
    renderWithProviders(
      <Renegociacao matricula={{ id: 'm-1', status: 'ativa' }} parcelas={[parcela({})]} podeRenegociar={false} />,
    );
    renderWithProviders(
      <Renegociacao
        matricula={{ id: 'm-1', status: 'ativa' }}
        parcelas={[parcela({ status: 'paga', pagaEm: '2026-12-01' })]}
        podeRenegociar
      />,
    );
    expect(screen.queryByRole('button', { name: 'Renegociar' })).toBeNull();
  });
});
