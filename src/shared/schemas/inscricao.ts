import { z } from 'zod';
import { INSCRICAO_MESSAGES, normalizarCodigo, VOUCHER_CODIGO_ALFABETO } from './inscricao-messages';

/**
 * An event's seats, sign-up deadline, voucher and check-in (issue 20, ADR 025): the rules the server and the
 * screens share.
 */
export { INSCRICAO_MESSAGES };

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A voucher token as e-mailed: 32 random bytes, base64url (43 characters). */
export const voucherTokenField = z
  .string({ error: INSCRICAO_MESSAGES.voucherNaoEncontrado })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, INSCRICAO_MESSAGES.voucherNaoEncontrado);

/** GET /api/public/voucher/:token, POST /api/public/voucher/:token/cancelar */
export const voucherParamsSchema = z.object({ token: voucherTokenField });

const CODIGO = new RegExp(`^[${VOUCHER_CODIGO_ALFABETO}]{6}$`);

/** The voucher's short code as typed (issue 51): any case, spaces and a hyphen allowed; answered upper case. */
export const voucherCodigoField = z
  .string({ error: INSCRICAO_MESSAGES.codigoInvalido })
  .max(20, INSCRICAO_MESSAGES.codigoInvalido)
  .transform(normalizarCodigo)
  .pipe(z.string().regex(CODIGO, INSCRICAO_MESSAGES.codigoInvalido));

/**
 * POST /api/eventos/:id/presencas: the voucher's token (the QR code), its short code (typed, issue 51) or the lead
 * (the name search) -- one of them.
 */
export const presencaSchema = z
  .object({
    token: voucherTokenField.optional(),
    codigo: voucherCodigoField.optional(),
    leadId: z.uuid(INSCRICAO_MESSAGES.inscricaoNaoEncontrada).optional(),
  })
  .refine((v) => [v.token, v.codigo, v.leadId].filter(Boolean).length === 1, {
    message: INSCRICAO_MESSAGES.presencaCorpo,
  });
export type PresencaInput = z.infer<typeof presencaSchema>;

export const SIM_NAO = ['sim', 'nao'] as const;

/** The staff lead lists' filters of issue 20: waiting list and attendance. */
export const leadInscricaoFilterShape = {
  listaEspera: z.preprocess(
    emptyToUndefined,
    z.enum(SIM_NAO, { error: 'Filtro de lista de espera inválido' }).optional(),
  ),
  presenca: z.preprocess(emptyToUndefined, z.enum(SIM_NAO, { error: 'Filtro de presença inválido' }).optional()),
};
export interface LeadInscricaoFilter {
  listaEspera?: (typeof SIM_NAO)[number];
  presenca?: (typeof SIM_NAO)[number];
}

/** GET /api/eventos/:id/inscritos?q= : the check-in's name search. */
export const inscritosQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});

/*
 * The answers below are the routes' response schemas (ADR 018), in the order the server builds each; a field is
 * on the wire only when named here. Instants travel as ISO text.
 */

/** One family as the check-in screen lists it: nothing but what the door needs (GET /api/eventos/:id/inscritos). */
export const inscritoSchema = z.object({
  id: z.string(),
  nomeAluno: z.string(),
  nomeResponsavel: z.string(),
  listaEspera: z.boolean(),
  presenteEm: z.string().nullable(),
});
export type Inscrito = z.infer<typeof inscritoSchema>;
export const inscritosSchema = z.array(inscritoSchema);

/** What POST /api/eventos/:id/presencas answers: 201 the first time, 200 'Presença já registrada' after. */
export const presencaAnswerSchema = z.object({
  message: z.string(),
  /** The lead's id (as leadId). */
  id: z.string(),
  leadId: z.string(),
  nomeAluno: z.string(),
  presenteEm: z.string(),
  presentes: z.number(),
  inscritos: z.number(),
  /**
   * Again at the door (200): the first name of who registered the presence, so the staff can say 'Já registrada
   * às 19:32 por Ana'; null when the trail no longer says (purged), absent on the first check-in.
   */
  registradaPor: z.string().nullable().optional(),
});
export type PresencaAnswer = z.infer<typeof presencaAnswerSchema>;

/** The public voucher page: the student's first name and the event, nothing else personal. */
export const voucherViewSchema = z.object({
  primeiroNome: z.string(),
  listaEspera: z.boolean(),
  cancelado: z.boolean(),
  presente: z.boolean(),
  /** The voucher's short code (issue 51), shown under the QR code; the door takes it typed. */
  codigo: z.string(),
  evento: z.object({
    nomeEscola: z.string(),
    dataEvento: z.string(),
    horario: z.string(),
    local: z.string(),
    /** The street address (issue 51); null where the event has none (logradouro null: no address, no map link). */
    logradouro: z.string().nullable(),
    numero: z.string().nullable(),
    complemento: z.string().nullable(),
    bairro: z.string().nullable(),
    /** The 8 digits, or null. */
    cep: z.string().nullable(),
    cidade: z.string(),
    estado: z.string(),
  }),
});
export type VoucherView = z.infer<typeof voucherViewSchema>;

/** POST /api/public/voucher/:token/cancelar: the family gave the seat up. */
export const voucherMensagemSchema = z.object({ message: z.string() });

/** The student's first name: all the voucher shows of the family. */
export function primeiroNome(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? '';
}
