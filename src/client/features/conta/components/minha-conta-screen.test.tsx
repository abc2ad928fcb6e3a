// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AtividadeItem } from '@shared/schemas/auditoria';
import { CONTA_MESSAGES, type Perfil, type Sessao } from '@shared/schemas/conta';
import { createUser, mockFetch, renderApp, sessionHandlers, type MockHandler } from '@/testing/test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const perfil: Perfil = { email: 'maria@exemplo.com.br', nome: 'Maria Souza', telefone: '11987654321', chavePix: null };

function createSessao(overrides: Partial<Sessao> = {}): Sessao {
  return {
    id: 'a'.repeat(32),
    criadaEm: '2026-03-07T12:00:00.000Z',
    ultimoUsoEm: '2026-03-10T17:30:00.000Z',
    ip: '200.100.50.25',
    dispositivo: 'Chrome no Linux',
    atual: true,
    ...overrides,
  };
}

const atual = createSessao();
const celular = createSessao({
  id: 'b'.repeat(32),
  dispositivo: 'Safari no iPhone',
  ip: '177.20.1.9',
  criadaEm: '2026-03-01T01:15:00.000Z',
  ultimoUsoEm: '2026-03-09T02:05:00.000Z',
  atual: false,
});

const entrada: AtividadeItem = {
  id: 'at-1',
  em: '2026-03-10T12:00:00.000Z',
  acao: 'auth.login',
  ip: '200.100.50.25',
  dispositivo: 'Chrome no Linux',
};
const recusada: AtividadeItem = {
  id: 'at-2',
  em: '2026-03-09T02:05:00.000Z',
  acao: 'auth.login_falhou',
  ip: '45.6.7.8',
  dispositivo: 'Firefox no Windows',
};

function handlers(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    ...sessionHandlers(createUser({ role: 'vendedor' })),
    'GET /api/user/perfil': { body: perfil },
    'GET /api/user/sessoes': { body: [atual, celular] },
    'GET /api/user/atividade': { body: [entrada, recusada] },
    ...overrides,
  };
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith(path) && init?.method === method);
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
};

describe('/minha-conta', () => {
  it('shows the header, the read-only e-mail and the saved name and phone', async () => {
    mockFetch(handlers());
    renderApp('/minha-conta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
    expect(screen.getByText('Seus dados, sua senha e onde você está conectado')).toBeInTheDocument();
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('maria@exemplo.com.br');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Nome')).toHaveValue('Maria Souza');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    for (const name of ['Dados pessoais', 'Alterar senha', 'Sessões ativas', 'Atividade recente']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('saves the name and phone (digits) and says so', async () => {
    const fetchMock = mockFetch(
      handlers({
        'PATCH /api/user/perfil': (body) => ({ body: { ...perfil, ...(body as object) } }),
      }),
    );
    renderApp('/minha-conta');
    const user = userEvent.setup();
    const nome = await screen.findByLabelText('Nome');
    await user.clear(nome);
    await user.type(nome, 'Maria Lima');
    const telefone = screen.getByLabelText('Telefone');
    await user.clear(telefone);
    await user.type(telefone, '1933334444');
    expect(telefone).toHaveValue('(19) 3333-4444');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(CONTA_MESSAGES.perfilAtualizado)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', '/api/user/perfil')).toEqual({
      nome: 'Maria Lima',
      telefone: '1933334444',
      chavePix: null,
    });
  });

  it("refuses an empty name before sending and shows the server's field errors", async () => {
    const fetchMock = mockFetch(
      handlers({
        'PATCH /api/user/perfil': {
          status: 400,
          body: { message: 'Dados inválidos', errors: { telefone: 'Telefone inválido' } },
        },
      }),
    );
    renderApp('/minha-conta');
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Nome'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(fetchMock, 'PATCH', '/api/user/perfil')).toBeUndefined();

    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const telefone = screen.getByLabelText('Telefone');
    await waitFor(() => expect(telefone).toHaveAttribute('aria-invalid', 'true'));
    expect(telefone).toHaveAccessibleDescription('Telefone inválido');
  });
});

describe('/minha-conta: Alterar senha', () => {
  async function fill(senhaAtual: string, novaSenha: string, confirmacao = novaSenha) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Senha atual'), senhaAtual);
    await user.type(screen.getByLabelText('Nova senha'), novaSenha);
    await user.type(screen.getByLabelText('Confirmar nova senha'), confirmacao);
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
  }

  it('puts a wrong current password under its field', async () => {
    mockFetch(
      handlers({
        'POST /api/user/senha': {
          status: 400,
          body: {
            message: CONTA_MESSAGES.senhaAtualIncorreta,
            errors: { senhaAtual: CONTA_MESSAGES.senhaAtualIncorreta },
          },
        },
      }),
    );
    renderApp('/minha-conta');
    await fill('errada', 'nova-senha-boa');
    const senhaAtual = screen.getByLabelText('Senha atual');
    await waitFor(() => expect(senhaAtual).toHaveAccessibleDescription(CONTA_MESSAGES.senhaAtualIncorreta));
    expect(senhaAtual).toHaveAttribute('aria-invalid', 'true');
    expect(senhaAtual).toHaveFocus();
  });

  it('puts a too common new password under its field', async () => {
    mockFetch(
      handlers({
        'POST /api/user/senha': {
          status: 400,
          body: { message: 'Dados inválidos', errors: { novaSenha: 'Senha muito comum' } },
        },
      }),
    );
    renderApp('/minha-conta');
    await fill('atual-123', '12345678');
    const novaSenha = screen.getByLabelText('Nova senha');
    await waitFor(() => expect(novaSenha).toHaveAttribute('aria-invalid', 'true'));
    expect(novaSenha).toHaveAccessibleDescription(expect.stringContaining('Senha muito comum'));
  });

  it('checks the confirmation before sending', async () => {
    const fetchMock = mockFetch(handlers());
    renderApp('/minha-conta');
    await fill('atual-123', 'nova-senha-boa', 'outra-coisa');
    expect(await screen.findByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/user/senha')).toBeUndefined();
  });

  it("sends the two passwords, shows the server's message, empties the form and reads the sessions again", async () => {
    let sessoes: Sessao[] = [atual, celular];
    const fetchMock = mockFetch(
      handlers({
        'GET /api/user/sessoes': () => ({ body: sessoes }),
        'POST /api/user/senha': () => {
          sessoes = [atual];
          return { body: { message: CONTA_MESSAGES.senhaAlterada } };
        },
      }),
    );
    renderApp('/minha-conta');
    expect(await screen.findByRole('article', { name: 'Safari no iPhone' })).toBeInTheDocument();
    await fill('atual-123', 'nova-senha-boa');
    expect(await screen.findByText(CONTA_MESSAGES.senhaAlterada)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/user/senha')).toEqual({
      senhaAtual: 'atual-123',
      novaSenha: 'nova-senha-boa',
    });
    expect(screen.getByLabelText('Senha atual')).toHaveValue('');
    expect(screen.getByLabelText('Nova senha')).toHaveValue('');
    expect(screen.getByLabelText('Confirmar nova senha')).toHaveValue('');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Safari no iPhone' })).not.toBeInTheDocument());
  });

  it("shows the rate limit's message as a toast", async () => {
    mockFetch(
      handlers({
        'POST /api/user/senha': { status: 429, body: { message: 'Muitas tentativas. Tente novamente em instantes.' } },
      }),
    );
    renderApp('/minha-conta');
    await fill('atual-123', 'nova-senha-boa');
    expect(await screen.findByText('Muitas tentativas. Tente novamente em instantes.')).toBeInTheDocument();
  });
});

describe('/minha-conta: Sessões ativas', () => {
  it('lists each session with device, IP and Brasília times, the current one marked and without Encerrar', async () => {
    mockFetch(handlers());
    renderApp('/minha-conta');
    const list = await screen.findByRole('list', { name: 'Sessões ativas' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Chrome no Linux',
      'Safari no iPhone',
    ]);

    const esta = cards[0]!;
    expect(within(esta).getByText('Esta sessão')).toBeInTheDocument();
    expect(within(esta).getByText('200.100.50.25')).toBeInTheDocument();
    expect(within(esta).getByText('07/03/2026 09:00')).toBeInTheDocument();
    expect(within(esta).getByText('10/03/2026 14:30')).toBeInTheDocument();
    expect(within(esta).queryByRole('button')).not.toBeInTheDocument();

    const outra = cards[1]!;
    expect(within(outra).queryByText('Esta sessão')).not.toBeInTheDocument();
    // 01:15 and 02:05 UTC are the evening before in Brasília.
    expect(within(outra).getByText('28/02/2026 22:15')).toBeInTheDocument();
    expect(within(outra).getByText('08/03/2026 23:05')).toBeInTheDocument();
    expect(within(outra).getByRole('button', { name: 'Encerrar a sessão Safari no iPhone' })).toBeInTheDocument();
  });

  it('ends another session after the confirmation and reads the list again', async () => {
    let sessoes: Sessao[] = [atual, celular];
    const fetchMock = mockFetch(
      handlers({
        'GET /api/user/sessoes': () => ({ body: sessoes }),
        [`DELETE /api/user/sessoes/${celular.id}`]: () => {
          sessoes = [atual];
          return { body: { message: CONTA_MESSAGES.sessaoEncerrada } };
        },
      }),
    );
    renderApp('/minha-conta');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Encerrar a sessão Safari no iPhone' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Encerrar sessão?' });
    expect(within(dialog).getByText(/Safari no iPhone/)).toBeInTheDocument();

    // Cancelar leaves it alone.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Encerrar a sessão Safari no iPhone' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText(CONTA_MESSAGES.sessaoEncerrada)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Safari no iPhone' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Chrome no Linux' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Encerrar todas as outras' })).not.toBeInTheDocument();
    expect(screen.getByText('Você não está conectado em nenhum outro lugar.')).toBeInTheDocument();
  });

  it('ends all the others after the confirmation', async () => {
    let sessoes: Sessao[] = [
      atual,
      celular,
      createSessao({ id: 'c'.repeat(32), dispositivo: 'Firefox no Windows', atual: false }),
    ];
    const fetchMock = mockFetch(
      handlers({
        'GET /api/user/sessoes': () => ({ body: sessoes }),
        'POST /api/user/sessoes/encerrar-outras': () => {
          sessoes = [atual];
          return { body: { message: CONTA_MESSAGES.outrasEncerradas } };
        },
      }),
    );
    renderApp('/minha-conta');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Encerrar todas as outras' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Encerrar todas as outras sessões?' });
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar todas' }));
    expect(await screen.findByText(CONTA_MESSAGES.outrasEncerradas)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/encerrar-outras'))).toHaveLength(1);
  });

  it('says so when the session was already gone (404) and reads the list again', async () => {
    let sessoes: Sessao[] = [atual, celular];
    mockFetch(
      handlers({
        'GET /api/user/sessoes': () => ({ body: sessoes }),
        [`DELETE /api/user/sessoes/${celular.id}`]: () => {
          sessoes = [atual];
          return { status: 404, body: { message: CONTA_MESSAGES.sessaoNaoEncontrada } };
        },
      }),
    );
    renderApp('/minha-conta');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Encerrar a sessão Safari no iPhone' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText(CONTA_MESSAGES.sessaoNaoEncontrada)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Safari no iPhone' })).not.toBeInTheDocument());
  });
});

describe('/minha-conta: Atividade recente', () => {
  it('lists sign-ins and refused attempts with device, IP and Brasília time, the refused one in red', async () => {
    mockFetch(handlers());
    renderApp('/minha-conta');
    const list = await screen.findByRole('list', { name: 'Atividade recente' });
    const [primeira, segunda] = within(list).getAllByRole('listitem');
    expect(within(primeira!).getByText('Entrada')).toBeInTheDocument();
    expect(within(primeira!).getByText('Chrome no Linux')).toBeInTheDocument();
    expect(within(primeira!).getByText('200.100.50.25')).toBeInTheDocument();
    expect(within(primeira!).getByText('10/03/2026 09:00')).toBeInTheDocument();

    const recusadaBadge = within(segunda!).getByText('Tentativa recusada');
    expect(recusadaBadge).toHaveClass('text-red-800');
    expect(within(segunda!).getByText('Firefox no Windows')).toBeInTheDocument();
    expect(within(segunda!).getByText('45.6.7.8')).toBeInTheDocument();
    // 02:05 UTC is the evening before in Brasília.
    expect(within(segunda!).getByText('08/03/2026 23:05')).toBeInTheDocument();
  });

  it('says when there was nothing in 90 days', async () => {
    mockFetch(handlers({ 'GET /api/user/atividade': { body: [] } }));
    renderApp('/minha-conta');
    const region = await screen.findByRole('region', { name: 'Atividade recente' });
    expect(await within(region).findByText('Nenhuma atividade nos últimos 90 dias')).toBeInTheDocument();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers to try again when the activity cannot be read', async () => {
    let falhar = true;
    mockFetch(
      handlers({
        'GET /api/user/atividade': () =>
          falhar ? { status: 500, body: { message: 'Erro interno' } } : { body: [entrada] },
      }),
    );
    renderApp('/minha-conta');
    const region = await screen.findByRole('region', { name: 'Atividade recente' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Erro interno');
    falhar = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(region).findByText('Entrada')).toBeInTheDocument();
  });
});
