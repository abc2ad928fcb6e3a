import { describe, expect, it } from 'vitest';
import type { Evento, EventoFormValues } from '@shared/schemas/evento';
import { cursoChoices, eventoFormDefaults, statusChoices, toEventoBody } from './evento-form-values';

const evento: Evento = {
  id: 'e1',
  clienteId: 'c1',
  microFranquiaId: 'm1',
  cliente: { id: 'c1', nomeFantasia: 'Escola Alfa' },
  nomeEscola: 'EE Alfa',
  tipoEscola: 'privada',
  cep: '01001000',
  cidade: 'São Paulo',
  estado: 'SP',
  dataDistribuicao: '2030-03-01',
  dataEvento: '2030-03-10',
  horario: '09:00',
  local: 'escola',
  qtdAlunos: 120,
  valorTotalDesconto: null,
  observacao: null,
  status: 'em_andamento',
  isActive: true,
  cursoIds: ['k1'],
  cursos: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const values: EventoFormValues = {
  clienteId: 'c1',
  nomeEscola: 'EE Alfa',
  tipoEscola: 'publica',
  cep: '',
  cidade: 'São Paulo',
  estado: 'SP',
  dataDistribuicao: '2030-03-01',
  dataEvento: '2030-03-10',
  horario: '09:00',
  local: 'escola',
  qtdAlunos: 120,
  valorTotalDesconto: 0,
  observacao: '',
  cursoIds: ['k1', 'k2'],
  status: 'concluido',
};

describe('eventoFormDefaults', () => {
  it('starts a new event as a public school at the school, scheduled, with no course', () => {
    expect(eventoFormDefaults()).toEqual({
      clienteId: '',
      nomeEscola: '',
      tipoEscola: 'publica',
      cep: '',
      cidade: '',
      estado: '',
      dataDistribuicao: '',
      dataEvento: '',
      horario: '',
      local: 'escola',
      qtdAlunos: undefined,
      valorTotalDesconto: undefined,
      observacao: '',
      cursoIds: [],
      status: 'agendado',
    });
  });

  it("takes an event's values, its CEP masked and its empty fields as blanks", () => {
    expect(eventoFormDefaults(evento)).toMatchObject({
      clienteId: 'c1',
      tipoEscola: 'privada',
      cep: '01001-000',
      qtdAlunos: 120,
      valorTotalDesconto: undefined,
      observacao: '',
      cursoIds: ['k1'],
      status: 'em_andamento',
    });
  });
});

describe('toEventoBody', () => {
  it('leaves out an empty CEP, a discount of 0 and an empty note; a new event sends no status', () => {
    const body = toEventoBody(values, { pickCliente: true, isEdit: false });
    expect(body).toEqual({
      clienteId: 'c1',
      nomeEscola: 'EE Alfa',
      tipoEscola: 'publica',
      cidade: 'São Paulo',
      estado: 'SP',
      dataDistribuicao: '2030-03-01',
      dataEvento: '2030-03-10',
      horario: '09:00',
      local: 'escola',
      qtdAlunos: 120,
      cursoIds: ['k1', 'k2'],
      cep: undefined,
      valorTotalDesconto: undefined,
      observacao: undefined,
    });
    expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty('cep');
  });

  it("sends the status of an edit, and no clienteId for a cliente (the server takes the session's)", () => {
    const body = toEventoBody(
      { ...values, cep: '01001-000', valorTotalDesconto: 150.5, observacao: 'Quadra coberta' },
      { pickCliente: false, isEdit: true },
    );
    expect(body).not.toHaveProperty('clienteId');
    expect(body).toMatchObject({
      cep: '01001-000',
      valorTotalDesconto: 150.5,
      observacao: 'Quadra coberta',
      status: 'concluido',
    });
  });
});

describe('cursoChoices', () => {
  const cursos = [
    { id: 'k1', titulo: 'Inglês', isActive: true },
    { id: 'k2', titulo: 'Robótica', isActive: false },
    { id: 'k3', titulo: 'Xadrez', isActive: false },
  ];

  it('offers the active courses and an inactive one only when the event already offers it', () => {
    expect(cursoChoices(cursos, ['k2']).map((c) => c.id)).toEqual(['k1', 'k2']);
    expect(cursoChoices(cursos, []).map((c) => c.id)).toEqual(['k1']);
  });
});

describe('statusChoices', () => {
  it('offers every status, except to a concluded or cancelled event, which keeps its own', () => {
    expect(statusChoices('em_andamento').map((o) => o.value)).toEqual([
      'agendado',
      'em_andamento',
      'concluido',
      'cancelado',
    ]);
    expect(statusChoices('cancelado')).toEqual([{ value: 'cancelado', label: 'Cancelado' }]);
  });
});
