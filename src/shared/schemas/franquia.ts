import { z } from 'zod';
import {
  cepField,
  cnpjField,
  cpfField,
  dateOnlyField,
  emailField,
  estadoField,
  FIELD_MESSAGES,
  passwordField,
  requiredText,
  telefoneField,
} from './fields';
import { listQuerySchema, statusFilterSchema } from './list-query';
import { INVALID_BODY } from './zod-errors';
import { editOrStatusSchema } from './usuario';

/** SPEC §5 'Franchise and micro-franchise': the same fields and messages for both (micro-franquia.ts reuses them). */
export const empresaFields = {
  razaoSocial: requiredText(FIELD_MESSAGES.razaoSocial),
  cnpj: cnpjField,
  repLegal: requiredText(FIELD_MESSAGES.repLegal),
  cpf: cpfField,
  dataNascimento: dateOnlyField(FIELD_MESSAGES.dataNascimento),
  telefone: telefoneField,
  endereco: requiredText(FIELD_MESSAGES.endereco, 300),
  cep: cepField,
  cidade: requiredText(FIELD_MESSAGES.cidade, 120),
  estado: estadoField,
  email: emailField,
};


export const franquiaUpdateSchema = z.object(empresaFields, { error: INVALID_BODY });
export const franquiaCreateSchema = z.object({ ...empresaFields, password: passwordField }, { error: INVALID_BODY });
/** PATCH /api/franquias/:id: the edit payload, or only isActive. */
export const franquiaPatchSchema = editOrStatusSchema(franquiaUpdateSchema);

export type FranquiaCreateInput = z.input<typeof franquiaCreateSchema>;
export type FranquiaCreate = z.output<typeof franquiaCreateSchema>;
export type FranquiaUpdate = z.output<typeof franquiaUpdateSchema>;

export const franquiasQuerySchema = listQuerySchema.extend({ status: statusFilterSchema });
export type FranquiasQueryInput = z.input<typeof franquiasQuerySchema>;

/** The user behind a franquia or micro-franquia, as the lists nest it (SPEC §3). */
export interface EmpresaUserView {
  email: string;
  nome: string | null;
  cpf: string | null;
  dataNascimento: string | null;
  telefone: string | null;
  endereco: string | null;
}

/** GET /api/franquias row (SPEC §3 'Franchise (list view)'). */
export interface FranquiaView {
  id: string;
  razaoSocial: string;
  cnpj: string;
  repLegal: string;
  cep: string | null;
  cidade: string | null;
  estado: string | null;
  isActive: boolean;
  createdAt: string;
  user: EmpresaUserView;
}
