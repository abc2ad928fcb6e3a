// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createUser, mockFetch, renderWithProviders } from '@/testing/test-utils';
import { LoginForm } from './login-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onForgotPassword = vi.fn();
  const onSuccess = vi.fn();
  renderWithProviders(<LoginForm onForgotPassword={onForgotPassword} onSuccess={onSuccess} />);
  return { onForgotPassword, onSuccess };
}

describe('LoginForm', () => {
  it('has labelled, required e-mail and password fields', () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Entrar na conta' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Senha')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('shows the validation messages under the fields', async () => {
    const fetchMock = mockFetch({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email é obrigatório');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail', async () => {
    mockFetch({});
    renderForm();
    await userEvent.type(screen.getByLabelText('Email'), 'maria@');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
  });

  it("says 'Não foi possível entrar' with the server's message on 401, in the toast and beside the form", async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { message: 'Email ou senha inválidos' } } });
    const { onSuccess } = renderForm();
    await userEvent.type(screen.getByLabelText('Email'), 'maria@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Senha'), 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const region = await screen.findByRole('region', { name: /Notificações/ });
    expect(await within(region).findByText('Não foi possível entrar')).toBeInTheDocument();
    expect(within(region).getByText('Email ou senha inválidos')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Entrar' }).closest('form')!;
    expect(within(form).getByText('Não foi possível entrar')).toBeInTheDocument();
    expect(within(form).getByText('Email ou senha inválidos')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("reads 'Entrando...' while signing in and sends the credentials", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const fetchMock = mockFetch({
      'POST /api/login': () => new Promise((resolve) => (answer = resolve)),
    });
    const { onSuccess } = renderForm();
    await userEvent.type(screen.getByLabelText('Email'), 'maria@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('button', { name: 'Entrando...' })).toBeDisabled();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'maria@exemplo.com.br', password: 'segredo1' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    const user = createUser();
    answer({ body: user });
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user));
  });

  it("opens the forgot-password view from 'Esqueci minha senha'", async () => {
    const { onForgotPassword } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(onForgotPassword).toHaveBeenCalled();
  });
});
