import { z } from 'zod';
import { INVALID_BODY } from './zod-errors';
import {
  cpfField,
  dateOnlyField,
  emailField,
  FIELD_MESSAGES,
  passwordOrInviteFields,
  requirePasswordOrInvite,
  requiredText,
  telefoneField,
} from './fields';

/** SPEC §5 'New salesperson'. The client also sends role 'vendedor'; the server sets it itself. */
export const vendedorCreateSchema = requirePasswordOrInvite(
  z.object(
    {
      nome: requiredText(FIELD_MESSAGES.nome),
      cpf: cpfField,
      dataNascimento: dateOnlyField(FIELD_MESSAGES.dataNascimento),
      endereco: requiredText(FIELD_MESSAGES.endereco, 300),
      telefone: telefoneField,
      email: emailField,
      ...passwordOrInviteFields,
    },
    { error: INVALID_BODY },
  ),
);
export type VendedorCreateInput = z.input<typeof vendedorCreateSchema>;
export type VendedorCreate = z.output<typeof vendedorCreateSchema>;

/**
 * POST /api/vendedores answer (201; its response schema, ADR 018), keys in the order the repository builds them.
 * `userId` is part of this answer's contract today, so it is named; `createdAt` is an ISO moment.
 */
export const vendedorViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  microFranquiaId: z.string(),
  isActive: z.boolean(),
  nome: z.string().nullable(),
  email: z.string(),
  createdAt: z.string(),
});
export type VendedorView = z.infer<typeof vendedorViewSchema>;
