import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, forgotPasswordSchema, loginSchema, resetPasswordFormSchema, resetPasswordSchema } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('loginSchema', () => {
  it('requires a valid e-mail and a password', () => {
    expect(loginSchema.safeParse({ email: ' Ana@Demo.com ', password: 'x' }).data).toEqual({
      email: 'Ana@Demo.com',
      password: 'x',
    });
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'x' }))).toBe(AUTH_MESSAGES.emailRequired);
    expect(firstMessage(loginSchema.safeParse({ email: 'ana', password: 'x' }))).toBe(AUTH_MESSAGES.emailInvalid);
    expect(firstMessage(loginSchema.safeParse({ email: 'ana@demo.com', password: '' }))).toBe(
      AUTH_MESSAGES.passwordRequired,
    );
  });
});

describe('forgotPasswordSchema', () => {
  it('requires an e-mail', () => {
    expect(firstMessage(forgotPasswordSchema.safeParse({}))).toBe(AUTH_MESSAGES.emailRequired);
  });
});

describe('reset schemas (SPEC §5)', () => {
  it('requires a token', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ token: '', newPassword: '123456' }))).toBe(
      'Token de recuperação inválido.',
    );
  });

  it('requires at least 6 characters', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ token: 't', newPassword: '12345' }))).toBe(
      'A senha deve ter pelo menos 6 caracteres.',
    );
    expect(resetPasswordSchema.safeParse({ token: 't', newPassword: '123456' }).success).toBe(true);
  });

  it('requires the confirmation to match', () => {
    const result = resetPasswordFormSchema.safeParse({ newPassword: '123456', confirmPassword: '1234567' });
    expect(firstMessage(result)).toBe('As senhas não coincidem.');
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });
});
