import { z } from 'zod';
import { ROLES } from '../roles';
import { AUTH_MESSAGES } from './auth-messages';

// The texts live in a module without zod, so the sign-in page can show them before the rules have loaded.
export { AUTH_MESSAGES };

export const PASSWORD_MIN_LENGTH = 6;

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

export const loginSchema = z.object({
  email,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });

/** POST /api/user/email: the owner's own login e-mail change, confirmed by its current password. */
export const emailChangeSchema = z.object({
  email,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(1024),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

export const emailChangeConfirmSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.emailChangeLinkInvalid }).min(1).max(200),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(1024, 'A senha deve ter no máximo 1024 caracteres.');

export const resetPasswordSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.resetTokenInvalid }).min(1, AUTH_MESSAGES.resetTokenInvalid).max(512),
  newPassword,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** GET /api/auth/reset-password/estado?token= (issue 23): the screen tells a dead link on opening. */
export const resetLinkQuerySchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.resetTokenInvalid }).min(1, AUTH_MESSAGES.resetTokenInvalid).max(512),
});
export const resetLinkStateSchema = z.object({
  /** False once the link was used, expired, replaced by a newer one, or its account switched off. */
  valido: z.boolean(),
});
export type ResetLinkState = z.infer<typeof resetLinkStateSchema>;

/** The reset screen's form: the API body plus the confirmation the user types. */
export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The answers (ADR 018, issue 41): declared as each auth route's `response` and read by the client through the
// types inferred here. A field is on the wire only when named below. The sign-in page imports these types with
// `import type`, which loads no zod.
// ---------------------------------------------------------------------------------------------------------------

/** `{ message }`: the answer of the writes that only confirm (logout, reset, e-mail change...). */
export const authMensagemSchema = z.object({ message: z.string() });
export type AuthMensagem = z.infer<typeof authMensagemSchema>;

/** What GET /api/user and POST /api/login answer. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  nome: z.string().nullable(),
  role: z.enum(ROLES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * GET /api/dashboard/metrics (its response schema, ADR 018): only the counts the caller's role sees are present
 * (SPEC §3), in this order.
 */
export const dashboardMetricsSchema = z.object({
  totalFranquias: z.number().optional(),
  totalMicroFranquias: z.number().optional(),
  totalClientes: z.number().optional(),
  totalCursos: z.number().optional(),
  totalEventos: z.number().optional(),
  totalInteresses: z.number().optional(),
  totalLeads: z.number().optional(),
  totalPreMatriculas: z.number().optional(),
  totalMatriculas: z.number().optional(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;
