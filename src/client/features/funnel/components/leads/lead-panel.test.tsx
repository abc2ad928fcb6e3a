// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayInBrasilia } from '@shared/brasilia';
import { formatDateOnly } from '@shared/format';
import { diaDoProximoPasso } from '@shared/proximo-passo';
import type { Role } from '@shared/roles';
import type { HistoricoEntry, LeadDetalhe } from '@shared/schemas/acompanhamento';
import type { LeadItem } from '@shared/schemas/funnel';
import { createUser, loadScreens, mockFetch, renderApp, sessionHandlers, type MockHandler } from '@/testing/test-utils';

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});
beforeAll(() => loadScreens('/interesses', '/leads', '/leads/l-1'), 120_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const evento = {
  id: 'e-1',
  nomeEscola: 'Colégio Horizonte',
  cidade: 'Campinas',
  estado: 'SP',
  dataEvento: '2026-12-03',
};

const historico: HistoricoEntry[] = [
  {
    id: 'h-3',
    tipo: 'nota',
    em: '2026-11-21T15:30:00.000Z',
    autor: { id: 'u-9', nome: 'Rafael Vendedor' },
    dados: { texto: '<script>alert("x")</script> ligar depois das 18h' },
  },
  {
    id: 'h-2',
    tipo: 'status',
    em: '2026-11-21T02:10:00.000Z',
    autor: { id: 'u-9', nome: 'Rafael Vendedor' },
    dados: { status: ['novo', 'em_contato'] },
  },
  { id: 'h-1', tipo: 'inscricao', em: '2026-11-20T12:00:00.000Z', autor: null, dados: {} },
];

function detalhe(overrides: Partial<LeadDetalhe> = {}): LeadDetalhe {
  return {
    id: 'l-1',
    eventoId: evento.id,
    nomeAluno: 'Gabriela Santos',
    nomeResponsavel: 'Paulo Santos',
    email: 'gabi@email.com',
    telefone: '19987001122',
    consentimentoRevogado: false,
    createdAt: '2026-11-20T12:00:00.000Z',
    consentidoEm: '2026-11-20T12:00:00.000Z',
    status: 'em_contato',
    responsavel: { id: 'v-1', nome: 'Rafael Vendedor' },
    proximoContatoEm: null,
    motivoPerda: null,
    primeiroContatoEm: '2026-11-21T02:10:00.000Z',
    evento,
    cliente: null,
    historico,
    ...overrides,
  };
}

const row: LeadItem = {
  id: 'l-1',
  eventoId: evento.id,
  nomeAluno: 'Gabriela Santos',
  nomeResponsavel: 'Paulo Santos',
  email: 'gabi@email.com',
  telefone: '19987001122',
  consentimentoRevogado: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  status: 'em_contato',
  responsavel: { id: 'v-1', nome: 'Rafael Vendedor' },
  proximoContatoEm: null,
  evento,
};

function handlers(role: Role, extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    ...sessionHandlers(createUser({ role, id: 'u-9', nome: 'Rafael Vendedor' })),
    'GET /api/leads/eventos': { body: [evento] },
    'GET /api/leads/resumo': { body: { total: 1, eventosAtivos: 1, taxaConversao: 1 } },
    'GET /api/leads': { body: [row] },
    'GET /api/leads/l-1': { body: detalhe() },
    'GET /api/dashboard/metrics': { body: {} },
    ...extra,
  };
}

const urls = (fetchMock: ReturnType<typeof mockFetch>, method = 'GET') =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([url]) => String(url));

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => init?.method === method && String(url) === path);
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
};

/** Opens a Radix select by its label and picks an option. */
async function choose(container: HTMLElement, label: string, option: string) {
  await userEvent.click(within(container).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function openPanel(path = '/leads/l-1', role: Role = 'vendedor', extra: Record<string, MockHandler> = {}) {
  const fetchMock = mockFetch(handlers(role, extra));
  const rendered = renderApp(path);
  const panel = await screen.findByRole('dialog', { name: 'Gabriela Santos' });
  return { ...rendered, fetchMock, panel };
}

describe('LeadPanel (issue 16)', () => {
  it('shows the lead, its follow-up and its history newest first, a stored <script> as text, dates in Brasília', async () => {
    const { panel } = await openPanel();
    expect(within(panel).getByText('Paulo Santos')).toBeInTheDocument();
    expect(within(panel).getByText(/Colégio Horizonte — Campinas, SP · 03\/12\/2026/)).toBeInTheDocument();
    expect(within(panel).getByText('Em contato')).toBeInTheDocument();
    expect(within(panel).getAllByText('Rafael Vendedor').length).toBeGreaterThan(0);

    const timeline = within(within(panel).getByRole('region', { name: 'Histórico' })).getAllByRole('listitem');
    expect(timeline.map((item) => within(item).getAllByText(/./)[0]!.textContent)).toEqual([
      'Nota',
      'Status alterado',
      'Inscrição no evento',
    ]);
    // Markup someone typed is text: no element was made of it.
    expect(within(timeline[0]!).getByText('<script>alert("x")</script> ligar depois das 18h')).toBeInTheDocument();
    expect(panel.querySelector('script')).toBeNull();
    // 02:10 UTC on the 21st is 23:10 on the 20th in Brasília.
    expect(within(timeline[1]!).getByText('20/11/2026 23:10')).toBeInTheDocument();
    expect(within(timeline[1]!).getByText('De Novo para Em contato')).toBeInTheDocument();

    expect(within(panel).getByRole('link', { name: '(19) 98700-1122' })).toHaveAttribute('href', 'tel:+5519987001122');
    expect(within(panel).getByRole('link', { name: /WhatsApp de Paulo Santos/ })).toHaveAttribute(
      'href',
      'https://wa.me/5519987001122',
    );
    expect(within(panel).getByRole('link', { name: 'gabi@email.com' })).toHaveAttribute(
      'href',
      'mailto:gabi@email.com',
    );
  });

  it("opens over the vendedor's Interesses and the cliente's Leads when the address is opened directly", async () => {
    await openPanel('/leads/l-1', 'vendedor');
    expect(screen.getByRole('heading', { level: 1, name: 'Interesses', hidden: true })).toBeInTheDocument();
    cleanup();
    await openPanel('/leads/l-1', 'cliente');
    expect(screen.getByRole('heading', { level: 1, name: 'Leads', hidden: true })).toBeInTheDocument();
  });

  it("opens from a row's 'Acompanhar' and closes back to the list with its filters", async () => {
    mockFetch(handlers('vendedor'));
    const { router } = renderApp('/interesses?status=em_contato&retorno=hoje');
    const table = await screen.findByRole('table', { name: 'Interesses' });
    // The search reaches the address once typing pauses (issue 23), and the row's link keeps it.
    await userEvent.type(screen.getByLabelText('Buscar'), 'gabi');
    const link = await within(table).findByRole('link', { name: 'Acompanhar Gabriela Santos' });
    await waitFor(() => expect(link).toHaveAttribute('href', '/leads/l-1?status=em_contato&retorno=hoje&q=gabi'));
    await userEvent.click(link);
    const panel = await screen.findByRole('dialog', { name: 'Gabriela Santos' });
    expect(router.state.location.pathname).toBe('/leads/l-1');
    expect(router.state.location.search).toBe('?status=em_contato&retorno=hoje&q=gabi');

    await userEvent.click(within(panel).getByRole('button', { name: 'Fechar acompanhamento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/interesses');
    expect(router.state.location.search).toBe('?status=em_contato&retorno=hoje&q=gabi');
    expect(screen.getByRole('button', { name: /Retorno: hoje/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar')).toHaveValue('gabi');
  });

  it('registers a contact: the entry tops the timeline at once, then the lead, the list and the counts are read again', async () => {
    let release: () => void = () => undefined;
    const { panel, fetchMock } = await openPanel('/leads/l-1', 'vendedor', {
      'POST /api/leads/l-1/contatos': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              status: 201,
              body: { id: 'h-4', tipo: 'contato', em: new Date().toISOString(), autor: null, dados: {} },
            });
        }),
      'GET /api/dashboard/acompanhamento': { body: { retornosHoje: 0, atrasados: 0, semContato48h: 0 } },
    });
    const before = urls(fetchMock).filter((u) => u === '/api/leads/l-1').length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Registrar contato' }));
    const form = within(panel).getByRole('region', { name: 'Registrar contato' });
    await choose(form, 'Canal', 'Telefone');
    await choose(form, 'Resultado', 'Não atendeu');
    await userEvent.type(within(form).getByLabelText('Nota do contato (opcional)'), 'Caixa postal');
    expect(within(form).getByText('12 de 2.000 caracteres')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar contato' }));

    const historia = within(panel).getByRole('region', { name: 'Histórico' });
    const first = (await within(historia).findAllByRole('listitem'))[0]!;
    expect(within(first).getByText('Contato por Telefone')).toBeInTheDocument();
    expect(within(first).getByText('Enviando...')).toBeInTheDocument();
    expect(within(first).getByText('Caixa postal')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/leads/l-1/contatos')).toEqual({
      canal: 'telefone',
      resultado: 'nao_atendeu',
      nota: 'Caixa postal',
    });

    release();
    expect(await screen.findByText('Contato registrado')).toBeInTheDocument();
    await waitFor(() => expect(urls(fetchMock).filter((u) => u === '/api/leads/l-1').length).toBe(before + 1));
    expect(urls(fetchMock).some((u) => u.startsWith('/api/leads?'))).toBe(true);
    // The form closed and focus went back to its button.
    expect(within(panel).queryByRole('region', { name: 'Registrar contato' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Registrar contato' })).toHaveFocus();
  });

  it("asks for the loss reason with 'Sem interesse', then sends both", async () => {
    const { panel, fetchMock } = await openPanel('/leads/l-1', 'vendedor', {
      'PATCH /api/leads/l-1': (body) => ({
        body: detalhe({ ...(body as Partial<LeadDetalhe>) }),
      }),
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Alterar status' }));
    const form = within(panel).getByRole('region', { name: 'Alterar status' });
    expect(within(form).queryByRole('combobox', { name: 'Motivo da perda' })).not.toBeInTheDocument();
    await choose(form, 'Status', 'Sem interesse');
    const motivo = within(form).getByRole('combobox', { name: 'Motivo da perda' });
    expect(motivo).toHaveAttribute('aria-required', 'true');

    await userEvent.click(within(form).getByRole('button', { name: 'Salvar status' }));
    expect(await within(form).findByText('Informe o motivo da perda')).toBeInTheDocument();
    expect(urls(fetchMock, 'PATCH')).toEqual([]);

    await choose(form, 'Motivo da perda', 'Preço');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar status' }));
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', '/api/leads/l-1')).toEqual({ status: 'sem_interesse', motivoPerda: 'preco' });
  });

  it("shows a refused status change at once, then undoes it and shows the server's message", async () => {
    let refuse: () => void = () => undefined;
    const { panel } = await openPanel('/leads/l-1', 'vendedor', {
      'PATCH /api/leads/l-1': () =>
        new Promise((resolve) => {
          refuse = () => resolve({ status: 400, body: { message: 'Este lead já tem matrícula efetivada' } });
        }),
    });
    const dados = within(panel).getByRole('region', { name: 'Dados do lead' });
    expect(within(dados).getByText('Em contato')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Alterar status' }));
    const form = within(panel).getByRole('region', { name: 'Alterar status' });
    await choose(form, 'Status', 'Convertido');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar status' }));
    expect(await within(dados).findByText('Convertido')).toBeInTheDocument();

    refuse();
    expect(await screen.findByText('Erro ao alterar status')).toBeInTheDocument();
    expect(screen.getByText('Este lead já tem matrícula efetivada')).toBeInTheDocument();
    expect(await within(dados).findByText('Em contato')).toBeInTheDocument();
    expect(within(dados).queryByText('Convertido')).not.toBeInTheDocument();
    // The form stays, with what was chosen, to try again.
    expect(within(panel).getByRole('region', { name: 'Alterar status' })).toBeInTheDocument();
  });

  it("shows a new lead 'Em contato' with its contact at once, and takes both back when refused", async () => {
    let refuse: () => void = () => undefined;
    const { panel } = await openPanel('/leads/l-1', 'vendedor', {
      'GET /api/leads/l-1': { body: detalhe({ status: 'novo', historico: [historico[2]!] }) },
      'POST /api/leads/l-1/contatos': () =>
        new Promise((resolve) => {
          refuse = () => resolve({ status: 404, body: { message: 'Lead não encontrado' } });
        }),
    });
    const dados = within(panel).getByRole('region', { name: 'Dados do lead' });
    expect(within(dados).getByText('Novo')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Registrar contato' }));
    const form = within(panel).getByRole('region', { name: 'Registrar contato' });
    await choose(form, 'Canal', 'Presencial');
    await choose(form, 'Resultado', 'Visita agendada');
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar contato' }));
    expect(await within(dados).findByText('Em contato')).toBeInTheDocument();
    const historia = within(panel).getByRole('region', { name: 'Histórico' });
    expect(within(historia).getByText('Contato presencial')).toBeInTheDocument();

    refuse();
    expect(await screen.findByText('Erro ao registrar contato')).toBeInTheDocument();
    expect(await within(dados).findByText('Novo')).toBeInTheDocument();
    expect(within(historia).queryByText('Contato presencial')).not.toBeInTheDocument();
  });

  it('takes a refused note off the timeline and puts the message under the field', async () => {
    const { panel } = await openPanel('/leads/l-1', 'vendedor', {
      'POST /api/leads/l-1/notas': {
        status: 400,
        body: { message: 'Dados inválidos', errors: { texto: 'A nota pode ter no máximo 2.000 caracteres' } },
      },
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Nota' }));
    const form = within(panel).getByRole('region', { name: 'Nota' });
    const textarea = within(form).getByLabelText('Nota');
    expect(textarea).toHaveAttribute('maxLength', '2000');
    await userEvent.type(textarea, 'Mãe pediu retorno');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar nota' }));
    expect(await within(form).findByText('A nota pode ter no máximo 2.000 caracteres')).toBeInTheDocument();
    const historia = within(panel).getByRole('region', { name: 'Histórico' });
    expect(within(historia).queryByText('Mãe pediu retorno')).not.toBeInTheDocument();
    expect(within(historia).getAllByRole('listitem')).toHaveLength(3);
  });

  it('offers to log a WhatsApp contact after opening it, with the channel filled in', async () => {
    const { panel, fetchMock } = await openPanel('/leads/l-1', 'vendedor', {
      'POST /api/leads/l-1/contatos': {
        status: 201,
        body: { id: 'h-5', tipo: 'contato', em: '', autor: null, dados: {} },
      },
    });
    const whatsapp = within(panel).getByRole('link', { name: /WhatsApp de Paulo Santos/ });
    // The link opens a new tab; the test only needs its click.
    whatsapp.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(whatsapp);
    const prompt = within(panel).getByRole('region', { name: 'Registrar este contato?' });
    expect(within(prompt).getByRole('combobox', { name: 'Canal' })).toHaveTextContent('WhatsApp');
    expect(within(prompt).getByRole('combobox', { name: 'Resultado' })).toHaveTextContent('Mensagem enviada');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Registrar contato' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST', '/api/leads/l-1/contatos')).toEqual({
        canal: 'whatsapp',
        resultado: 'mensagem_enviada',
        nota: null,
      }),
    );
    await waitFor(() => expect(within(panel).queryByRole('region', { name: 'Registrar este contato?' })).toBeNull());
  });

  it("asks for the next step once a contact is registered: 'Amanhã' sets tomorrow's return (issue 51)", async () => {
    const { panel, fetchMock } = await openPanel('/leads/l-1', 'vendedor', {
      'POST /api/leads/l-1/contatos': {
        status: 201,
        body: { id: 'h-6', tipo: 'contato', em: '', autor: null, dados: {} },
      },
      'PATCH /api/leads/l-1': (body) => ({ body: detalhe({ ...(body as Partial<LeadDetalhe>) }) }),
      'GET /api/dashboard/acompanhamento': { body: { retornosHoje: 0, atrasados: 0, semContato48h: 0 } },
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Registrar contato' }));
    const form = within(panel).getByRole('region', { name: 'Registrar contato' });
    await choose(form, 'Canal', 'Telefone');
    await choose(form, 'Resultado', 'Atendeu');
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar contato' }));

    const proximo = await within(panel).findByRole('region', { name: 'Próximo passo' });
    expect(within(proximo).getByText('Quando falar de novo com a família de Gabriela?')).toBeInTheDocument();
    const amanha = diaDoProximoPasso('amanha', todayInBrasilia());
    const botao = within(proximo).getByRole('button', { name: /^Amanhã/ });
    // The day it names, for a screen reader too.
    expect(botao).toHaveAccessibleName(`Amanhã (${formatDateOnly(amanha)})`);
    await userEvent.click(botao);
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH', '/api/leads/l-1')).toEqual({ proximoContatoEm: amanha }));
    expect(await screen.findByText(`Retorno agendado para ${formatDateOnly(amanha)}`)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByRole('region', { name: 'Próximo passo' })).toBeNull());
  });

  it("'Escolher data' opens 'Agendar retorno', and 'Agora não' closes the question without a change", async () => {
    const { panel, fetchMock } = await openPanel('/leads/l-1', 'vendedor', {
      'POST /api/leads/l-1/contatos': {
        status: 201,
        body: { id: 'h-7', tipo: 'contato', em: '', autor: null, dados: {} },
      },
      'GET /api/dashboard/acompanhamento': { body: { retornosHoje: 0, atrasados: 0, semContato48h: 0 } },
    });
    const registrar = async () => {
      await userEvent.click(within(panel).getByRole('button', { name: 'Registrar contato' }));
      const form = within(panel).getByRole('region', { name: 'Registrar contato' });
      await choose(form, 'Canal', 'Telefone');
      await choose(form, 'Resultado', 'Atendeu');
      await userEvent.click(within(form).getByRole('button', { name: 'Registrar contato' }));
      return within(panel).findByRole('region', { name: 'Próximo passo' });
    };
    await userEvent.click(within(await registrar()).getByRole('button', { name: 'Escolher data' }));
    expect(within(panel).getByRole('region', { name: 'Agendar retorno' })).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: 'Próximo passo' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancelar' }));

    await userEvent.click(within(await registrar()).getByRole('button', { name: 'Agora não' }));
    expect(within(panel).queryByRole('region', { name: 'Próximo passo' })).toBeNull();
    expect(urls(fetchMock, 'PATCH')).toEqual([]);
  });

  it('refuses a return date before today in the browser', async () => {
    const { panel, fetchMock } = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Agendar retorno' }));
    const form = within(panel).getByRole('region', { name: 'Agendar retorno' });
    const date = within(form).getByLabelText('Data do retorno');
    await userEvent.type(date, '2020-01-02');
    await userEvent.click(within(form).getByRole('button', { name: 'Agendar retorno' }));
    expect(await within(form).findByText('O retorno deve ser hoje ou depois')).toBeInTheDocument();
    expect(urls(fetchMock, 'PATCH')).toEqual([]);
  });

  it('lets the roles that assign choose a vendedor or nobody, and not the vendedor', async () => {
    const { panel, fetchMock } = await openPanel('/leads/l-1', 'micro_franquia', {
      'GET /api/leads/l-1/responsaveis': {
        body: [
          { id: 'v-1', nome: 'Rafael Vendedor' },
          { id: 'v-2', nome: 'Júlia Vendedora' },
        ],
      },
      'PATCH /api/leads/l-1': { body: detalhe({ responsavel: { id: 'v-2', nome: 'Júlia Vendedora' } }) },
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Atribuir responsável' }));
    const form = within(panel).getByRole('region', { name: 'Atribuir responsável' });
    await waitFor(() => expect(urls(fetchMock)).toContain('/api/leads/l-1/responsaveis'));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Vendedor responsável' }));
    expect(await screen.findByRole('option', { name: 'Sem responsável' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Júlia Vendedora' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar responsável' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH', '/api/leads/l-1')).toEqual({ responsavelId: 'v-2' }));

    cleanup();
    const vendedor = await openPanel('/leads/l-1', 'vendedor');
    expect(within(vendedor.panel).getByRole('button', { name: 'Registrar contato' })).toBeInTheDocument();
    expect(within(vendedor.panel).queryByRole('button', { name: 'Atribuir responsável' })).not.toBeInTheDocument();
  });

  it("says 'Lead não encontrado' for a lead outside the caller's scope", async () => {
    mockFetch(
      handlers('vendedor', { 'GET /api/leads/l-1': { status: 404, body: { message: 'Lead não encontrado' } } }),
    );
    renderApp('/leads/l-1');
    const panel = await screen.findByRole('dialog', { name: 'Lead não encontrado' });
    expect(within(panel).getByRole('button', { name: 'Voltar à lista' })).toBeInTheDocument();
  });

  it('opens WhatsApp with the network template chosen, filled with the family first names and the event (issue 51)', async () => {
    const modelos = {
      modelos: [
        {
          chave: 'primeiro_contato',
          titulo: 'Primeiro contato após o evento',
          texto: 'Oi {nome}! {aluno} no {evento}, {data}.',
          padrao: false,
          atualizadoEm: null,
        },
        {
          chave: 'lembrete_pre_matricula',
          titulo: 'Lembrete da pré-matrícula',
          texto: 'Olá {nome}, a pré-matrícula de {aluno}!',
          padrao: true,
          atualizadoEm: null,
        },
      ],
    };
    const { panel } = await openPanel('/leads/l-1', 'vendedor', { 'GET /api/whatsapp/modelos': { body: modelos } });
    const link = within(panel).getByRole('link', { name: /WhatsApp de Paulo Santos/ });
    const texto = (href: string | null) => new URL(href!).searchParams.get('text');
    await waitFor(() =>
      expect(texto(link.getAttribute('href'))).toBe('Oi Paulo! Gabriela no Colégio Horizonte, 03/12/2026.'),
    );
    const mensagem = within(panel).getByRole('group', { name: 'Mensagem do WhatsApp' });
    await userEvent.click(within(mensagem).getByRole('radio', { name: 'Lembrete da pré-matrícula' }));
    expect(texto(link.getAttribute('href'))).toBe('Olá Paulo, a pré-matrícula de Gabriela!');
    expect(within(panel).getByTestId('whatsapp-mensagem')).toHaveTextContent('Olá Paulo, a pré-matrícula de Gabriela!');
    await userEvent.click(within(mensagem).getByRole('radio', { name: 'Sem mensagem' }));
    expect(link).toHaveAttribute('href', 'https://wa.me/5519987001122');
  });
});
