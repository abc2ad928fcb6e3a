// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicEvento } from '@shared/schemas/public';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';
import { INSCRICAO_MESSAGES } from '@shared/schemas/inscricao-messages';
import { WHATSAPP_CLOUD_MESSAGES } from '@shared/schemas/whatsapp-cloud';
import { TEXTO_CONSENTIMENTO } from '@shared/privacidade';
import { dismissToast } from '@/lib/toast';
import { mockFetch } from '@/testing/test-utils';

const EVENTO: PublicEvento = {
  id: '0b7f4c1e-3c55-4c1b-9f0e-6a1f2d3c4b5a',
  nomeEscola: 'Colégio Horizonte',
  dataEvento: '2026-12-05',
  horario: '09:00',
  cidade: 'Campinas',
  estado: 'SP',
  valorTotalDesconto: 1500,
  cursos: [],
  vagas: null,
  inscricoesAbertas: true,
};

/** The form with the page's toasts, from fresh modules: the lists' cache starts empty in every test. */
async function renderForm(onSignedUp: (confirmation: unknown) => void = () => {}) {
  const [{ LeadForm }, { ToasterHost }] = await Promise.all([
    import('./lead-form'),
    import('@/components/ui/toaster-host'),
  ]);
  render(
    <>
      <LeadForm onSignedUp={onSignedUp} />
      <ToasterHost />
    </>,
  );
}

async function chooseEvent() {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Cidade' }), 'Campinas');
  const evento = await screen.findByRole('combobox', { name: 'Evento' });
  await screen.findByRole('option', { name: /Colégio Horizonte/ });
  await userEvent.selectOptions(evento, EVENTO.id);
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

describe('the /credito-estudantil form', () => {
  it("says next to the disabled button why a full event's sign-up waits for the waiting-list box (issue 51)", async () => {
    mockFetch({
      'GET /api/public/cidades': { body: ['Campinas'] },
      'GET /api/public/eventos': { body: [{ ...EVENTO, vagas: 10, vagasRestantes: 0 }] },
    });
    await renderForm();
    await chooseEvent();
    const button = screen.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(INSCRICAO_MESSAGES.esgotadasMarqueListaEspera);
    await userEvent.click(screen.getByRole('checkbox', { name: /Entrar na lista de espera/ }));
    expect(button).toBeEnabled();
    expect(screen.queryByText(INSCRICAO_MESSAGES.esgotadasMarqueListaEspera)).not.toBeInTheDocument();
  });

  it('asks for an event before it sends anything', async () => {
    const fetchMock = mockFetch({ 'GET /api/public/cidades': { body: ['Campinas'] } });
    await renderForm();
    await screen.findByRole('option', { name: 'Campinas' });
    await userEvent.click(screen.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }));
    expect(await screen.findByText(PUBLIC_MESSAGES.eventoId)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Cidade' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('checks again as a field is corrected, sends the digits of the phone and starts over', async () => {
    let sent: unknown;
    mockFetch({
      'GET /api/public/cidades': { body: ['Campinas'] },
      'GET /api/public/eventos': { body: [EVENTO] },
      'POST /api/leads': (body) => {
        sent = body;
        return { status: 201, body: { id: 'l-1', eventoId: EVENTO.id, nomeAluno: 'Ana', email: 'a@b.com.br' } };
      },
    });
    const onSignedUp = vi.fn();
    await renderForm(onSignedUp);
    await chooseEvent();
    expect(screen.getByText('Crédito educacional: R$ 1.500,00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }));
    expect(await screen.findByText(PUBLIC_MESSAGES.nomeAluno)).toBeInTheDocument();
    expect(screen.getByText(PUBLIC_MESSAGES.consentimento)).toBeInTheDocument();
    // The first field with a message takes the focus.
    expect(screen.getByLabelText('Nome do aluno')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Nome do aluno'), 'Ana Souza');
    expect(screen.queryByText(PUBLIC_MESSAGES.nomeAluno)).not.toBeInTheDocument();
    expect(screen.getByText(PUBLIC_MESSAGES.nomeResponsavel)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Nome do responsável'), 'Maria Souza');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Telefone (WhatsApp)'), '19987654321');
    expect(screen.getByLabelText('Telefone (WhatsApp)')).toHaveValue('(19) 98765-4321');
    await userEvent.click(screen.getByRole('checkbox', { name: TEXTO_CONSENTIMENTO }));
    await userEvent.click(screen.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }));

    // Issue 23: the page's confirmation gets the answer, the event and what the visitor typed.
    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalledTimes(1));
    expect(onSignedUp).toHaveBeenCalledWith({
      answer: expect.objectContaining({ id: 'l-1' }),
      evento: EVENTO,
      nomeResponsavel: 'Maria Souza',
      telefone: '19987654321',
    });
    expect(sent).toEqual({
      eventoId: EVENTO.id,
      nomeAluno: 'Ana Souza',
      nomeResponsavel: 'Maria Souza',
      email: 'ana@exemplo.com.br',
      telefone: '19987654321',
      consentimento: true,
      // Issue 47: the WhatsApp option left unticked says so.
      whatsapp: false,
    });
    expect(screen.getByRole('combobox', { name: 'Cidade' })).toHaveValue('');
    expect(screen.queryByLabelText('Nome do aluno')).not.toBeInTheDocument();
  });

  it("sends whatsapp: true when 'Quero receber avisos pelo WhatsApp' is ticked, after the consent (issue 47)", async () => {
    let sent: unknown;
    mockFetch({
      'GET /api/public/cidades': { body: ['Campinas'] },
      'GET /api/public/eventos': { body: [EVENTO] },
      'POST /api/leads': (body) => {
        sent = body;
        return { status: 201, body: { id: 'l-1', eventoId: EVENTO.id, nomeAluno: 'Ana', email: 'a@b.com.br' } };
      },
    });
    const onSignedUp = vi.fn();
    await renderForm(onSignedUp);
    await chooseEvent();
    const checkboxes = screen.getAllByRole('checkbox');
    const opcao = screen.getByRole('checkbox', { name: WHATSAPP_CLOUD_MESSAGES.opcao });
    // Unticked, and right after the consent.
    expect(opcao).not.toBeChecked();
    expect(checkboxes.indexOf(opcao)).toBe(
      checkboxes.indexOf(screen.getByRole('checkbox', { name: TEXTO_CONSENTIMENTO })) + 1,
    );

    await userEvent.type(screen.getByLabelText('Nome do aluno'), 'Ana Souza');
    await userEvent.type(screen.getByLabelText('Nome do responsável'), 'Maria Souza');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Telefone (WhatsApp)'), '19987654321');
    await userEvent.click(screen.getByRole('checkbox', { name: TEXTO_CONSENTIMENTO }));
    await userEvent.click(opcao);
    await userEvent.click(screen.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }));

    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalledTimes(1));
    expect(sent).toMatchObject({ consentimento: true, whatsapp: true });
  });

  it("puts the server's field messages under the fields and keeps what was typed", async () => {
    mockFetch({
      'GET /api/public/cidades': { body: ['Campinas'] },
      'GET /api/public/eventos': { body: [EVENTO] },
      'POST /api/leads': {
        status: 400,
        body: { message: 'Dados inválidos', errors: { email: 'Este email não pode ser usado' } },
      },
    });
    await renderForm();
    await chooseEvent();
    await userEvent.type(screen.getByLabelText('Nome do aluno'), 'Ana Souza');
    await userEvent.type(screen.getByLabelText('Nome do responsável'), 'Maria Souza');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Telefone (WhatsApp)'), '19987654321');
    await userEvent.click(screen.getByRole('checkbox', { name: TEXTO_CONSENTIMENTO }));
    await userEvent.click(screen.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }));

    expect(await screen.findByText('Este email não pode ser usado')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    const region = await screen.findByRole('region', { name: /Notificações/ });
    expect(await within(region).findByText(PUBLIC_MESSAGES.leadError)).toBeInTheDocument();
    expect(within(region).getByText('Dados inválidos')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome do aluno')).toHaveValue('Ana Souza');
  });

  it('offers to read the cities again when they fail to load', async () => {
    let fail = true;
    mockFetch({
      'GET /api/public/cidades': () =>
        fail ? { status: 500, body: { message: 'Erro interno' } } : { body: ['Campinas'] },
    });
    await renderForm();
    expect(await screen.findByText('Não foi possível carregar as cidades.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('option', { name: 'Campinas' })).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível carregar as cidades.')).not.toBeInTheDocument();
  });
});
