import { z } from 'zod';
import {
  cepField,
  cnpjField,
  cpfField,
  dateOnlyField,
  emailField,
  estadoField,
  FIELD_MESSAGES,
  passwordOrInviteFields,
  requirePasswordOrInvite,
  requiredText,
  telefoneField,
} from './fields';
import { chavePixField } from './chave-pix';
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
  /**
   * ADR 088: where the unit's commissions are paid (its login's key, as 'Minha conta' sets it); absent keeps it,
   * '' or null clears it.
   */
  chavePix: chavePixField.nullish(),
};

export const franquiaUpdateSchema = z.object(empresaFields, { error: INVALID_BODY });
export const franquiaCreateSchema = requirePasswordOrInvite(
  z.object({ ...empresaFields, ...passwordOrInviteFields }, { error: INVALID_BODY }),
);
/** PATCH /api/franquias/:id: the edit payload, or only isActive. */
export const franquiaPatchSchema = editOrStatusSchema(franquiaUpdateSchema);

export type FranquiaCreateInput = z.input<typeof franquiaCreateSchema>;
export type FranquiaCreate = z.output<typeof franquiaCreateSchema>;
export type FranquiaUpdate = z.output<typeof franquiaUpdateSchema>;

/** GET /api/franquias: the list conventions, the status, the sort, and the page by number or by cursor (issue 46). */
export const franquiasQuerySchema = listQuerySchema
  // Issue 46: a search too short to answer answers with the hint, as every list's.
  .extend({ q: indexedSearchSchema, status: statusFilterSchema, sort: networkSortSchema, ...cursorShape })
  .superRefine(checkCursor(networkKeyset('franquias')));
export type FranquiasQueryInput = z.input<typeof franquiasQuerySchema>;

/** The user behind a franquia or micro-franquia, as the lists nest it (SPEC §3). */
export const empresaUserViewSchema = z.object({
  email: z.string(),
  nome: z.string().nullable(),
  cpf: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  telefone: z.string().nullable(),
  endereco: z.string().nullable(),
  /** ADR 088: the PIX key its commissions are paid to. */
  chavePix: z.string().nullable(),
});
export type EmpresaUserView = z.infer<typeof empresaUserViewSchema>;

/** The fields every company row answers (franquia, micro-franquia). */
export const empresaViewFields = {
  id: z.string(),
  razaoSocial: z.string(),
  cnpj: z.string(),
  repLegal: z.string(),
  cep: z.string().nullable(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  user: empresaUserViewSchema,
};

/**
 * GET /api/franquias row (SPEC §3 'Franchise (list view)'): the route's response schema, so a field not named
 * here never leaves the server.
 */
export const franquiaViewSchema = z.object(empresaViewFields);
export type FranquiaView = z.infer<typeof franquiaViewSchema>;
