// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@shared/roles';
import type { AuditoriaItem } from '@shared/schemas/auditoria';
import { renderWithProviders } from '@/testing/test-utils';
import { AuditoriaScreen } from './auditoria-screen';

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

const MARIA = '11111111-1111-4111-8111-111111111111';
const CLIENTE = '22222222-2222-4222-8222-222222222222';
const LEAD = '33333333-3333-4333-8333-333333333333';
const MICRO = '44444444-4444-4444-8444-444444444444';

function createItem(overrides: Partial<AuditoriaItem> = {}): AuditoriaItem {
  return {
    id: 'a-1',
    em: '2026-03-10T13:05:00.000Z',
    usuario: { id: MARIA, nome: 'Maria Souza', email: 'maria@micro.com.br' },
    papel: 'micro_franquia',
    acao: 'cliente.editar',
    entidade: 'cliente',
    entidadeId: CLIENTE,
    entidadeExiste: true,
    alteracoes: {
      nomeFantasia: ['Escola Velha', 'Escola Nova'],
      repLegal: ['J*** S***', 'A*** L***'],
      isActive: [true, false],
      cep: [null, '13010000'],
    },
    detalhes: null,
    ip: '200.100.50.25',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    requestId: 'req-42',
    ...overrides,
  };
}

const edicao = createItem();
const recusada = createItem({
  id: 'a-2',
  em: '2026-03-09T02:05:00.000Z',
  usuario: null,
  papel: null,
  acao: 'auth.login_falhou',
  entidade: 'usuario',
  entidadeId: null,
  entidadeExiste: false,
  alteracoes: null,
  detalhes: { email: 'j***@e***.com', motivo: 'credenciais' },
  ip: '45.6.7.8',
});

interface Answer {
  items?: AuditoriaItem[];
  total?: number;
  exact?: boolean;
  status?: number;
  /** X-Next-Cursor (issue 46): the page after this one. */
  next?: string;
}

/** GET /api/auditoria with its two count headers (the shared mockFetch sets none); every call recorded. */
function mockAuditoria(answer: Answer | ((url: URL) => Answer) = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/auditoria') {
      return new Response(JSON.stringify({ message: 'Não encontrado' }), { status: 404 });
    }
    const {
      items = [edicao, recusada],
      total,
      exact = true,
      status = 200,
      next,
    } = typeof answer === 'function' ? answer(url) : answer;
    if (status !== 200) return new Response(JSON.stringify({ message: 'Erro interno' }), { status });
    return new Response(JSON.stringify(items), {
      status,
      headers: {
        'Content-Type': 'application/json',
        'X-Total-Count': String(total ?? items.length),
        'X-Total-Count-Exact': String(exact),
        ...(next ? { 'X-Next-Cursor': next } : {}),
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockAuditoria>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/auditoria');

const lastQuery = (fetchMock: ReturnType<typeof mockAuditoria>) =>
  Object.fromEntries(calls(fetchMock).at(-1)!.searchParams);

function renderScreen(role: Role = 'franqueador', path = '/auditoria') {
  return renderWithProviders(<AuditoriaScreen role={role} />, { path });
}

/** The table once its rows arrived (the skeleton rows are a table too). */
async function table() {
  const found = await screen.findByRole('table', { name: 'Registros de auditoria' });
  await waitFor(() => expect(found).not.toHaveAttribute('aria-busy'));
  return found;
}

describe('AuditoriaScreen: the table', () => {
  it('shows when (Brasília), who with the role, the action in words, the record and the IP', async () => {
    mockAuditoria();
    renderScreen();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('10/03/2026 10:05')).toBeInTheDocument();
    expect(within(first).getByText('Maria Souza')).toBeInTheDocument();
    expect(within(first).getByText('Micro-franquia')).toBeInTheDocument();
    expect(within(first).getByText('Alterou o cliente')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Cliente' })).toHaveAttribute('href', '/clientes');
    expect(within(first).getByText('200.100.50.25')).toBeInTheDocument();

    // A refused sign-in by an unknown e-mail: nobody, no record to open; 02:05 UTC is the evening before.
    expect(within(second).getByText('08/03/2026 23:05')).toBeInTheDocument();
    expect(within(second).getByText('—')).toBeInTheDocument();
    expect(within(second).getByText('Tentativa de entrada recusada')).toBeInTheDocument();
    expect(within(second).getByText('Usuário')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();

    expect(screen.getByTestId('count-badge')).toHaveTextContent('2 registros');
  });

  it('links a record only to a screen the reader may open, and only while it exists', async () => {
    mockAuditoria({
      items: [
        edicao,
        createItem({ id: 'a-3', acao: 'micro_franquia.editar', entidade: 'micro_franquia', entidadeId: MICRO }),
        createItem({ id: 'a-4', acao: 'lead.editar', entidade: 'lead', entidadeId: LEAD }),
        createItem({ id: 'a-5', acao: 'micro_franquia.criar', entidade: 'micro_franquia', entidadeExiste: false }),
      ],
    });
    renderScreen('franquia');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1) as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    // The franquia does not open Clientes: the record is named without a link.
    expect(within(rows[0]).getByText('Cliente')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('link', { name: 'Cliente' })).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Micro-franquia' })).toHaveAttribute('href', '/micro-franquias');
    expect(within(rows[2]).getByRole('link', { name: 'Lead' })).toHaveAttribute('href', `/leads/${LEAD}`);
    // Gone: no link, even where the screen would open.
    expect(within(rows[3]).queryByRole('link', { name: 'Micro-franquia' })).not.toBeInTheDocument();
  });

  it("says 'mais de 10.000' when the server stopped counting", async () => {
    mockAuditoria({
      items: Array.from({ length: 50 }, (_, i) => createItem({ id: `a-${i}` })),
      total: 10_000,
      exact: false,
    });
    renderScreen();
    await table();
    expect(screen.getByTestId('count-badge')).toHaveTextContent('mais de 10.000 registros');
    const paginacao = screen.getByRole('navigation', { name: 'Paginação' });
    expect(paginacao).toHaveTextContent('1–50 de mais de 10.000');
    expect(within(paginacao).getByText('Página 1')).toBeInTheDocument();
  });

  it('shows the empty state, with a hint while filtering', async () => {
    mockAuditoria({ items: [] });
    renderScreen('franqueador', '/auditoria?acao=franquia.criar');
    expect(await screen.findByText('Nenhum registro de auditoria encontrado')).toBeInTheDocument();
    expect(screen.getByText('Tente outros filtros ou limpe a busca.')).toBeInTheDocument();
  });

  it('shows a failure and tries again', async () => {
    let status = 500;
    mockAuditoria(() => ({ status }));
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro interno');
    status = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await table()).toBeInTheDocument();
  });
});

describe('AuditoriaScreen: filters in the address', () => {
  it('asks for the filters of the address (names and the page aside) and exports with the same ones', async () => {
    const fetchMock = mockAuditoria();
    renderScreen(
      'franqueador',
      `/auditoria?de=2026-03-01&ate=2026-03-31&acao=cliente.editar&entidade=cliente&usuarioId=${MARIA}&usuarioNome=Maria%20Souza&entidadeId=${CLIENTE}&q=maria&page=2`,
    );
    await table();
    expect(lastQuery(fetchMock)).toEqual({
      de: '2026-03-01',
      ate: '2026-03-31',
      acao: 'cliente.editar',
      entidade: 'cliente',
      usuarioId: MARIA,
      entidadeId: CLIENTE,
      q: 'maria',
      page: '2',
      pageSize: '50',
    });
    expect(screen.getByLabelText('De')).toHaveValue('01/03/2026');
    expect(screen.getByLabelText('Até')).toHaveValue('31/03/2026');
    expect(screen.getByRole('combobox', { name: 'Ação' })).toHaveTextContent('Alterou o cliente');
    expect(screen.getByRole('combobox', { name: 'Tipo de registro' })).toHaveTextContent('Cliente');
    expect(screen.getByLabelText('Quem fez')).toHaveValue('maria');
    expect(screen.getByRole('button', { name: /^Quem fez: Maria Souza/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Registro: selecionado/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      `/api/auditoria/export.csv?de=2026-03-01&ate=2026-03-31&acao=cliente.editar&entidade=cliente&entidadeId=${CLIENTE}&usuarioId=${MARIA}&q=maria`,
    );
  });

  it('leaves out what the shared schema refuses', async () => {
    const fetchMock = mockAuditoria();
    renderScreen('franqueador', '/auditoria?acao=apagou.tudo&usuarioId=nao-e-uuid&de=31/03/2026');
    await table();
    expect(lastQuery(fetchMock)).toEqual({ page: '1', pageSize: '50' });
  });

  it('writes the chosen filters to the address, back to page 1, and asks for them', async () => {
    const fetchMock = mockAuditoria();
    const { router } = renderScreen('franqueador', '/auditoria?page=3');
    await table();
    const user = userEvent.setup();

    await user.click(screen.getByRole('combobox', { name: 'Tipo de registro' }));
    await user.click(await screen.findByRole('option', { name: 'Cliente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?entidade=cliente'));

    // The actions narrow to the kind chosen, grouped under its name.
    await user.click(screen.getByRole('combobox', { name: 'Ação' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Todas as ações',
      'Cadastrou o cliente',
      'Alterou o cliente',
      'Ativou o cliente',
      'Desativou o cliente',
    ]);
    expect(screen.getByRole('group', { name: 'Cliente' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Alterou o cliente' }));

    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-03-01' } });
    // Six letters typed faster than the pause (each change renders, as a keystroke does): typed with user-event's
    // own timers, a loaded machine left more than the 300 ms pause between letters (3 requests, 2026-11-27).
    const quem = screen.getByLabelText('Quem fez');
    for (let n = 1; n <= 'maria@'.length; n++) fireEvent.change(quem, { target: { value: 'maria@'.slice(0, n) } });

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        entidade: 'cliente',
        acao: 'cliente.editar',
        de: '2026-03-01',
        q: 'maria@',
      }),
    );
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        entidade: 'cliente',
        acao: 'cliente.editar',
        de: '2026-03-01',
        q: 'maria@',
        page: '1',
        pageSize: '50',
      }),
    );
    // The search is asked for once typing paused, not per letter.
    expect(calls(fetchMock).filter((url) => url.searchParams.has('q'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Quem fez')).toHaveValue('');
  });

  it('keeps a filter chosen while the search waits for typing to pause', async () => {
    mockAuditoria();
    const { router } = renderScreen('franqueador');
    await table();

    // The search typed first, the period chosen before the pause ends: the search, written after the pause, keeps
    // the period (an updater made at the keystroke's render would write back the address from before it).
    fireEvent.change(screen.getByLabelText('Quem fez'), { target: { value: 'maria@' } });
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?de=2026-03-01'));

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        de: '2026-03-01',
        q: 'maria@',
      }),
    );
  });

  it('sends no search too short to answer, says so under the box, and drops one a link carried (issue 46)', async () => {
    const fetchMock = mockAuditoria();
    const { router } = renderScreen('franqueador', '/auditoria?q=m%40');
    await table();
    const quem = screen.getByLabelText('Quem fez');
    expect(quem).toHaveValue('m@');
    expect(quem).toHaveAccessibleDescription('Digite pelo menos 3 letras ou números para buscar.');
    expect(calls(fetchMock).some((url) => url.searchParams.has('q'))).toBe(false);

    fireEvent.change(quem, { target: { value: 'mar' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=mar'));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: 'mar' }));
    expect(quem).not.toHaveAccessibleDescription();

    fireEvent.change(quem, { target: { value: 'm' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(quem).toHaveValue('m');
    expect(quem).toHaveAccessibleDescription('Digite pelo menos 3 letras ou números para buscar.');
    await waitFor(() => expect(lastQuery(fetchMock)).not.toHaveProperty('q'));
  });

  it('refuses a period that ends before it starts, without asking the server', async () => {
    const fetchMock = mockAuditoria();
    renderScreen('franqueador', '/auditoria?de=2026-03-31&ate=2026-03-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A data inicial deve ser anterior ou igual à data final',
    );
    expect(screen.getByLabelText('De')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Corrija o período para ver os registros')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Exportar CSV' })).not.toBeInTheDocument();
    expect(calls(fetchMock)).toHaveLength(0);
  });

  it("a row's links filter by who acted and by the record; each comes back as a removable chip", async () => {
    const fetchMock = mockAuditoria();
    const { router } = renderScreen('franqueador', '/auditoria?acao=cliente.editar&page=2');
    const first = within(await table()).getAllByRole('row')[1]!;
    const user = userEvent.setup();

    await user.click(within(first).getByRole('link', { name: 'Ver só o que Maria Souza fez' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        acao: 'cliente.editar',
        usuarioId: MARIA,
        usuarioNome: 'Maria Souza',
      }),
    );
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ usuarioId: MARIA, page: '1' }));
    // A link in a row filters; it does not open the row.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(lastQuery(fetchMock)).not.toHaveProperty('usuarioNome');

    const again = within(await table()).getAllByRole('row')[1]!;
    await user.click(within(again).getByRole('link', { name: 'Ver todo o histórico do registro 22222222' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ usuarioId: MARIA, entidadeId: CLIENTE }));
    expect(screen.getByRole('button', { name: /^Registro: Cliente 22222222/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Quem fez: Maria Souza/ }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        acao: 'cliente.editar',
        entidadeId: CLIENTE,
        entidadeNome: 'Cliente 22222222',
      }),
    );
    await waitFor(() => expect(lastQuery(fetchMock)).not.toHaveProperty('usuarioId'));
  });

  it('pages through the address', async () => {
    const fetchMock = mockAuditoria({ items: [edicao], total: 120, next: 'c-2' });
    const { router } = renderScreen();
    await table();
    // Issue 46: 'Próxima' follows the answer's cursor, kept in the address with the page's number.
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Paginação' })).getByRole('button', { name: /Próxima/ }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&apos=c-2'));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ page: '2', apos: 'c-2' }));
  });
});

describe('AuditoriaScreen: a row opened', () => {
  it('shows who, when, from where and the change as before and after', async () => {
    mockAuditoria();
    renderScreen();
    const first = within(await table()).getAllByRole('row')[1]!;
    await userEvent.click(within(first).getByText('Alterou o cliente'));

    const dialog = await screen.findByRole('dialog', { name: 'Alterou o cliente' });
    expect(within(dialog).getByText('maria@micro.com.br')).toBeInTheDocument();
    expect(within(dialog).getByText('Chrome no Linux')).toBeInTheDocument();
    expect(within(dialog).getByText('req-42')).toBeInTheDocument();
    expect(within(dialog).getByText(CLIENTE)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Cliente' })).toHaveAttribute('href', '/clientes');

    const alteracoes = within(dialog).getByRole('table', { name: /Alterações/ });
    const linhas = within(alteracoes)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(linhas).toEqual([
      ['Campo', 'Antes', 'Depois'],
      ['Nome fantasia', 'Escola Velha', 'Escola Nova'],
      ['Representante legal', 'J*** S***', 'A*** L***'],
      ['Ativo', 'Sim', 'Não'],
      ['CEP', '—', '13010-000'],
    ]);

    // The footer's Fechar (the corner's X is named Fechar too).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens from the keyboard on the row's Detalhes button, and lists a refused sign-in's details", async () => {
    mockAuditoria();
    renderScreen();
    const second = within(await table()).getAllByRole('row')[2]!;
    const detalhes = within(second).getByRole('button', { name: /^Detalhes: Tentativa de entrada recusada/ });
    detalhes.focus();
    await userEvent.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Tentativa de entrada recusada' });
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    const lista = within(dialog).getByRole('heading', { name: 'Detalhes' }).parentElement!;
    expect(within(lista).getByText('E-mail')).toBeInTheDocument();
    expect(within(lista).getByText('j***@e***.com')).toBeInTheDocument();
    expect(within(lista).getByText('Motivo')).toBeInTheDocument();
    expect(within(lista).getByText('E-mail ou senha incorretos')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(detalhes).toHaveFocus());
  });

  it("lists an export's filters and rows", async () => {
    mockAuditoria({
      items: [
        createItem({
          acao: 'auditoria.exportar',
          entidade: 'auditoria',
          entidadeId: null,
          entidadeExiste: false,
          alteracoes: null,
          detalhes: { filtros: { acao: 'cliente.editar', de: '2026-03-01' }, linhas: 1234, completo: true },
        }),
      ],
    });
    renderScreen();
    const first = within(await table()).getAllByRole('row')[1]!;
    await userEvent.click(within(first).getByRole('button', { name: /^Detalhes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportou a auditoria' });
    expect(within(dialog).getByText('Ação:')).toBeInTheDocument();
    expect(within(dialog).getByText(/Alterou o cliente/)).toBeInTheDocument();
    expect(within(dialog).getByText(/01\/03\/2026/)).toBeInTheDocument();
    expect(within(dialog).getByText('Linhas exportadas')).toBeInTheDocument();
    expect(within(dialog).getByText('1.234')).toBeInTheDocument();
    expect(within(dialog).getByText('Exportação completa')).toBeInTheDocument();
    expect(within(dialog).getByText('Sim')).toBeInTheDocument();
  });
});
