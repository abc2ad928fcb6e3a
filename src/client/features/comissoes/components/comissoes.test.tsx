// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoAnterior, periodoDe, periodoPorExtenso } from '@shared/comissoes/lancamentos';
import type { FechamentoView, LancamentoView, MinhasView, ResumoView } from '@shared/schemas/comissao';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { ComissoesScreen } from './comissoes-screen';
import { MinhasComissoesScreen } from './minhas-comissoes-screen';

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
});
