// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvento, LeadItem, PreMatriculaItem } from '@shared/schemas/funnel';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { LeadsScreen } from '../leads/leads-screen';
import { InteressesScreen } from '../leads/interesses-screen';
import { MatriculasScreen } from '../matriculas/matriculas-screen';
import { PreMatriculasScreen } from '../pre-matriculas/pre-matriculas-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const evento: FunnelEvento = {
  id: 'e-1',
  nomeEscola: 'Colégio Horizonte',
  cidade: 'Campinas',
  estado: 'SP',
  dataEvento: '2026-12-03',
};

function pre(overrides: Partial<PreMatriculaItem>): PreMatriculaItem {
  return {
    id: 'p-1',
    eventoId: evento.id,
    leadId: null,
    nome: 'Lucas Oliveira',
    nomeAluno: 'Lucas Oliveira',
    nomeResponsavel: 'Márcia Oliveira',
    email: 'lucas@email.com',
    telefone: '19987001122',
    consentimentoRevogado: false,
    cursoInteresse: 'Técnico em Administração',
    status: 'pendente',
    createdAt: '2026-11-20T12:00:00.000Z',
    evento,
    ...overrides,
  };
}

const lead: LeadItem = {
  id: 'l-1',
  eventoId: evento.id,
  nomeAluno: 'Gabriela Santos',
  nomeResponsavel: 'Paulo Santos',
  email: 'gabi@email.com',
  telefone: '1932221100',
  consentimentoRevogado: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  status: 'novo',
  responsavel: null,
  proximoContatoEm: null,
  evento,
  cliente: { nomeFantasia: 'Colégio Horizonte Ltda' },
};

const resumo = { body: { total: 3, eventosAtivos: 2, taxaConversao: 1.5 } };

describe('PreMatriculasScreen', () => {
  it('shows the cards, the rows with contact links, and Efetivada instead of the button', async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': {
        body: [pre({}), pre({ id: 'p-2', nome: 'Mariana Costa', status: 'efetivada', telefone: null })],
      },
    });
    renderWithProviders(<PreMatriculasScreen />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    await within(table).findByRole('row', { name: /Lucas Oliveira/ });
    const metrics = screen.getByRole('region', { name: 'Métricas' });
    expect(await within(metrics).findByText('1,50')).toBeInTheDocument();
    expect(within(metrics).getByText('3')).toBeInTheDocument();
    expect(screen.getByTestId('count-badge')).toHaveTextContent('2 pré-matrículas');

    const row = (nome: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(nome))!;
    const lucas = row('Lucas Oliveira');
    expect(within(lucas).getByRole('link', { name: '(19) 98700-1122' })).toHaveAttribute('href', 'tel:+5519987001122');
    expect(within(lucas).getByRole('link', { name: 'Conversar com Lucas Oliveira no WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5519987001122',
    );
    expect(within(lucas).getByRole('button', { name: 'Ações de Lucas Oliveira' })).toBeEnabled();

    const mariana = within(table).getByRole('row', { name: /Mariana Costa/ });
    expect(within(mariana).getByText('Efetivada')).toBeInTheDocument();
    // Its name opens its record and its menu holds 'Abrir pré-matrícula' (issue 23); no Efetivar any more.
    expect(within(mariana).queryByRole('button', { name: /Efetivar/ })).not.toBeInTheDocument();
    // No phone: '-'.
    expect(within(mariana).getByText('-')).toBeInTheDocument();
  });

  it("efetivates: 'Efetivando...' while pending, then the success toast", async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': { body: [pre({})] },
      'POST /api/matriculas/efetivar/p-1': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: { id: 'm-1' } });
        }),
    });
    renderWithProviders(<PreMatriculasScreen />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Ações de Lucas Oliveira' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Efetivar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Efetivar a matrícula de Lucas Oliveira?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Efetivar' }));
    expect(await within(confirm).findByRole('button', { name: 'Efetivando...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Matrícula efetivada!')).toBeInTheDocument();
    expect(screen.getByText('A pré-matrícula foi convertida em matrícula efetivada com sucesso.')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    // The list is read again afterwards.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/pre-matriculas?')).length).toBe(2),
    );
  });

  it("shows the server's message when efetivar fails", async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': { body: [pre({})] },
      'POST /api/matriculas/efetivar/p-1': { status: 409, body: { message: 'Esta pré-matrícula já foi efetivada' } },
    });
    renderWithProviders(<PreMatriculasScreen />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Ações de Lucas Oliveira' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Efetivar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Efetivar a matrícula de Lucas Oliveira?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Efetivar' }));
    expect(await screen.findByText('Erro ao efetivar matrícula')).toBeInTheDocument();
    expect(screen.getByText('Esta pré-matrícula já foi efetivada')).toBeInTheDocument();
  });

  it("marks a repeat activation 'Conflito' and shows both guardians to the staff", async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': {
        body: [
          pre({
            conflito: {
              cpfResponsavel: '52998224725',
              tentativas: [
                {
                  id: 'c-1',
                  nomeAluno: 'Lucas Oliveira',
                  nomeResponsavel: 'Roberto Oliveira',
                  cpfResponsavel: '11144477735',
                  email: 'roberto@email.com',
                  telefone: '19987003344',
                  createdAt: '2026-11-21T12:00:00.000Z',
                },
              ],
            },
          }),
          pre({ id: 'p-2', nome: 'Mariana Costa', conflito: null }),
        ],
      },
    });
    renderWithProviders(<PreMatriculasScreen />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    const mariana = await within(table).findByRole('row', { name: /Mariana Costa/ });
    expect(within(mariana).queryByRole('button', { name: /Conflito/ })).not.toBeInTheDocument();
    const row = (nome: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(nome))!;
    const lucas = row('Lucas Oliveira');
    await userEvent.click(within(lucas).getByRole('button', { name: 'Conflito na ativação de Lucas Oliveira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ativações em conflito' });
    const registrada = within(dialog).getByRole('region', { name: 'Ativação registrada' });
    expect(within(registrada).getByText('Márcia Oliveira')).toBeInTheDocument();
    expect(within(registrada).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(registrada).getByText('lucas@email.com')).toBeInTheDocument();
    const outra = within(dialog).getByRole('region', { name: 'Outra tentativa' });
    expect(within(outra).getByText('Roberto Oliveira')).toBeInTheDocument();
    expect(within(outra).getByText('111.444.777-35')).toBeInTheDocument();
    expect(within(outra).getByText('roberto@email.com')).toBeInTheDocument();
    expect(within(outra).getByText('(19) 98700-3344')).toBeInTheDocument();
  });

  it('says the generic failure for anything but 403', async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': { status: 500, body: { message: 'Erro interno' } },
    });
    renderWithProviders(<PreMatriculasScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Falha ao carregar pré-matrículas');
  });
});

describe('MatriculasScreen', () => {
  it('shows the 403 sentence of SPEC §8 and no table', async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/matriculas/resumo': { status: 403, body: { message: 'Sem permissão' } },
      'GET /api/matriculas': { status: 403, body: { message: 'Sem permissão' } },
    });
    renderWithProviders(<MatriculasScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem permissão para visualizar matrículas');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/matriculas/resumo': { body: { total: 0, eventosAtivos: 0, taxaConversao: 0 } },
      'GET /api/matriculas': { body: [] },
    });
    renderWithProviders(<MatriculasScreen />);
    expect(await screen.findByText('Nenhuma matrícula encontrada')).toBeInTheDocument();
    expect(screen.getByText('0,00')).toBeInTheDocument();
  });

  it('shows the course and the price each matrícula keeps, and a dash for one from before (issue 42)', async () => {
    const semPreco = {
      cursoId: null,
      cursoTitulo: null,
      cursoCargaHoraria: null,
      valor: null,
      valorComDesconto: null,
      parcelas: null,
      valorTotal: null,
      valorParcela: null,
      valorUltimaParcela: null,
    };
    mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/matriculas/resumo': { body: { total: 2, eventosAtivos: 1, taxaConversao: 2 } },
      'GET /api/matriculas': {
        body: [
          {
            ...pre({}),
            preMatriculaId: 'p-1',
            efetivadaEm: '2026-11-21T12:00:00.000Z',
            ...semPreco,
            cursoId: 'c-1',
            cursoTitulo: 'Técnico em Administração',
            cursoCargaHoraria: 180,
            valor: 1500,
            valorComDesconto: 1200,
            parcelas: 10,
            valorTotal: 1200,
            valorParcela: 120,
            valorUltimaParcela: 120,
            status: 'aguardando_aceite',
            motivoCancelamento: null,
            canceladaEm: null,
          },
          {
            ...pre({ id: 'p-2', nome: 'Rafaela Lima' }),
            preMatriculaId: 'p-2',
            efetivadaEm: '2026-11-20T12:00:00.000Z',
            ...semPreco,
            status: 'cancelada',
            motivoCancelamento: 'arrependimento',
            canceladaEm: '2026-11-22T12:00:00.000Z',
          },
        ],
      },
    });
    renderWithProviders(<MatriculasScreen />);
    const table = await screen.findByRole('table', { name: 'Matrículas Efetivadas' });
    expect(within(table).getByRole('columnheader', { name: 'Curso, valor e status' })).toBeInTheDocument();
    await within(table).findByText('Rafaela Lima');
    const row = (nome: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(nome))!;
    const lucas = row('Lucas Oliveira');
    const cell = within(lucas)
      .getAllByRole('cell')
      .find((c) => c.textContent?.includes('R$'))!;
    expect(cell.textContent?.replace(/\u00a0/g, ' ')).toBe(
      'Técnico em AdministraçãoR$ 1.200,00 em 10x de R$ 120,00Aguardando aceite',
    );
    // Issue 42: a cancelled matrícula says why; one without a course still shows its status.
    const rafaela = row('Rafaela Lima');
    expect(within(rafaela).getByText('Cancelada · Desistência em 7 dias')).toBeInTheDocument();
    const semCurso = within(rafaela)
      .getAllByRole('cell')
      .find((c) => c.textContent?.includes('Cancelada'))!;
    expect(semCurso.textContent).toBe('-Cancelada · Desistência em 7 dias');
  });

  it("says 'mais de 10.000' when the server stopped counting (issue 21)", async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/matriculas/resumo': { body: { total: 250_000, eventosAtivos: 2, taxaConversao: 1 } },
      'GET /api/matriculas': {
        body: [{ ...pre({}), preMatriculaId: 'p-1', efetivadaEm: '2026-11-21T12:00:00.000Z' }],
        headers: { 'X-Total-Count': '10000', 'X-Total-Count-Exact': 'false', 'X-Next-Cursor': 'c-2' },
      },
    });
    renderWithProviders(<MatriculasScreen />);
    expect(await screen.findByTestId('count-badge')).toHaveTextContent('mais de 10.000 matrículas');
    const paging = screen.getByRole('navigation', { name: 'Paginação' });
    expect(paging).toHaveTextContent('de mais de 10.000');
    expect(within(paging).getByRole('button', { name: /Próxima/ })).toBeEnabled();
  });
});

describe('LeadsScreen', () => {
  it('asks for an event, says why, and reads or exports no leads until one is chosen', async () => {
    const fetchMock = mockFetch({ 'GET /api/leads/eventos': { body: [evento] }, 'GET /api/leads': { body: [lead] } });
    renderWithProviders(<LeadsScreen role="cliente" />);
    expect(screen.getByText('Selecione um evento')).toBeInTheDocument();
    expect(screen.getByText(/Os leads são listados por evento/)).toBeInTheDocument();
    // Issue 51: nothing to export yet -- the button waits, its reason beside it.
    expect(screen.queryByRole('link', { name: 'Exportar CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toHaveAccessibleDescription(
      'Escolha um evento para exportar',
    );

    // The event filter is a combobox the server searches (issue 21): typing asks for 20 matching events.
    const combobox = screen.getByRole('combobox', { name: 'Evento' });
    await userEvent.type(combobox, 'horiz');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) =>
            String(url).includes('/api/leads/eventos?') &&
            String(url).includes('q=horiz') &&
            String(url).includes('pageSize=20'),
        ),
      ).toBe(true),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/leads?'))).toBe(false);
    const option = await screen.findByRole('option', { name: /Colégio Horizonte - Campinas, SP \(03\/12\/2026\)/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(option).not.toBeInTheDocument();
    expect(combobox).toHaveValue('Colégio Horizonte - Campinas, SP (03/12/2026)');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).startsWith('/api/leads?') && String(url).includes('eventoId=e-1'),
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/leads/export.csv?eventoId=e-1',
    );
  });
});

describe('InteressesScreen', () => {
  it('adds the Cliente column for the franqueador and links the export with the filters', async () => {
    const fetchMock = mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/leads/resumo': resumo,
      'GET /api/leads': { body: [lead] },
    });
    renderWithProviders(<InteressesScreen showCliente role="franqueador" />);
    const table = await screen.findByRole('table', { name: 'Interesses' });
    expect(within(table).getByRole('columnheader', { name: 'Cliente' })).toBeInTheDocument();
    expect(await within(table).findByRole('cell', { name: 'Colégio Horizonte Ltda' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '(19) 3222-1100' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Buscar'), 'gabi');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
        'href',
        '/api/leads/export.csv?q=gabi&view=interesses',
      ),
    );
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=gabi'))).toBe(true));
  });

  it('sends no search too short to answer, says so under the box, and sends it once it is long enough (issue 46)', async () => {
    const fetchMock = mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/leads/resumo': resumo,
      'GET /api/leads': { body: [lead] },
    });
    renderWithProviders(<InteressesScreen showCliente role="franqueador" />);
    await screen.findByRole('table', { name: 'Interesses' });
    const box = screen.getByLabelText('Buscar');
    await userEvent.type(box, 'ga');
    const hint = await screen.findByText('Digite pelo menos 3 letras ou números para buscar.');
    expect(box).toHaveAccessibleDescription('Digite pelo menos 3 letras ou números para buscar.');
    expect(hint).toHaveAttribute('aria-live', 'polite');
    expect(box).toHaveValue('ga');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/leads/export.csv?view=interesses',
    );
    expect(fetchMock.mock.calls.some(([url]) => /[?&]q=/.test(String(url)))).toBe(false);

    await userEvent.type(box, 'b');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=gab'))).toBe(true));
    await waitFor(() =>
      expect(screen.queryByText('Digite pelo menos 3 letras ou números para buscar.')).not.toBeInTheDocument(),
    );
    expect(box).not.toHaveAccessibleDescription();
  });

  it('has no Cliente column for the other roles', async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/leads/resumo': resumo,
      'GET /api/leads': { body: [{ ...lead, cliente: undefined }] },
    });
    renderWithProviders(<InteressesScreen showCliente={false} role="franquia" />);
    const table = await screen.findByRole('table', { name: 'Interesses' });
    expect(within(table).queryByRole('columnheader', { name: 'Cliente' })).not.toBeInTheDocument();
  });
});

describe('drill-down filters from the address (issue 15)', () => {
  const clienteId = '0b8f0f3e-5d7a-4c1e-9a52-3f6e2b1d4c7a';
  const path = `/?de=2026-10-01&ate=2026-10-31&clienteId=${clienteId}&clienteNome=${encodeURIComponent('Colégio Horizonte Ltda')}&estado=SP`;

  it('sends them to the list and the export, and shows each as a chip that removes it', async () => {
    const fetchMock = mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/leads/resumo': resumo,
      'GET /api/leads': { body: [lead] },
    });
    renderWithProviders(<InteressesScreen showCliente role="franqueador" />, { path });
    await screen.findByRole('table', { name: 'Interesses' });
    const listCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/leads?'));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const first = new URL(listCalls()[0]!, 'http://x').searchParams;
    expect(first.get('de')).toBe('2026-10-01');
    expect(first.get('ate')).toBe('2026-10-31');
    expect(first.get('clienteId')).toBe(clienteId);
    expect(first.get('estado')).toBe('SP');
    // The name is for the chip only.
    expect(first.has('clienteNome')).toBe(false);
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      `/api/leads/export.csv?de=2026-10-01&ate=2026-10-31&clienteId=${clienteId}&estado=SP&view=interesses`,
    );

    expect(screen.getByRole('button', { name: /Período: 01\/10\/2026 a 31\/10\/2026/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Estado: SP/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Cliente: Colégio Horizonte Ltda/ }));
    expect(screen.queryByRole('button', { name: /Cliente:/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(listCalls().some((u) => !u.includes('clienteId') && u.includes('de=2026-10-01'))).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(screen.queryByRole('button', { name: /Período:/ })).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/leads?page=1&pageSize=50'));
  });

  it('leaves out a value the shared schema refuses', async () => {
    const fetchMock = mockFetch({
      'GET /api/leads/eventos': { body: [] },
      'GET /api/matriculas/resumo': resumo,
      'GET /api/matriculas': { body: [] },
    });
    renderWithProviders(<MatriculasScreen />, { path: '/?franquiaId=nao-e-um-id&de=2026-02-30&cidade=Campinas' });
    expect(await screen.findByText('Nenhuma matrícula encontrada')).toBeInTheDocument();
    const url = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/matriculas?'))!;
    expect(url).toContain('cidade=Campinas');
    expect(url).not.toContain('franquiaId');
    expect(new URL(url, 'http://x').searchParams.has('de')).toBe(false);
    expect(screen.getByRole('button', { name: /Cidade: Campinas/ })).toBeInTheDocument();
  });
});

describe('the funnel lists keep their search, page and size in the address (issue 23)', () => {
  const listCalls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === path);

  it('reads them from a shared link; a new size goes back to page 1 and Próxima adds a page', async () => {
    const fetchMock = mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': {
        body: [pre({})],
        headers: { 'X-Total-Count': '240', 'X-Next-Cursor': 'c-next', 'X-Prev-Cursor': 'c-prev' },
      },
    });
    const { router } = renderWithProviders(<PreMatriculasScreen />, {
      path: '/pre-matriculas?q=lucas&page=3&pageSize=20',
    });
    expect(await screen.findByRole('searchbox', { name: 'Buscar' })).toHaveValue('lucas');
    await waitFor(() => expect(listCalls(fetchMock, '/api/pre-matriculas').length).toBeGreaterThan(0));
    const first = listCalls(fetchMock, '/api/pre-matriculas')[0]!.searchParams;
    expect([first.get('q'), first.get('page'), first.get('pageSize')]).toEqual(['lucas', '3', '20']);

    const [porPagina] = await screen.findAllByLabelText('Por página');
    await userEvent.selectOptions(porPagina!, '100');
    await waitFor(() => expect(router.state.location.search).toBe('?q=lucas&pageSize=100'));

    // Issue 46: 'Próxima' follows the answer's cursor, kept in the address with the page's number.
    await userEvent.click(screen.getAllByRole('button', { name: /Próxima/ })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?q=lucas&pageSize=100&page=2&apos=c-next'));
    await waitFor(() => {
      const last = listCalls(fetchMock, '/api/pre-matriculas').at(-1)!.searchParams;
      expect([last.get('apos'), last.get('pageSize'), last.get('antes')]).toEqual(['c-next', '100', null]);
    });
    await userEvent.click(screen.getAllByRole('button', { name: /Anterior/ })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?q=lucas&pageSize=100'));
  });
});
