import {
  hasDiscount,
  totalCargaHoraria,
  type Curso,
  type CursoCreateInput,
  type CursoFormInput,
  type CursoFormValues,
} from '@shared/schemas/curso';
import type { CursoEdits } from '../api/save-curso-edits';

type FormModulo = CursoFormInput['modulos'][number];

/** A module not yet saved, numbered after those above it; its hours are typed by the user. */
export function novoModulo(numero: number): FormModulo {
  return { titulo: '', modulo: String(numero), cargaHoraria: undefined as unknown as number };
}

/** The form's first values: the course's with its modules (each keeping its id as moduloId), or one empty module. */
export function cursoFormDefaults(curso?: Curso): Partial<CursoFormInput> {
  if (!curso) {
    return { titulo: '', descricao: '', valorComDesconto: null, parcelas: 1, modulos: [novoModulo(1)] };
  }
  return {
    titulo: curso.titulo,
    descricao: curso.descricao ?? '',
    valor: curso.valor,
    valorComDesconto: curso.valorComDesconto,
    parcelas: curso.parcelas,
    modulos: curso.modulos.map((m) => ({
      moduloId: m.id,
      titulo: m.titulo,
      modulo: m.modulo,
      cargaHoraria: m.cargaHoraria,
    })),
  };
}

/** POST /api/cursos: the course and its modules, in their order, in one call. */
export function toCursoCreateBody({ modulos, ...fields }: CursoFormValues): CursoCreateInput {
  return { ...fields, modulos: modulos.map(({ moduloId: _id, ...m }) => m) };
}

/** The edit: the course's fields, then its modules in their order, saved ones carrying their moduloId. */
export function toCursoEdits(id: string, { modulos, ...data }: CursoFormValues): CursoEdits {
  return { id, data, modulos };
}

export interface CursoResumo {
  horas: number;
  valor: number;
  /** Present only when it is a real discount (SPEC §2). */
  valorComDesconto: number | null;
}

/** The summary under the modules, from what is typed so far (a blank number counts as 0 or no discount). */
export function cursoResumo(
  modulos: readonly { cargaHoraria?: unknown }[] | undefined,
  valor: unknown,
  valorComDesconto: unknown,
): CursoResumo {
  const horas = totalCargaHoraria((modulos ?? []).map((m) => ({ cargaHoraria: Number(m?.cargaHoraria) })));
  const valorNumber = Number.isFinite(valor) ? Number(valor) : 0;
  const desconto = Number.isFinite(valorComDesconto) ? Number(valorComDesconto) : null;
  return { horas, valor: valorNumber, valorComDesconto: hasDiscount(valorNumber, desconto) ? desconto : null };
}
