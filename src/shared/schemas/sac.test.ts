import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  answerTicketSchema,
  createTicketSchema,
  nomeExecutavel,
  resolverTicketSchema,
  SAC_MESSAGES,
  ticketShortId,
} from './sac';

const errorsOf = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = { titulo: 'Kits atrasados', descricao: 'Os kits ainda não chegaram.', departamento: 'logistica' };

describe('new ticket (SPEC §5)', () => {
  it('takes a valid ticket and defaults prioridade to media', () => {
    expect(createTicketSchema.parse(valid)).toEqual({ ...valid, prioridade: 'media' });
  });

  it('answers SPEC messages for título and descrição', () => {
    expect(errorsOf(createTicketSchema, { ...valid, titulo: '   ', descricao: 'curta' })).toEqual({
      titulo: SAC_MESSAGES.tituloRequired,
      descricao: SAC_MESSAGES.descricaoMin,
    });
    expect(errorsOf(createTicketSchema, {})).toMatchObject({
      titulo: 'Título é obrigatório',
      descricao: 'Descrição deve ter pelo menos 10 caracteres',
    });
  });

  it('counts the description after trimming: 10 characters pass, 9 do not', () => {
    expect(createTicketSchema.safeParse({ ...valid, descricao: '  123456789  ' }).success).toBe(false);
    expect(createTicketSchema.safeParse({ ...valid, descricao: '1234567890' }).success).toBe(true);
  });

  it('accepts only the five departamentos and four prioridades', () => {
    expect(errorsOf(createTicketSchema, { ...valid, departamento: 'juridico', prioridade: 'urgente' })).toEqual({
      departamento: SAC_MESSAGES.departamento,
      prioridade: SAC_MESSAGES.prioridade,
    });
    for (const prioridade of ['baixa', 'media', 'alta', 'critica']) {
      expect(createTicketSchema.parse({ ...valid, prioridade }).prioridade).toBe(prioridade);
    }
  });

  it('drops owner and state fields a client might send', () => {
    const parsed = createTicketSchema.parse({
      ...valid,
      solicitanteId: 'x',
      responsavelId: 'y',
      status: 'concluido',
      resolucao: 'z',
    });
    expect(Object.keys(parsed).sort()).toEqual(['departamento', 'descricao', 'prioridade', 'titulo']);
  });
});

describe('ticket response (SPEC §5)', () => {
  it('requires a status of the three and a resolution', () => {
    expect(errorsOf(answerTicketSchema, { status: 'aberto', resolucao: ' ' })).toEqual({
      status: SAC_MESSAGES.status,
      resolucao: 'Resolução é obrigatória',
    });
    expect(answerTicketSchema.parse({ status: 'concluido', resolucao: ' Feito. ' })).toEqual({
      status: 'concluido',
      resolucao: 'Feito.',
    });
  });
});

describe('ticketShortId', () => {
  it('is the first 8 characters of the id (SPEC §9)', () => {
    expect(ticketShortId('abcd1234-5678-90ab-cdef-1234567890ab')).toBe('abcd1234');
  });
});

describe('attachment names (issue 51)', () => {
  it('calls a name a program by its last extension, whatever its case and trailing dots or spaces', () => {
    for (const nome of ['setup.exe', 'SETUP.EXE', 'fatura.pdf.js', 'atualizar.bat.', 'script.ps1 ', 'pagina.HTML']) {
      expect(nomeExecutavel(nome), nome).toBe(true);
    }
    for (const nome of ['planilha.xlsx', 'leads.csv', 'exe', 'relatorio.exe.txt', 'sem extensão', 'nfe.xml']) {
      expect(nomeExecutavel(nome), nome).toBe(false);
    }
  });
});

describe("'Resolver' (issue 51)", () => {
  it('requires the resolution note', () => {
    expect(errorsOf(resolverTicketSchema, { resolucao: '   ' })).toEqual({
      resolucao: SAC_MESSAGES.resolucaoRequired,
    });
    expect(resolverTicketSchema.parse({ resolucao: ' Feito. ' })).toEqual({ resolucao: 'Feito.' });
  });
});
