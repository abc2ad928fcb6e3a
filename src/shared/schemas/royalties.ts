import { z } from 'zod';
import { PERIODO_RE } from '../comissoes/lancamentos';
import { MODOS_ROYALTY, STATUS_FATURA_ROYALTY, TIPOS_LINHA_ROYALTY } from '../royalties/extrato';
import { TICKET_STATUSES } from '../enums';
import { dateOnlyField } from './fields';
import { DEFAULT_PAGE_SIZE, LIST_MESSAGES, MAX_PAGE_SIZE } from './list-query';

/**
 * Royalties e fundo de propaganda (issue 45, ADR 089): the agreements and the monthly statements as the API reads
 * and writes them. Money in reais with two decimals (the API's convention), turned into whole centavos by the
 * server; percentages with two decimals (5.5 = 5,50 %).
 */

export const ROYALTY_MESSAGES = {
  royalty: 'Royalty deve estar entre 0 e 100 %, com até duas casas decimais',
  royaltyObrigatorio: 'Informe o percentual de royalty',
  fundo: 'Fundo de propaganda deve estar entre 0 e 100 %, com até duas casas decimais',
  fundoObrigatorio: 'Informe o percentual do fundo de propaganda',
  somaAcimaDe100: 'Royalty e fundo de propaganda somados não podem passar de 100 %',
  minimo: 'Mínimo mensal deve ser maior que 0 e no máximo 9.999.999,99, com até duas casas decimais',
  inicio: 'Informe a data de início do acordo',
  inicioNoPassado: 'O acordo vale a partir de hoje ou de uma data futura: o que já foi lançado não muda.',
  modo: 'Escolha a forma de cobrança: fatura ou split',
  versaoRepetida: 'Já existe uma versão do acordo com esse início. Escolha outra data.',
  splitSemCarteira:
    'O split não está disponível: a carteira do franqueador no gateway de pagamento não foi configurada.',
  franquiaNaoEncontrada: 'Franquia não encontrada',
  mes: 'Mês inválido: use AAAA-MM (por exemplo, 2026-03)',
  mesObrigatorio: 'Informe o mês (AAAA-MM)',
  extratoNaoEncontrado: 'Extrato não encontrado',
  mesEmAberto: 'Só um mês já terminado pode ser fechado.',
  jaFechado: 'O extrato deste mês já está fechado.',
  semAcordo: 'Esta franquia não tem acordo de royalties em vigor no mês.',
  linhaNaoEncontrada: 'Linha do extrato não encontrada',
  motivo: 'Descreva o motivo da contestação (de 10 a 2.000 caracteres)',
  jaContestada: 'Esta linha já foi contestada: acompanhe o chamado aberto.',
} as const;

/** Two decimals at most, `min` to `max`. */
const decimal2 = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message });

/** PUT /api/royalties/acordos/{franquiaId}: a new version of the franquia's agreement from `inicio`. */
export const acordoInputSchema = z
  .object({
    royalty: decimal2(0, 100, ROYALTY_MESSAGES.royalty),
    fundo: decimal2(0, 100, ROYALTY_MESSAGES.fundo),
    minimo: decimal2(0.01, 9_999_999.99, ROYALTY_MESSAGES.minimo).nullish(),
    inicio: dateOnlyField(ROYALTY_MESSAGES.inicio),
    modo: z.enum(MODOS_ROYALTY, { error: ROYALTY_MESSAGES.modo }),
  })
  .refine((a) => Math.round(a.royalty * 100) + Math.round(a.fundo * 100) <= 10_000, {
    message: ROYALTY_MESSAGES.somaAcimaDe100,
    path: ['fundo'],
  });
export type AcordoInput = z.output<typeof acordoInputSchema>;

export const franquiaParamsSchema = z.object({ franquiaId: z.uuid(ROYALTY_MESSAGES.franquiaNaoEncontrada) });

const mesField = z.string({ error: ROYALTY_MESSAGES.mesObrigatorio }).regex(PERIODO_RE, ROYALTY_MESSAGES.mes);
export const extratosQuerySchema = z.object({ mes: mesField });
export const extratoParamsSchema = z.object({
  franquiaId: z.uuid(ROYALTY_MESSAGES.extratoNaoEncontrado),
  mes: z.string().regex(PERIODO_RE, ROYALTY_MESSAGES.extratoNaoEncontrado),
});
/**
 * GET /api/royalties/extratos/{franquiaId}/{mes}?page=&pageSize=: a page of the month's lines (the lists' convention,
 * DESIGN §4.3: page from 1, pageSize up to 500; a page alone takes 50 lines). Without either, every line, as the
 * route answered before its lines were paged.
 */
export const extratoQuerySchema = z.object({
  page: z.coerce
    .number({ error: LIST_MESSAGES.page })
    .int(LIST_MESSAGES.page)
    .min(1, LIST_MESSAGES.page)
    .max(1_000_000, LIST_MESSAGES.page)
    .optional(),
  pageSize: z.coerce
    .number({ error: LIST_MESSAGES.pageSize })
    .int(LIST_MESSAGES.pageSize)
    .min(1, LIST_MESSAGES.pageSize)
    .max(MAX_PAGE_SIZE, LIST_MESSAGES.pageSize)
    .optional(),
});
export type ExtratoQuery = z.output<typeof extratoQuerySchema>;

/** The page a statement's query asks for; null: every line. */
export const paginaDoExtrato = ({ page, pageSize }: ExtratoQuery) =>
  page === undefined && pageSize === undefined ? null : { page: page ?? 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE };

export const linhaParamsSchema = extratoParamsSchema.extend({
  linhaId: z.uuid(ROYALTY_MESSAGES.linhaNaoEncontrada),
});
export const contestarBodySchema = z.object({
  motivo: z
    .string({ error: ROYALTY_MESSAGES.motivo })
    .trim()
    .min(10, ROYALTY_MESSAGES.motivo)
    .max(2000, ROYALTY_MESSAGES.motivo),
});
export type ContestarBody = z.output<typeof contestarBodySchema>;

export const acordoViewSchema = z.object({
  id: z.string(),
  franquiaId: z.string(),
  /** Percent with two decimals. */
  royalty: z.number(),
  fundo: z.number(),
  /** Reais; null: no minimum. */
  minimo: z.number().nullable(),
  inicio: z.string(),
  modo: z.enum(MODOS_ROYALTY),
  criadoEm: z.string(),
});
export type AcordoView = z.infer<typeof acordoViewSchema>;

export const acordoFranquiaViewSchema = z.object({
  franquiaId: z.string(),
  franquia: z.string(),
  /** The version in force today; null: none yet. */
  vigente: acordoViewSchema.nullable(),
  /** Every version, newest start first (future ones included). */
  versoes: z.array(acordoViewSchema),
});
export type AcordoFranquiaView = z.infer<typeof acordoFranquiaViewSchema>;

const figurasShape = {
  /** Reais: the month's payments, its refunds (negative) and their sum, the base. */
  bruto: z.number(),
  estornos: z.number(),
  base: z.number(),
  royalty: z.number(),
  fundo: z.number(),
  /** The agreement's monthly minimum (null: none) and what brings the royalty up to it. */
  minimo: z.number().nullable(),
  ajusteMinimo: z.number(),
  /** What the agreement asks (royalty + fundo + adjustment), what the split retained, and the balance to charge. */
  pedido: z.number(),
  retido: z.number(),
  saldo: z.number(),
  /** How many lines the month holds. */
  lancamentos: z.number(),
};

export const faturaViewSchema = z.object({
  id: z.string(),
  valor: z.number(),
  vencimento: z.string(),
  status: z.enum(STATUS_FATURA_ROYALTY),
  invoiceUrl: z.string().nullable(),
  pagaEm: z.string().nullable(),
});

export const extratoResumoSchema = z.object({
  franquiaId: z.string(),
  franquia: z.string(),
  mes: z.string(),
  /** `aberto`: a preview, still taking lines; `fechado`: frozen. */
  status: z.enum(['aberto', 'fechado']),
  /** The mode of the agreement in force on the month's last day; null: no agreement. */
  modo: z.enum(MODOS_ROYALTY).nullable(),
  ...figurasShape,
  /** The closing that froze it; null while open. */
  fechamentoId: z.string().nullable(),
  fechadoEm: z.string().nullable(),
  fatura: faturaViewSchema.nullable(),
});
export type ExtratoResumo = z.infer<typeof extratoResumoSchema>;

export const extratosViewSchema = z.object({
  mes: z.string(),
  /** The sum over the franquias listed: always the sum of theirs. */
  total: z.object(figurasShape),
  itens: z.array(extratoResumoSchema),
});
export type ExtratosView = z.infer<typeof extratosViewSchema>;

export const contestacaoViewSchema = z.object({
  id: z.string(),
  linhaId: z.string(),
  motivo: z.string(),
  ticketId: z.string(),
  /** The SAC ticket's status: the contest's outcome. */
  ticketStatus: z.enum(TICKET_STATUSES),
  criadaEm: z.string(),
});
export type ContestacaoView = z.infer<typeof contestacaoViewSchema>;

export const linhaViewSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_LINHA_ROYALTY),
  parcelaId: z.string(),
  parcelaNumero: z.number(),
  matriculaId: z.string(),
  aluno: z.string(),
  curso: z.string().nullable(),
  /** Reais (negative on an estorno): the parcela's value, the royalty, the fundo, what the split retained. */
  base: z.number(),
  royalty: z.number(),
  fundo: z.number(),
  /** The split the payment carried, in percent of its net value; null: none. */
  split: z.number().nullable(),
  retido: z.number(),
  ocorridoEm: z.string(),
  contestacao: contestacaoViewSchema.nullable(),
});
export type LinhaView = z.infer<typeof linhaViewSchema>;

export const extratoViewSchema = extratoResumoSchema.extend({
  acordo: acordoViewSchema.nullable(),
  /** The month's lines: every one, or the page asked for (`page`, `pageSize`). */
  linhas: z.array(linhaViewSchema),
  /** How many lines the month holds (also in X-Total-Count). */
  total: z.number(),
  /** The page of `linhas` (1 when unpaged). */
  page: z.number(),
  /** The page's size; null: every line (no `page` or `pageSize` asked). */
  pageSize: z.number().nullable(),
});
export type ExtratoView = z.infer<typeof extratoViewSchema>;
