import { z } from 'zod';
import { FAIXAS_ATRASO } from '../money/inadimplencia';
import { listQuerySchema } from './list-query';
import { RELATORIO_MESSAGES, checkPeriod, reportFilterShape } from './relatorios';

/**
 * GET /api/relatorios/inadimplencia (issue 43, ADR 077): the overdue rate and aging of the parcelas, per group of
 * the network and in total, over the caller's scope. The period and tree filters are Relatórios' (the same schema,
 * the same rules: a filter outside the scope is 404, a period over 3 years is refused); the period is of the due
 * dates. Money in reais (two decimals), summed in centavos.
 */

export { FAIXAS_ATRASO, FAIXA_ATRASO_LABELS, type FaixaAtraso } from '../money/inadimplencia';

/** The groupings of the report: the tree's levels (the places are not a parcela's). */
export const AGRUPAMENTOS_INADIMPLENCIA = ['franquia', 'micro_franquia', 'vendedor', 'cliente', 'evento'] as const;
export type AgrupamentoInadimplencia = (typeof AGRUPAMENTOS_INADIMPLENCIA)[number];

export const INADIMPLENCIA_MESSAGES = {
  failed: 'Falha ao carregar a inadimplência',
  empty: 'Nenhuma parcela vencida até hoje no período',
  emptyDescription: 'A inadimplência aparece quando houver parcelas com vencimento no período.',
} as const;

/** The period when none is given: the due dates of the last 12 months (365 days) ending today. */
export const INADIMPLENCIA_DEFAULT_DAYS = 365;

export const inadimplenciaQuerySchema = z
  .object({
    ...reportFilterShape,
    agrupar: z.enum(AGRUPAMENTOS_INADIMPLENCIA, { error: RELATORIO_MESSAGES.agruparInvalido }).optional(),
    page: listQuerySchema.shape.page,
    pageSize: listQuerySchema.shape.pageSize,
  })
  .superRefine(checkPeriod);
export type InadimplenciaQuery = z.infer<typeof inadimplenciaQuerySchema>;

export const faixaAtrasoSchema = z.object({
  faixa: z.enum(FAIXAS_ATRASO),
  /** Reais. */
  valor: z.number(),
  quantidade: z.number(),
});

export const inadimplenciaNumerosSchema = z.object({
  /** Reais: the parcelas whose due date has arrived (paid, open or overdue; not cancelled or refunded). */
  valorDevido: z.number(),
  parcelasDevidas: z.number(),
  /** Reais: the parcelas overdue (the gateway's 'vencida', or still open past the due date). */
  valorVencido: z.number(),
  parcelasVencidas: z.number(),
  /** Percent with one decimal (13.8 = 13,8%): valorVencido / valorDevido; 0 without a value due. */
  taxaInadimplencia: z.number(),
  /** 1-30, 31-60, 61-90 and 90+ days overdue, in that order: they sum to the value overdue. */
  faixas: z.array(faixaAtrasoSchema),
});
export type InadimplenciaNumeros = z.infer<typeof inadimplenciaNumerosSchema>;

export const inadimplenciaGrupoSchema = z.object({
  /** The company's, vendedor's or event's id; null: the parcelas of clientes without a vendedor. */
  id: z.string().nullable(),
  rotulo: z.string(),
  ...inadimplenciaNumerosSchema.shape,
});
export type InadimplenciaGrupo = z.infer<typeof inadimplenciaGrupoSchema>;

/** One page of groups (`X-Total-Count` groups), most overdue first, and the totals over all of them. */
export const inadimplenciaRespostaSchema = z.object({
  de: z.string(),
  ate: z.string(),
  /** The day the figures are counted on (today in Brasília): what is due and how late. */
  hoje: z.string(),
  agrupar: z.enum(AGRUPAMENTOS_INADIMPLENCIA),
  totais: inadimplenciaNumerosSchema,
  grupos: z.array(inadimplenciaGrupoSchema),
});
export type InadimplenciaResposta = z.infer<typeof inadimplenciaRespostaSchema>;
