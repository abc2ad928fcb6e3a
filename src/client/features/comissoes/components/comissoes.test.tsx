// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoAnterior, periodoDe, periodoPorExtenso } from '@shared/comissoes/lancamentos';
import type { FechamentoView, LancamentoView, MinhasView, RegraView, ResumoView } from '@shared/schemas/comissao';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { ComissoesScreen } from './comissoes-screen';
import { MinhasComissoesScreen } from './minhas-comissoes-screen';

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const atual = periodoDe(todayInBrasilia());
const anterior = periodoAnterior(atual);
const zeros = { liberada: 0, fechada: 0, paga: 0, estornada: 0, saldo: 0 };

const linha = (over: Partial<LancamentoView>): LancamentoView => ({
  id: 'l-1',
  beneficiario: 'vendedor',
  beneficiarioId: 'v-1',
  nomeBeneficiario: 'Diego Ramos',
  regraId: 'r-1',
  tipo: 'credito',
  base: 250,
  valor: 12.5,
  periodo: atual,
  ocorridoEm: `${atual}-05`,
  estado: 'liberada',
  matriculaId: 'm-1',
  parcelaId: 'p-1',
  parcelaNumero: 1,
  aluno: 'Júlia Santana',
  curso: 'Inglês para Adolescentes',
  criadoEm: `${atual}-05T12:00:00.000Z`,
  ...over,
});

describe("'Minhas comissões' (issue 44, ADR 088)", () => {
  it("shows this month's liberada and the prevista, the months newest first, and a line opening its matrícula", async () => {
    const minhas: MinhasView = {
      beneficiario: 'vendedor',
      prevista: 300,
      ...zeros,
      liberada: 12.5,
      paga: 40,
      estornada: -12.5,
      saldo: 40,
      periodos: [
        { periodo: atual, ...zeros, liberada: 12.5, estornada: -12.5, saldo: 0 },
        { periodo: anterior, ...zeros, paga: 40, saldo: 40 },
      ],
      lancamentos: [
        linha({ id: 'l-2', tipo: 'estorno', valor: -12.5, estado: 'estornada', ocorridoEm: `${atual}-07` }),
        linha({}),
        linha({ id: 'l-3', periodo: anterior, estado: 'paga', valor: 40, aluno: 'Pedro Lima', matriculaId: 'm-2' }),
      ],
      proximo: null,
      totalLancamentos: 3,
    };
    mockFetch({ 'GET /api/comissoes/minhas': { body: minhas } });
    renderWithProviders(<MinhasComissoesScreen />);
    const liberada = await screen.findByText(`Liberada em ${periodoPorExtenso(atual)}`);
    expect(liberada.parentElement).toHaveTextContent(/R\$\s*12,50/);
    expect(screen.getByText('Prevista').parentElement).toHaveTextContent(/R\$\s*300,00/);
    expect(screen.getByText('Recebida').parentElement).toHaveTextContent(/R\$\s*40,00/);
    const meses = within(screen.getByRole('list', { name: 'Períodos' })).getAllByRole('heading', { level: 3 });
    expect(meses.map((h) => h.textContent)).toEqual([periodoPorExtenso(atual), periodoPorExtenso(anterior)]);
    const doMes = screen.getByRole('list', { name: `Lançamentos de ${periodoPorExtenso(atual)}` });
    expect(within(doMes).getAllByRole('listitem')).toHaveLength(2);
    expect(within(doMes).getByText('Estornada')).toBeInTheDocument();

    await userEvent.click(within(doMes).getAllByRole('button', { name: /Júlia Santana/ })[1]!);
    const ficha = await screen.findByRole('dialog', { name: 'Matrícula de Júlia Santana' });
    expect(within(ficha).getByText('Inglês para Adolescentes')).toBeInTheDocument();
    expect(within(ficha).getByText('1ª parcela de R$ 250,00', { exact: false })).toBeInTheDocument();
    // The credit and its reversal, side by side; the other family's line is not this matrícula's.
    const daMatricula = within(ficha).getByRole('region', { name: 'Lançamentos desta matrícula' });
    expect(within(daMatricula).getAllByRole('listitem')).toHaveLength(2);
    // Every line is on the screen: nothing more to load.
    expect(screen.getByText('3 de 3 lançamentos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it("appends the older lines with 'Carregar mais', each into its month, until the last page", async () => {
    const antigo = periodoAnterior(anterior);
    const minhas: MinhasView = {
      beneficiario: 'vendedor',
      prevista: 0,
      ...zeros,
      liberada: 12.5,
      paga: 80,
      saldo: 92.5,
      periodos: [
        { periodo: atual, ...zeros, liberada: 12.5, saldo: 12.5 },
        { periodo: anterior, ...zeros, paga: 40, saldo: 40 },
        { periodo: antigo, ...zeros, paga: 40, saldo: 40 },
      ],
      lancamentos: [linha({})],
      proximo: 'cursor-1',
      totalLancamentos: 3,
    };
    const pedidas: string[] = [];
    const fetchMock = mockFetch({
      'GET /api/comissoes/minhas': { body: minhas },
      'GET /api/comissoes/minhas/lancamentos': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        pedidas.push(`${url.searchParams.get('apos')}:${url.searchParams.get('pageSize')}`);
        return url.searchParams.get('apos') === 'cursor-1'
          ? {
              body: [linha({ id: 'l-2', periodo: anterior, estado: 'paga', valor: 40, aluno: 'Pedro Lima' })],
              headers: { 'X-Total-Count': '3', 'X-Next-Cursor': 'cursor-2' },
            }
          : {
              body: [linha({ id: 'l-3', periodo: antigo, estado: 'paga', valor: 40, aluno: 'Ana Souza' })],
              headers: { 'X-Total-Count': '3' } as Record<string, string>,
            };
      },
    });
    renderWithProviders(<MinhasComissoesScreen />);
    expect(await screen.findByText('1 de 3 lançamentos')).toBeInTheDocument();
    // The older months wait for 'Carregar mais': their totals are already the sums of every line.
    expect(screen.queryByRole('list', { name: `Lançamentos de ${periodoPorExtenso(anterior)}` })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    const doAnterior = await screen.findByRole('list', { name: `Lançamentos de ${periodoPorExtenso(anterior)}` });
    expect(within(doAnterior).getByText(/Pedro Lima/)).toBeInTheDocument();
    expect(screen.getByText('2 de 3 lançamentos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    const doAntigo = await screen.findByRole('list', { name: `Lançamentos de ${periodoPorExtenso(antigo)}` });
    expect(within(doAntigo).getByText(/Ana Souza/)).toBeInTheDocument();
    expect(screen.getByText('3 de 3 lançamentos')).toBeInTheDocument();
    // The last page named no cursor after it: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(pedidas).toEqual(['cursor-1:25', 'cursor-2:25']);
  });
});

describe("'Comissões' (issue 44, ADR 088)", () => {
  const resumo: ResumoView = {
    periodo: atual,
    ...zeros,
    liberada: 12.5,
    saldo: 12.5,
    itens: [
      {
        beneficiario: 'vendedor',
        beneficiarioId: 'v-1',
        nome: 'Diego Ramos',
        ...zeros,
        liberada: 12.5,
        saldo: 12.5,
        lancamentos: 1,
      },
    ],
    total: 1,
    page: 1,
    pageSize: 50,
  };
  const redeFechada: FechamentoView = {
    id: 'f-1',
    periodo: anterior,
    franquiaId: null,
    franquia: null,
    total: 999,
    lancamentos: 10,
    fechadoEm: '2026-01-01T00:00:00.000Z',
    pagoEm: null,
  };
  const rotas = (franquiaFecha: boolean, fechamentos: FechamentoView[] = []) => ({
    'GET /api/comissoes/resumo': { body: resumo },
    'GET /api/comissoes/fechamentos': { body: fechamentos },
    'GET /api/comissoes/regras': { body: [] },
    'GET /api/comissoes/configuracao': { body: { franquiaFecha } },
    'GET /api/comissoes/lancamentos': { body: [linha({})] },
  });

  it("gives the franqueador the period's totals per beneficiary, its lines, and 'Fechar' for last month", async () => {
    mockFetch(rotas(false));
    renderWithProviders(<ComissoesScreen alcance="rede" podeRegras podeFechar podeConfigurar />);
    const tabela = await screen.findByRole('table', {
      name: `Comissões por beneficiário em ${periodoPorExtenso(atual)}`,
    });
    await within(tabela).findByText('Diego Ramos');
    // This month has not ended: it cannot be closed.
    expect(screen.queryByRole('button', { name: /^Fechar / })).toBeNull();
    await userEvent.click(within(tabela).getByRole('button', { name: /Diego Ramos/ }));
    const linhas = await screen.findByRole('table', { name: 'Lançamentos de Diego Ramos' });
    expect(await within(linhas).findByText('Júlia Santana')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Franquias podem fechar o mês/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Mês passado' }));
    await userEvent.click(await screen.findByRole('button', { name: `Fechar ${periodoPorExtenso(anterior)}` }));
    expect(
      await screen.findByRole('alertdialog', { name: `Fechar as comissões de ${periodoPorExtenso(anterior)}?` }),
    ).toBeInTheDocument();
  });

  it("pages the period's beneficiaries, the period's totals over all of them on every page", async () => {
    const item = (n: number) => ({
      beneficiario: 'vendedor' as const,
      beneficiarioId: `v-${n}`,
      nome: `Vendedor ${n}`,
      ...zeros,
      liberada: 1,
      saldo: 1,
      lancamentos: 1,
    });
    const paginas: string[] = [];
    const fetchMock = mockFetch({
      ...rotas(false),
      'GET /api/comissoes/resumo': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        const page = Number(url.searchParams.get('page'));
        paginas.push(`${url.searchParams.get('periodo')}:${page}:${url.searchParams.get('pageSize')}`);
        return {
          body: { ...resumo, liberada: 60, saldo: 60, total: 60, page, itens: [item(page === 1 ? 1 : 51)] },
          headers: { 'X-Total-Count': '60' },
        };
      },
    });
    renderWithProviders(<ComissoesScreen alcance="rede" podeRegras podeFechar podeConfigurar />);
    const tabela = await screen.findByRole('table', {
      name: `Comissões por beneficiário em ${periodoPorExtenso(atual)}`,
    });
    await within(tabela).findByText('Vendedor 1');
    const totais = screen.getByLabelText('Totais do período');
    expect(totais).toHaveTextContent(/R\$\s*60,00/);
    await userEvent.click(screen.getAllByRole('button', { name: /Próxima/ })[0]!);
    await within(tabela).findByText('Vendedor 51');
    expect(screen.getByLabelText('Totais do período')).toHaveTextContent(/R\$\s*60,00/);
    expect(paginas).toEqual([`${atual}:1:50`, `${atual}:2:50`]);
  });

  it("offers a franquia no closing while the network does not allow it, and hides the network's totals", async () => {
    mockFetch(rotas(false, [redeFechada]));
    renderWithProviders(<ComissoesScreen alcance="franquia" podeRegras podeFechar podeConfigurar={false} />);
    const fechamentos = await screen.findByRole('table', { name: 'Fechamentos das comissões' });
    await within(fechamentos).findByText('Fechado pela rede');
    expect(within(fechamentos).queryByText(/999/)).toBeNull();
    expect(within(fechamentos).queryByRole('link', { name: /Arquivo de pagamento/ })).toBeNull();
    expect(screen.getByText(/a rede não permite que a franquia feche/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mês passado' }));
    expect(screen.queryByRole('button', { name: /^Fechar / })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('offers a franquia the closing once the network allows it', async () => {
    mockFetch(rotas(true));
    renderWithProviders(<ComissoesScreen alcance="franquia" podeRegras podeFechar podeConfigurar={false} />);
    await screen.findByText(/A rede permite que sua franquia feche/);
    await userEvent.click(screen.getByRole('button', { name: 'Mês passado' }));
    expect(await screen.findByRole('button', { name: `Fechar ${periodoPorExtenso(anterior)}` })).toBeInTheDocument();
  });

  it("lets 'Nova regra' choose one curso among those the caller reads, or every curso, and shows it on an edit", async () => {
    const ingles = { id: '5f0b8c2e-2d4a-4e8b-9c51-0a7e3b9d6c11', titulo: 'Inglês para Adolescentes', isActive: true };
    const enviadas: unknown[] = [];
    const regraDoCurso: RegraView = {
      id: 'r-9',
      franquiaId: null,
      franquia: null,
      cursoId: ingles.id,
      curso: ingles.titulo,
      beneficiario: 'franquia',
      tipo: 'percentual',
      percentual: 2,
      valor: null,
      inicio: `${atual}-01`,
      fim: null,
      editavel: true,
      criadaEm: '2026-01-01T00:00:00.000Z',
      atualizadaEm: '2026-01-01T00:00:00.000Z',
    };
    const fetchMock = mockFetch({
      ...rotas(false),
      'GET /api/comissoes/regras': { body: [regraDoCurso] },
      'GET /api/franquias': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /api/cursos': { body: [ingles], headers: { 'X-Total-Count': '1' } },
      'POST /api/comissoes/regras': (body) => {
        enviadas.push(body);
        return { status: 201, body: { ...regraDoCurso, id: 'r-10' } };
      },
    });
    renderWithProviders(<ComissoesScreen alcance="rede" podeRegras podeFechar podeConfigurar />);
    const regras = await screen.findByRole('table', { name: 'Regras de comissão' });
    expect(await within(regras).findByText('Inglês para Adolescentes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Nova regra' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Nova regra de comissão' });
    const curso = within(dialogo).getByRole('combobox', { name: 'Curso' });
    expect(curso).toHaveValue('');
    await userEvent.type(curso, 'inglês');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map(([url]) => String(url))
          .some((url) => url.startsWith('/api/cursos?') && url.includes('q=ingl') && url.includes('pageSize=20')),
      ).toBe(true),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Inglês para Adolescentes' }));
    expect(curso).toHaveValue('Inglês para Adolescentes');
    await userEvent.click(within(dialogo).getByRole('combobox', { name: 'Quem recebe' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Franquia' }));
    await userEvent.type(within(dialogo).getByRole('textbox', { name: 'Percentual (%)' }), '2');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Criar regra' }));
    await waitFor(() => expect(enviadas).toHaveLength(1));
    expect(enviadas[0]).toMatchObject({ cursoId: ingles.id, beneficiario: 'franquia', percentual: 2 });

    // An edit shows the rule's curso, which does not change.
    await userEvent.click(await within(regras).findByRole('button', { name: /Editar/ }));
    const edicao = await screen.findByRole('dialog', { name: 'Editar regra de comissão' });
    const doCurso = within(edicao).getByRole('combobox', { name: 'Curso' });
    expect(doCurso).toHaveValue('Inglês para Adolescentes');
    expect(doCurso).toBeDisabled();
  });
});
