import { z } from 'zod';
import { PARCELA_STATUSES, PARCELA_TIPOS, PROVEDORES_COBRANCA } from '../cobranca/parcelas';
import { indexedSearchSchema, listQuerySchema } from './list-query';
import { type ListCursor, type ListKeyset, checkCursor, cursorShape } from './list-cursor';
import { optionalDate, optionalUuid } from './relatorios';

/**
 * Cobrança (issue 43, ADR 071): the parcelas lists' filters, the rows they answer, the gateway's webhook envelope
 * and every message of it. Statuses and labels: src/shared/cobranca/parcelas.ts.
 */

export { PARCELA_STATUSES, PARCELA_STATUS_LABELS, type ParcelaStatus } from '../cobranca/parcelas';

export const PARCELA_MESSAGES = {
  statusInvalido: 'Status inválido: use aberta, paga, vencida, estornada ou cancelada',
  vencimentoDeInvalido: 'Data inicial de vencimento inválida',
  vencimentoAteInvalido: 'Data final de vencimento inválida',
  periodoInvertido: 'A data inicial de vencimento deve ser anterior à final',
  filtroInvalido: 'Filtro inválido',
  parcelaNaoEncontrada: 'Parcela não encontrada',
  matriculaNaoEncontrada: 'Matrícula não encontrada',
  tokenInvalido: 'Token do webhook inválido',
  simulacaoEmProducao: 'A simulação de pagamento não existe em produção.',
  simulacaoSoSimulado: 'Só uma parcela do gateway simulado pode ter o pagamento simulado.',
  simulacaoStatus: 'Só uma parcela em aberto ou vencida pode ter o pagamento simulado.',
  pagamentoSimulado: 'Pagamento simulado: a parcela está paga.',
  pagamentoSimuladoSemAviso:
    'Pagamento simulado no gateway sem aviso (uma queda do webhook): a conciliação vai encontrá-lo.',
  vazio: 'Nenhuma parcela encontrada',
  semParcelas: 'Nenhuma parcela gerada ainda',
  falhaAoCarregar: 'Falha ao carregar parcelas',
} as const;

const optionalStatus = z
  .union([z.literal(''), z.enum(PARCELA_STATUSES)], { error: PARCELA_MESSAGES.statusInvalido })
  .transform((v) => (v ? v : undefined))
  .optional();

const parcelasFilterShape = {
  // Issue 46: a search too short for the matrículas' trigram index answers with the hint, as every list's.
  q: indexedSearchSchema,
  status: optionalStatus,
  vencimentoDe: optionalDate(PARCELA_MESSAGES.vencimentoDeInvalido),
  vencimentoAte: optionalDate(PARCELA_MESSAGES.vencimentoAteInvalido),
  franquiaId: optionalUuid(PARCELA_MESSAGES.filtroInvalido),
  microFranquiaId: optionalUuid(PARCELA_MESSAGES.filtroInvalido),
  clienteId: optionalUuid(PARCELA_MESSAGES.filtroInvalido),
  eventoId: optionalUuid(PARCELA_MESSAGES.filtroInvalido),
  cursoId: optionalUuid(PARCELA_MESSAGES.filtroInvalido),
};

function checkVencimento(value: { vencimentoDe?: string; vencimentoAte?: string }, ctx: z.RefinementCtx) {
  if (value.vencimentoDe && value.vencimentoAte && value.vencimentoDe > value.vencimentoAte) {
    ctx.addIssue({ code: 'custom', path: ['vencimentoDe'], message: PARCELA_MESSAGES.periodoInvertido });
  }
}

/** The staff's list order, latest due date first, and its cursors' keys (issue 46): the due date and the id. */
export const PARCELAS_ORDEM = '-vencimento';
export const parcelasKeyset: ListKeyset<{ apos?: ListCursor; antes?: ListCursor }> = {
  lista: 'parcelas',
  ordem: () => PARCELAS_ORDEM,
  chaves: { vencimento: ['data', 'uuid'] },
};

/**
 * GET /api/parcelas: the list conventions (page, pageSize, q), the status, the due period and the tree; the page by
 * number or by cursor (issue 46).
 */
export const parcelasListQuerySchema = listQuerySchema
  .extend({ ...parcelasFilterShape, ...cursorShape })
  .superRefine(checkVencimento)
  .superRefine(checkCursor(parcelasKeyset));
export type ParcelasListQuery = z.infer<typeof parcelasListQuerySchema>;

export const parcelaParamsSchema = z.object({ id: z.uuid(PARCELA_MESSAGES.parcelaNaoEncontrada) });

/**
 * POST /api/parcelas/{id}/simular-pagamento (development): `?semAviso=true` pays it at the simulated gateway and loses
 * its webhook, as an outage would -- what the reconciliation then finds (ADR 080). Without it: paid and notified.
 */
export const simularPagamentoQuerySchema = z.object({
  semAviso: z.enum(['true', 'false'], { error: 'Use semAviso=true ou semAviso=false' }).optional(),
});

/** One parcela as the staff's list, the matrícula's record and the aluno's page show it. Money in reais. */
export const parcelaItemSchema = z.object({
  id: z.string(),
  matriculaId: z.string(),
  /** ADR 084: its number in its own plan (the contract's, or a renegotiation's numbered 1..N on its own). */
  numero: z.number(),
  /** How many parcelas its plan has. */
  totalParcelas: z.number(),
  /** ADR 084: the parcela is of a renegotiation's plan ('Parcela 2 de 6 da renegociação'). */
  renegociacao: z.boolean(),
  valor: z.number(),
  vencimento: z.string(),
  status: z.enum(PARCELA_STATUSES),
  pagaEm: z.string().nullable(),
  valorLiquido: z.number().nullable(),
  provedor: z.enum(PROVEDORES_COBRANCA),
  invoiceUrl: z.string().nullable(),
  bankSlipUrl: z.string().nullable(),
  pixCopiaECola: z.string().nullable(),
  aluno: z.string(),
  cursoTitulo: z.string().nullable(),
  /** ADR 076: a parcela of the plan, or a cancellation's fee. */
  tipo: z.enum(PARCELA_TIPOS),
  /** ADR 076: a baixa manual (paid at the school): when it was given, by whom, and its note. */
  baixa: z.object({ em: z.string(), por: z.string().nullable(), observacao: z.string() }).nullable(),
});
export type ParcelaItem = z.infer<typeof parcelaItemSchema>;

export const parcelaMensagemSchema = z.object({ message: z.string(), parcela: parcelaItemSchema });

/**
 * POST /api/webhooks/asaas: Asaas's envelope `{id, event, dateCreated, payment}`. Only what is read is checked;
 * the rest is kept whole in the stored payload (Asaas adds attributes over time).
 */
export const asaasWebhookSchema = z
  .object({
    id: z.string().min(1).max(200),
    event: z.string().min(1).max(100),
    dateCreated: z.string().max(40).optional(),
    payment: z
      .object({
        id: z.string().min(1).max(100),
        status: z.string().max(60).optional(),
        value: z.number().optional(),
        netValue: z.number().nullable().optional(),
        paymentDate: z.string().max(40).nullable().optional(),
        clientPaymentDate: z.string().max(40).nullable().optional(),
        confirmedDate: z.string().max(40).nullable().optional(),
        externalReference: z.string().max(200).nullable().optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

export const webhookRecebidoSchema = z.object({ recebido: z.boolean() });

/** GET /api/parcelas/export.csv (ADR 077): the list's filters without its page. */
export const parcelasFilterSchema = z.object(parcelasFilterShape).superRefine(checkVencimento);
export type ParcelasFilter = z.infer<typeof parcelasFilterSchema>;

/** The CSV's columns (pt-BR headers, money in reais as the other exports write it). */
export const PARCELAS_CSV_COLUMNS = [
  'Aluno',
  'E-mail',
  'Curso',
  'Escola',
  'Parcela',
  'Vencimento',
  'Valor',
  'Status',
  'Paga em',
  'Valor Líquido',
  'Link de Pagamento',
] as const;

export const parcelasCsvFileName = (today: string) => `parcelas_${today}.csv`;
