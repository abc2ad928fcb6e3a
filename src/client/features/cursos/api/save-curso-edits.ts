import type { CursoUpdateBody, ModuloInput } from '@shared/schemas/curso';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { createModulo } from './create-modulo';
import { CURSOS_QUERY_KEY } from './get-cursos';
import { updateCurso } from './update-curso';
import { updateModulo } from './update-modulo';

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

const CURSOS_AND_METRICS = { keys: [CURSOS_QUERY_KEY], metrics: true };

/** The list is read again even after a failure part-way: what was saved shows. */
export const useSaveCursoEdits = (config: MutationConfig<typeof saveCursoEdits> = {}) =>
  useApiMutation(saveCursoEdits, { invalidates: CURSOS_AND_METRICS, invalidatesOnError: CURSOS_AND_METRICS }, config);
