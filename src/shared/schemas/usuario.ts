import { z } from 'zod';
import { ROLES, type Role } from '../roles';
import { indexedSearchSchema, listQuerySchema, networkKeyset, networkSortSchema } from './list-query';
import { checkCursor, cursorShape } from './list-cursor';

/**
 * Usuários (DESIGN §4.3): the real users list and the activate/deactivate switch, plus the `{isActive}` body
 * every PATCH of the network (franquias, micro-franquias, clientes) also accepts instead of its edit payload.
 */

export const USUARIO_MESSAGES = {
  isActive: 'Informe o status (ativo ou inativo)',
  role: 'Perfil inválido',
  selfDeactivation: 'Você não pode desativar o seu próprio usuário',
  emailTaken: 'Email já cadastrado',
  cnpjTaken: 'CNPJ já cadastrado',
  emailChangeForbidden: 'O e-mail de acesso só pode ser alterado pelo próprio usuário ou pelo franqueador',
  /** Issue 50: a vendedor away is skipped by the distribution of new leads. */
  ausente: 'Informe se o vendedor está ausente (sim ou não)',
  ausenteSoVendedor: 'Só um vendedor pode ser marcado como ausente',
} as const;

export const statusSchema = z.object({ isActive: z.boolean({ error: USUARIO_MESSAGES.isActive }) });
export type StatusInput = z.infer<typeof statusSchema>;

/**
 * SPEC §7: a PATCH carries either the edit payload or only `isActive`. A body whose only key is isActive is
 * the status switch; anything else is checked as the edit payload, with its fields' own messages.
 */
export function editOrStatusSchema<T extends z.ZodType<object>>(edit: T) {
  return z.unknown().transform((value, ctx): z.output<T> | StatusInput => {
    const onlyStatus =
      typeof value === 'object' && value !== null && Object.keys(value).length === 1 && 'isActive' in value;
    const result = (onlyStatus ? statusSchema : edit).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
      return z.NEVER;
    }
    return result.data as z.output<T> | StatusInput;
  });
}

export function isStatusOnly(body: object): body is StatusInput {
  return Object.keys(body).length === 1 && 'isActive' in body;
}

/** Issue 50: a vendedor away (vacation, leave) or back -- skipped by the distribution of new leads while away. */
export const ausenteSchema = z.object({ ausente: z.boolean({ error: USUARIO_MESSAGES.ausente }) });
export type AusenteInput = z.infer<typeof ausenteSchema>;

/**
 * PATCH /api/usuarios/:id: the status switch `{isActive}`, or, for a vendedor, `{ausente}` alone (issue 50). A body
 * whose only key is `ausente` is the latter; anything else is checked as the status switch.
 */
export const usuarioPatchSchema = z.unknown().transform((value, ctx): StatusInput | AusenteInput => {
  const onlyAusente =
    typeof value === 'object' && value !== null && Object.keys(value).length === 1 && 'ausente' in value;
  const result = (onlyAusente ? ausenteSchema : statusSchema).safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
    return z.NEVER;
  }
  return result.data;
});
export type UsuarioPatch = z.infer<typeof usuarioPatchSchema>;

export function isAusenteOnly(body: object): body is AusenteInput {
  return Object.keys(body).length === 1 && 'ausente' in body;
}

/** SPEC §2: the role filter's options per role ('' is todos). */
export const USUARIO_ROLE_FILTERS: Partial<Record<Role, readonly Role[]>> = {
  franqueador: ROLES,
  micro_franquia: ['vendedor'],
};

/** GET /api/usuarios: the list conventions, the role, the sort, and the page by number or by cursor (issue 46). */
export const usuariosQuerySchema = listQuerySchema
  .extend({
    // Issue 46: a search too short for the trigram indexes answers with the hint, as the funnel lists'.
    q: indexedSearchSchema,
    role: z.enum(ROLES, { error: USUARIO_MESSAGES.role }).optional(),
    sort: networkSortSchema,
    ...cursorShape,
  })
  // An aluno's name is its network's first pré-matrícula's: none where its links are out of sight.
  .superRefine(checkCursor(networkKeyset('usuarios', { nomeOpcional: true })));
export type UsuariosQuery = z.infer<typeof usuariosQuerySchema>;

/** GET /api/usuarios row: the route's response schema. */
export const usuarioViewSchema = z.object({
  id: z.string(),
  nome: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Issue 50: a vendedor marked away (skipped by the distribution of new leads); false for the other roles. */
  ausente: z.boolean().optional(),
  /** Issue 50: a vendedor's record id (the leads' `responsavelId`); null for the other roles. */
  vendedorId: z.string().nullable().optional(),
});
export type UsuarioView = z.infer<typeof usuarioViewSchema>;
