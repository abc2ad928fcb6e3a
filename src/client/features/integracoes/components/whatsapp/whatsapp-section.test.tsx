// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  WHATSAPP_CLOUD_MESSAGES,
  type WhatsappModeloView,
  type WhatsappMomentosView,
} from '@shared/schemas/whatsapp-cloud';
import { mockFetch, renderWithProviders, type MockHandler } from '@/testing/test-utils';
import { WhatsappSection } from './whatsapp-section';

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

const CONFIRMACAO_ID = '0b7f4c1e-3c55-4c1b-9f0e-6a1f2d3c4b5a';

const confirmacao: WhatsappModeloView = {
  id: CONFIRMACAO_ID,
  nome: 'confirmacao_inscricao',
  idioma: 'pt_BR',
  categoria: 'UTILITY',
  variaveis: [
    { componente: 'body', posicao: 1, botao: null, campo: 'primeiro_nome' },
    { componente: 'body', posicao: 2, botao: null, campo: 'evento' },
    { componente: 'button', posicao: 1, botao: 0, campo: 'link_voucher' },
  ],
  momentos: ['inscricao'],
  atualizadoEm: '2026-11-20T12:00:00.000Z',
};

const momentos: WhatsappMomentosView = {
  ativo: false,
  momentos: [
    {
      momento: 'inscricao',
      modeloId: CONFIRMACAO_ID,
      campos: ['primeiro_nome', 'evento', 'data', 'hora', 'local', 'link_voucher'],
    },
    {
      momento: 'lembrete_vespera',
      modeloId: null,
      campos: ['primeiro_nome', 'evento', 'data', 'hora', 'local', 'link_voucher'],
    },
    { momento: 'contrato', modeloId: null, campos: ['primeiro_nome', 'link_contrato'] },
    { momento: 'cobranca', modeloId: null, campos: ['primeiro_nome', 'valor_parcela', 'vencimento', 'pix'] },
  ],
  custos: { UTILITY: 4, MARKETING: 35, AUTHENTICATION: 4 },
};

const rotas = (extra: Record<string, MockHandler> = {}): Record<string, MockHandler> => ({
  'GET /api/integracoes/whatsapp/modelos': { body: { ativo: false, items: [confirmacao] } },
  'GET /api/integracoes/whatsapp/momentos': { body: momentos },
  ...extra,
});

/** Opens a Radix select by its label and picks an option. */
async function choose(container: HTMLElement, label: string, option: string) {
  await userEvent.click(within(container).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Integrações > WhatsApp (issue 47)', () => {
  it("lists the templates with their variables and moments, each moment's template, and says the channel is off", async () => {
    mockFetch(rotas());
    renderWithProviders(<WhatsappSection />);
    const tabela = await screen.findByRole('table', { name: 'Modelos de WhatsApp' });
    const linha = (await within(tabela).findByText('confirmacao_inscricao')).closest('tr')!;
    expect(linha).toHaveTextContent('pt_BR · Utilidade');
    const variaveis = within(linha).getByRole('list', { name: 'Variáveis de confirmacao_inscricao' });
    expect(
      within(variaveis)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '{{1}} do corpo → Primeiro nome do aluno',
      '{{2}} do corpo → Evento (escola)',
      '{{1}} do botão 0 → Link do voucher',
    ]);
    expect(within(linha).getByText('Confirmação da inscrição (voucher)')).toBeInTheDocument();

    expect(screen.getByText('O canal WhatsApp está desligado neste servidor')).toBeInTheDocument();

    const momentosForm = screen.getByRole('form', { name: 'Momentos' });
    expect(
      within(momentosForm).getByRole('combobox', { name: 'Confirmação da inscrição (voucher)' }),
    ).toHaveTextContent('confirmacao_inscricao (pt_BR)');
    expect(
      within(momentosForm).getByRole('combobox', { name: 'Lembrete na véspera do evento (18h)' }),
    ).toHaveTextContent('Só por e-mail');
    expect(
      within(momentosForm).getByText('Campos deste momento: Primeiro nome do aluno, Link do contrato.'),
    ).toBeInTheDocument();

    const custos = screen.getByRole('form', { name: 'Custo estimado por mensagem' });
    expect(within(custos).getByLabelText('Marketing')).toHaveValue('0,35');
  });

  it('registers a template with two body variables, sending the body the API takes', async () => {
    let sent: unknown;
    const fetchMock = mockFetch(
      rotas({
        'POST /api/integracoes/whatsapp/modelos': (body) => {
          sent = body;
          return { status: 201, body: { ...confirmacao, id: 'novo', nome: 'lembrete_evento', momentos: [] } };
        },
      }),
    );
    renderWithProviders(<WhatsappSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Novo modelo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo modelo de WhatsApp' });
    await userEvent.type(within(dialog).getByLabelText('Nome do modelo'), 'lembrete_evento');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    const primeira = within(dialog).getByRole('group', { name: 'Variável 1' });
    const segunda = within(dialog).getByRole('group', { name: 'Variável 2' });
    expect(within(segunda).getByLabelText('Posição ({{n}})')).toHaveValue('2');

    // A variable with no field is refused here, its message under the field, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar modelo' }));
    expect(await within(primeira).findByText(WHATSAPP_CLOUD_MESSAGES.campo)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await choose(primeira, 'Campo', 'Primeiro nome do aluno');
    await choose(segunda, 'Campo', 'Data do evento');
    await choose(dialog, 'Categoria', 'Marketing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar modelo' }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      nome: 'lembrete_evento',
      idioma: 'pt_BR',
      categoria: 'MARKETING',
      variaveis: [
        { componente: 'body', posicao: 1, campo: 'primeiro_nome' },
        { componente: 'body', posicao: 2, campo: 'data' },
      ],
    });
    expect(await screen.findByText('Modelo cadastrado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Novo modelo de WhatsApp' })).toBeNull();
  });

  it("puts the server's field message under the name", async () => {
    mockFetch(
      rotas({
        'POST /api/integracoes/whatsapp/modelos': {
          status: 409,
          body: {
            message: WHATSAPP_CLOUD_MESSAGES.nomeRepetido,
            errors: { nome: WHATSAPP_CLOUD_MESSAGES.nomeRepetido },
          },
        },
      }),
    );
    renderWithProviders(<WhatsappSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Novo modelo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo modelo de WhatsApp' });
    await userEvent.type(within(dialog).getByLabelText('Nome do modelo'), 'confirmacao_inscricao');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar modelo' }));
    expect(await within(dialog).findByText(WHATSAPP_CLOUD_MESSAGES.nomeRepetido)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome do modelo')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's 409 when a template that serves a moment is deleted", async () => {
    const fetchMock = mockFetch(
      rotas({
        [`DELETE /api/integracoes/whatsapp/modelos/${CONFIRMACAO_ID}`]: {
          status: 409,
          body: { message: WHATSAPP_CLOUD_MESSAGES.modeloEmUso },
        },
      }),
    );
    renderWithProviders(<WhatsappSection />);
    const tabela = await screen.findByRole('table', { name: 'Modelos de WhatsApp' });
    await userEvent.click(await within(tabela).findByRole('button', { name: 'Ações de confirmacao_inscricao' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir o modelo confirmacao_inscricao?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WHATSAPP_CLOUD_MESSAGES.modeloEmUso);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => String(url))).toEqual([
      `/api/integracoes/whatsapp/modelos/${CONFIRMACAO_ID}`,
    ]);
    // Nothing more to confirm: only closing is left.
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).toBeNull();
  });

  it("refuses, before sending, a moment's template that needs a field the moment lacks, and saves the moments", async () => {
    let sent: unknown;
    const fetchMock = mockFetch(
      rotas({
        'PUT /api/integracoes/whatsapp/momentos': (body) => {
          sent = body;
          return { body: { ...momentos, momentos: momentos.momentos.map((m) => ({ ...m, modeloId: null })) } };
        },
      }),
    );
    renderWithProviders(<WhatsappSection />);
    const form = await screen.findByRole('form', { name: 'Momentos' });
    await choose(form, 'Link do contrato', 'confirmacao_inscricao (pt_BR)');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar momentos' }));
    expect(
      await within(form).findByText(
        WHATSAPP_CLOUD_MESSAGES.campoForaDoMomento('confirmacao_inscricao', 'evento', 'contrato'),
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await choose(form, 'Link do contrato', 'Só por e-mail');
    await choose(form, 'Confirmação da inscrição (voucher)', 'Só por e-mail');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar momentos' }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({ inscricao: null, lembrete_vespera: null, contrato: null, cobranca: null });
    expect(await screen.findByText('Momentos salvos')).toBeInTheDocument();
  });

  it('sends the price per category in centavos', async () => {
    let sent: unknown;
    mockFetch(
      rotas({
        'PUT /api/integracoes/whatsapp/custos': (body) => {
          sent = body;
          return { body: { ...momentos, custos: { ...momentos.custos, MARKETING: 50 } } };
        },
      }),
    );
    renderWithProviders(<WhatsappSection />);
    const form = await screen.findByRole('form', { name: 'Custo estimado por mensagem' });
    const marketing = within(form).getByLabelText('Marketing');
    await userEvent.clear(marketing);
    await userEvent.type(marketing, '0,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar custos' }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({ UTILITY: 4, MARKETING: 50, AUTHENTICATION: 4 });
    expect(await screen.findByText('Custos salvos')).toBeInTheDocument();
  });
});
