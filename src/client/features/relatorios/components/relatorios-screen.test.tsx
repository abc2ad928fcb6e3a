// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@shared/roles';
import {
  type AcompanhamentoContagem,
  type FunilResposta,
  type SerieResposta,
  contagem,
} from '@shared/schemas/relatorios';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { RelatoriosScreen } from './relatorios-screen';
import { countDelta, rateDelta } from './delta';
import { addDays, presetRange, previousRange } from './periodo';
import { todayInBrasilia } from '@shared/brasilia';

// Radix Select asks the pointer and scroll APIs that jsdom lacks.
beforeAll(() => {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
    scrollIntoView: () => undefined,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HORIZONTE = '0b8f0f3e-5d7a-4c1e-9a52-3f6e2b1d4c7a';
const VALINHOS = '1c9e1a4f-6e8b-4d2f-8b63-4a7f3c2e5d8b';

function funil(overrides: Partial<FunilResposta> = {}): FunilResposta {
  return {
    de: '2026-10-01',
    ate: '2026-10-31',
    agrupar: 'cliente',
    totais: contagem({ leads: 120, presencas: 0, preMatriculas: 40, matriculas: 10 }),
    grupos: [
      {
        id: HORIZONTE,
        rotulo: 'Colégio Horizonte',
        ...contagem({ leads: 80, presencas: 0, preMatriculas: 30, matriculas: 8 }),
      },
      {
        id: VALINHOS,
        rotulo: 'Escola Estadual Valinhos',
        ...contagem({ leads: 40, presencas: 0, preMatriculas: 10, matriculas: 2 }),
      },
      { id: null, rotulo: 'Sem vendedor', ...contagem({ leads: 0, presencas: 0, preMatriculas: 0, matriculas: 0 }) },
    ],
    ...overrides,
  };
}

/** The follow-up below the ranking (its own tests are in acompanhamento-section.test.tsx): nothing followed. */
const semAcompanhamento: AcompanhamentoContagem = {
  contatados: 0,
  medianaPrimeiroContatoHoras: null,
  perdidos: 0,
  motivosPerda: { preco: 0, distancia: 0, sem_resposta: 0, escolheu_outra_escola: 0, sem_perfil: 0, outro: 0 },
};

const serie: SerieResposta = {
  intervalo: 'dia',
  pontos: [
    { inicio: '2026-10-01', leads: 3, presencas: 2, preMatriculas: 1, matriculas: 0 },
    { inicio: '2026-10-02', leads: 5, presencas: 4, preMatriculas: 2, matriculas: 1 },
  ],
};

/** Issue 42: the period's matrículas by where their contract stands. */
const porStatus = {
  total: 12,
  aguardandoAceite: 3,
  ativa: 7,
  cancelada: 2,
  canceladaPorMotivo: { arrependimento: 1, cancelamento: 1, contrato_expirado: 0 },
};

/** fetch's answers cannot see the query string in mockFetch, so the previous period is told apart here. */
const eventoHorizonte = {
  id: '7b0c2f7e-1f5e-4a43-9d55-0d7f0f3c1a01',
  nomeEscola: 'Colégio Horizonte',
  cidade: 'Campinas',
  estado: 'SP',
  dataEvento: '2026-10-15',
};

function mockReportWithPrevious(current: FunilResposta, previous: FunilResposta) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown = { message: 'Não encontrado' };
    let status = 200;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (url.pathname === '/api/relatorios/funil') {
      const isPrevious = url.searchParams.get('pageSize') === '1';
      body = isPrevious ? previous : current;
      headers['X-Total-Count'] = String(isPrevious ? previous.grupos.length : 45);
    } else if (url.pathname === '/api/relatorios/serie') body = serie;
    else if (url.pathname === '/api/relatorios/acompanhamento')
      body = { ...current, totais: semAcompanhamento, grupos: [] };
    else if (url.pathname === '/api/relatorios/matriculas-status')
      body = { ...porStatus, de: current.de, ate: current.ate };
    else if (url.pathname === '/api/leads/eventos') {
      // The event filter searches on the server (issue 21): one event matches 'horizonte'.
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      body = 'Colégio Horizonte'.toLowerCase().includes(q) ? [eventoHorizonte] : [];
    } else status = 404;
    return new Response(JSON.stringify(body), { status, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const funilCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/relatorios/funil');

function renderScreen(role: Role, path = '/relatorios') {
  return renderWithProviders(<RelatoriosScreen role={role} />, { path });
}

describe('RelatoriosScreen: the view lives in the address', () => {
  it('asks for the custom period, grouping and order of the address, and the same length just before', async () => {
    const fetchMock = mockReportWithPrevious(
      funil(),
      funil({ totais: contagem({ leads: 100, presencas: 0, preMatriculas: 40, matriculas: 12 }) }),
    );
    renderScreen(
      'franqueador',
      '/relatorios?periodo=personalizado&de=2026-10-01&ate=2026-10-31&agrupar=cliente&ordenar=matriculas&direcao=asc&page=2',
    );
    await screen.findByRole('table', { name: 'Ranking' });
    const calls = funilCalls(fetchMock);
    const current = calls.find((u) => u.searchParams.get('pageSize') !== '1')!;
    expect(Object.fromEntries(current.searchParams)).toMatchObject({
      de: '2026-10-01',
      ate: '2026-10-31',
      agrupar: 'cliente',
      ordenar: 'matriculas',
      direcao: 'asc',
      page: '2',
    });
    const previous = calls.find((u) => u.searchParams.get('pageSize') === '1')!;
    expect(previous.searchParams.get('de')).toBe('2026-08-31');
    expect(previous.searchParams.get('ate')).toBe('2026-09-30');
    expect(screen.getByLabelText('De')).toHaveValue('01/10/2026');
    expect(screen.getByLabelText('Até')).toHaveValue('31/10/2026');
    expect(screen.getByRole('columnheader', { name: /Matrículas/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/relatorios/funil.csv?de=2026-10-01&ate=2026-10-31&agrupar=cliente&ordenar=matriculas&direcao=asc',
    );
  });

  it('writes a sort to the address (same column flips the direction) and goes back to page 1', async () => {
    mockReportWithPrevious(funil(), funil());
    const { router } = renderScreen('franqueador', '/relatorios?agrupar=cliente&page=3');
    const table = await screen.findByRole('table', { name: 'Ranking' });
    await within(table).findByRole('row', { name: /Colégio Horizonte/ });
    const leads = within(table).getByRole('columnheader', { name: /^Leads/ });
    expect(leads).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(leads).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toContain('direcao=asc'));
    expect(router.state.location.search).not.toContain('page=');
    await userEvent.click(within(table).getByRole('button', { name: /Cliente/ }));
    await waitFor(() => expect(router.state.location.search).toContain('ordenar=rotulo'));
    expect(router.state.location.search).toContain('direcao=asc');
  });

  it('says why a custom period cannot be asked for, and asks nothing', async () => {
    const fetchMock = mockReportWithPrevious(funil(), funil());
    renderScreen('franqueador', '/relatorios?periodo=personalizado&de=2026-10-31&ate=2026-10-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A data inicial deve ser anterior ou igual à data final',
    );
    // The event filter still searches (issue 21's combobox); the report itself is not asked.
    await userEvent.click(screen.getByRole('combobox', { name: 'Evento' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(funilCalls(fetchMock)).toHaveLength(0);
  });

  it('finds any event of the scope by typing part of its school, and asks the report for it', async () => {
    const fetchMock = mockReportWithPrevious(funil(), funil());
    const { router } = renderScreen('franqueador', '/relatorios?periodo=personalizado&de=2026-10-01&ate=2026-10-31');
    await screen.findByRole('table', { name: 'Ranking' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Evento' }), 'horizonte');
    await userEvent.click(await screen.findByRole('option', { name: /Colégio Horizonte/ }));
    await waitFor(() => expect(router.state.location.search).toContain(`eventoId=${eventoHorizonte.id}`));
    await waitFor(() => expect(funilCalls(fetchMock).at(-1)!.searchParams.get('eventoId')).toBe(eventoHorizonte.id));
  });

  it('falls back to the role default for a grouping above the role, and offers only its groupings', async () => {
    const fetchMock = mockReportWithPrevious(funil(), funil());
    renderScreen('cliente', '/relatorios?agrupar=franquia');
    await screen.findByRole('table', { name: 'Ranking' });
    expect(funilCalls(fetchMock)[0]!.searchParams.get('agrupar')).toBe('evento');
    await userEvent.click(screen.getByLabelText('Agrupar por'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    // Issue 48: and where the families came from, at every level.
    expect(options).toEqual(['Cliente', 'Evento', 'Estado', 'Cidade', 'Origem', 'Campanha', 'Link de vendedor']);
  });

  it('offers the franqueador every grouping and defaults to franquia over the last 30 days', async () => {
    const fetchMock = mockReportWithPrevious(funil({ agrupar: 'franquia' }), funil());
    renderScreen('franqueador');
    await screen.findByRole('table', { name: 'Ranking' });
    const today = todayInBrasilia();
    const first = funilCalls(fetchMock)[0]!;
    expect(first.searchParams.get('agrupar')).toBe('franquia');
    expect(first.searchParams.get('de')).toBe(addDays(today, -29));
    expect(first.searchParams.get('ate')).toBe(today);
    await userEvent.click(screen.getByLabelText('Agrupar por'));
    // The seven of issue 15, and issue 48's three origin groupings.
    expect(screen.getAllByRole('option')).toHaveLength(10);
  });
});

describe('RelatoriosScreen: KPI cards against the period before', () => {
  it('shows each count and rate with its change by arrow and number', async () => {
    mockReportWithPrevious(
      funil(),
      funil({ totais: contagem({ leads: 100, presencas: 0, preMatriculas: 40, matriculas: 12 }) }),
    );
    renderScreen('franqueador', '/relatorios?periodo=personalizado&de=2026-10-01&ate=2026-10-31');
    const leads = await screen.findByTestId('kpi-leads');
    await waitFor(() => expect(leads).toHaveTextContent('▲ 20,0%'));
    expect(leads).toHaveTextContent('120');
    expect(within(leads).getByText('aumento de 20,0% em relação ao período anterior')).toBeInTheDocument();
    expect(leads).toHaveTextContent('vs. 31/08/2026 a 30/09/2026');
    expect(screen.getByTestId('kpi-preMatriculas')).toHaveTextContent('= 0,0%');
    expect(screen.getByTestId('kpi-matriculas')).toHaveTextContent('▼ 16,7%');
    // 10/120 = 8,3% against 12/100 = 12,0%: 3,7 points down.
    const taxa = screen.getByTestId('kpi-taxaLeadMatricula');
    expect(taxa).toHaveTextContent('8,3%');
    expect(taxa).toHaveTextContent('▼ 3,7 p.p.');
  });

  it('computes deltas from zero and in points', () => {
    expect(countDelta(5, 0).text).toBe('Sem base anterior');
    expect(countDelta(0, 0).text).toBe('= 0,0%');
    expect(countDelta(50, 200).text).toBe('▼ 75,0%');
    expect(rateDelta(0.25, 0.2).text).toBe('▲ 5,0 p.p.');
  });

  it('compares with the same number of days just before', () => {
    expect(previousRange({ de: '2026-03-01', ate: '2026-03-31' })).toEqual({ de: '2026-01-29', ate: '2026-02-28' });
    expect(presetRange('mes', '2026-11-23')).toEqual({ de: '2026-11-01', ate: '2026-11-23' });
    expect(presetRange('ano', '2026-11-23')).toEqual({ de: '2026-01-01', ate: '2026-11-23' });
    expect(presetRange('7d', '2026-11-23')).toEqual({ de: '2026-11-17', ate: '2026-11-23' });
  });
});

describe('RelatoriosScreen: drill-down', () => {
  const path = '/relatorios?periodo=personalizado&de=2026-10-01&ate=2026-10-31&agrupar=cliente';

  it("opens a group's lists with its filter and the period; 'Sem vendedor' opens none", async () => {
    mockReportWithPrevious(funil(), funil());
    renderScreen('franqueador', path);
    const table = await screen.findByRole('table', { name: 'Ranking' });
    const row = await within(table).findByRole('row', { name: /Colégio Horizonte/ });
    const name = within(row).getByRole('link', { name: 'Colégio Horizonte' });
    const href = new URL(name.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/interesses');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      de: '2026-10-01',
      ate: '2026-10-31',
      clienteId: HORIZONTE,
      clienteNome: 'Colégio Horizonte',
    });
    expect(
      within(row)
        .getByRole('link', { name: /^30 pré-matrículas/ })
        .getAttribute('href'),
    ).toMatch(/^\/pre-matriculas\?/);
    expect(
      within(row)
        .getByRole('link', { name: /^8 matrículas/ })
        .getAttribute('href'),
    ).toMatch(/^\/matriculas\?/);
    const sem = within(table).getByRole('row', { name: /Sem vendedor/ });
    expect(within(sem).queryByRole('link')).not.toBeInTheDocument();
    expect(within(sem).queryByRole('button', { name: /Detalhar/ })).not.toBeInTheDocument();
  });

  it('never offers the vendedor the Matrículas list, though it shows the count', async () => {
    mockReportWithPrevious(funil(), funil());
    renderScreen('vendedor', path);
    const table = await screen.findByRole('table', { name: 'Ranking' });
    const row = await within(table).findByRole('row', { name: /Colégio Horizonte/ });
    expect(within(row).getByRole('cell', { name: '8' })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /^\d+ matrículas/ })).toBeNull();
    expect(within(row).getByRole('link', { name: /^80 leads/ })).toBeInTheDocument();
    expect(screen.queryAllByRole('link').some((a) => a.getAttribute('href')?.startsWith('/matriculas'))).toBe(false);
  });

  it("'Detalhar' narrows to the group, one level down, with a chip that removes it", async () => {
    const fetchMock = mockReportWithPrevious(funil(), funil());
    const { router } = renderScreen('franqueador', path);
    const table = await screen.findByRole('table', { name: 'Ranking' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Detalhar Colégio Horizonte' }));
    await waitFor(() => expect(router.state.location.search).toContain('agrupar=evento'));
    expect(router.state.location.search).toContain(`clienteId=${HORIZONTE}`);
    const chip = await screen.findByRole('button', { name: /Cliente: Colégio Horizonte/ });
    await waitFor(() =>
      expect(funilCalls(fetchMock).some((u) => u.searchParams.get('clienteId') === HORIZONTE)).toBe(true),
    );
    await userEvent.click(chip);
    await waitFor(() => expect(router.state.location.search).not.toContain('clienteId'));
  });

  it('carries the report filters into the lists too', async () => {
    mockReportWithPrevious(funil({ agrupar: 'evento' }), funil());
    renderScreen('franqueador', `${path.replace('agrupar=cliente', 'agrupar=cidade')}&estado=SP`);
    const table = await screen.findByRole('table', { name: 'Ranking' });
    const link = await within(table).findByRole('link', { name: 'Colégio Horizonte' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    // A city group's id is the city's name; the report's own state filter stays.
    expect(href.searchParams.get('cidade')).toBe(HORIZONTE);
    expect(href.searchParams.get('estado')).toBe('SP');
  });
});

describe('RelatoriosScreen: states', () => {
  it('says so when the period has no rows', async () => {
    mockReportWithPrevious(
      funil({ totais: contagem({ leads: 0, presencas: 0, preMatriculas: 0, matriculas: 0 }), grupos: [] }),
      funil({ totais: contagem({ leads: 0, presencas: 0, preMatriculas: 0, matriculas: 0 }), grupos: [] }),
    );
    renderScreen('micro_franquia');
    expect(await screen.findAllByText('Nenhum registro no período')).not.toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'Ranking' })).not.toBeInTheDocument();
  });

  it('shows the 403 sentence', async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/relatorios/serie': { status: 403, body: { message: 'Sem permissão' } },
      'GET /api/relatorios/funil': { status: 403, body: { message: 'Sem permissão' } },
      'GET /api/relatorios/acompanhamento': { status: 403, body: { message: 'Sem permissão' } },
    });
    renderScreen('franquia');
    // The whole screen gives way to the one sentence, whichever of its requests was refused first.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Você não tem permissão para visualizar relatórios'),
    );
  });
});

describe('RelatoriosScreen: charts', () => {
  it("has a caption and its data as a table whose numbers open the list of that bucket ('Ver como tabela')", async () => {
    mockReportWithPrevious(funil(), funil());
    renderScreen('franqueador', '/relatorios?periodo=personalizado&de=2026-10-01&ate=2026-10-31&agrupar=cliente');
    const figure = await screen.findByRole('figure', { name: 'Evolução no período' });
    await userEvent.click(within(figure).getByRole('button', { name: 'Ver como tabela' }));
    const table = within(figure).getByRole('table', { name: 'Evolução no período: dados' });
    const row = within(table).getByRole('row', { name: /02\/10\/2026/ });
    const href = new URL(within(row).getByRole('link', { name: '5' }).getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/interesses');
    // The last bucket ends with the period.
    expect(href.searchParams.get('de')).toBe('2026-10-02');
    expect(href.searchParams.get('ate')).toBe('2026-10-31');
    const first = within(table).getByRole('row', { name: /01\/10\/2026/ });
    const firstHref = new URL(within(first).getByRole('link', { name: '3' }).getAttribute('href')!, 'http://x');
    expect(firstHref.searchParams.get('ate')).toBe('2026-10-01');

    const funilFigure = screen.getByRole('figure', { name: 'Funil do período' });
    await userEvent.click(within(funilFigure).getByRole('button', { name: 'Ver como tabela' }));
    const funilTable = within(funilFigure).getByRole('table', { name: 'Funil: dados' });
    expect(within(funilTable).getByRole('row', { name: /Pré-matrículas/ })).toHaveTextContent('33,3%');
    expect(within(funilFigure).getByText(/perda de 80/)).toBeInTheDocument();
  });

  it("says each step's rate and loss from the step before it, and that presence is no step without check-in (issue 39)", async () => {
    const semCheckin = funil({ totais: contagem({ leads: 217, presencas: 2, preMatriculas: 45, matriculas: 9 }) });
    mockReportWithPrevious(semCheckin, semCheckin);
    renderScreen('franqueador', '/relatorios?periodo=personalizado&de=2026-10-01&ate=2026-10-31&agrupar=cliente');
    const figure = await screen.findByRole('figure', { name: 'Funil do período' });
    const perdas = within(figure).getByRole('list', { name: 'Perda entre as etapas' });
    expect(
      within(perdas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Leads → Pré-matrículas: seguiram 20,7%; perda de 172',
      'Pré-matrículas → Matrículas: seguiram 20,0%; perda de 36',
    ]);
    expect(within(figure).getByText(/o check-in não foi usado/)).toBeInTheDocument();
    cleanup();

    const comCheckin = funil({ totais: contagem({ leads: 200, presencas: 120, preMatriculas: 48, matriculas: 12 }) });
    mockReportWithPrevious(comCheckin, comCheckin);
    renderScreen('franqueador', '/relatorios?periodo=personalizado&de=2026-10-01&ate=2026-10-31&agrupar=cliente');
    const again = await screen.findByRole('figure', { name: 'Funil do período' });
    expect(
      within(within(again).getByRole('list', { name: 'Perda entre as etapas' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Leads → Presenças: seguiram 60,0%; perda de 80',
      'Presenças → Pré-matrículas: seguiram 40,0%; perda de 72',
      'Pré-matrículas → Matrículas: seguiram 25,0%; perda de 36',
    ]);
    expect(within(again).queryByText(/o check-in não foi usado/)).not.toBeInTheDocument();
  });

  it('writes the interval the user picks to the address', async () => {
    const fetchMock = mockReportWithPrevious(funil(), funil());
    const { router } = renderScreen('franqueador', '/relatorios?periodo=90d');
    const group = await screen.findByRole('group', { name: 'Intervalo' });
    // 90 days: weeks by default.
    expect(within(group).getByRole('button', { name: 'Semana' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: 'Mês' }));
    await waitFor(() => expect(router.state.location.search).toContain('intervalo=mes'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('intervalo=mes'))).toBe(true));
  });
});

describe('RelatoriosScreen: matrículas by status (issue 42)', () => {
  it('shows the period’s matrículas by status and reason, each number opening the Matrículas list', async () => {
    mockReportWithPrevious(funil(), funil());
    renderScreen('franqueador', '/relatorios?periodo=personalizado&de=2026-10-01&ate=2026-10-31');
    const section = await screen.findByRole('region', { name: 'Matrículas por status' });
    expect(await within(section).findByText(/Das matrículas efetivadas no período \(12\)/)).toBeInTheDocument();
    const ativas = within(section).getByTestId('matriculas-ativa');
    const link = within(ativas).getByRole('link', { name: '7: abrir a lista de matrículas' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/matriculas');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      de: '2026-10-01',
      ate: '2026-10-31',
      status: 'ativa',
    });
    const motivos = within(section).getByRole('list', { name: 'Canceladas por motivo' });
    expect(within(motivos).getByText('Desistência em 7 dias').nextSibling).toHaveTextContent('1');
    expect(within(motivos).getByText('Contrato expirado').nextSibling).toHaveTextContent('0');
  });

  it('gives the vendedor the numbers without a link to a list it may not open', async () => {
    mockReportWithPrevious(funil(), funil());
    renderScreen('vendedor');
    const section = await screen.findByRole('region', { name: 'Matrículas por status' });
    expect(await within(section).findByText('7')).toBeInTheDocument();
    expect(within(section).queryAllByRole('link')).toHaveLength(0);
  });
});
