import { z } from 'zod';
import type { Role } from '../roles';
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
export interface ResetLinkState {
  /** False once the link was used, expired, replaced by a newer one, or its account switched off. */
  valido: boolean;
}

/** The reset screen's form: the API body plus the confirmation the user types. */
export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** What GET /api/user and POST /api/login answer. */
export interface SessionUser {
  id: string;
  email: string;
  nome: string | null;
  role: Role;
}

/** GET /api/dashboard/metrics: only the counts the caller's role sees are present (SPEC §3). */
export interface DashboardMetrics {
  totalFranquias?: number;
  totalMicroFranquias?: number;
  totalClientes?: number;
  totalCursos?: number;
  totalEventos?: number;
  totalInteresses?: number;
  totalLeads?: number;
  totalPreMatriculas?: number;
  totalMatriculas?: number;
}
