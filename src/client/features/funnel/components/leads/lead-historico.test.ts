import { describe, expect, it } from 'vitest';
import type { HistoricoEntry } from '@shared/schemas/acompanhamento';
import { describeHistorico } from './lead-historico';

const entry = (tipo: HistoricoEntry['tipo'], dados: Record<string, unknown>): HistoricoEntry => ({
  id: 'h',
  tipo,
  em: '2026-11-20T12:00:00.000Z',
  autor: null,
  dados,
});

describe('describeHistorico (issue 16)', () => {
  it('words each kind of entry in pt-BR', () => {
    expect(describeHistorico(entry('inscricao', {})).titulo).toBe('Inscrição no evento');
    expect(describeHistorico(entry('reinscricao', { nomeResponsavel: 'Ana', telefone: '19987001122' }))).toEqual({
      titulo: 'Nova inscrição',
      detalhes: ['Responsável: Ana', 'Telefone: (19) 98700-1122'],
      texto: null,
    });
    expect(describeHistorico(entry('pre_matricula', { id: 'p', status: 'efetivada', nomeAluno: 'Lia' }))).toEqual({
      titulo: 'Pré-matrícula',
      detalhes: ['Aluno: Lia', 'Situação: Efetivada'],
      texto: null,
    });
    expect(describeHistorico(entry('matricula', { cursoInteresse: 'Técnico' })).detalhes).toEqual(['Curso: Técnico']);
    expect(
      describeHistorico(entry('contato', { canal: 'whatsapp', resultado: 'mensagem_enviada', nota: 'Oi' })),
    ).toEqual({ titulo: 'Contato por WhatsApp', detalhes: ['Resultado: Mensagem enviada'], texto: 'Oi' });
    expect(describeHistorico(entry('contato', { canal: 'presencial', resultado: 'atendeu' })).titulo).toBe(
      'Contato presencial',
    );
    expect(describeHistorico(entry('nota', { texto: '<b>x</b>' })).texto).toBe('<b>x</b>');
    expect(describeHistorico(entry('whatsapp', { texto: 'Vou sim! <i>obrigada</i>' }))).toEqual({
      titulo: 'Mensagem recebida pelo WhatsApp',
      detalhes: [],
      texto: 'Vou sim! <i>obrigada</i>',
    });
    expect(describeHistorico(entry('responsavel', { de: null, para: { id: 'v', nome: 'Rafael' } })).detalhes).toEqual([
      'De Sem responsável para Rafael',
    ]);
  });

  it("says the unit's rule chose the vendedor when the assignment was automatic (issue 50)", () => {
    expect(
      describeHistorico(entry('responsavel', { de: null, para: { id: 'v', nome: 'Rafael' }, automatico: true })),
    ).toEqual({ titulo: 'Atribuído automaticamente a Rafael', detalhes: [], texto: null });
    // A redistribution after a vendedor left says whose lead it was.
    expect(
      describeHistorico(
        entry('responsavel', { de: { id: 'a', nome: 'Ana' }, para: { id: 'v', nome: 'Rafael' }, automatico: true }),
      ),
    ).toEqual({ titulo: 'Atribuído automaticamente a Rafael', detalhes: ['Antes: Ana'], texto: null });
    // A manual change keeps its words.
    expect(
      describeHistorico(entry('responsavel', { de: null, para: { id: 'v', nome: 'Rafael' }, automatico: false }))
        .titulo,
    ).toBe('Responsável alterado');
  });

  it('says what a status entry changed', () => {
    expect(
      describeHistorico(
        entry('status', { status: ['interessado', 'sem_interesse'], motivoPerda: [null, 'distancia'] }),
      ),
    ).toEqual({
      titulo: 'Status alterado',
      detalhes: ['De Interessado para Sem interesse', 'Motivo da perda: Distância'],
      texto: null,
    });
    expect(describeHistorico(entry('status', { proximoContatoEm: [null, '2026-12-01'] }))).toEqual({
      titulo: 'Retorno agendado',
      detalhes: ['Próximo contato: 01/12/2026'],
      texto: null,
    });
    expect(describeHistorico(entry('status', { proximoContatoEm: ['2026-12-01', null] })).titulo).toBe(
      'Retorno removido',
    );
  });

  it('leaves out what is not of the documented shape', () => {
    expect(describeHistorico(entry('contato', { canal: 'pombo', resultado: 3, nota: { x: 1 } }))).toEqual({
      titulo: 'Contato',
      detalhes: [],
      texto: null,
    });
    expect(describeHistorico(entry('status', { status: 'novo' })).detalhes).toEqual([]);
  });
});
