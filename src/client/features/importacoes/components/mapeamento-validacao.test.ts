import { describe, expect, it } from 'vitest';
import { erroDaLinha, validarMapeamento } from './mapeamento-validacao';

describe('validarMapeamento (issue 50)', () => {
  it('accepts a mapping with every required field once and columns left out', () => {
    const problemas = validarMapeamento('leads', ['nomeAluno', null, 'nomeResponsavel', 'email', 'telefone']);
    expect(problemas.mensagens).toEqual([]);
  });

  it('names each required field no column fills', () => {
    const problemas = validarMapeamento('leads', ['nomeAluno', null, 'email']);
    expect(problemas.faltando.map((c) => c.campo)).toEqual(['nomeResponsavel', 'telefone']);
    expect(problemas.mensagens).toEqual([
      'Escolha a coluna do campo Nome do responsável',
      'Escolha a coluna do campo Telefone',
    ]);
  });

  it('names a field chosen for two columns, with the columns, before the missing ones', () => {
    const problemas = validarMapeamento('vendedores', ['nome', 'email', 'email', 'cpf', 'telefone', 'endereco']);
    expect(problemas.repetidos).toEqual([expect.objectContaining({ colunas: [1, 2] })]);
    expect(problemas.mensagens).toEqual([
      'O campo E-mail foi escolhido para mais de uma coluna',
      'Escolha a coluna do campo Data de nascimento',
    ]);
  });
});

describe('erroDaLinha', () => {
  it('says the line of a problem, unless the server already did', () => {
    expect(erroDaLinha({ linha: 37, mensagem: 'CNPJ inválido' })).toBe('CNPJ inválido na linha 37');
    expect(erroDaLinha({ linha: 80, mensagem: 'E-mail repetido nas linhas 12 e 80' })).toBe(
      'E-mail repetido nas linhas 12 e 80',
    );
    expect(erroDaLinha({ linha: 37, mensagem: 'CNPJ inválido na linha 37' })).toBe('CNPJ inválido na linha 37');
  });
});
