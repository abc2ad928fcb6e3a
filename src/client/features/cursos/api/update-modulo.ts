import type { Modulo, ModuloUpdateInput } from '@shared/schemas/curso';
import { api } from '@/lib/api-client';

/** PATCH a module of a course (SPEC §7); the course dialog runs it within its save and refreshes once at the end. */
export const updateModulo = (cursoId: string, moduloId: string, input: ModuloUpdateInput) =>
  api.patch<Modulo>(`/api/cursos/${cursoId}/modulos/${moduloId}`, input);
