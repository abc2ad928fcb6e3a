import { z } from 'zod';
import { formatDateOnly } from '../format';
import { TEXT_MESSAGES, dateOnlyField, wellFormed } from './fields';

/**
 * Issue 43 (ADR 076): the baixa manual -- a parcela paid at the school (in cash) marked paid by staff, with the day
 * it was paid and a note. The body of POST /api/parcelas/{id}/baixa and the pt-BR words the route and the dialog
 * share; the day's limits (not in the future, not before the matrícula) in `problemaNaDataDaBaixa`.
 */

export const OBSERVACAO_BAIXA_MAX = 500;

export const BAIXA_MESSAGES = {
  observacao: 'Informe uma observação sobre o pagamento (por exemplo: pago em dinheiro na secretaria)',
  observacaoLonga: `A observação pode ter no máximo ${OBSERVACAO_BAIXA_MAX} caracteres`,
  pagaEmInvalida: 'Data de pagamento inválida',
  pagaEmFutura: 'A data de pagamento não pode ser no futuro',
  /** With the day the matrícula was made (YYYY-MM-DD). */
  pagaEmAntesDaMatricula: (dia: string) =>
    `A data de pagamento não pode ser anterior à matrícula (${formatDateOnly(dia)})`,
  /** With the parcela's status label ('Paga', 'Cancelada', ...). */
  statusNaoPermite: (rotulo: string) =>
    `Só uma parcela em aberto ou vencida pode receber baixa manual: esta parcela está ${rotulo.toLowerCase()}.`,
  baixaFeita: 'Baixa registrada: a parcela está paga e a cobrança no gateway será cancelada.',
  /** The label of a parcela paid by a baixa, on the staff's screens. */
  rotuloPagaBaixa: 'Paga (baixa manual)',
  titulo: 'Dar baixa',
} as const;

/** POST /api/parcelas/:id/baixa. `pagaEm` defaults to today (Brasília). */
export const baixaBodySchema = z
  .object({
    pagaEm: dateOnlyField(BAIXA_MESSAGES.pagaEmInvalida).optional(),
    observacao: z
      .string({ error: BAIXA_MESSAGES.observacao })
      .transform(wellFormed)
      .pipe(
        z
          .string()
          .trim()
          .min(1, BAIXA_MESSAGES.observacao)
          .max(OBSERVACAO_BAIXA_MAX, BAIXA_MESSAGES.observacaoLonga)
          .refine((v) => !v.includes('\u0000'), TEXT_MESSAGES.invalidCharacters),
      ),
  })
  .strict();
export type BaixaBody = z.input<typeof baixaBodySchema>;

/**
 * What is wrong with a baixa's day, or null: never after `hoje` (Brasília), never before the day the matrícula was
 * made (`desde`, YYYY-MM-DD). Both sides ask it: the dialog before sending, the service with its clock.
 */
export function problemaNaDataDaBaixa(pagaEm: string, hoje: string, desde: string): string | null {
  if (pagaEm > hoje) return BAIXA_MESSAGES.pagaEmFutura;
  if (pagaEm < desde) return BAIXA_MESSAGES.pagaEmAntesDaMatricula(desde);
  return null;
}
