import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages';
import { chavePixField } from './chave-pix';
import { FIELD_MESSAGES, passwordField, requiredText, telefoneField } from './fields';

/**
 * Minha conta (issue 17): a signed-in person's own name and phone, password, and the sessions open in their name.
 * Every role has it; nobody reaches another person's account through it.
 */

export const CONTA_MESSAGES = {
  senhaAtualObrigatoria: 'Informe a senha atual',
  senhaAtualIncorreta: 'Senha atual incorreta',
  senhaIgual: 'A nova senha deve ser diferente da atual',
  senhaAlterada: 'Senha alterada. As outras sessões foram encerradas.',
  sessaoNaoEncontrada: 'Sessão não encontrada',
  sessaoEncerrada: 'Sessão encerrada',
  outrasEncerradas: 'As outras sessões foram encerradas',
  perfilAtualizado: 'Dados atualizados',
  nadaAlterar: 'Informe o que alterar',
} as const;

export const perfilSchema = z
  .object({
    nome: requiredText(FIELD_MESSAGES.nome, 120).optional(),
    telefone: telefoneField.nullable().optional(),
    /** Issue 44 (ADR 082): where the person's commissions are paid ('' or null clears it). */
    chavePix: chavePixField.optional(),
  })
  .refine((v) => v.nome !== undefined || v.telefone !== undefined || v.chavePix !== undefined, {
    message: CONTA_MESSAGES.nadaAlterar,
  });
export type PerfilInput = z.infer<typeof perfilSchema>;

/** GET and PATCH /api/user/perfil (their response schema, ADR 018). */
export const perfilViewSchema = z.object({
  email: z.string(),
  nome: z.string().nullable(),
  telefone: z.string().nullable(),
  chavePix: z.string().nullable(),
});
export type Perfil = z.infer<typeof perfilViewSchema>;

/** POST /api/user/senha: the current password, and a new one under the reset's rules. */
export const alterarSenhaSchema = z
  .object({
    senhaAtual: z
      .string({ error: CONTA_MESSAGES.senhaAtualObrigatoria })
      .min(1, CONTA_MESSAGES.senhaAtualObrigatoria)
      .max(1024, FIELD_MESSAGES.tooLong),
    novaSenha: passwordField,
  })
  .refine((v) => v.senhaAtual !== v.novaSenha, { message: CONTA_MESSAGES.senhaIgual, path: ['novaSenha'] });
export type AlterarSenhaInput = z.infer<typeof alterarSenhaSchema>;

/** The form: the API body plus the confirmation the person types. */
export const alterarSenhaFormSchema = z
  .object({
    senhaAtual: z.string().min(1, CONTA_MESSAGES.senhaAtualObrigatoria),
    novaSenha: passwordField,
    confirmacao: z.string(),
  })
  .refine((v) => v.novaSenha === v.confirmacao, { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmacao'] })
  .refine((v) => v.senhaAtual !== v.novaSenha, { message: CONTA_MESSAGES.senhaIgual, path: ['novaSenha'] });
export type AlterarSenhaFormInput = z.infer<typeof alterarSenhaFormSchema>;

/** GET /api/user/sessoes: newest use first; `id` names the session without being its secret. Dates: ISO strings. */
export const sessaoSchema = z.object({
  id: z.string(),
  criadaEm: z.string(),
  ultimoUsoEm: z.string(),
  ip: z.string().nullable(),
  /** e.g. 'Chrome no Android', from the User-Agent. */
  dispositivo: z.string(),
  atual: z.boolean(),
});
export type Sessao = z.infer<typeof sessaoSchema>;

/** `{ message }`: the answer of the writes that only confirm (password, sessions ended). */
export const contaMensagemSchema = z.object({ message: z.string() });

export const sessaoIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, CONTA_MESSAGES.sessaoNaoEncontrada),
});

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome no Android', 'Safari no iPhone', 'Firefox no Windows'; 'Dispositivo desconhecido' without a clue. */
export function dispositivoDe(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} no ${system}`;
  if (browser) return browser;
  if (system) return `Navegador no ${system}`;
  return 'Dispositivo desconhecido';
}
