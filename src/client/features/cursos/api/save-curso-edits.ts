import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CursoUpdateBody, ModuloInput } from '@shared/schemas/curso';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { CURSOS_QUERY_KEY } from './get-cursos';
import { updateCurso } from './update-curso';
import { createModulo, updateModulo } from './save-modulo';

export interface CursoEdits {
  id: string;
  data: CursoUpdateBody;
  /** In their new order; a saved module carries its moduloId. */
  modulos: (ModuloInput & { moduloId?: string })[];
}

/** Which call of the edit failed, so the toast can say so (SPEC §8 fallbacks). */
export class CursoSaveError extends Error {
  constructor(
    readonly step: 'curso' | 'update-module' | 'create-module',
    /** The API or network error the call failed with. */
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'CursoSaveError';
  }
}

async function step<T>(name: CursoSaveError['step'], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new CursoSaveError(name, error);
  }
}

/** PATCH the course, then each module with ordem = its position, creating the new ones (SPEC §7). */
export async function saveCursoEdits({ id, data, modulos }: CursoEdits): Promise<void> {
  await step('curso', () => updateCurso({ id, data }));
  for (const [index, { moduloId, ...fields }] of modulos.entries()) {
    const ordem = index + 1;
    if (moduloId) await step('update-module', () => updateModulo(id, moduloId, { ...fields, ordem }));
    else await step('create-module', () => createModulo(id, { ...fields, ordem }));
  }
}

export function useSaveCursoEdits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCursoEdits,
    // Read the list again even after a failure part-way: what was saved shows.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CURSOS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
      ]),
  });
}
