import { z } from 'zod';
import { formatBRL, formatDateOnly } from '../format';
import { MATRICULA_STATUSES, MOTIVOS_CANCELAMENTO } from './matricula';
import { TEXT_MESSAGES, wellFormed } from './fields';

/**
 * Issue 42: the staff's cancellation of an accepted contract after the 7-day withdrawal term -- its fee preview
 * (GET /api/matriculas/:id/cancelamento) and the cancellation itself (POST /api/matriculas/:id/cancelar) -- with
 * the pt-BR refusals the route and the dialog share. The rules are in src/shared/contrato/cancelamento.ts.
 */

export const MOTIVO_MAX = 500;

export const CANCELAMENTO_MESSAGES = {
  matriculaNaoEncontrada: 'Matrícula não encontrada',
  motivo: 'Informe o motivo do cancelamento',
  motivoLongo: `O motivo pode ter no máximo ${MOTIVO_MAX} caracteres`,
  semContrato:
    'Esta matrícula não tem contrato aceito: o cancelamento com multa vale apenas para matrículas com contrato aceito pela família.',
  jaCancelada: 'Esta matrícula já está cancelada.',
  aguardandoAceite:
    'O contrato ainda não foi aceito pela família: não há o que cancelar. Sem aceite em 30 dias, a matrícula é cancelada automaticamente.',
  /** With the last day of the term (YYYY-MM-DD, Brasília). */
  noArrependimento: (ultimoDia: string) =>
    `A família ainda pode desistir sem multa até ${formatDateOnly(ultimoDia)} (direito de arrependimento, 7 dias após o aceite): a desistência é feita por ela, na página do contrato.`,
  /** The preview of a cancellable matrícula: the fee and what it is a percentage of. */
  cancelavel: (multa: number, pct: number, restante: number) =>
    `Multa de ${formatBRL(multa)}: ${pct}% do valor restante de ${formatBRL(restante)}.`,
  cancelada: 'Matrícula cancelada. A família vai receber por e-mail o extrato do cancelamento.',
} as const;

/** The matrícula of a cancellation route (:id). */
export const cancelamentoParamsSchema = z.object({ id: z.uuid(CANCELAMENTO_MESSAGES.matriculaNaoEncontrada) });

/** POST /api/matriculas/:id/cancelar: why the matrícula is cancelled, in the staff's words (kept in the audit). */
export const cancelarBodySchema = z
  .object({
    motivo: z
      .string({ error: CANCELAMENTO_MESSAGES.motivo })
      .transform(wellFormed)
      .pipe(
        z
          .string()
          .trim()
          .min(1, CANCELAMENTO_MESSAGES.motivo)
          .max(MOTIVO_MAX, CANCELAMENTO_MESSAGES.motivoLongo)
          .refine((v) => !v.includes('\u0000'), TEXT_MESSAGES.invalidCharacters),
      ),
  })
  .strict();
export type CancelarBody = z.input<typeof cancelarBodySchema>;

/**
 * Where a matrícula stands for a cancellation: `cancelavel` (accepted more than 7 days ago), `arrependimento`
 * (still within the family's free withdrawal), `aguardando_aceite`, `cancelada`.
 */
export const CANCELAMENTO_SITUACOES = ['cancelavel', 'arrependimento', 'aguardando_aceite', 'cancelada'] as const;
export type CancelamentoSituacao = (typeof CANCELAMENTO_SITUACOES)[number];

/**
 * GET /api/matriculas/:id/cancelamento: the fee a cancellation would charge now, or why there is none. Money in
 * reais with two decimals (as every price of the API), computed in whole centavos.
 */
export const cancelamentoPreviewSchema = z.object({
  matriculaId: z.string(),
  situacao: z.enum(CANCELAMENTO_SITUACOES),
  podeCancelar: z.boolean(),
  /** What the staff read: the fee and its base, or why it cannot be cancelled here. */
  mensagem: z.string(),
  status: z.enum(MATRICULA_STATUSES),
  motivoCancelamento: z.enum(MOTIVOS_CANCELAMENTO).nullable(),
  contratoVersao: z.number(),
  aceitoEm: z.string().nullable(),
  /** The last day (YYYY-MM-DD, Brasília) the family may withdraw free of charge; null before acceptance. */
  arrependimentoAte: z.string().nullable(),
  valorTotal: z.number(),
  parcelas: z.number(),
  /** What was paid: zero until billing exists. */
  valorPago: z.number(),
  valorRestante: z.number(),
  /** The contract's percentage, capped by the network's setting. */
  multaPct: z.number(),
  /** The fee a cancellation now charges; for a cancelled matrícula, the fee it charged (null: none). */
  multa: z.number().nullable(),
  canceladaEm: z.string().nullable(),
});
export type CancelamentoPreview = z.infer<typeof cancelamentoPreviewSchema>;

/** POST /api/matriculas/:id/cancelar (200): the matrícula as it now is. */
export const cancelamentoFeitoSchema = z.object({
  message: z.string(),
  matricula: z.object({
    id: z.string(),
    status: z.enum(MATRICULA_STATUSES),
    motivoCancelamento: z.enum(MOTIVOS_CANCELAMENTO).nullable(),
    canceladaEm: z.string().nullable(),
    multaCancelamento: z.number().nullable(),
  }),
});
export type CancelamentoFeito = z.infer<typeof cancelamentoFeitoSchema>;
