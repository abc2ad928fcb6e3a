// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelaItem } from '@shared/schemas/parcela';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { MinhasParcelas } from './minhas-parcelas';
import { ParcelasScreen } from './parcelas-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const parcela = (over: Partial<ParcelaItem>): ParcelaItem => ({
  id: 'p-1',
  matriculaId: 'm-1',
  numero: 1,
  totalParcelas: 3,
  valor: 333.33,
  vencimento: '2026-12-10',
  status: 'aberta',
  pagaEm: null,
  valorLiquido: null,
  provedor: 'asaas',
  invoiceUrl: 'https://gateway.example.com/i/1',
  bankSlipUrl: 'https://gateway.example.com/b/1',
  pixCopiaECola: '00020126PIXCODE',
  aluno: 'Mariana Costa',
  tipo: 'mensalidade',
  baixa: null,
  cursoTitulo: 'Preparatório ENEM',
  ...over,
});

describe('Minhas parcelas (issue 43)', () => {
  it('shows each parcela with its status, due date and value, and PIX and boleto only while it is to be paid', async () => {
    mockFetch({
      'GET /api/user/parcelas': {
        body: [
          parcela({ id: 'p-1', numero: 1, status: 'paga', pagaEm: '2026-12-09' }),
          parcela({ id: 'p-2', numero: 2, vencimento: '2027-01-10' }),
        ],
      },
    });
    renderWithProviders(<MinhasParcelas />);
    const itens = await screen.findAllByRole('listitem');
    expect(itens).toHaveLength(2);
    expect(within(itens[0]!).getByText('Paga')).toBeInTheDocument();
    expect(within(itens[0]!).getByText('Paga em 09/12/2026')).toBeInTheDocument();
    expect(within(itens[0]!).queryByRole('button', { name: /Pagar com PIX/ })).toBeNull();
    expect(within(itens[1]!).getByText('Em aberto')).toBeInTheDocument();
    expect(within(itens[1]!).getByText('Vencimento: 10/01/2027')).toBeInTheDocument();
    expect(within(itens[1]!).getByText(/R\$\s*333,33/)).toBeInTheDocument();
    expect(within(itens[1]!).getByRole('button', { name: /Pagar com PIX/ })).toBeInTheDocument();
    expect(within(itens[1]!).getByRole('link', { name: 'Boleto' })).toHaveAttribute(
      'href',
      'https://gateway.example.com/b/1',
    );
  });
});

describe('Financeiro > Parcelas (issue 43)', () => {
  it('lists the parcelas with their total and due-month filter, and pays a simulated one', async () => {
    let paga = false;
    mockFetch({
      'GET /api/parcelas': () => {
        return {
          body: [parcela({ provedor: 'simulado', invoiceUrl: null, status: paga ? 'paga' : 'aberta' })],
          headers: { 'X-Total-Count': '1' },
        };
      },
      'POST /api/parcelas/p-1/simular-pagamento': () => {
        paga = true;
        return { body: { message: 'Pagamento simulado: a parcela está paga.', parcela: parcela({ status: 'paga' }) } };
      },
    });
    renderWithProviders(<ParcelasScreen />);
    expect(await screen.findByText('1 parcela')).toBeInTheDocument();
    expect(screen.getAllByText('Mariana Costa').length).toBeGreaterThan(0);
    await userEvent.click(screen.getAllByRole('button', { name: /Simular pagamento/ })[0]!);
    expect(await screen.findAllByText('Paga')).not.toHaveLength(0);
    expect(screen.getByLabelText('Mês de vencimento')).toBeInTheDocument();
  });
});
