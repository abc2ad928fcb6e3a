import { z } from 'zod';
import {
  ACEITE_MESSAGES,
  CODIGO_ACEITE,
  CODIGO_VERIFICACAO_CONTRATO,
  CONTRATO_EVENTO_TIPOS,
  CPF_INICIO,
} from '../contrato/aceite';
import { MATRICULA_STATUSES, MOTIVOS_CANCELAMENTO } from './matricula';
import { DIAS_VENCIMENTO } from '../cobranca/parcelas';

/**
 * The family's acceptance of its contract (issue 42, third slice; ADR 066): the public page's API by the link's
 * token, the verification of an accepted contract's code, and what the staff's record adds. The messages live in
 * src/shared/contrato/aceite.ts (no zod), which the public page reads first.
 */

export { ACEITE_MESSAGES };

/** The link's token: 32 random bytes, base64url (43 characters). Anything else is a link that does not exist. */
export const contratoTokenParamsSchema = z.object({
  token: z.string().min(1).max(100),
});

/** Accept or withdraw (POST .../aceitar, .../desistir): the e-mailed code and the first 3 digits of the CPF. */
export const confirmacaoContratoSchema = z
  .object({
    codigo: z.string({ error: ACEITE_MESSAGES.codigo }).trim().regex(CODIGO_ACEITE, ACEITE_MESSAGES.codigo),
    cpfInicio: z.string({ error: ACEITE_MESSAGES.cpfInicio }).trim().regex(CPF_INICIO, ACEITE_MESSAGES.cpfInicio),
  })
  .strict();
export type ConfirmacaoContrato = z.input<typeof confirmacaoContratoSchema>;

/**
 * Accept (POST .../aceitar): the confirmation, and the day of the month the family chose for its parcelas (issue
 * 43): 5, 10, 15, 20 or 25; without it, DIA_VENCIMENTO_PADRAO.
 */
export const aceiteContratoSchema = confirmacaoContratoSchema
  .extend({
    diaVencimento: z
      .number({ error: ACEITE_MESSAGES.diaVencimento })
      .int(ACEITE_MESSAGES.diaVencimento)
      .refine((dia) => (DIAS_VENCIMENTO as readonly number[]).includes(dia), ACEITE_MESSAGES.diaVencimento)
      .optional(),
  })
  .strict();
export type AceiteContrato = z.input<typeof aceiteContratoSchema>;

/** The contract as the family's page shows it: the frozen text and price, where it stands, no id of anything. */
export const contratoPublicoSchema = z.object({
  titulo: z.string(),
  versao: z.number(),
  /** The filled template with the required blocks, in Markdown (the safe subset). */
  texto: z.string(),
  valorTotal: z.number(),
  parcelas: z.number(),
  valorParcela: z.number(),
  valorUltimaParcela: z.number(),
  multaCancelamentoPct: z.number(),
  status: z.enum(MATRICULA_STATUSES),
  motivoCancelamento: z.enum(MOTIVOS_CANCELAMENTO).nullable(),
  aceitoEm: z.string().nullable(),
  /** The last day to withdraw (YYYY-MM-DD, São Paulo), once accepted. */
  desistirAte: z.string().nullable(),
  /** Whether 'Desistir da matrícula' is open now. */
  podeDesistir: z.boolean(),
  /** The code printed on the PDF, once accepted. */
  codigoVerificacao: z.string().nullable(),
  /** Where the code goes, masked (c***@gmail.com). */
  emailMascarado: z.string(),
});
export type ContratoPublico = z.infer<typeof contratoPublicoSchema>;

export const contratoMensagemSchema = z.object({ message: z.string() });
export type ContratoMensagem = z.infer<typeof contratoMensagemSchema>;

/** Accept or withdraw: the message to show and the contract as it now stands. */
export const contratoConfirmadoSchema = z.object({ message: z.string(), contrato: contratoPublicoSchema });
export type ContratoConfirmado = z.infer<typeof contratoConfirmadoSchema>;

export const verificacaoContratoParamsSchema = z.object({
  codigo: z
    .string({ error: ACEITE_MESSAGES.verificacaoCodigo })
    .trim()
    .regex(CODIGO_VERIFICACAO_CONTRATO, ACEITE_MESSAGES.verificacaoCodigo)
    .transform((v) => v.toUpperCase()),
});

/** What an accepted contract's verification shows anyone holding its code: nothing personal beyond initials. */
export const contratoVerificadoSchema = z.object({
  codigo: z.string(),
  /** Accepted and neither withdrawn nor cancelled. */
  valido: z.boolean(),
  status: z.enum(MATRICULA_STATUSES),
  versao: z.number(),
  titulo: z.string(),
  aceitoEm: z.string(),
  aluno: z.string(),
  responsavel: z.string(),
});
export type ContratoVerificado = z.infer<typeof contratoVerificadoSchema>;

/** One event of a contract's timeline, for the staff. */
export const contratoEventoSchema = z.object({
  tipo: z.enum(CONTRATO_EVENTO_TIPOS),
  em: z.string(),
});
export type ContratoEvento = z.infer<typeof contratoEventoSchema>;

/** What GET /api/matriculas/:id/contrato adds to the frozen contract (ADR 066): the acceptance and the timeline. */
export const contratoAceiteStaffSchema = z.object({
  aceitoEm: z.string().nullable(),
  canalCodigo: z.string().nullable(),
  pdfSha256: z.string().nullable(),
  codigoVerificacao: z.string().nullable(),
  linkExpiraEm: z.string().nullable(),
  desistirAte: z.string().nullable(),
  motivoCancelamento: z.enum(MOTIVOS_CANCELAMENTO).nullable(),
  eventos: z.array(contratoEventoSchema),
});
