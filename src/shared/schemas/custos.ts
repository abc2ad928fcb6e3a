import { z } from 'zod';
import { CUSTO_CATEGORIAS, type CustoCategoria, UTM_MAX } from '../metas/enums';
import { toCentavos } from '../money/parcelas';
import { dateOnlyField, instante } from './fields';
import { listQuerySchema } from './list-query';
import { checkPeriod, optionalDate } from './relatorios';

/**
 * Custos (issue 48): what an event cost, by category, entered by the roles that manage the event, and what a
 * campaign (`utm_campaign`) cost on a day, entered by the franqueador (the network's) or a franquia (its own).
 * Money travels as whole centavos (`valorCentavos`, an integer above 0), as the table keeps it: Relatórios divide
 * it by the funnel's counts (CPL, custo por pré-matrícula, por matrícula) without ever going through reais.
 */

export const CUSTO_MESSAGES = {
  categoria: 'Escolha a categoria do custo',
  descricao: 'A descrição pode ter no máximo 500 caracteres',
  valor: 'Informe um valor maior que zero, de até R$ 10.000.000,00, em centavos inteiros',
  campanha: `Informe a campanha (utm_campaign), com até ${UTM_MAX} caracteres`,
  data: 'Informe a data do custo',
  eventoNaoEncontrado: 'Evento não encontrado',
  custoNaoEncontrado: 'Custo não encontrado',
  campanhaInvalida: 'Campanha inválida',
  adicionado: 'Custo adicionado',
  removido: 'Custo removido',
  failed: 'Falha ao carregar os custos',
  empty: 'Nenhum custo lançado',
} as const;

/** R$ 10.000.000,00: far above any event's or campaign's day, far below the column's integer. */
export const CUSTO_MAX_CENTAVOS = 1_000_000_000;

const valorCentavosField = z
  .number({ error: CUSTO_MESSAGES.valor })
  .int(CUSTO_MESSAGES.valor)
  .min(1, CUSTO_MESSAGES.valor)
  .max(CUSTO_MAX_CENTAVOS, CUSTO_MESSAGES.valor);

/** Free text without NUL (PostgreSQL refuses it), empty read as none. */
const descricaoField = z
  .string({ error: CUSTO_MESSAGES.descricao })
  .trim()
  .max(500, CUSTO_MESSAGES.descricao)
  .refine((v) => !v.includes('\u0000'), CUSTO_MESSAGES.descricao)
  .transform((v) => (v === '' ? null : v))
  .nullish();

/** A campaign as the public pages keep `utm_campaign`: trimmed, 1 to UTM_MAX characters, no NUL. */
export const utmCampaignField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(UTM_MAX, message)
    .refine((v) => !v.includes('\u0000'), message);

/** POST /api/eventos/{id}/custos. The event is the address's; who entered it, the session's. */
export const eventoCustoInputSchema = z.object({
  categoria: z.enum(CUSTO_CATEGORIAS, { error: CUSTO_MESSAGES.categoria }),
  descricao: descricaoField,
  valorCentavos: valorCentavosField,
});
export type EventoCustoInput = z.output<typeof eventoCustoInputSchema>;

export const eventoCustoParamsSchema = z.object({ id: z.uuid(CUSTO_MESSAGES.eventoNaoEncontrado) });
export const eventoCustoItemParamsSchema = z.object({
  id: z.uuid(CUSTO_MESSAGES.eventoNaoEncontrado),
  custoId: z.uuid(CUSTO_MESSAGES.custoNaoEncontrado),
});

export const eventoCustoViewSchema = z.object({
  id: z.string(),
  eventoId: z.string(),
  categoria: z.enum(CUSTO_CATEGORIAS),
  descricao: z.string().nullable(),
  valorCentavos: z.number(),
  /** Who entered it (the user's name), null once that user is gone. */
  criadoPor: z.string().nullable(),
  criadoEm: instante,
});
/** The server's (Date); the browser reads the wire's `z.input`. */
export type EventoCustoView = z.output<typeof eventoCustoViewSchema>;

/** GET /api/eventos/{id}/custos: every cost of the event, newest first, and their sum. */
export const eventoCustosRespostaSchema = z.object({
  custos: z.array(eventoCustoViewSchema),
  totalCentavos: z.number(),
});
/** The server's (Date); the browser reads the wire's `z.input`. */
export type EventoCustosResposta = z.output<typeof eventoCustosRespostaSchema>;

/**
 * POST /api/campanhas/custos. The franquia it belongs to is the caller's (none for the franqueador: the
 * network's); never the body's.
 */
export const campanhaCustoInputSchema = z.object({
  utmCampaign: utmCampaignField(CUSTO_MESSAGES.campanha),
  data: dateOnlyField(CUSTO_MESSAGES.data),
  categoria: z.enum(CUSTO_CATEGORIAS, { error: CUSTO_MESSAGES.categoria }),
  descricao: descricaoField,
  valorCentavos: valorCentavosField,
});
export type CampanhaCustoInput = z.output<typeof campanhaCustoInputSchema>;

export const campanhaCustoParamsSchema = z.object({ id: z.uuid(CUSTO_MESSAGES.custoNaoEncontrado) });

/** GET /api/campanhas/custos: a page of the costs the caller reads, newest day first, by period and campaign. */
export const campanhaCustosQuerySchema = z
  .object({
    de: optionalDate('Data inicial inválida'),
    ate: optionalDate('Data final inválida'),
    utmCampaign: z
      .union([z.literal(''), utmCampaignField(CUSTO_MESSAGES.campanhaInvalida)])
      .transform((v) => (v ? v : undefined))
      .optional(),
    page: listQuerySchema.shape.page,
    pageSize: listQuerySchema.shape.pageSize,
  })
  .superRefine(checkPeriod);
export type CampanhaCustosQuery = z.output<typeof campanhaCustosQuerySchema>;

export const campanhaCustoViewSchema = z.object({
  id: z.string(),
  utmCampaign: z.string(),
  data: z.string(),
  categoria: z.enum(CUSTO_CATEGORIAS),
  descricao: z.string().nullable(),
  valorCentavos: z.number(),
  /** Null: the network's (entered by the franqueador). */
  franquiaId: z.string().nullable(),
  /** The franquia's name, or 'Rede' for the network's. */
  alcance: z.string(),
  criadoPor: z.string().nullable(),
  criadoEm: instante,
});
/** The server's (Date); the browser reads the wire's `z.input`. */
export type CampanhaCustoView = z.output<typeof campanhaCustoViewSchema>;

/** The page (`X-Total-Count` costs) and the sum over every cost matching the filters. */
export const campanhaCustosRespostaSchema = z.object({
  custos: z.array(campanhaCustoViewSchema),
  totalCentavos: z.number(),
});
/** The server's (Date); the browser reads the wire's `z.input`. */
export type CampanhaCustosResposta = z.output<typeof campanhaCustosRespostaSchema>;

export const REDE_ALCANCE = 'Rede';

/**
 * The screens' cost form: the amount typed in reais ('1.234,56', the money field keeps a number) and turned into
 * whole centavos once, when sent (`custoPayload`).
 */
export const custoFormShape = {
  categoria: z.enum(CUSTO_CATEGORIAS, { error: CUSTO_MESSAGES.categoria }),
  descricao: z.string().trim().max(500, CUSTO_MESSAGES.descricao).optional(),
  valor: z
    .number({ error: CUSTO_MESSAGES.valor })
    .refine((v) => Number.isFinite(v) && v >= 0.01 && v <= CUSTO_MAX_CENTAVOS / 100, CUSTO_MESSAGES.valor)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, CUSTO_MESSAGES.valor),
};
export const eventoCustoFormSchema = z.object(custoFormShape);
export type EventoCustoForm = z.input<typeof eventoCustoFormSchema>;
export const campanhaCustoFormSchema = z.object({
  ...custoFormShape,
  utmCampaign: utmCampaignField(CUSTO_MESSAGES.campanha),
  data: dateOnlyField(CUSTO_MESSAGES.data),
});
export type CampanhaCustoForm = z.input<typeof campanhaCustoFormSchema>;

/** The form's values as the API takes them: reais to whole centavos, an empty description as none. */
export function custoPayload<F extends { categoria: CustoCategoria; descricao?: string; valor: number }>(
  form: F,
): Omit<F, 'valor' | 'descricao'> & { descricao: string | null; valorCentavos: number } {
  const { valor, descricao, ...rest } = form;
  return { ...rest, descricao: descricao?.trim() ? descricao.trim() : null, valorCentavos: toCentavos(valor) };
}
