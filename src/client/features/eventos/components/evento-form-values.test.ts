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
  logradouro: 'Praça da Sé',
  numero: null,
  complemento: null,
  bairro: 'Sé',
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
  vagas: 80,
  inscricoesAte: '2030-03-09T21:00:00.000Z',
  inscricoesAbertas: true,
  vagasRestantes: 80,
  inscritos: 0,
  listaEspera: 0,
  presentes: 0,
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
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
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
  vagas: '',
  inscricoesAte: '',
};

describe('eventoFormDefaults', () => {
  it('starts a new event as a public school at the school, scheduled, with no course', () => {
    expect(eventoFormDefaults()).toEqual({
      clienteId: '',
      nomeEscola: '',
      tipoEscola: 'publica',
      cep: '',
      logradouro: '',
      numero: '',
      complemento: '',
      bairro: '',
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
      vagas: '',
      inscricoesAte: '',
    });
  });

  it("takes an event's values, its CEP masked and its empty fields as blanks", () => {
    expect(eventoFormDefaults(evento)).toMatchObject({
      clienteId: 'c1',
      tipoEscola: 'privada',
      cep: '01001-000',
      // Issue 51: the street address, its missing parts as blanks.
      logradouro: 'Praça da Sé',
      numero: '',
      bairro: 'Sé',
      qtdAlunos: 120,
      valorTotalDesconto: undefined,
      observacao: '',
      cursoIds: ['k1'],
      status: 'em_andamento',
      // Issue 20: the deadline in São Paulo time, as the field shows it.
      vagas: '80',
      inscricoesAte: '09/03/2030 18:00',
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
      // Issue 51: no street address, sent as none (an edit that empties it clears it).
      logradouro: null,
      numero: null,
      complemento: null,
      bairro: null,
      valorTotalDesconto: undefined,
      observacao: undefined,
      // Issue 20: no seat limit, no deadline.
      vagas: null,
      inscricoesAte: null,
    });
    expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty('cep');
  });

  it('sends the seats as a number and the deadline as the São Paulo instant (issue 20)', () => {
    const body = toEventoBody(
      { ...values, vagas: '150', inscricoesAte: '09/03/2030 18:00' },
      { pickCliente: false, isEdit: false },
    );
    expect(body).toMatchObject({ vagas: 150, inscricoesAte: '2030-03-09T18:00:00-03:00' });
    expect(new Date(body.inscricoesAte!).toISOString()).toBe('2030-03-09T21:00:00.000Z');
  });

  it("sends the status of an edit, and no clienteId for a cliente (the server takes the session's)", () => {
    const body = toEventoBody(
      { ...values, cep: '01001-000', valorTotalDesconto: 150.5, observacao: 'Quadra coberta' },
      { pickCliente: false, isEdit: true },
    );
    expect(body).not.toHaveProperty('clienteId');
    expect(body).toMatchObject({
      cep: '01001-000',
      logradouro: null,
      valorTotalDesconto: 150.5,
      observacao: 'Quadra coberta',
      status: 'concluido',
    });
  });

  it('sends the street address the form holds (issue 51)', () => {
    const body = toEventoBody(
      { ...values, logradouro: 'Rua Barão de Jaguara', numero: '1000', bairro: 'Centro' },
      { pickCliente: true, isEdit: true },
    );
    expect(body).toMatchObject({
      logradouro: 'Rua Barão de Jaguara',
      numero: '1000',
      complemento: null,
      bairro: 'Centro',
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
