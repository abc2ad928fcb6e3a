import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@shared/schemas/fields';
import { perfilFormSchema, perfilFormValues } from './perfil-form-values';

describe('perfilFormValues', () => {
  it('fills the form from the profile, the phone masked', () => {
    expect(perfilFormValues({ email: 'a@b.com', nome: 'Ana', telefone: '11987654321' })).toEqual({
      nome: 'Ana',
      telefone: '(11) 98765-4321',
    });
  });

  it('leaves blanks for what the profile lacks', () => {
    expect(perfilFormValues({ email: 'a@b.com', nome: null, telefone: null })).toEqual({ nome: '', telefone: '' });
    expect(perfilFormValues(undefined)).toEqual({ nome: '', telefone: '' });
  });
});

describe('perfilFormSchema', () => {
  it('sends the phone as digits', () => {
    expect(perfilFormSchema.parse({ nome: ' Ana Lima ', telefone: '(11) 98765-4321' })).toEqual({
      nome: 'Ana Lima',
      telefone: '11987654321',
    });
  });

  it('sends null for an erased phone', () => {
    expect(perfilFormSchema.parse({ nome: 'Ana', telefone: '  ' })).toEqual({ nome: 'Ana', telefone: null });
  });

  it('refuses an empty name and a short phone with their messages', () => {
    const result = perfilFormSchema.safeParse({ nome: '', telefone: '(11) 9876' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['nome', FIELD_MESSAGES.nome]);
    expect(messages).toContainEqual(['telefone', FIELD_MESSAGES.telefoneInvalid]);
  });
});
