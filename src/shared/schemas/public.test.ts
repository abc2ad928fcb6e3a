import { describe, expect, it } from 'vitest';
import { makeCpf } from '../brazil-ids';
import { FIELD_MESSAGES } from './fields';
import { leadSchema, preMatriculaSchema, PUBLIC_MESSAGES, publicEventosQuerySchema } from './public';

const EVENTO_ID = '3f0c8b8e-6a55-4e8e-9d0a-0b7f1c2d3e4f';
const CPF_ALUNO = makeCpf('123456789');
const CPF_RESPONSAVEL = makeCpf('987654321');

const validLead = {
  eventoId: EVENTO_ID,
  nomeAluno: 'Ana Souza',
  nomeResponsavel: 'Carla Souza',
  email: 'Ana.Souza@Email.com',
  telefone: '(19) 98765-4321',
  consentimento: true,
};

const validActivation = {
  ...validLead,
  cpfAluno: `${CPF_ALUNO.slice(0, 3)}.${CPF_ALUNO.slice(3, 6)}.${CPF_ALUNO.slice(6, 9)}-${CPF_ALUNO.slice(9)}`,
  cpfResponsavel: CPF_RESPONSAVEL,
};

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('lead form (SPEC §5)', () => {
  it('accepts a complete sign-up and stores the phone as digits and the e-mail in lower case', () => {
    expect(leadSchema.parse(validLead)).toEqual({
      ...validLead,
      email: 'ana.souza@email.com',
      telefone: '19987654321',
    });
  });

  it('names every missing field with its pt-BR message', () => {
    const result = leadSchema.safeParse({});
    expect(errorsOf(result)).toEqual({
      eventoId: PUBLIC_MESSAGES.eventoId,
      nomeAluno: PUBLIC_MESSAGES.nomeAluno,
      nomeResponsavel: PUBLIC_MESSAGES.nomeResponsavel,
      email: PUBLIC_MESSAGES.emailVazio,
      telefone: PUBLIC_MESSAGES.telefone,
      consentimento: PUBLIC_MESSAGES.consentimento,
    });
  });

  it('refuses blank names, an event that is not an id, a bad phone and no consent', () => {
    const result = leadSchema.safeParse({
      ...validLead,
      eventoId: 'abc',
      nomeAluno: '   ',
      nomeResponsavel: '',
      telefone: '1234',
      consentimento: false,
    });
    expect(errorsOf(result)).toEqual({
      eventoId: PUBLIC_MESSAGES.eventoId,
      nomeAluno: PUBLIC_MESSAGES.nomeAluno,
      nomeResponsavel: PUBLIC_MESSAGES.nomeResponsavel,
      telefone: PUBLIC_MESSAGES.telefone,
      consentimento: PUBLIC_MESSAGES.consentimento,
    });
  });

  it('asks for the e-mail and the phone with DDD in plain words (issue 23)', () => {
    expect(errorsOf(leadSchema.safeParse({ ...validLead, email: '  ', telefone: '' }))).toEqual({
      email: PUBLIC_MESSAGES.emailVazio,
      telefone: PUBLIC_MESSAGES.telefone,
    });
    expect(errorsOf(leadSchema.safeParse({ ...validLead, email: 'ana@', telefone: '98765-4321' }))).toEqual({
      email: PUBLIC_MESSAGES.emailInvalido,
      telefone: PUBLIC_MESSAGES.telefone,
    });
  });

  it('wants two letters in a name and no leading formula character, on both forms (issue 23)', () => {
    for (const schema of [leadSchema, preMatriculaSchema]) {
      const base = schema === leadSchema ? validLead : validActivation;
      expect(errorsOf(schema.safeParse({ ...base, nomeAluno: 'A', nomeResponsavel: '12 3' }))).toEqual({
        nomeAluno: PUBLIC_MESSAGES.nomeLetras,
        nomeResponsavel: PUBLIC_MESSAGES.nomeLetras,
      });
      for (const start of ['=', '+', '-', '@']) {
        expect(errorsOf(schema.safeParse({ ...base, nomeAluno: `${start}Ana Souza` }))).toEqual({
          nomeAluno: PUBLIC_MESSAGES.nomeFormula,
        });
      }
      expect(schema.safeParse({ ...base, nomeAluno: 'Lú', nomeResponsavel: "D'Ávila-Conceição" }).success).toBe(true);
    }
  });

  it('drops fields it does not know', () => {
    const parsed = leadSchema.parse({ ...validLead, id: 'x', consentidoEm: '2000-01-01', createdAt: 'x' });
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(validLead).sort());
  });
});

describe('activation form (SPEC §5)', () => {
  it('accepts masked CPFs and keeps their digits', () => {
    const parsed = preMatriculaSchema.parse(validActivation);
    expect(parsed.cpfAluno).toBe(CPF_ALUNO);
    expect(parsed.cpfResponsavel).toBe(CPF_RESPONSAVEL);
  });

  it("gives SPEC's messages for missing names and short CPFs", () => {
    const result = preMatriculaSchema.safeParse({
      ...validActivation,
      eventoId: '',
      nomeAluno: '',
      cpfAluno: '123',
      nomeResponsavel: '',
      cpfResponsavel: '',
    });
    expect(errorsOf(result)).toEqual({
      eventoId: PUBLIC_MESSAGES.eventoId,
      nomeAluno: PUBLIC_MESSAGES.nomeAluno,
      cpfAluno: PUBLIC_MESSAGES.cpfAluno,
      nomeResponsavel: PUBLIC_MESSAGES.nomeResponsavel,
      cpfResponsavel: PUBLIC_MESSAGES.cpfResponsavel,
    });
  });

  it("verifies the CPFs' check digits", () => {
    const wrong = `${CPF_ALUNO.slice(0, 10)}${(Number(CPF_ALUNO[10]) + 1) % 10}`;
    const result = preMatriculaSchema.safeParse({
      ...validActivation,
      cpfAluno: wrong,
      cpfResponsavel: '111.111.111-11',
    });
    expect(errorsOf(result)).toEqual({
      cpfAluno: FIELD_MESSAGES.cpfInvalid,
      cpfResponsavel: FIELD_MESSAGES.cpfInvalid,
    });
  });
});

describe('public events query', () => {
  it('requires a city', () => {
    expect(errorsOf(publicEventosQuerySchema.safeParse({}))).toEqual({ cidade: PUBLIC_MESSAGES.cidade });
    expect(publicEventosQuerySchema.parse({ cidade: ' Campinas ' })).toEqual({ cidade: 'Campinas', para: 'inscricao' });
  });

  it("names the rule: the sign-up's by default, the activation's on request, nothing else", () => {
    expect(publicEventosQuerySchema.parse({ cidade: 'Campinas', para: 'ativacao' }).para).toBe('ativacao');
    expect(errorsOf(publicEventosQuerySchema.safeParse({ cidade: 'Campinas', para: 'x' }))).toEqual({
      para: PUBLIC_MESSAGES.para,
    });
  });
});
