// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { createUser, mockFetch, renderApp, sessionHandlers } from '@/testing/test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/auth', () => {
  it('greets the visitor and toggles between sign-in and password recovery', async () => {
    mockFetch(sessionHandlers(null));
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao sistema' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entrar na conta' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(screen.getByRole('heading', { name: 'Recuperar senha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar instruções' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    expect(screen.getByRole('heading', { name: 'Entrar na conta' })).toBeInTheDocument();
  });

  it('signs in and opens the dashboard', async () => {
    const user = createUser({ role: 'cliente' });
    mockFetch({
      ...sessionHandlers(null),
      'POST /api/login': { body: user },
      'GET /api/dashboard/metrics': { body: { totalCursos: 3 } },
    });
    renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('Email'), user.email);
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard do Cliente' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Cursos' })).toBeInTheDocument();
  });

  it('sends a signed-in user to the dashboard', async () => {
    mockFetch({ ...sessionHandlers(createUser()), 'GET /api/dashboard/metrics': 'pending' });
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard Geral' })).toBeInTheDocument();
    expect(screen.getByText('Visão geral do sistema de franquias')).toBeInTheDocument();
  });

  describe('forgot password', () => {
    async function openForgotPassword() {
      renderApp('/auth');
      await userEvent.click(await screen.findByRole('button', { name: 'Esqueci minha senha' }));
    }

    it("shows the server's message in green", async () => {
      mockFetch({
        ...sessionHandlers(null),
        'POST /api/auth/forgot-password': { body: { message: AUTH_MESSAGES.forgotPasswordSent } },
      });
      await openForgotPassword();
      await userEvent.type(screen.getByLabelText('Email'), 'maria@exemplo.com.br');
      await userEvent.click(screen.getByRole('button', { name: 'Enviar instruções' }));
      const message = await screen.findByText(AUTH_MESSAGES.forgotPasswordSent);
      expect(message.closest('p')).toHaveClass('text-green-800');
    });

    it("falls back to 'Erro ao processar solicitação' in red", async () => {
      mockFetch({ ...sessionHandlers(null), 'POST /api/auth/forgot-password': { status: 500 } });
      await openForgotPassword();
      await userEvent.type(screen.getByLabelText('Email'), 'maria@exemplo.com.br');
      await userEvent.click(screen.getByRole('button', { name: 'Enviar instruções' }));
      const message = await screen.findByText('Erro ao processar solicitação');
      expect(message.closest('p')).toHaveClass('text-red-800');
    });

    it("says 'Erro de conexão. Tente novamente.' when the server cannot be reached", async () => {
      mockFetch({ ...sessionHandlers(null), 'POST /api/auth/forgot-password': 'network-error' });
      await openForgotPassword();
      await userEvent.type(screen.getByLabelText('Email'), 'maria@exemplo.com.br');
      await userEvent.click(screen.getByRole('button', { name: 'Enviar instruções' }));
      expect(await screen.findByText('Erro de conexão. Tente novamente.')).toBeInTheDocument();
    });

    it('requires the e-mail', async () => {
      mockFetch(sessionHandlers(null));
      await openForgotPassword();
      await userEvent.click(screen.getByRole('button', { name: 'Enviar instruções' }));
      expect(await screen.findByText('Email é obrigatório')).toBeInTheDocument();
    });
  });
});
