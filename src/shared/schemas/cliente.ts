import { z } from 'zod';
import { KITS, type Kit, PRODUTOS, type Produto } from '../enums';
import {
  cepField,
  cnpjField,
  cpfField,
  emailField,
  estadoField,
  FIELD_MESSAGES,
  passwordOrInviteFields,
  requirePasswordOrInvite,
  requiredText,
  telefoneField,
} from './fields';
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

export const CLIENTE_MESSAGES = {
  produto: 'Produto é obrigatório',
  kit: 'Kit é obrigatório',
} as const;

/** SPEC §5 'Cliente create'; defaults produto todos_pela_educacao and kit essencial. */
export const CLIENTE_DEFAULTS = { produto: 'todos_pela_educacao', kit: 'essencial' } as const satisfies {
  produto: Produto;
  kit: Kit;
};

const clienteFields = {
  nomeFantasia: requiredText(FIELD_MESSAGES.nomeFantasia),
  cnpj: cnpjField,
  repLegal: requiredText(FIELD_MESSAGES.repLegal),
  produto: z.enum(PRODUTOS, { error: CLIENTE_MESSAGES.produto }),
  kit: z.enum(KITS, { error: CLIENTE_MESSAGES.kit }),
  cpf: cpfField,
  telefone: telefoneField,
  endereco: requiredText(FIELD_MESSAGES.endereco, 300),
  cep: cepField,
  cidade: requiredText(FIELD_MESSAGES.cidade, 120),
  estado: estadoField,
  email: emailField,
};

export const clienteUpdateSchema = z.object(clienteFields, { error: INVALID_BODY });
export const clienteCreateSchema = requirePasswordOrInvite(
  z.object({ ...clienteFields, ...passwordOrInviteFields }, { error: INVALID_BODY }),
);
export const clientePatchSchema = editOrStatusSchema(clienteUpdateSchema);

export type ClienteCreateInput = z.input<typeof clienteCreateSchema>;
export type ClienteCreate = z.output<typeof clienteCreateSchema>;
export type ClienteUpdate = z.output<typeof clienteUpdateSchema>;

/** GET /api/clientes: the list conventions, the status, the sort, and the page by number or by cursor (issue 46). */
export const clientesQuerySchema = listQuerySchema
  // Issue 46: a search too short to answer answers with the hint, as every list's.
  .extend({ q: indexedSearchSchema, status: statusFilterSchema, sort: networkSortSchema, ...cursorShape })
  .superRefine(checkCursor(networkKeyset('clientes')));
export type ClientesQueryInput = z.input<typeof clientesQuerySchema>;

/** GET /api/clientes row (SPEC §3). The Eventos form reads `id` and `nomeFantasia`. */
export const clienteViewSchema = z.object({
  id: z.string(),
  microFranquiaId: z.string(),
  vendedorId: z.string().nullable(),
  nomeFantasia: z.string(),
  cnpj: z.string(),
  repLegal: z.string(),
  produto: z.enum(PRODUTOS),
  kit: z.enum(KITS),
  cep: z.string().nullable(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  microFranquia: z.object({ razaoSocial: z.string() }),
  user: z.object({
    email: z.string(),
    cpf: z.string().nullable(),
    telefone: z.string().nullable(),
    endereco: z.string().nullable(),
  }),
});
export type ClienteView = z.infer<typeof clienteViewSchema>;
