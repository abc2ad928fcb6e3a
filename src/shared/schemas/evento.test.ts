import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cursosLabel,
  EVENTO_MESSAGES,
  eventoCreateSchema,
  eventoFormSchema,
  eventoUpdateSchema,
  isFinalStatus,
} from './evento';

/** The first message of each field, as the API's error body and the forms show it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const CURSO = '2f1c7a52-8a43-4c1e-9d7a-3a0e6f3c2b11';
const evento = {
  clienteId: '9b7f3a52-1a43-4c1e-9d7a-3a0e6f3c2b11',
  nomeEscola: 'Colégio Horizonte',
  tipoEscola: 'privada',
  cidade: 'Campinas',
  estado: 'sp',
  dataDistribuicao: '2030-03-01',
  dataEvento: '2030-03-10',
  horario: '19:00',
  local: 'escola',
  qtdAlunos: 320,
};

describe('evento rules (SPEC §5)', () => {
  it('upper-cases the state, stores the CEP as digits, dedupes courses', () => {
    const parsed = eventoCreateSchema.parse({ ...evento, cep: '13024-001', cursoIds: [CURSO, CURSO] });
    expect(parsed.estado).toBe('SP');
    expect(parsed.cep).toBe('13024001');
    expect(parsed.cursoIds).toEqual([CURSO]);
  });

  it('an empty CEP, an absent discount and no courses are fine', () => {
    const parsed = eventoCreateSchema.parse({ ...evento, cep: '' });
    expect(parsed.cep).toBeNull();
    expect(parsed.valorTotalDesconto).toBeNull();
    expect(parsed.cursoIds).toEqual([]);
    expect(parsed.observacao).toBeNull();
  });

  it('names each broken rule with its message', () => {
    expect(
      messages(eventoCreateSchema, {
        clienteId: 'x',
        nomeEscola: '',
        tipoEscola: 'outra',
        cidade: '',
        estado: 'S',
        dataDistribuicao: '',
        dataEvento: '2030-02-30',
        horario: '',
        local: 'praia',
        qtdAlunos: 0,
        cep: '1234',
        valorTotalDesconto: -1,
        cursoIds: ['nope'],
      }),
    ).toEqual({
      clienteId: EVENTO_MESSAGES.clienteId,
      nomeEscola: 'Nome da escola é obrigatório',
      tipoEscola: EVENTO_MESSAGES.tipoEscola,
      cidade: 'Cidade é obrigatória',
      estado: 'Estado deve ter 2 caracteres',
      dataDistribuicao: EVENTO_MESSAGES.dataDistribuicao,
      dataEvento: 'Data inválida',
      horario: EVENTO_MESSAGES.horario,
      local: EVENTO_MESSAGES.local,
      qtdAlunos: 'Quantidade de alunos deve ser maior que 0',
      cep: 'CEP deve ter formato válido (00000-000)',
      valorTotalDesconto: EVENTO_MESSAGES.valorTotalDesconto,
      'cursoIds.0': EVENTO_MESSAGES.cursoId,
    });
  });

  it('PUT takes a status from the list', () => {
    expect(eventoUpdateSchema.parse({ ...evento, status: 'concluido' }).status).toBe('concluido');
    expect(messages(eventoUpdateSchema, { ...evento, status: 'adiado' })).toEqual({ status: EVENTO_MESSAGES.status });
  });

  it('the form asks for a client only for the roles that pick one, and says so in its own words', () => {
    const form = {
      ...evento,
      clienteId: '',
      cep: '',
      observacao: '',
      cursoIds: [],
      status: 'agendado',
      valorTotalDesconto: Number.NaN,
    };
    expect(messages(eventoFormSchema(true), form)).toEqual({ clienteId: 'Cliente é obrigatório' });
    expect(eventoFormSchema(false).safeParse(form).success).toBe(true);
    expect(messages(eventoFormSchema(false), { ...form, qtdAlunos: Number.NaN })).toEqual({
      qtdAlunos: 'Quantidade de alunos deve ser pelo menos 1',
    });
  });

  it('reports the missing client together with the other errors, on the first submit (issue 23)', () => {
    const form = {
      ...evento,
      clienteId: '',
      nomeEscola: '',
      cep: '',
      observacao: '',
      cursoIds: [],
      status: 'agendado',
      valorTotalDesconto: Number.NaN,
    };
    expect(messages(eventoFormSchema(true), form)).toEqual({
      clienteId: EVENTO_MESSAGES.clienteId,
      nomeEscola: EVENTO_MESSAGES.nomeEscola,
    });
  });

  it('refuses a distribution date after the event, in the API and the form, even beside other errors', () => {
    const depois = { ...evento, dataDistribuicao: '2030-03-11' };
    expect(messages(eventoCreateSchema, depois)).toEqual({ dataDistribuicao: EVENTO_MESSAGES.dataDistribuicaoDepois });
    expect(messages(eventoUpdateSchema, depois)).toEqual({ dataDistribuicao: EVENTO_MESSAGES.dataDistribuicaoDepois });
    expect(eventoCreateSchema.safeParse({ ...evento, dataDistribuicao: '2030-03-10' }).success).toBe(true);
    const form = { ...depois, cep: '', observacao: '', cursoIds: [], status: 'agendado', nomeEscola: '' };
    expect(messages(eventoFormSchema(false), { ...form, valorTotalDesconto: Number.NaN })).toEqual({
      dataDistribuicao: 'A data de distribuição deve ser no dia do evento ou antes dele',
      nomeEscola: EVENTO_MESSAGES.nomeEscola,
    });
  });

  it('concluido and cancelado are final', () => {
    expect(isFinalStatus('concluido')).toBe(true);
    expect(isFinalStatus('cancelado')).toBe(true);
    expect(isFinalStatus('agendado')).toBe(false);
    expect(isFinalStatus('em_andamento')).toBe(false);
  });

  it('the courses line: one title, or the count', () => {
    expect(cursosLabel([])).toBeNull();
    expect(cursosLabel([{ id: '1', titulo: 'Inglês' }])).toBe('Inglês');
    expect(
      cursosLabel([
        { id: '1', titulo: 'A' },
        { id: '2', titulo: 'B' },
      ]),
    ).toBe('2 cursos');
  });
});
