import { z } from 'zod';
import { empresaFields, empresaViewFields } from './franquia';
import { passwordOrInviteFields, requirePasswordOrInvite } from './fields';
import {
  indexedSearchSchema,
  listQuerySchema,
  networkKeyset,
  networkSortSchema,
  statusFilterSchema,
} from './list-query';
import { checkCursor, cursorShape } from './list-cursor';
import { INVALID_BODY } from './zod-errors';
import { editOrStatusSchema } from './usuario';

/** SPEC §5: a micro-franquia takes exactly the franquia's fields and messages. */

export const microFranquiaUpdateSchema = z.object(empresaFields, { error: INVALID_BODY });
export const microFranquiaCreateSchema = requirePasswordOrInvite(
  z.object({ ...empresaFields, ...passwordOrInviteFields }, { error: INVALID_BODY }),
);
export const microFranquiaPatchSchema = editOrStatusSchema(microFranquiaUpdateSchema);

export type MicroFranquiaCreateInput = z.input<typeof microFranquiaCreateSchema>;
export type MicroFranquiaCreate = z.output<typeof microFranquiaCreateSchema>;
export type MicroFranquiaUpdate = z.output<typeof microFranquiaUpdateSchema>;

/** GET /api/micro-franquias: the list conventions, the status, the sort, and the page by number or by cursor (issue 46). */
export const microFranquiasQuerySchema = listQuerySchema
  // Issue 46: a search too short to answer answers with the hint, as every list's.
  .extend({ q: indexedSearchSchema, status: statusFilterSchema, sort: networkSortSchema, ...cursorShape })
  .superRefine(checkCursor(networkKeyset('microFranquias')));
export type MicroFranquiasQueryInput = z.input<typeof microFranquiasQuerySchema>;

/** GET /api/micro-franquias row (SPEC §3): the route's response schema. */
export const microFranquiaViewSchema = z.object({
  ...empresaViewFields,
  franquiaId: z.string(),
  franquia: z.object({ razaoSocial: z.string() }),
});
export type MicroFranquiaView = z.infer<typeof microFranquiaViewSchema>;
