// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LGPD_MESSAGES, type RetencaoResumo } from '@shared/schemas/lgpd';
import { dismissToast } from '@/lib/toast';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { renderWithProviders } from '@/testing/test-utils';
import { pedidoView, titularRegistro } from '@/testing/lgpd-fixtures';
import type { PedidoItem } from '../api/lgpd-api';
import { LgpdScreen } from './lgpd-screen';

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

function pedido(overrides: Partial<PedidoItem> = {}): PedidoItem {
  return {
    ...pedidoView({ id: '11111111-0000-4000-8000-000000000000', protocolo: '11111111' }),
    franquia: { id: 'f-1', nome: 'Franquia Campinas' },
    ...overrides,
  };
}

const correcao = pedido();
const anonimizacao = pedido({
  id: '22222222-0000-4000-8000-000000000000',
  protocolo: '22222222',
  tipo: 'anonimizacao',
  email: 'jose@exemplo.com.br',
  detalhe: null,
  status: 'em_analise',
  prazo: '2026-11-01T15:00:00.000Z',
  atrasado: true,
});
const concluido = pedido({
  id: '33333333-0000-4000-8000-000000000000',
  protocolo: '33333333',
  tipo: 'revogacao',
  status: 'concluido',
  prazo: '2026-11-01T15:00:00.000Z',
  atrasado: false,
  concluidoEm: '2026-10-20T15:00:00.000Z',
});

const REGISTRO = titularRegistro();

const RETENCAO: RetencaoResumo = {
  meses: 24,
  ultimaExecucao: { em: '2026-11-23T06:00:00.000Z', anonimizados: 3 },
  proximaExecucao: { em: '2026-11-24T06:00:00.000Z', previstos: 1 },
};

type Handler = (url: URL, body: unknown) => { status?: number; body?: unknown; total?: number } | undefined;

/** The LGPD API by 'METHOD /path'; the requests' list carries X-Total-Count. Every call is recorded. */
function mockLgpd(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname.replace(/\/[0-9a-f-]{36}$/, '/:id')}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = handlers[key]?.(url, body) ?? { status: 404, body: { message: 'Não encontrado' } };
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (answer.total !== undefined) headers['X-Total-Count'] = String(answer.total);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof mockLgpd>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET').toUpperCase() === method && url.pathname.startsWith(path);
    })
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));

const baseHandlers: Record<string, Handler> = {
  'GET /api/lgpd/pedidos': () => ({ body: [correcao, anonimizacao, concluido], total: 3 }),
  'GET /api/lgpd/retencao': () => ({ body: RETENCAO }),
};

function renderScreen(path = '/lgpd') {
  return renderWithProviders(<LgpdScreen role="franqueador" />, { path });
}

async function pedidosTable() {
  const table = await screen.findByRole('table', { name: 'Pedidos dos titulares' });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  return table;
}

describe('LgpdScreen: the requests', () => {
  it('lists protocol, titular, type, status and deadline, the overdue one in red and in words', async () => {
    mockLgpd(baseHandlers);
    renderScreen();
    const rows = within(await pedidosTable())
      .getAllByRole('row')
      .slice(1);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('11111111')).toBeInTheDocument();
    expect(within(first).getByText('maria@exemplo.com.br')).toBeInTheDocument();
    expect(within(first).getByText('Franquia Campinas')).toBeInTheDocument();
    expect(within(first).getByText('Correção de dados')).toBeInTheDocument();
    expect(within(first).getByText('Aberto')).toBeInTheDocument();
    expect(within(first).getByText('05/12/2026')).toBeInTheDocument();
    expect(within(first).queryByText('atrasado')).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /Em análise/ })).toBeInTheDocument();

    expect(within(second).getByText('atrasado')).toBeInTheDocument();
    expect(within(second).getByText('atrasado').parentElement).toHaveClass('text-destructive');
    expect(within(second).queryByRole('button', { name: /Em análise/ })).not.toBeInTheDocument();

    expect(within(third).getByText('Concluído')).toBeInTheDocument();
    expect(within(third).queryByRole('button')).not.toBeInTheDocument();
    expect(within(third).getByText('Respondido em 20/10/2026')).toBeInTheDocument();

    const retencao = screen.getByRole('region', { name: 'Retenção' });
    expect(
      await within(retencao).findByText('Leads sem pré-matrícula nem matrícula são anonimizados após 24 meses.'),
    ).toBeInTheDocument();
    expect(within(retencao).getByText(/3 leads anonimizados/)).toBeInTheDocument();
    expect(within(retencao).getByText(/1 lead previsto/)).toBeInTheDocument();
  });

  it('reads the status and overdue filters from the address and writes them back', async () => {
    const fetchMock = mockLgpd(baseHandlers);
    const { router } = renderScreen('/lgpd?status=aberto&atrasados=true&page=2');
    await pedidosTable();
    expect(Object.fromEntries(callsTo(fetchMock, 'GET', '/api/lgpd/pedidos')[0]!.url.searchParams)).toEqual({
      status: 'aberto',
      atrasados: 'true',
      page: '2',
      pageSize: String(DEFAULT_PAGE_SIZE),
    });
    expect(screen.getByRole('checkbox', { name: 'Só os atrasados' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Só os atrasados' }));
    expect(router.state.location.search).toBe('?status=aberto');
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(router.state.location.search).toBe('');
  });

  it('takes a request into analysis at once and refuses one only with a reason', async () => {
    const fetchMock = mockLgpd({
      ...baseHandlers,
      'PATCH /api/lgpd/pedidos/:id': (_url, body) => ({
        body: { ...correcao, ...(body as object), franquia: undefined },
      }),
    });
    renderScreen();
    const first = within(await pedidosTable()).getAllByRole('row')[1]!;
    await userEvent.click(within(first).getByRole('button', { name: /Em análise/ }));
    expect(await screen.findByText('Pedido em análise')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/lgpd/pedidos/')[0]!.body).toEqual({ status: 'em_analise' });

    await userEvent.click(within(first).getByRole('button', { name: /Recusar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar o pedido 11111111' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar pedido' }));
    expect(await within(dialog).findByText(LGPD_MESSAGES.motivoRecusa)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/lgpd/pedidos/')).toHaveLength(1);
    await userEvent.type(within(dialog).getByLabelText('Motivo da recusa'), 'Os dados já estão corretos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar pedido' }));
    expect(await screen.findByText('Pedido recusado')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/lgpd/pedidos/')[1]!.body).toEqual({
      status: 'recusado',
      resposta: 'Os dados já estão corretos',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the e-mail before concluding an anonymisation, and says when someone answered first (409)', async () => {
    const fetchMock = mockLgpd({
      ...baseHandlers,
      'PATCH /api/lgpd/pedidos/:id': () => ({ status: 409, body: { message: LGPD_MESSAGES.pedidoEncerrado } }),
    });
    renderScreen();
    const second = within(await pedidosTable()).getAllByRole('row')[2]!;
    await userEvent.click(within(second).getByRole('button', { name: /Concluir/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonimizar os dados de jose@exemplo.com.br?' });
    expect(dialog).toHaveTextContent('irreversível');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir e anonimizar' }));
    expect(await screen.findByText(LGPD_MESSAGES.pedidoEncerrado)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/lgpd/pedidos/')[0]!.body).toEqual({ status: 'concluido' });
    // The list is read again to show the answer given first.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/lgpd/pedidos').length).toBeGreaterThan(1));
  });
});

describe('LgpdScreen: a titular', () => {
  it('refuses what is neither an e-mail, a CPF nor a phone, before asking the server', async () => {
    const fetchMock = mockLgpd(baseHandlers);
    renderScreen();
    await userEvent.type(screen.getByLabelText('CPF, e-mail ou telefone'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(LGPD_MESSAGES.buscaCurta)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/lgpd/titulares')).toEqual([]);
  });

  it('lists the records found, exports them and anonymises by the CPF searched once confirmed, then searches again', async () => {
    let anonimizado = false;
    const fetchMock = mockLgpd({
      ...baseHandlers,
      'GET /api/lgpd/titulares': () => ({
        body: {
          registros: anonimizado
            ? [{ ...REGISTRO, nomeAluno: 'Titular anonimizado', telefone: null, anonimizado: true }]
            : [REGISTRO],
        },
      }),
      'POST /api/lgpd/titulares/anonimizar': () => {
        anonimizado = true;
        return {
          body: {
            message: LGPD_MESSAGES.anonimizado,
            anonimizados: { leads: 1, preMatriculas: 0, matriculas: 0, contas: 0 },
          },
        };
      },
    });
    renderScreen();
    // A valid CPF is also 11 digits of a mobile phone: the anonymisation goes by the CPF.
    await userEvent.type(screen.getByLabelText('CPF, e-mail ou telefone'), '529.982.247-25');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const busca = screen.getByRole('region', { name: 'Buscar titular' });
    expect(await within(busca).findByText('Ana Souza')).toBeInTheDocument();
    expect(within(busca).getByText('1 registro de 529.982.247-25')).toBeInTheDocument();
    expect(within(busca).getByRole('link', { name: 'Exportar dados' })).toHaveAttribute(
      'href',
      '/api/lgpd/titulares/export.json?q=529.982.247-25',
    );

    await userEvent.click(within(busca).getByRole('button', { name: 'Anonimizar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Anonimizar os dados de 529.982.247-25?' });
    expect(dialog).toHaveTextContent('irreversível');
    expect(dialog).toHaveTextContent('o CPF 529.982.247-25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anonimizar definitivamente' }));

    expect(await within(busca).findByRole('status')).toHaveTextContent(
      'Dados anonimizados: 1 inscrição, 0 pré-matrículas, 0 matrículas e 0 contas.',
    );
    expect(callsTo(fetchMock, 'POST', '/api/lgpd/titulares/anonimizar')[0]!.body).toEqual({ cpf: '52998224725' });
    expect(await within(busca).findByText('Titular anonimizado')).toBeInTheDocument();
    expect(within(busca).queryByRole('button', { name: 'Anonimizar' })).not.toBeInTheDocument();
  });

  it("shows the server's message for a search it refuses", async () => {
    mockLgpd({
      ...baseHandlers,
      'GET /api/lgpd/titulares': () => ({ status: 400, body: { message: LGPD_MESSAGES.buscaCurta } }),
    });
    renderScreen();
    await userEvent.type(screen.getByLabelText('CPF, e-mail ou telefone'), 'ana@exemplo.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LGPD_MESSAGES.buscaCurta);
  });
});
