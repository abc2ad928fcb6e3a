import { describe, expect, it } from 'vitest';
import { alteracoesLinhas, campoLabel, detalhesLinhas, valorTexto } from './campos';

describe('campoLabel', () => {
  it('names the known fields in Portuguese and puts any other camelCase name into words', () => {
    expect(campoLabel('nomeFantasia')).toBe('Nome fantasia');
    expect(campoLabel('razaoSocial')).toBe('Razão social');
    expect(campoLabel('isActive')).toBe('Ativo');
    expect(campoLabel('email')).toBe('E-mail');
    expect(campoLabel('proximoContatoEm')).toBe('Próximo contato');
    expect(campoLabel('valorComDesconto')).toBe('Valor com desconto');
    expect(campoLabel('quantidade_alunos')).toBe('Quantidade alunos');
    // Issue 49: a batch of offline check-ins, in words (not 'Ja registradas').
    expect(campoLabel('jaRegistradas')).toBe('Já registradas');
    expect(campoLabel('dispositivoNome')).toBe('Nome do aparelho');
    expect(valorTexto('meio', 'offline')).toBe('Sem conexão');
    expect(valorTexto('meio', 'codigo')).toBe('Código do voucher');
  });
});

describe('valorTexto', () => {
  it("reads nothing as '—', booleans as Sim/Não and numbers in pt-BR", () => {
    expect(valorTexto('telefone', null)).toBe('—');
    expect(valorTexto('observacao', '')).toBe('—');
    expect(valorTexto('isActive', true)).toBe('Sim');
    expect(valorTexto('isActive', false)).toBe('Não');
    expect(valorTexto('valor', 1500.5)).toBe('1.500,5');
  });

  it('puts codes into words by their field, and formats documents and dates', () => {
    expect(valorTexto('produto', 'todos_pela_educacao')).toBe('Todos Pela Educação');
    expect(valorTexto('kit', 'padrao')).toBe('Padrão');
    expect(valorTexto('status', 'em_contato')).toBe('Em contato');
    expect(valorTexto('role', 'micro_franquia')).toBe('Micro-franquia');
    expect(valorTexto('motivo', 'inativo')).toBe('Conta inativa');
    expect(valorTexto('acao', 'cliente.editar')).toBe('Alterou o cliente');
    expect(valorTexto('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(valorTexto('cep', '13010000')).toBe('13010-000');
    expect(valorTexto('dataEvento', '2026-12-03')).toBe('03/12/2026');
    // In Brasília's clock: 02:05 UTC is the evening before.
    expect(valorTexto('proximoContatoEm', '2026-03-09T02:05:00.000Z')).toBe('08/03/2026 23:05');
  });

  it('keeps a masked value as the server wrote it and an unknown code as it is', () => {
    expect(valorTexto('cpf', '***.***.*89-01')).toBe('***.***.*89-01');
    expect(valorTexto('status', 'desconhecido')).toBe('desconhecido');
  });

  it('reads lists and objects inline', () => {
    expect(valorTexto('cursoIds', ['a', 'b'])).toBe('a, b');
    expect(valorTexto('x', { kit: 'card', isActive: true })).toBe('Kit: Card; Ativo: Sim');
  });
});

describe('alteracoesLinhas and detalhesLinhas', () => {
  it('lists each changed field with its label, before and after', () => {
    expect(alteracoesLinhas({ nomeFantasia: ['A', 'B'], isActive: [null, true] })).toEqual([
      { campo: 'nomeFantasia', label: 'Nome fantasia', antes: 'A', depois: 'B' },
      { campo: 'isActive', label: 'Ativo', antes: '—', depois: 'Sim' },
    ]);
    expect(alteracoesLinhas(null)).toEqual([]);
  });

  it("lists an export's filters as lines of their own", () => {
    expect(detalhesLinhas({ filtros: { entidade: 'cliente' }, linhas: 3 })).toEqual([
      { campo: 'filtros', label: 'Filtros', valor: [{ label: 'Tipo de registro', valor: 'Cliente' }] },
      { campo: 'linhas', label: 'Linhas exportadas', valor: '3' },
    ]);
    expect(detalhesLinhas({ filtros: {} })).toEqual([{ campo: 'filtros', label: 'Filtros', valor: '—' }]);
  });

  it("reads an LGPD request's answer, a titular search and an anonymisation in words (issue 18)", () => {
    expect(alteracoesLinhas({ status: ['aberto', 'recusado'], resposta: [null, 'Dados corretos'] })).toEqual([
      { campo: 'status', label: 'Status', antes: 'Aberto', depois: 'Recusado' },
      { campo: 'resposta', label: 'Resposta', antes: '—', depois: 'Dados corretos' },
    ]);
    expect(detalhesLinhas({ tipo: 'anonimizacao' })).toEqual([{ campo: 'tipo', label: 'Tipo', valor: 'Anonimização' }]);
    expect(detalhesLinhas({ por: 'cpf', leads: 2, preMatriculas: 1, matriculas: 0, contas: 1 })).toEqual([
      { campo: 'por', label: 'Buscado por', valor: 'CPF' },
      { campo: 'leads', label: 'Inscrições', valor: '2' },
      { campo: 'preMatriculas', label: 'Pré-matrículas', valor: '1' },
      { campo: 'matriculas', label: 'Matrículas', valor: '0' },
      { campo: 'contas', label: 'Contas de aluno', valor: '1' },
    ]);
  });
});
