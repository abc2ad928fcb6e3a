import type { z } from 'zod';
import { titularPedidoSchema, titularSolicitarSchema } from '@shared/schemas/lgpd';
import { leadSchema, preMatriculaSchema } from '@shared/schemas/public';
import type { CheckResult, FieldErrors } from '../hooks/use-sign-up-form';

/** Checks with a shared schema (the server applies the same one): the first message of each field. */
function checkWith<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S) {
  return async (values: z.input<S>): Promise<CheckResult<z.input<S>, z.output<S>>> => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { ok: true, values: result.data };
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
    }
    return { ok: false, errors: errors as FieldErrors<z.input<S>> };
  };
}

/** The public forms' rules, loaded on demand (lazy-rules.ts): the credit pages' and the titular portal's (issue 18). */
export const checkLead = checkWith(leadSchema);
export const checkPreMatricula = checkWith(preMatriculaSchema);
export const checkTitularSolicitar = checkWith(titularSolicitarSchema);
export const checkTitularPedido = checkWith(titularPedidoSchema);
