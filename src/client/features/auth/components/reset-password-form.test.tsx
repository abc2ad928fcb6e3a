// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifyManager } from '@tanstack/react-query';
import { mockFetch, renderApp, sessionHandlers } from '@/testing/test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.unstubAllGlobals();
});

const realSetTimeout = globalThis.setTimeout;

/** The link's state, asked on opening (issue 23): a live one. */
const LIVE = { 'GET /api/auth/reset-password/estado': { body: { valido: true } } };

async function waitWithRealTimers(done: () => boolean) {
  for (let attempt = 0; attempt < 200 && !done(); attempt += 1) {
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 10)));
  }
  expect(done()).toBe(true);
}

async function fillPasswords(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  await user.type(await screen.findByLabelText('Nova senha'), password);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Redefinir Senha' }));
}

describe('/reset-password', () => {
  it("says at once that a used or expired link is dead, with 'Pedir novo link' (issue 23)", async () => {
    mockFetch({ 'GET /api/auth/reset-password/estado': { body: { valido: false } } });
    renderApp('/reset-password?token=usado');
    expect(
      await screen.findByText(
        'Este link já foi usado ou expirou. Peça um novo link: ele chega no seu e-mail em instantes.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir novo link' })).toHaveAttribute('href', '/auth?esqueci=1');
  });

  it("titles the aluno's first link 'Definir senha' (issue 23)", async () => {
    mockFetch({ ...LIVE });
    renderApp('/reset-password?token=abc&definir=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Definir senha' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Nova senha')).toBeInTheDocument();
  });

  it('explains that the link is unusable when the URL has no token', async () => {
    mockFetch({ ...LIVE });
    renderApp('/reset-password');
    expect(
      await screen.findByText('Token de recuperação não encontrado. Solicite uma nova recuperação de senha.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Link de recuperação inválido ou expirado.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/auth');
  });

  it('has two password fields of at least 6 characters', async () => {
    mockFetch({ ...LIVE });
    renderApp('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Redefinir Senha' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Nova senha')).toHaveAttribute('minlength', '6');
    expect(screen.getByLabelText('Confirmar nova senha')).toHaveAttribute('minlength', '6');
  });

  it("says 'As senhas não coincidem.' when the passwords differ", async () => {
    const fetchMock = mockFetch({ ...LIVE });
    renderApp('/reset-password?token=abc');
    await fillPasswords(userEvent.setup(), 'segredo1', 'segredo2');
    expect(await screen.findByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar nova senha')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("says 'A senha deve ter pelo menos 6 caracteres.' for a short password", async () => {
    mockFetch({ ...LIVE });
    renderApp('/reset-password?token=abc');
    await fillPasswords(userEvent.setup(), '123', '123');
    expect(await screen.findByText('A senha deve ter pelo menos 6 caracteres.')).toBeInTheDocument();
  });

  it("shows the server's error in red", async () => {
    mockFetch({
      ...LIVE,
      'POST /api/auth/reset-password': { status: 400, body: { message: 'Link de recuperação inválido ou expirado.' } },
    });
    renderApp('/reset-password?token=velho');
    await fillPasswords(userEvent.setup(), 'segredo1', 'segredo1');
    const message = await screen.findByText('Link de recuperação inválido ou expirado.');
    expect(message.closest('p')).toHaveClass('text-red-800');
  });

  it("falls back to 'Erro ao redefinir senha'", async () => {
    mockFetch({ ...LIVE, 'POST /api/auth/reset-password': { status: 502 } });
    renderApp('/reset-password?token=abc');
    await fillPasswords(userEvent.setup(), 'segredo1', 'segredo1');
    expect(await screen.findByText('Erro ao redefinir senha')).toBeInTheDocument();
  });

  it('shows the success message and opens the sign-in screen after exactly 3000 ms', async () => {
    const fetchMock = mockFetch({
      ...sessionHandlers(null),
      ...LIVE,
      'POST /api/auth/reset-password': { body: { message: 'Senha redefinida com sucesso!' } },
    });
    const { router } = renderApp('/reset-password?token=tok-123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nova senha'), 'segredo1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'segredo1');

    // From the submit on, setTimeout is fake so the redirect delay is measured exactly. Testing Library's async
    // helpers wait on setTimeout themselves, so this part polls with the real one instead.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    notifyManager.setScheduler(queueMicrotask);
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir Senha' }));
    await waitWithRealTimers(() => screen.queryByText('Senha redefinida com sucesso!') !== null);

    expect(screen.getByText('Redirecionando para o login...')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('reset-password') && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'tok-123', newPassword: 'segredo1' });

    // Where the router is (or is heading, while the next screen's code loads).
    const destination = () => router.state.navigation.location?.pathname ?? router.state.location.pathname;
    act(() => vi.advanceTimersByTime(2999));
    expect(destination()).toBe('/reset-password');
    expect(screen.getByText('Redirecionando para o login...')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(destination()).toBe('/auth');
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Entrar na conta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });
});
