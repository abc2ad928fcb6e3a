import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { whatsappCustosSchema, whatsappModeloSchema } from '@shared/schemas/whatsapp-cloud';
import type { CustosFormValues } from './custos-form-values';
import { custosPayload } from './custos-form-values';
import { type ModeloFormValues, modeloPayload } from './modelo-form-values';

/**
 * The WhatsApp forms' rules (issue 47), loaded apart from the screen (lazyResolver): the shared schemas over the
 * payloads the values make, each message under the field its path names. A rule of the whole list of variables
 * (the body's sequence, one header variable) goes under the list.
 */
function errorsOf<V extends FieldValues>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<V> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path.length === 0) continue;
    // A list's own rule: its 'root' (react-hook-form's place for it), beside the rows' messages.
    if (path.length === 1 && path[0] === 'variaveis') path.push('root');
    let node = errors;
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] ??= { type: 'validate', message: issue.message };
  }
  return errors as FieldErrors<V>;
}

export const modeloResolver: Resolver<ModeloFormValues> = async (values) => {
  const result = await whatsappModeloSchema.safeParseAsync(modeloPayload(values));
  return result.success
    ? { values, errors: {} }
    : { values: {}, errors: errorsOf<ModeloFormValues>(result.error.issues) };
};

export const custosResolver: Resolver<CustosFormValues> = async (values) => {
  const result = await whatsappCustosSchema.safeParseAsync(custosPayload(values));
  return result.success
    ? { values, errors: {} }
    : { values: {}, errors: errorsOf<CustosFormValues>(result.error.issues) };
};
