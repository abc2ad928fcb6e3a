import { z } from 'zod';
import { isValidCnpj, isValidCpf, stripIdMask } from '../brazil-ids';
import { onlyDigits } from '../format';

/**
 * Field rules shared by every form and route that takes them, with SPEC §5's messages. Masked input is
 * accepted and the output is stored without mask characters (DESIGN §4.6).
 */

export const FIELD_MESSAGES = {
  razaoSocial: 'Razão social é obrigatória',
  nomeFantasia: 'Nome fantasia é obrigatório',
  repLegal: 'Representante legal é obrigatório',
  cnpjMin: 'CNPJ deve ter pelo menos 14 caracteres',
  cnpjInvalid: 'CNPJ inválido',
  cpfMin: 'CPF deve ter pelo menos 11 caracteres',
  cpfInvalid: 'CPF inválido',
  dataNascimento: 'Data de nascimento é obrigatória',
  dataInvalida: 'Data inválida',
  telefone: 'Telefone é obrigatório',
  telefoneInvalid: 'Telefone inválido',
  endereco: 'Endereço é obrigatório',
  cepLength: 'CEP deve ter 8 dígitos',
  cepInvalid: 'CEP inválido',
  cidade: 'Cidade é obrigatória',
  estado: 'Estado deve ter 2 caracteres',
  email: 'Email inválido',
  password: 'Senha deve ter pelo menos 6 caracteres',
  nome: 'Nome é obrigatório',
  tooLong: 'Texto longo demais',
} as const;

export const PASSWORD_MESSAGES = {
  /** The server refuses the most common passwords (a list too big for the browser). */
  tooCommon: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
  /** 'Enviar convite' and a typed password at once. */
  inviteWithPassword: 'Com o convite, a própria pessoa define a senha: deixe a senha em branco.',
  invite: 'Informe se o convite deve ser enviado (sim ou não)',
} as const;

export const TEXT_MESSAGES = {
  /** A NUL character: PostgreSQL cannot store it, and no keyboard types it. */
  invalidCharacters: 'Texto com caracteres inválidos',
} as const;

const hasNoNul = (value: string) => !value.includes('\u0000');

/** A required text, trimmed, with SPEC's message when empty. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, FIELD_MESSAGES.tooLong)
    .refine(hasNoNul, TEXT_MESSAGES.invalidCharacters);

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, FIELD_MESSAGES.tooLong)
    .refine(hasNoNul, TEXT_MESSAGES.invalidCharacters)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * A text of a PATCH body: left out, it stays `undefined` (the record keeps its value); sent empty or null, it is
 * `null` (cleared). `optionalText` reads both as null, which would clear what a partial update never named.
 */
export const patchText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, FIELD_MESSAGES.tooLong)
    .refine(hasNoNul, TEXT_MESSAGES.invalidCharacters)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

export const cnpjField = z
  .string({ error: FIELD_MESSAGES.cnpjMin })
  .trim()
  .min(14, FIELD_MESSAGES.cnpjMin)
  .max(18, FIELD_MESSAGES.cnpjInvalid)
  .transform(stripIdMask)
  .refine(isValidCnpj, FIELD_MESSAGES.cnpjInvalid);

export const cpfField = z
  .string({ error: FIELD_MESSAGES.cpfMin })
  .trim()
  .min(11, FIELD_MESSAGES.cpfMin)
  .max(14, FIELD_MESSAGES.cpfInvalid)
  .transform(stripIdMask)
  .refine(isValidCpf, FIELD_MESSAGES.cpfInvalid);

/** 'YYYY-MM-DD', a real calendar day; never turned into a Date (no time-zone shift). */
export const dateOnlyField = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, FIELD_MESSAGES.dataInvalida)
    .refine((value) => {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return y >= 1900 && y <= 2200 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }, FIELD_MESSAGES.dataInvalida);

/** Brazilian phone with area code: 10 or 11 digits once the mask is gone. */
export const telefoneField = z
  .string({ error: FIELD_MESSAGES.telefone })
  .trim()
  .min(1, FIELD_MESSAGES.telefone)
  .max(20, FIELD_MESSAGES.telefoneInvalid)
  .transform(onlyDigits)
  .refine((v) => v.length >= 10 && v.length <= 11, FIELD_MESSAGES.telefoneInvalid);

/** SPEC §5: 8 to 9 characters as typed (00000-000), 8 digits stored. */
export const cepField = z
  .string({ error: FIELD_MESSAGES.cepLength })
  .trim()
  .min(8, FIELD_MESSAGES.cepLength)
  .max(9, FIELD_MESSAGES.cepInvalid)
  .refine((v) => /^\d{5}-?\d{3}$/.test(v), FIELD_MESSAGES.cepInvalid)
  .transform(onlyDigits);

export const estadoField = z
  .string({ error: FIELD_MESSAGES.estado })
  .trim()
  .length(2, FIELD_MESSAGES.estado)
  .transform((v) => v.toUpperCase());

export const emailField = z
  .string({ error: FIELD_MESSAGES.email })
  .trim()
  .max(254, FIELD_MESSAGES.email)
  .pipe(z.email(FIELD_MESSAGES.email))
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string({ error: FIELD_MESSAGES.password })
  .min(6, FIELD_MESSAGES.password)
  .max(1024, FIELD_MESSAGES.tooLong);

/**
 * A new account's first password (franquia, micro-franquia, cliente, vendedor): typed by whoever creates it
 * (SPEC §5), or none with `enviarConvite: true`: the person gets a set-password link by e-mail, as an aluno does,
 * so nobody else ever knows it (issue 14, finding 1). Used with `requirePasswordOrInvite`.
 */
export const passwordOrInviteFields = {
  // A form's empty password box is no password: with the invite that is the point, without it the SPEC message.
  password: z.preprocess((v) => (v === '' ? undefined : v), passwordField.optional()),
  enviarConvite: z.boolean({ error: PASSWORD_MESSAGES.invite }).optional(),
};

type PasswordOrInvite = { password?: string; enviarConvite?: boolean };
const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/** Exactly one of the two: a password (its SPEC message when missing), or the invite without one. */
export function requirePasswordOrInvite<T extends z.ZodType<PasswordOrInvite>>(schema: T): T {
  return schema
    .refine((v) => v.enviarConvite === true || v.password !== undefined, {
      path: ['password'],
      message: FIELD_MESSAGES.password,
      when: isObject,
    })
    .refine((v) => v.enviarConvite !== true || v.password === undefined, {
      path: ['password'],
      message: PASSWORD_MESSAGES.inviteWithPassword,
      when: isObject,
    });
}

/** `String.prototype.toWellFormed` (ES2024), written out for ES2023. */
export function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * An instant in an answer (ADR 018): a Date on the server, its ISO text on the wire and in the browser -- what
 * `JSON.stringify` wrote for it before the answer had a schema. Views type the wire with `z.input`.
 */
export const instante = z.codec(z.string(), z.date(), {
  decode: (texto) => new Date(texto),
  encode: (data) => data.toISOString(),
});
