import type { Modulo, ModuloCreateInput, ModuloUpdateInput } from '@shared/schemas/curso';
import { api } from '@/lib/api-client';

/** The module calls of SPEC §7; the course dialog runs them in order and refreshes the list once at the end. */
export const createModulo = (cursoId: string, input: ModuloCreateInput) =>
  api.post<Modulo>(`/api/cursos/${cursoId}/modulos`, input);

export const updateModulo = (cursoId: string, moduloId: string, input: ModuloUpdateInput) =>
  api.patch<Modulo>(`/api/cursos/${cursoId}/modulos/${moduloId}`, input);
