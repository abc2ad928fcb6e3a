import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CURSO_MESSAGES,
  cursoCreateSchema,
  cursoEditFormSchema,
  cursoFormSchema,
  cursoUpdateSchema,
  hasDiscount,
  moduloCreateSchema,
  moduloUpdateSchema,
  totalCargaHoraria,
} from './curso';

/** The first message of each field, as the API's error body and the forms show it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const modulo = { titulo: 'Fundamentos', modulo: '1', cargaHoraria: 40 };
const curso = {
  titulo: 'Técnico em Administração',
  valor: 1000,
  valorComDesconto: 800,
  parcelas: 10,
  modulos: [modulo],
};

describe('curso rules (SPEC §5)', () => {
  it('accepts a course with modules, rounds money to cents and makes an empty description null', () => {
    const parsed = cursoCreateSchema.parse({ ...curso, valor: 1000.004, descricao: '  ' });
    expect(parsed.valor).toBe(1000);
    expect(parsed.descricao).toBeNull();
    expect(parsed.modulos).toEqual([modulo]);
  });

  it('names each broken rule with its message', () => {
    expect(
      messages(cursoCreateSchema, { titulo: ' ', valor: -1, valorComDesconto: -2, parcelas: 0, modulos: [] }),
    ).toEqual({
      titulo: CURSO_MESSAGES.titulo,
      valor: CURSO_MESSAGES.valor,
      valorComDesconto: CURSO_MESSAGES.valorComDesconto,
      parcelas: CURSO_MESSAGES.parcelas,
      modulos: CURSO_MESSAGES.modulosCreate,
    });
    expect(messages(cursoCreateSchema, { ...curso, parcelas: 1.5 })).toEqual({ parcelas: CURSO_MESSAGES.parcelas });
  });

  it('refuses a discounted value above the original value', () => {
    expect(messages(cursoCreateSchema, { ...curso, valorComDesconto: 1000.01 })).toEqual({
      valorComDesconto: 'Valor com desconto deve ser menor ou igual ao valor original',
    });
    expect(cursoCreateSchema.safeParse({ ...curso, valorComDesconto: 1000 }).success).toBe(true);
    expect(cursoCreateSchema.parse({ ...curso, valorComDesconto: null }).valorComDesconto).toBeNull();
  });

  it('module: title and number required, hours at least 1', () => {
    expect(messages(moduloCreateSchema, { titulo: '', modulo: '', cargaHoraria: 0 })).toEqual({
      titulo: CURSO_MESSAGES.moduloTitulo,
      modulo: CURSO_MESSAGES.moduloNumero,
      cargaHoraria: 'Carga horária deve ser maior que 0',
    });
    expect(messages(moduloUpdateSchema, { cargaHoraria: 0 })).toEqual({ cargaHoraria: CURSO_MESSAGES.cargaHoraria });
  });

  it('PATCH takes only isActive and leaves the other fields out', () => {
    expect(cursoUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(cursoUpdateSchema.parse({ descricao: '' })).toEqual({ descricao: null });
  });

  it('the dialogs read an empty number input (NaN) as missing', () => {
    const form = {
      ...curso,
      descricao: '',
      valorComDesconto: Number.NaN,
      modulos: [{ ...modulo, cargaHoraria: Number.NaN }],
    };
    expect(messages(cursoFormSchema, form)).toEqual({ 'modulos.0.cargaHoraria': CURSO_MESSAGES.cargaHoraria });
    expect(cursoFormSchema.parse({ ...form, modulos: [modulo] }).valorComDesconto).toBeNull();
    expect(messages(cursoFormSchema, { ...form, modulos: [] }).modulos).toBe('Adicione pelo menos um módulo');
    expect(messages(cursoEditFormSchema, { ...form, modulos: [] }).modulos).toBe('Deve haver pelo menos um módulo');
  });
});

describe('course summaries', () => {
  it('total hours is the sum of module hours', () => {
    expect(totalCargaHoraria([{ cargaHoraria: 80 }, { cargaHoraria: 60 }, { cargaHoraria: Number.NaN }])).toBe(140);
  });

  it('a discount shows only when above 0 and below the value', () => {
    expect(hasDiscount(100, 80)).toBe(true);
    expect(hasDiscount(100, 0)).toBe(false);
    expect(hasDiscount(100, 100)).toBe(false);
    expect(hasDiscount(100, null)).toBe(false);
  });
});
