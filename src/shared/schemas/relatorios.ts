import { z } from 'zod';
import type { Role } from '../roles';
import { dateOnlyField, estadoField } from './fields';
import { listQuerySchema } from './list-query';
import { MOTIVOS_PERDA } from './acompanhamento';

/**
 * Relatórios (issue 15): the funnel counted by period and grouped by a level of the network, a place or an
 * event. Each stage is counted by its own day in Brasília -- a lead by its sign-up, a pré-matrícula by its
 * creation, a matrícula by `efetivadaEm` -- and each row belongs to the tree path of its event. Attendance (issue
 * 20) is the lead's: a lead checked in at its event counts one presence on the lead's own day, so the Leads list
 * filtered by the period and `presenca=sim` counts the same rows.
 *
 * The drill-down filters (`de`, `ate`, the tree ids, the place) are shared with the three funnel lists and their
 * exports, so a group of the report and the list filtered the same way count the same rows.
 */

export const RELATORIO_MESSAGES = {
  deInvalida: 'Data inicial inválida',
  ateInvalida: 'Data final inválida',
  periodoInvertido: 'A data inicial deve ser anterior ou igual à data final',
  periodoLongo: 'O período pode ter no máximo 3 anos',
  agruparInvalido: 'Agrupamento inválido',
  agruparAcima: 'Agrupamento acima do seu nível na rede',
  ordenarInvalido: 'Ordenação inválida',
  direcaoInvalida: 'Direção inválida',
  intervaloInvalido: 'Intervalo inválido',
  franquiaInvalida: 'Franquia inválida',
  microFranquiaInvalida: 'Micro-franquia inválida',
  vendedorInvalido: 'Vendedor inválido',
  clienteInvalido: 'Cliente inválido',
  eventoInvalido: 'Evento inválido',
  cidadeInvalida: 'Cidade inválida',
  naoEncontrado: 'Filtro não encontrado',
  semVendedor: 'Sem vendedor',
  semOrigem: 'Sem origem',
  semCampanha: 'Sem campanha',
  semLinkDeVendedor: 'Sem link de vendedor',
  linkDeVendedor: 'Link de vendedor',
  linkDeEvento: 'Link de evento',
  origemInvalida: 'Origem inválida',
  campanhaInvalida: 'Campanha inválida',
  vendedorLinkInvalido: 'Vendedor do link inválido',
  failed: 'Falha ao carregar relatório',
  forbidden: 'Você não tem permissão para visualizar relatórios',
  empty: 'Nenhum registro no período',
} as const;

/** The longest period a report covers: 3 years (366 * 3 days, so any three calendar years fit). */
export const MAX_PERIOD_DAYS = 366 * 3;
/** The period when none is given: the last 30 days ending today. */
export const DEFAULT_PERIOD_DAYS = 30;

/** The levels of the network, top to bottom, then the places. */
export const AGRUPAMENTOS = [
  'franquia',
  'micro_franquia',
  'vendedor',
  'cliente',
  'evento',
  'estado',
  'cidade',
  'origem',
  'campanha',
  'vendedor_link',
] as const;
export type Agrupamento = (typeof AGRUPAMENTOS)[number];
export const TREE_LEVELS = ['franquia', 'micro_franquia', 'vendedor', 'cliente', 'evento'] as const;
export type TreeLevel = (typeof TREE_LEVELS)[number];

export const AGRUPAMENTO_LABELS: Record<Agrupamento, string> = {
  franquia: 'Franquia',
  micro_franquia: 'Micro-franquia',
  vendedor: 'Vendedor',
  cliente: 'Cliente',
  evento: 'Evento',
  estado: 'Estado',
  cidade: 'Cidade',
  origem: 'Origem',
  campanha: 'Campanha',
  vendedor_link: 'Link de vendedor',
};

/**
 * Where the families came from (issue 48), grouped from the UTM fields and the share link the public pages kept on
 * the lead and the pré-matrícula (a matrícula's is its pré-matrícula's). `origem` is `utm_source`, or 'Link de
 * vendedor' / 'Link de evento' for a row that came through a share link with no source; `campanha` is
 * `utm_campaign`; `vendedor_link` the vendedor whose link it was. The rows with none form one more group ('Sem
 * origem', 'Sem campanha', 'Sem link de vendedor', id null), so the groups add up to the totals.
 */
export const ORIGEM_AGRUPAMENTOS = ['origem', 'campanha', 'vendedor_link'] as const;
export type OrigemAgrupamento = (typeof ORIGEM_AGRUPAMENTOS)[number];
export const isOrigemAgrupamento = (a: Agrupamento | undefined): a is OrigemAgrupamento =>
  (ORIGEM_AGRUPAMENTOS as readonly string[]).includes(a ?? '');

/** The ids of the link-only origins (`origem` group ids): no `utm_source` holds a leading '@'. */
export const ORIGEM_LINK_VENDEDOR = '@vendedor';
export const ORIGEM_LINK_EVENTO = '@evento';

/** The groupings whose groups carry an event's costs (each event's costs go to the group its event is in). */
export const AGRUPAMENTOS_COM_CUSTO_DE_EVENTO: readonly Agrupamento[] = [
  'franquia',
  'micro_franquia',
  'vendedor',
  'cliente',
  'evento',
  'estado',
  'cidade',
];

/** How deep each role sits in the tree: a role groups at its own level or below (DESIGN §4.1). */
const ROLE_DEPTH: Partial<Record<Role, number>> = {
  franqueador: -1,
  franquia: 0,
  micro_franquia: 1,
  vendedor: 2,
  cliente: 3,
};

/** The groupings a role may ask for: its own level and those below it, and the places. */
export function agrupamentosFor(role: Role): Agrupamento[] {
  const depth = ROLE_DEPTH[role];
  if (depth === undefined) return [];
  return AGRUPAMENTOS.filter((a) => {
    const level = TREE_LEVELS.indexOf(a as TreeLevel);
    return level === -1 || level >= depth;
  });
}

/** The level just below the caller: the default grouping. */
export function defaultAgrupamento(role: Role): Agrupamento {
  const depth = ROLE_DEPTH[role] ?? 3;
  return TREE_LEVELS[Math.min(depth + 1, TREE_LEVELS.length - 1)]!;
}

/** The tree filters a role may use: those strictly below its own level (its own is implied). */
export const TREE_FILTERS = ['franquiaId', 'microFranquiaId', 'vendedorId', 'clienteId', 'eventoId'] as const;
export type TreeFilter = (typeof TREE_FILTERS)[number];

export function treeFiltersFor(role: Role): TreeFilter[] {
  const depth = ROLE_DEPTH[role];
  if (depth === undefined) return [];
  return TREE_FILTERS.filter((_, level) => level > depth);
}

/** An optional filter: absent or empty means none (and the key stays optional for the callers that build one). */
const optionalFilter = (field: z.ZodType<string, string>) =>
  z
    .union([z.literal(''), field])
    .transform((v) => (v ? v : undefined))
    .optional();
export const optionalUuid = (message: string) => optionalFilter(z.uuid(message));
export const optionalDate = (message: string) => optionalFilter(dateOnlyField(message));

/** Days between two YYYY-MM-DD, inclusive of both. */
export function daysInPeriod(de: string, ate: string): number {
  return Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The filters a group of the report and its drill-down share: the period (the row's own day), the tree ids and
 * the event's place. Each is optional; together they narrow.
 */
export const drillFilterShape = {
  de: optionalDate(RELATORIO_MESSAGES.deInvalida),
  ate: optionalDate(RELATORIO_MESSAGES.ateInvalida),
  franquiaId: optionalUuid(RELATORIO_MESSAGES.franquiaInvalida),
  microFranquiaId: optionalUuid(RELATORIO_MESSAGES.microFranquiaInvalida),
  vendedorId: optionalUuid(RELATORIO_MESSAGES.vendedorInvalido),
  clienteId: optionalUuid(RELATORIO_MESSAGES.clienteInvalido),
  estado: optionalFilter(estadoField),
  cidade: optionalFilter(
    z
      .string()
      .trim()
      .max(120, RELATORIO_MESSAGES.cidadeInvalida)
      .refine((v) => !v.includes('\u0000'), RELATORIO_MESSAGES.cidadeInvalida),
  ),
};

/**
 * Issue 48: where the families came from, as a group of Relatórios' origin groupings narrows -- shared with the
 * three funnel lists and with the funnel, series and matrículas-status reports (not with Inadimplência, which
 * reads parcelas).
 */
export const origemFilterShape = {
  /** Issue 48: the source group (`utm_source`, or '@vendedor' / '@evento' for a link with no source). */
  origem: optionalFilter(
    z
      .string()
      .trim()
      .max(100, RELATORIO_MESSAGES.origemInvalida)
      .refine((v) => !v.includes('\u0000'), RELATORIO_MESSAGES.origemInvalida),
  ),
  /** Issue 48: the campaign group (`utm_campaign`). */
  campanha: optionalFilter(
    z
      .string()
      .trim()
      .max(100, RELATORIO_MESSAGES.campanhaInvalida)
      .refine((v) => !v.includes('\u0000'), RELATORIO_MESSAGES.campanhaInvalida),
  ),
  /** Issue 48: the vendedor whose share link the family came through. */
  vendedorLinkId: optionalUuid(RELATORIO_MESSAGES.vendedorLinkInvalido),
};

/** `de` after `ate`, or a period over 3 years, is refused with the field named. */
export function checkPeriod(value: { de?: string; ate?: string }, ctx: z.RefinementCtx) {
  if (value.de && value.ate) {
    if (value.de > value.ate) {
      ctx.addIssue({ code: 'custom', path: ['de'], message: RELATORIO_MESSAGES.periodoInvertido });
    } else if (daysInPeriod(value.de, value.ate) > MAX_PERIOD_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['de'], message: RELATORIO_MESSAGES.periodoLongo });
    }
  }
}

/** The drill-down filters as the funnel lists and exports take them (beside q, eventoId and data). */
export const drillFilterSchema = z.object({ ...drillFilterShape, ...origemFilterShape }).superRefine(checkPeriod);
export type DrillFilter = z.infer<typeof drillFilterSchema>;

/** The issue's sort keys, plus the two other rates (every column of the ranking sorts). */
export const ORDENAR = [
  'leads',
  'presencas',
  'taxaLeadPresenca',
  'preMatriculas',
  'matriculas',
  'taxaLeadPreMatricula',
  'taxaPreMatriculaMatricula',
  'taxaLeadMatricula',
  'rotulo',
] as const;
export type Ordenar = (typeof ORDENAR)[number];
export const DIRECOES = ['asc', 'desc'] as const;
export type Direcao = (typeof DIRECOES)[number];

export const reportFilterShape = {
  ...drillFilterShape,
  eventoId: optionalUuid(RELATORIO_MESSAGES.eventoInvalido),
};

export const funilQuerySchema = z
  .object({
    ...reportFilterShape,
    ...origemFilterShape,
    agrupar: z.enum(AGRUPAMENTOS, { error: RELATORIO_MESSAGES.agruparInvalido }).optional(),
    page: listQuerySchema.shape.page,
    pageSize: listQuerySchema.shape.pageSize,
    ordenar: z.enum(ORDENAR, { error: RELATORIO_MESSAGES.ordenarInvalido }).default('leads'),
    /** Not in the issue's contract, added: numbers sort descending and labels ascending unless told. */
    direcao: z.enum(DIRECOES, { error: RELATORIO_MESSAGES.direcaoInvalida }).optional(),
  })
  .superRefine(checkPeriod);
export type FunilQuery = z.infer<typeof funilQuerySchema>;

export const INTERVALOS = ['dia', 'semana', 'mes'] as const;
export type Intervalo = (typeof INTERVALOS)[number];
export const INTERVALO_LABELS: Record<Intervalo, string> = { dia: 'Dia', semana: 'Semana', mes: 'Mês' };

export const serieQuerySchema = z
  .object({
    ...reportFilterShape,
    ...origemFilterShape,
    intervalo: z.enum(INTERVALOS, { error: RELATORIO_MESSAGES.intervaloInvalido }).default('dia'),
  })
  .superRefine(checkPeriod);
export type SerieQuery = z.infer<typeof serieQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// The answers (ADR 018, issue 41): declared as each relatórios route's `response` and read by the client through
// the types inferred here. A field is on the wire only when named below, in the order the service builds it.
// ---------------------------------------------------------------------------------------------------------------

export const funilContagemSchema = z.object({
  leads: z.number(),
  /** Leads of the period checked in at their event. */
  presencas: z.number(),
  preMatriculas: z.number(),
  matriculas: z.number(),
  /** Fractions 0..1 with 4 decimals; 0 when the denominator is 0. */
  taxaLeadPresenca: z.number(),
  taxaLeadPreMatricula: z.number(),
  taxaPreMatriculaMatricula: z.number(),
  taxaLeadMatricula: z.number(),
  /**
   * Issue 48, present only when the answer has any cost: what the group cost in whole centavos (its events' costs
   * dated in the period by the event's day, or its campaign's costs dated in the period) and that cost per lead
   * (CPL), per pré-matrícula and per matrícula, rounded once; null where the group has no cost or no divisor.
   */
  custo: z.number().nullable().optional(),
  custoPorLead: z.number().nullable().optional(),
  custoPorPreMatricula: z.number().nullable().optional(),
  custoPorMatricula: z.number().nullable().optional(),
});
export type FunilContagem = z.infer<typeof funilContagemSchema>;

/** A group's name: who or where it is, before its counts. */
const grupoShape = {
  /** The company's, vendedor's or event's id; the state code; the city's name. Null: clientes without a vendedor. */
  id: z.string().nullable(),
  rotulo: z.string(),
  /** For a city: its state (two cities may share a name). */
  estado: z.string().optional(),
};

export const funilGrupoSchema = z.object({ ...grupoShape, ...funilContagemSchema.shape });
export type FunilGrupo = z.infer<typeof funilGrupoSchema>;

/** GET /api/relatorios/funil: one page of groups (`X-Total-Count` groups) and the totals over all of them. */
export const funilRespostaSchema = z.object({
  de: z.string(),
  ate: z.string(),
  agrupar: z.enum(AGRUPAMENTOS),
  totais: funilContagemSchema,
  grupos: z.array(funilGrupoSchema),
});
export type FunilResposta = z.infer<typeof funilRespostaSchema>;

export const seriePontoSchema = z.object({
  /** YYYY-MM-DD: the bucket's first day (a Monday for weeks, the 1st for months; the period's start at most). */
  inicio: z.string(),
  leads: z.number(),
  presencas: z.number(),
  preMatriculas: z.number(),
  matriculas: z.number(),
});
export type SeriePonto = z.infer<typeof seriePontoSchema>;

/** GET /api/relatorios/serie: every bucket of the period, zeros included. */
export const serieRespostaSchema = z.object({
  intervalo: z.enum(INTERVALOS),
  pontos: z.array(seriePontoSchema),
});
export type SerieResposta = z.infer<typeof serieRespostaSchema>;

/** A rate as the API answers it: 4 decimals, 0 without a denominator. */
export function taxa(numerador: number, denominador: number): number {
  if (denominador <= 0) return 0;
  return Math.round((numerador / denominador) * 10_000) / 10_000;
}

export interface FunilNumeros {
  leads: number;
  presencas: number;
  preMatriculas: number;
  matriculas: number;
}

export function contagem({ leads, presencas, preMatriculas, matriculas }: FunilNumeros): FunilContagem {
  return {
    leads,
    presencas,
    preMatriculas,
    matriculas,
    taxaLeadPresenca: taxa(presencas, leads),
    taxaLeadPreMatricula: taxa(preMatriculas, leads),
    taxaPreMatriculaMatricula: taxa(matriculas, preMatriculas),
    taxaLeadMatricula: taxa(matriculas, leads),
  };
}

/**
 * A cost divided by a count, in whole centavos rounded once (half up); null without a cost or without a divisor.
 * R$ 1.200,00 over 300 leads: 400 (R$ 4,00).
 */
export function custoPor(custoCentavos: number | null, divisor: number): number | null {
  if (custoCentavos === null || divisor <= 0) return null;
  return Math.round(custoCentavos / divisor);
}

/** The cost fields of a group or the totals (issue 48). */
export function custos(custo: number | null, { leads, preMatriculas, matriculas }: FunilNumeros) {
  return {
    custo,
    custoPorLead: custoPor(custo, leads),
    custoPorPreMatricula: custoPor(custo, preMatriculas),
    custoPorMatricula: custoPor(custo, matriculas),
  };
}

/** The CSV's cost columns (issue 48), after the others, when the report has any cost. */
export const RELATORIO_CSV_CUSTO_COLUMNS = [
  'Custo (R$)',
  'Custo por lead (R$)',
  'Custo por pré-matrícula (R$)',
  'Custo por matrícula (R$)',
] as const;

/** The CSV of the grouped table. */
export const RELATORIO_CSV_COLUMNS = [
  'Grupo',
  'Leads',
  'Presenças',
  'Pré-Matrículas',
  'Matrículas',
  'Lead → Presença',
  'Lead → Pré-Matrícula',
  'Pré-Matrícula → Matrícula',
  'Lead → Matrícula',
] as const;

export function relatorioCsvFileName(agrupar: Agrupamento, de: string, ate: string): string {
  return `relatorio-funil_${agrupar}_${de}_${ate}.csv`;
}

/**
 * GET /api/relatorios/acompanhamento (issue 16): how the leads signed up in the period were followed, per group
 * -- how many were contacted, the median time from sign-up to the first contact, how many were lost and why.
 * Same query as the funnel; groups with a contact or a loss, most contacted first; `X-Total-Count` groups.
 */
export const acompanhamentoContagemSchema = z.object({
  contatados: z.number(),
  /** Hours from the sign-up to the first contact, the median of the contacted leads; null without any. */
  medianaPrimeiroContatoHoras: z.number().nullable(),
  perdidos: z.number(),
  /** Every loss reason, in MOTIVOS_PERDA's order, with its count (0 included). */
  motivosPerda: z.object(
    Object.fromEntries(MOTIVOS_PERDA.map((motivo) => [motivo, z.number()])) as Record<
      (typeof MOTIVOS_PERDA)[number],
      z.ZodNumber
    >,
  ),
});
export type AcompanhamentoContagem = z.infer<typeof acompanhamentoContagemSchema>;

export const acompanhamentoGrupoSchema = z.object({ ...grupoShape, ...acompanhamentoContagemSchema.shape });
export type AcompanhamentoGrupo = z.infer<typeof acompanhamentoGrupoSchema>;

export const acompanhamentoRelatorioSchema = z.object({
  de: z.string(),
  ate: z.string(),
  agrupar: z.enum(AGRUPAMENTOS),
  totais: acompanhamentoContagemSchema,
  grupos: z.array(acompanhamentoGrupoSchema),
});
export type AcompanhamentoRelatorio = z.infer<typeof acompanhamentoRelatorioSchema>;

/**
 * GET /api/relatorios/matriculas-status (issue 42): the period's matrículas efetivadas (by `efetivadaEm`, as the
 * funnel counts them) broken down by where their contract stands -- waiting for the family's acceptance, active,
 * cancelled by reason. Same filters as the funnel; `total` is the funnel's `matriculas` for them.
 */
export const matriculasStatusQuerySchema = z
  .object({ ...reportFilterShape, ...origemFilterShape })
  .superRefine(checkPeriod);
export type MatriculasStatusQuery = z.infer<typeof matriculasStatusQuerySchema>;

export const matriculasStatusSchema = z.object({
  de: z.string(),
  ate: z.string(),
  total: z.number(),
  aguardandoAceite: z.number(),
  ativa: z.number(),
  cancelada: z.number(),
  /** The cancelled ones by reason: withdrawn within 7 days, cancelled by the staff, contract expired. */
  canceladaPorMotivo: z.object({
    arrependimento: z.number(),
    cancelamento: z.number(),
    contrato_expirado: z.number(),
  }),
});
export type MatriculasStatus = z.infer<typeof matriculasStatusSchema>;

/**
 * GET /api/relatorios/visitas (issue 49, ADR 105): the vendedores' visits to schools in the period (by the day each
 * was scheduled for, Brasília's), per vendedor -- how many were scheduled, done and missed, how many scheduled an
 * event, and the events scheduled per visit done. The report's filters narrow them by the school's place in the
 * tree and its city (`eventoId`: the visits that scheduled that event). For the roles that see visits only.
 */
export const visitasRelatorioQuerySchema = z.object({ ...reportFilterShape }).superRefine(checkPeriod);
export type VisitasRelatorioQuery = z.infer<typeof visitasRelatorioQuerySchema>;

export const visitasContagemSchema = z.object({
  agendadas: z.number(),
  realizadas: z.number(),
  naoRealizadas: z.number(),
  /** Visits done whose result was 'Agendou evento'. */
  eventosAgendados: z.number(),
  /** eventosAgendados / realizadas, 0..1 with 4 decimals; 0 without a visit done. */
  eventosPorVisita: z.number(),
});
export type VisitasContagem = z.infer<typeof visitasContagemSchema>;

/** The vendedores a visits report lists: those with the most visits (a network holds thousands; the totals hold all). */
export const VISITAS_VENDEDORES_MAX = 20;

export const visitasRelatorioSchema = z.object({
  de: z.string(),
  ate: z.string(),
  /** Every visit of the period under the filters: the sum of every vendedor's line, listed or not. */
  totais: visitasContagemSchema,
  /** How many vendedores (and 'Sem vendedor') had visits; `vendedores` lists the first VISITAS_VENDEDORES_MAX. */
  vendedoresTotal: z.number(),
  /** The most visits first; `vendedorId` null for the visits with no vendedor ('Sem vendedor'). */
  vendedores: z.array(
    z.object({ vendedorId: z.string().nullable(), vendedorNome: z.string(), ...visitasContagemSchema.shape }),
  ),
});
export type VisitasRelatorio = z.infer<typeof visitasRelatorioSchema>;

/** The counts of visits with the rate worked out. */
export function visitasContagem(n: Omit<VisitasContagem, 'eventosPorVisita'>): VisitasContagem {
  return { ...n, eventosPorVisita: taxa(n.eventosAgendados, n.realizadas) };
}
