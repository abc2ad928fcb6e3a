// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelaItem } from '@shared/schemas/parcela';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { MinhasParcelas } from './minhas-parcelas';
import { ParcelasScreen } from './parcelas-screen';
import { BAIXA_MESSAGES } from '@shared/schemas/parcela-baixa';

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

describe('each plan numbered on its own (ADR 084)', () => {
  const depois = [
    parcela({ id: 'p-1', numero: 1, totalParcelas: 10, status: 'paga', pagaEm: '2026-12-09' }),
    parcela({ id: 'p-2', numero: 2, totalParcelas: 6, renegociacao: true, vencimento: '2027-01-10' }),
  ];

  it("shows a renegotiated matrícula's parcela as its plan's on 'Minhas parcelas', the paid one keeping the contract's", async () => {
    mockFetch({ 'GET /api/user/parcelas': { body: depois } });
    renderWithProviders(<MinhasParcelas />);
    const itens = await screen.findAllByRole('listitem');
    expect(within(itens[0]!).getByText('Parcela 1 de 10')).toBeInTheDocument();
    expect(within(itens[1]!).getByText('Parcela 2 de 6 da renegociação')).toBeInTheDocument();
  });

  it("shows '2/6 (renegociação)' in the staff's list", async () => {
    mockFetch({ 'GET /api/parcelas': { body: depois, headers: { 'X-Total-Count': '2' } } });
    renderWithProviders(<ParcelasScreen />);
    expect((await screen.findAllByText('2/6 (renegociação)')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('1/10').length).toBeGreaterThan(0);
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
    expect(screen.getByRole('combobox', { name: 'Mês de vencimento' })).toHaveTextContent('Todos os meses');
  });
});

describe("'Dar baixa' (issue 43, ADR 076)", () => {
  it('asks for the note, sends the day and the note, and the list shows the parcela paid by baixa without a reload', async () => {
    let enviado: unknown = null;
    const baixa = { em: '2026-11-26T12:00:00.000Z', por: 'Ana Franquia', observacao: 'Pago em dinheiro' };
    mockFetch({
      'GET /api/parcelas': () => ({
        body: [parcela(enviado ? { status: 'paga', pagaEm: '2026-11-20', baixa } : {})],
        headers: { 'X-Total-Count': '1' },
      }),
      'POST /api/parcelas/p-1/baixa': (body) => {
        enviado = body;
        return { body: { message: 'Baixa registrada', parcela: parcela({ status: 'paga', baixa }) } };
      },
    });
    renderWithProviders(<ParcelasScreen podeDarBaixa />);
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'Dar baixa: parcela 1 de 3 de Mariana Costa' }))[0]!,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar baixa' }));
    expect(await within(dialog).findByText(BAIXA_MESSAGES.observacao)).toBeInTheDocument();
    expect(enviado).toBeNull();
    const data = within(dialog).getByLabelText('Data do pagamento');
    await userEvent.clear(data);
    await userEvent.type(data, '20/11/2026');
    await userEvent.type(within(dialog).getByLabelText(/Observação/), 'Pago em dinheiro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar baixa' }));
    expect(await screen.findAllByText(BAIXA_MESSAGES.rotuloPagaBaixa)).not.toHaveLength(0);
    expect(enviado).toEqual({ pagaEm: '2026-11-20', observacao: 'Pago em dinheiro' });
    expect(screen.getAllByText('por Ana Franquia: Pago em dinheiro').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Dar baixa/ })).toBeNull();
  });

  it('is not offered to a role without the permission, nor on a paid parcela', async () => {
    mockFetch({
      'GET /api/parcelas': { body: [parcela({})], headers: { 'X-Total-Count': '1' } },
    });
    renderWithProviders(<ParcelasScreen />);
    expect(await screen.findByText('1 parcela')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dar baixa/ })).toBeNull();
  });
});
