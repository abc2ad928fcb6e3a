import { describe, expect, it } from 'vitest';
import type { Curso, CursoFormValues } from '@shared/schemas/curso';
import { cursoFormDefaults, cursoResumo, novoModulo, toCursoCreateBody, toCursoEdits } from './curso-form-values';

const curso: Curso = {
  id: 'k1',
  clienteId: 'c1',
  titulo: 'Inglês',
  descricao: null,
  valor: 1200,
  valorComDesconto: 900,
  parcelas: 12,
  isActive: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  modulos: [
    { id: 'm1', cursoId: 'k1', titulo: 'Básico', modulo: '1', cargaHoraria: 20, ordem: 1, isActive: true },
    { id: 'm2', cursoId: 'k1', titulo: 'Avançado', modulo: '2A', cargaHoraria: 30, ordem: 2, isActive: true },
  ],
};

const values: CursoFormValues = {
  titulo: 'Inglês',
  descricao: '',
  valor: 1200,
  valorComDesconto: null,
  parcelas: 12,
  modulos: [
    { moduloId: 'm1', titulo: 'Básico', modulo: '1', cargaHoraria: 20 },
    { titulo: 'Conversação', modulo: '2', cargaHoraria: 10 },
  ],
};

describe('cursoFormDefaults', () => {
  it('starts a new course with one parcel and one empty module numbered 1', () => {
    expect(cursoFormDefaults()).toEqual({
      titulo: '',
      descricao: '',
      valorComDesconto: null,
      parcelas: 1,
      modulos: [{ titulo: '', modulo: '1', cargaHoraria: undefined }],
    });
  });

  it("takes a course's values, each module keeping its id as moduloId", () => {
    expect(cursoFormDefaults(curso)).toEqual({
      titulo: 'Inglês',
      descricao: '',
      valor: 1200,
      valorComDesconto: 900,
      parcelas: 12,
      modulos: [
        { moduloId: 'm1', titulo: 'Básico', modulo: '1', cargaHoraria: 20 },
        { moduloId: 'm2', titulo: 'Avançado', modulo: '2A', cargaHoraria: 30 },
      ],
    });
  });

  it('numbers an added module after those above it', () => {
    expect(novoModulo(3)).toEqual({ titulo: '', modulo: '3', cargaHoraria: undefined });
  });
});

describe('toCursoCreateBody', () => {
  it('sends the course with its modules in order and no moduloId', () => {
    expect(toCursoCreateBody(values)).toEqual({
      titulo: 'Inglês',
      descricao: '',
      valor: 1200,
      valorComDesconto: null,
      parcelas: 12,
      modulos: [
        { titulo: 'Básico', modulo: '1', cargaHoraria: 20 },
        { titulo: 'Conversação', modulo: '2', cargaHoraria: 10 },
      ],
    });
  });
});

describe('toCursoEdits', () => {
  it('splits the course fields from its modules, the saved ones keeping their moduloId', () => {
    expect(toCursoEdits('k1', values)).toEqual({
      id: 'k1',
      data: { titulo: 'Inglês', descricao: '', valor: 1200, valorComDesconto: null, parcelas: 12 },
      modulos: values.modulos,
    });
  });
});

describe('cursoResumo', () => {
  it('adds the hours typed so far, a blank one counting as 0', () => {
    expect(cursoResumo([{ cargaHoraria: 20 }, { cargaHoraria: Number.NaN }, {}], 100, null)).toEqual({
      horas: 20,
      valor: 100,
      valorComDesconto: null,
    });
  });

  it('shows the discounted value only when it is above 0 and below the value', () => {
    expect(cursoResumo([], 1200, 900).valorComDesconto).toBe(900);
    expect(cursoResumo([], 1200, 1500).valorComDesconto).toBeNull();
    expect(cursoResumo([], 1200, 0).valorComDesconto).toBeNull();
    expect(cursoResumo([], Number.NaN, Number.NaN)).toEqual({ horas: 0, valor: 0, valorComDesconto: null });
  });
});
