// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoAnterior, periodoDe, periodoPorExtenso } from '@shared/comissoes/lancamentos';
import type {
  AcordoFranquiaView,
  ExtratoResumo,
  ExtratoView,
  ExtratosView,
  LinhaView,
} from '@shared/schemas/royalties';
import { ROYALTY_MESSAGES } from '@shared/schemas/royalties';
import { mesPorExtenso } from '@/components/ui/month-select';
import { type MockHandler, mockFetch, renderWithProviders } from '@/testing/test-utils';
import { MeuExtratoScreen } from './meu-extrato-screen';
import { RoyaltiesScreen } from './royalties-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hoje = todayInBrasilia();
const atual = periodoDe(hoje);
const anterior = periodoAnterior(atual);
const retrasado = periodoAnterior(anterior);

const figuras = {
  bruto: 0,
  estornos: 0,
  base: 0,
  royalty: 0,
  fundo: 0,
  minimo: null,
  ajusteMinimo: 0,
  pedido: 0,
  retido: 0,
  saldo: 0,
  lancamentos: 0,
};

const resumo = (over: Partial<ExtratoResumo>): ExtratoResumo => ({
  franquiaId: 'f-sp',
  franquia: 'Educa Paulista Franquias Ltda',
  mes: atual,
  status: 'aberto',
  modo: 'fatura',
  ...figuras,
  fechamentoId: null,
  fechadoEm: null,
  fatura: null,
  ...over,
});

const sp = (mes: string, over: Partial<ExtratoResumo> = {}) =>
  resumo({
    mes,
    bruto: 1000,
    base: 1000,
    royalty: 60,
    fundo: 20,
    minimo: 500,
    ajusteMinimo: 440,
    pedido: 520,
    saldo: 520,
    lancamentos: 2,
    ...over,
  });
const mg = (mes: string) =>
  resumo({
    mes,
    franquiaId: 'f-mg',
    franquia: 'Minas Saber Franquias Ltda',
    bruto: 200,
    base: 200,
    royalty: 10,
    fundo: 3,
    pedido: 13,
    saldo: 13,
    lancamentos: 1,
  });

/** GET /api/royalties/extratos answers the month asked for (mockFetch's handlers do not see the address). */
function comExtratos(handlers: Record<string, MockHandler>, extratos: (mes: string) => ExtratoResumo[]) {
  const base = mockFetch(handlers);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/royalties/extratos') return base(input, init);
    const mes = url.searchParams.get('mes')!;
    const itens = extratos(mes);
    const soma = (k: 'bruto' | 'base' | 'royalty' | 'fundo' | 'ajusteMinimo' | 'pedido' | 'retido' | 'saldo') =>
      itens.reduce((s, i) => s + i[k], 0);
    const body: ExtratosView = {
      mes,
      total: {
        ...figuras,
        bruto: soma('bruto'),
        base: soma('base'),
        royalty: soma('royalty'),
        fundo: soma('fundo'),
        ajusteMinimo: soma('ajusteMinimo'),
        pedido: soma('pedido'),
        retido: soma('retido'),
        saldo: soma('saldo'),
      },
      itens,
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const acordoSp: AcordoFranquiaView = {
  franquiaId: 'f-sp',
  franquia: 'Educa Paulista Franquias Ltda',
  vigente: {
    id: 'a-1',
    franquiaId: 'f-sp',
    royalty: 6,
    fundo: 2,
    minimo: 500,
    inicio: '2025-01-01',
    modo: 'fatura',
    criadoEm: '2025-01-01T00:00:00.000Z',
  },
  versoes: [
    {
      id: 'a-1',
      franquiaId: 'f-sp',
      royalty: 6,
      fundo: 2,
      minimo: 500,
      inicio: '2025-01-01',
      modo: 'fatura',
      criadoEm: '2025-01-01T00:00:00.000Z',
    },
  ],
};
const acordoMg: AcordoFranquiaView = {
  franquiaId: 'f-mg',
  franquia: 'Minas Saber Franquias Ltda',
  vigente: null,
  versoes: [],
};

describe("'Royalties' (issue 45, ADR 092)", () => {
  it("shows every franquia's month with the network's total, and 'Fechar' only for a month that has ended", async () => {
    comExtratos({ 'GET /api/royalties/acordos': { body: [acordoSp, acordoMg] } }, (mes) => [sp(mes), mg(mes)]);
    renderWithProviders(<RoyaltiesScreen podeFechar podeEditarAcordos />);
    const tabela = await screen.findByRole('table', {
      name: `Extratos de royalties por franquia em ${periodoPorExtenso(atual)}`,
    });
    const linhaSp = (await within(tabela).findByText('Educa Paulista Franquias Ltda')).closest('tr')!;
    expect(linhaSp).toHaveTextContent(/R\$\s*1\.000,00/);
    expect(linhaSp).toHaveTextContent(/R\$\s*440,00/);
    expect(linhaSp).toHaveTextContent('Mês em andamento (prévia)');
    expect(within(screen.getByLabelText('Total da rede')).getByText('Saldo').parentElement).toHaveTextContent(
      /R\$\s*533,00/,
    );
    // This month has not ended: nothing to close.
    expect(screen.queryByRole('button', { name: /^Fechar o extrato/ })).toBeNull();
    // The month's list reads in pt-BR ('Outubro de 2026'), whatever the browser's language.
    expect(screen.getByRole('combobox', { name: 'Mês' })).toHaveTextContent(mesPorExtenso(atual));

    await userEvent.click(screen.getByRole('button', { name: 'Mês passado' }));
    const passado = await screen.findByRole('table', {
      name: `Extratos de royalties por franquia em ${periodoPorExtenso(anterior)}`,
    });
    expect(screen.getByRole('combobox', { name: 'Mês' })).toHaveTextContent(mesPorExtenso(anterior));
    await userEvent.click(
      await within(passado).findByRole('button', { name: 'Fechar o extrato de Educa Paulista Franquias Ltda' }),
    );
    const confirmar = await screen.findByRole('alertdialog', {
      name: `Fechar o extrato de Educa Paulista Franquias Ltda de ${periodoPorExtenso(anterior)}?`,
    });
    expect(confirmar).toHaveTextContent(/R\$\s*520,00 vira uma fatura/);
  });

  it("shows a closed month's charge and a franquia's history as a chart with its table", async () => {
    comExtratos({ 'GET /api/royalties/acordos': { body: [acordoSp] } }, (mes) =>
      mes === atual
        ? [sp(mes)]
        : [
            sp(mes, {
              status: 'fechado',
              fechamentoId: `fe-${mes}`,
              fechadoEm: `${mes}-28T12:00:00.000Z`,
              fatura: {
                id: `fa-${mes}`,
                valor: 520,
                vencimento: `${atual}-10`,
                status: 'paga',
                invoiceUrl: null,
                pagaEm: `${atual}-09`,
              },
            }),
          ],
    );
    renderWithProviders(<RoyaltiesScreen podeFechar podeEditarAcordos />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mês passado' }));
    const tabela = await screen.findByRole('table', {
      name: `Extratos de royalties por franquia em ${periodoPorExtenso(anterior)}`,
    });
    expect(await within(tabela).findByText('Fatura: Paga')).toBeInTheDocument();
    expect(within(tabela).queryByRole('button', { name: /^Fechar/ })).toBeNull();

    await userEvent.click(within(tabela).getByRole('button', { name: /Educa Paulista Franquias Ltda/ }));
    expect(await screen.findByRole('heading', { name: 'Histórico de Educa Paulista Franquias Ltda' })).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Ver como tabela' }, { timeout: 5000 }));
    const dados = screen.getByRole('table', { name: 'Histórico de royalties de Educa Paulista Franquias Ltda: dados' });
    // Twelve months, oldest first, each with its figures.
    expect(within(dados).getAllByRole('row')).toHaveLength(13);
    expect(within(dados).getAllByText('Fatura: Paga')).toHaveLength(11);
  });

  it("edits an agreement as a new version: the shared schema's messages, then the PUT", async () => {
    const put = vi.fn((body: unknown) => ({ body: { ...acordoMg, body } }));
    comExtratos(
      { 'GET /api/royalties/acordos': { body: [acordoSp, acordoMg] }, 'PUT /api/royalties/acordos/f-mg': put },
      (mes) => [sp(mes), mg(mes)],
    );
    renderWithProviders(<RoyaltiesScreen podeFechar podeEditarAcordos />);
    const acordos = await screen.findByRole('table', { name: 'Acordos de royalties' });
    expect(await within(acordos).findByText('Sem acordo em vigor')).toBeInTheDocument();
    // In force, and its one version (folded under 'Versões').
    expect(within(acordos).getAllByText(/6 % \+ 2 % de fundo, mínimo R\$\s*500,00/)).toHaveLength(2);
    await userEvent.click(within(acordos).getByRole('button', { name: 'Editar acordo de Minas Saber Franquias Ltda' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Acordo de Minas Saber Franquias Ltda' });
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Salvar nova versão' }));
    expect(await within(dialogo).findByText(ROYALTY_MESSAGES.royalty)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await userEvent.type(within(dialogo).getByLabelText('Royalty (%)'), '5,5');
    await userEvent.type(within(dialogo).getByLabelText('Fundo de propaganda (%)'), '1,5');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Salvar nova versão' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0]).toEqual({ royalty: 5.5, fundo: 1.5, minimo: null, inicio: hoje, modo: 'fatura' });
  });
});

const linha = (over: Partial<LinhaView>): LinhaView => ({
  id: 'l-1',
  tipo: 'receita',
  parcelaId: 'p-1',
  parcelaNumero: 2,
  matriculaId: 'm-1',
  aluno: 'Júlia Santana',
  curso: 'Inglês para Adolescentes',
  base: 500,
  royalty: 30,
  fundo: 10,
  split: null,
  retido: 0,
  ocorridoEm: `${atual}-05`,
  contestacao: null,
  ...over,
});

const extratoDoMes = (mes: string, over: Partial<ExtratoView> = {}): ExtratoView => ({
  ...sp(mes),
  acordo: acordoSp.vigente,
  linhas: [linha({}), linha({ id: 'l-2', aluno: 'Pedro Lima', matriculaId: 'm-2', parcelaNumero: 1 })],
  total: 2,
  page: 1,
  pageSize: 20,
  ...over,
});

describe("'Meu extrato' (issue 45, ADR 092)", () => {
  it('lists the months newest first, opens the newest with its lines linked to the parcela and the matrícula', async () => {
    comExtratos(
      {
        'GET /api/royalties/acordos': {
          body: [{ ...acordoSp, versoes: [{ ...acordoSp.vigente!, inicio: `${retrasado}-01` }] }],
        },
        [`GET /api/royalties/extratos/f-sp/${atual}`]: { body: extratoDoMes(atual) },
      },
      (mes) => [sp(mes)],
    );
    renderWithProviders(<MeuExtratoScreen podeContestar />);
    const meses = await screen.findByRole('list', { name: 'Meses' });
    expect(
      within(meses)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([periodoPorExtenso(atual), periodoPorExtenso(anterior), periodoPorExtenso(retrasado)]);
    expect(screen.getByText(/Royalty de 6 % e fundo de propaganda de 2 %/)).toBeInTheDocument();
    const doMes = await screen.findByRole('list', { name: `Lançamentos de ${periodoPorExtenso(atual)}` });
    const julia = within(doMes).getAllByRole('listitem')[0]!;
    expect(within(julia).getByRole('link', { name: /^Júlia Santana/ })).toHaveAttribute(
      'href',
      '/matriculas?q=J%C3%BAlia%20Santana',
    );
    expect(within(julia).getByRole('link', { name: /2ª parcela/ })).toHaveAttribute(
      'href',
      '/financeiro/parcelas?q=J%C3%BAlia%20Santana',
    );
    expect(julia).toHaveTextContent(/Royalty R\$\s*30,00/);
    expect(screen.getByText(/Mês em andamento: estes valores são uma prévia/)).toBeInTheDocument();
  });

  it("shows a closed month's fatura with its payment link, and an empty month in pt-BR", async () => {
    const fatura = {
      id: 'fa-1',
      valor: 520,
      vencimento: `${atual}-10`,
      status: 'aberta' as const,
      invoiceUrl: 'https://pagamento.exemplo/i/fa-1',
      pagaEm: null,
    };
    comExtratos(
      {
        'GET /api/royalties/acordos': { body: [acordoSp] },
        [`GET /api/royalties/extratos/f-sp/${atual}`]: {
          body: extratoDoMes(atual, { linhas: [], total: 0, lancamentos: 0 }),
        },
        [`GET /api/royalties/extratos/f-sp/${anterior}`]: {
          body: extratoDoMes(anterior, { status: 'fechado', fechadoEm: `${atual}-01T03:00:00.000Z`, fatura }),
        },
      },
      (mes) => [sp(mes)],
    );
    renderWithProviders(<MeuExtratoScreen podeContestar />);
    expect(await screen.findByText('Nenhum lançamento neste mês.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('heading', { name: periodoPorExtenso(anterior) }));
    const pagar = await screen.findByRole('link', { name: /Pagar a fatura/ });
    expect(pagar).toHaveAttribute('href', fatura.invoiceUrl);
    expect(pagar.closest('div')).toHaveTextContent('Fatura: Em aberto');
  });

  it('contests a line: the reason is required in pt-BR, then the line shows the contest and its ticket', async () => {
    let contestada = false;
    const contestar = vi.fn(() => {
      contestada = true;
      return {
        status: 201,
        body: {
          id: 'c-1',
          linhaId: 'l-1',
          motivo: 'Esta parcela foi devolvida à família.',
          ticketId: 't-1',
          ticketStatus: 'em_andamento',
          criadaEm: `${hoje}T12:00:00.000Z`,
        },
      };
    });
    comExtratos(
      {
        'GET /api/royalties/acordos': { body: [acordoSp] },
        [`GET /api/royalties/extratos/f-sp/${atual}`]: () => ({
          body: extratoDoMes(atual, {
            linhas: [
              linha(
                contestada
                  ? {
                      contestacao: {
                        id: 'c-1',
                        linhaId: 'l-1',
                        motivo: 'Esta parcela foi devolvida à família.',
                        ticketId: 't-1',
                        ticketStatus: 'em_andamento',
                        criadaEm: `${hoje}T12:00:00.000Z`,
                      },
                    }
                  : {},
              ),
            ],
            total: 1,
          }),
        }),
        [`POST /api/royalties/extratos/f-sp/${atual}/linhas/l-1/contestar`]: contestar,
      },
      (mes) => [sp(mes)],
    );
    renderWithProviders(<MeuExtratoScreen podeContestar />);
    await userEvent.click(await screen.findByRole('button', { name: 'Contestar a linha de Júlia Santana' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Contestar lançamento' });
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Enviar contestação' }));
    expect(await within(dialogo).findByText(ROYALTY_MESSAGES.motivo)).toBeInTheDocument();
    expect(contestar).not.toHaveBeenCalled();
    await userEvent.type(within(dialogo).getByLabelText(/Motivo/), 'Esta parcela foi devolvida à família.');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Enviar contestação' }));
    await waitFor(() => expect(dialogo).not.toBeInTheDocument());
    expect(contestar.mock.calls[0]).toEqual([{ motivo: 'Esta parcela foi devolvida à família.' }]);
    expect(await screen.findByText('Chamado: Em Andamento')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver o chamado no SAC/ })).toHaveAttribute('href', '/sac/t-1');
    expect(screen.queryByRole('button', { name: /^Contestar/ })).toBeNull();
  });

  it('says so when the franquia has no agreement yet', async () => {
    comExtratos({ 'GET /api/royalties/acordos': { body: [{ ...acordoMg }] } }, () => []);
    renderWithProviders(<MeuExtratoScreen podeContestar />);
    expect(await screen.findByText('Nenhum extrato ainda.')).toBeInTheDocument();
  });
});
