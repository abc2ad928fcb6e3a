import { describe, expect, it } from 'vitest';
import { CHAVE_PIX_MESSAGES } from '@shared/schemas/chave-pix';
import { FIELD_MESSAGES } from '@shared/schemas/fields';
import { perfilFormSchema, perfilFormValues } from './perfil-form-values';

describe('perfilFormValues', () => {
  it('fills the form from the profile, the phone masked', () => {
    expect(perfilFormValues({ email: 'a@b.com', nome: 'Ana', telefone: '11987654321', chavePix: null })).toEqual({
      nome: 'Ana',
      telefone: '(11) 98765-4321',
      chavePix: '',
    });
  });

  it('leaves blanks for what the profile lacks', () => {
    expect(perfilFormValues({ email: 'a@b.com', nome: null, telefone: null, chavePix: null })).toEqual({
      nome: '',
      telefone: '',
      chavePix: '',
    });
    expect(perfilFormValues(undefined)).toEqual({ nome: '', telefone: '', chavePix: '' });
  });
});

describe('perfilFormSchema', () => {
  it('sends the phone as digits', () => {
    expect(perfilFormSchema.parse({ nome: ' Ana Lima ', telefone: '(11) 98765-4321', chavePix: '' })).toEqual({
      nome: 'Ana Lima',
      telefone: '11987654321',
      chavePix: null,
    });
  });

  it('sends null for an erased phone', () => {
    expect(perfilFormSchema.parse({ nome: 'Ana', telefone: '  ', chavePix: '  ' })).toEqual({
      nome: 'Ana',
      telefone: null,
      chavePix: null,
    });
  });

  it('sends the PIX key as the Banco Central keeps it, or its pt-BR message', () => {
    expect(perfilFormSchema.parse({ nome: 'Ana', telefone: '', chavePix: '+55 (11) 98765-4321' }).chavePix).toBe(
      '+5511987654321',
    );
    const result = perfilFormSchema.safeParse({ nome: 'Ana', telefone: '', chavePix: '529.982.247-24' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'chavePix',
      CHAVE_PIX_MESSAGES.cpf,
    ]);
  });

  it('refuses an empty name and a short phone with their messages', () => {
    const result = perfilFormSchema.safeParse({ nome: '', telefone: '(11) 9876', chavePix: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['nome', FIELD_MESSAGES.nome]);
    expect(messages).toContainEqual(['telefone', FIELD_MESSAGES.telefoneInvalid]);
  });
});
