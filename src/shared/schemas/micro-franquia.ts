import { z } from 'zod';
import { empresaFields, type EmpresaUserView } from './franquia';
import { passwordField } from './fields';
import { listQuerySchema, statusFilterSchema } from './list-query';
import { INVALID_BODY } from './zod-errors';
import { editOrStatusSchema } from './usuario';

/** SPEC §5: a micro-franquia takes exactly the franquia's fields and messages. */

export const microFranquiaUpdateSchema = z.object(empresaFields, { error: INVALID_BODY });
export const microFranquiaCreateSchema = z.object(
  { ...empresaFields, password: passwordField },
  { error: INVALID_BODY },
);
export const microFranquiaPatchSchema = editOrStatusSchema(microFranquiaUpdateSchema);

export type MicroFranquiaCreateInput = z.input<typeof microFranquiaCreateSchema>;
export type MicroFranquiaCreate = z.output<typeof microFranquiaCreateSchema>;
export type MicroFranquiaUpdate = z.output<typeof microFranquiaUpdateSchema>;

export const microFranquiasQuerySchema = listQuerySchema.extend({ status: statusFilterSchema });
export type MicroFranquiasQueryInput = z.input<typeof microFranquiasQuerySchema>;

/** GET /api/micro-franquias row (SPEC §3). */
export interface MicroFranquiaView {
  id: string;
  franquiaId: string;
  razaoSocial: string;
  cnpj: string;
  repLegal: string;
  cep: string | null;
  cidade: string | null;
  estado: string | null;
  isActive: boolean;
  createdAt: string;
  franquia: { razaoSocial: string };
  user: EmpresaUserView;
}
