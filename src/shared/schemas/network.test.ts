import { describe, expect, it } from 'vitest';
import { cepLookupSchema, CEP_MESSAGES } from './cep';
import { clienteCreateSchema, clientePatchSchema } from './cliente';
import { franquiaPatchSchema, franquiasQuerySchema } from './franquia';
import { microFranquiaCreateSchema } from './micro-franquia';
import { vendedorCreateSchema } from './vendedor';

const empresa = {
  razaoSocial: 'Empresa Ltda',
  cnpj: '11.222.333/0001-81',
  repLegal: 'Maria',
  cpf: '529.982.247-25',
  dataNascimento: '1990-01-31',
  telefone: '(11) 98765-4321',
  endereco: 'Rua A, 1',
  cep: '01310-100',
  cidade: 'São Paulo',
  estado: 'sp',
  email: 'Maria@Empresa.com.br',
};

describe('network schemas (SPEC §5)', () => {
  it('strip masks before storage and lower-case the e-mail', () => {
    expect(microFranquiaCreateSchema.parse({ ...empresa, password: '123456' })).toMatchObject({
      cnpj: '11222333000181',
      cpf: '52998224725',
      telefone: '11987654321',
      cep: '01310100',
      estado: 'SP',
      email: 'maria@empresa.com.br',
    });
  });

  it('a PATCH is the edit payload or only isActive, each with its own messages', () => {
    expect(franquiaPatchSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(franquiaPatchSchema.parse({ ...empresa, isActive: false, password: 'x' })).not.toHaveProperty('password');
    const issues = franquiaPatchSchema.safeParse({ ...empresa, razaoSocial: '' }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([['razaoSocial', 'Razão social é obrigatória']]);
    expect(clientePatchSchema.safeParse({ isActive: 'no' }).error?.issues[0]?.path).toEqual(['isActive']);
  });

  it('cliente: produto and kit from their lists, with SPEC messages', () => {
    const base = { ...empresa, nomeFantasia: 'Escola', password: '123456' };
    const messages = (v: object) => clienteCreateSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(messages({ ...base, produto: 'x', kit: 'premium' })).toEqual(['Produto é obrigatório']);
    expect(messages({ ...base, produto: 'especializa_mais', kit: 'pago' })).toEqual(['Kit é obrigatório']);
  });

  it('vendedor: nome required', () => {
    const result = vendedorCreateSchema.safeParse({ ...empresa, nome: ' ', password: '123456' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Nome é obrigatório']);
  });

  it('CEP look-up: 8 digits, numeric', () => {
    expect(cepLookupSchema.parse('01310-100')).toBe('01310100');
    expect(cepLookupSchema.safeParse('0131010').error?.issues[0]?.message).toBe(CEP_MESSAGES.length);
    expect(cepLookupSchema.safeParse('0131010x').error?.issues[0]?.message).toBe(CEP_MESSAGES.invalid);
  });

  it('the status filter reads ativos/inativos', () => {
    expect(franquiasQuerySchema.parse({ status: 'inativos' }).status).toBe(false);
    expect(franquiasQuerySchema.parse({}).status).toBeUndefined();
  });
});
