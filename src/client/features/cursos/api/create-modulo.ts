import type { Modulo, ModuloCreateInput } from '@shared/schemas/curso';
import { api } from '@/lib/api-client';

/** POST a module of a course (SPEC §7); the course dialog runs it within its save and refreshes once at the end. */
export const createModulo = (cursoId: string, input: ModuloCreateInput) =>
  api.post<Modulo>(`/api/cursos/${cursoId}/modulos`, input);
