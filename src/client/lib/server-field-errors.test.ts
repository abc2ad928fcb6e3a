import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { showServerFieldErrors } from './server-field-errors';

const badRequest = (errors?: Record<string, string>) =>
  new ApiError(400, 'Bad Request', { message: 'Dados inválidos', errors });

describe('showServerFieldErrors', () => {
  it('puts each message under the field the server names', () => {
    const setError = vi.fn();
    showServerFieldErrors(badRequest({ email: 'Email já cadastrado', cpf: 'CPF inválido' }), setError);
    expect(setError.mock.calls).toEqual([
      ['email', { message: 'Email já cadastrado' }, { shouldFocus: false }],
      ['cpf', { message: 'CPF inválido' }, { shouldFocus: false }],
    ]);
  });

  it('keeps to the given fields and can focus the first', () => {
    const setError = vi.fn();
    showServerFieldErrors(badRequest({ email: 'Email já cadastrado', outro: 'x' }), setError, {
      fields: ['email', 'cpf'],
      focus: true,
    });
    expect(setError.mock.calls).toEqual([['email', { message: 'Email já cadastrado' }, { shouldFocus: true }]]);
  });

  it('leaves the form alone for any other failure', () => {
    const setError = vi.fn();
    showServerFieldErrors(badRequest(), setError);
    showServerFieldErrors(new ApiError(409, 'Conflict', { message: 'Já existe' }), setError);
    showServerFieldErrors(new Error('Erro de conexão'), setError);
    expect(setError).not.toHaveBeenCalled();
  });
});
