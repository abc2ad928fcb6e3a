import { z } from 'zod';
import { PRE_MATRICULA_STATUSES, type PreMatriculaStatus } from '../enums';
import { formatDateOnly } from '../format';
import { FIELD_MESSAGES, dateOnlyField, instante } from './fields';
import { indexedSearchSchema, listQuerySchema, listSortSchema } from './list-query';
import { type ListKeyset, type ListCursor, checkCursor, cursorShape, ordemDe } from './list-cursor';
import { leadFollowUpFilterShape, leadFollowUpShape } from './acompanhamento';
import { funnelClienteSchema, funnelEventoSchema, type FunnelEvento, origemVistaSchema } from './funnel-evento';
import { checkPeriod, drillFilterShape, origemFilterShape } from './relatorios';
import { leadInscricaoFilterShape } from './inscricao';
import { MATRICULA_STATUSES, type MatriculaStatus, type matriculaItemSchema } from './matricula';

/**
 * The enrolment funnel (SPEC §2 lists, §9 CSV, DESIGN §4.3/§4.5): the filters the four lists and their CSV
 * exports take, the rows they answer, and the texts both sides show.
 */

export const FUNNEL_MESSAGES = {
  eventoInvalido: 'Evento inválido',
  situacaoInvalida: 'Situação inválida: use pendente ou efetivada',
  statusMatriculaInvalido: 'Status inválido: use aguardando_aceite, ativa ou cancelada',
  viewInvalida: 'Visão inválida',
  /** Issue 50: an export of the rows chosen on the list (`ids`). */
  idsInvalidos: 'Seleção inválida',
  jaEfetivada: 'Esta pré-matrícula já foi efetivada',
  preMatriculaNaoEncontrada: 'Pré-matrícula não encontrada',
  /** Issue 23: the staff's course of a pré-matrícula. */
  cursoForaDoEvento: 'Escolha um curso oferecido pelo evento desta pré-matrícula',
  cursoJaEfetivada: 'Esta pré-matrícula já foi efetivada: o curso segue na matrícula',
} as const;

/** The four lists and how each answers 403 or any other failure (SPEC §8). */
export const FUNNEL_LISTS = {
  leads: {
    forbidden: 'Você não tem permissão para visualizar leads',
    failed: 'Falha ao carregar leads',
    empty: 'Nenhum lead encontrado',
  },
  interesses: {
    forbidden: 'Você não tem permissão para visualizar interesses',
    failed: 'Falha ao carregar interesses',
    empty: 'Nenhum interesse encontrado',
  },
  preMatriculas: {
    forbidden: 'Você não tem permissão para visualizar pré-matrículas',
    failed: 'Falha ao carregar pré-matrículas',
    empty: 'Nenhuma pré-matrícula encontrada',
  },
  matriculas: {
    forbidden: 'Você não tem permissão para visualizar matrículas',
    failed: 'Falha ao carregar matrículas',
    empty: 'Nenhuma matrícula encontrada',
  },
} as const;
export type FunnelList = keyof typeof FUNNEL_LISTS;

export const PRE_MATRICULA_STATUS_LABELS: Record<PreMatriculaStatus, string> = {
  pendente: 'Pendente',
  efetivada: 'Efetivada',
};

/**
 * The filters every funnel list and its export share: q, the event, a date compared with the event's, and the
 * report's drill-down filters (the row's own day, the tree, the event's place: relatorios.ts).
 */
const funnelFilterShape = {
  q: indexedSearchSchema,
  eventoId: z
    .union([z.literal(''), z.uuid(FUNNEL_MESSAGES.eventoInvalido)])
    .optional()
    .transform((v) => (v ? v : undefined)),
  data: z
    .union([z.literal(''), dateOnlyField(FIELD_MESSAGES.dataInvalida)])
    .optional()
    .transform((v) => (v ? v : undefined)),
  ...drillFilterShape,
  ...origemFilterShape,
};
export const funnelFilterSchema = z.object(funnelFilterShape).superRefine(checkPeriod);
export type FunnelFilter = z.infer<typeof funnelFilterSchema>;

/**
 * The funnel lists' sort (issue 23): the row's own date (when it was created: the sign-up, the activation, the
 * effective enrolment), newest first ('-criadoEm', the default) or oldest first. Both walk the scope's
 * (scope, created_at, id) index, forwards or backwards; a name or an event-date order has no such index within
 * every scope and is left off (ADR 036).
 */
export const FUNNEL_SORT_KEYS = ['criadoEm'] as const;
export type FunnelSortKey = (typeof FUNNEL_SORT_KEYS)[number];
const funnelSort = {
  sort: listSortSchema(FUNNEL_SORT_KEYS),
  ...cursorShape,
  /**
   * 'Ir para' (issue 46): the page that starts at the first row of that day (Brasília) in the list's order -- on or
   * before it newest first, on or after it oldest first. It takes the place of `page` and of a cursor.
   */
  irPara: z
    .union([z.literal(''), dateOnlyField(FIELD_MESSAGES.dataInvalida)])
    .optional()
    .transform((v) => (v ? v : undefined)),
};

/** The funnel lists' names in their cursors (issue 46): Leads and Interesses read the same list. */
export type FunnelCursorList = 'leads' | 'preMatriculas' | 'matriculas';
/** Without a sort, a funnel list is newest first. */
export const FUNNEL_ORDEM_PADRAO = '-criadoEm';

/** A funnel list's keyset (issue 46): its own date and the id, newest or oldest first. */
export function funnelKeyset(lista: FunnelCursorList): ListKeyset<{
  sort?: { key: string; direction: 'asc' | 'desc' };
  apos?: ListCursor;
  antes?: ListCursor;
  irPara?: string;
}> {
  return {
    lista,
    ordem: (query) => ordemDe(query.sort, FUNNEL_ORDEM_PADRAO),
    chaves: { criadoEm: ['instante', 'uuid'] },
  };
}

export const funnelListQuerySchema = listQuerySchema
  .extend({ ...funnelFilterShape, ...funnelSort })
  .superRefine(checkPeriod);
export type FunnelListQuery = z.infer<typeof funnelListQuerySchema>;

/** Pré-Matrículas' own filter (issue 23): 'pendentes' or 'efetivadas' ('' or absent: both). */
export const PRE_MATRICULA_SITUACAO_PARAM = 'situacao';
const preMatriculaFilterShape = {
  ...funnelFilterShape,
  situacao: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(PRE_MATRICULA_STATUSES, { error: FUNNEL_MESSAGES.situacaoInvalida }).optional(),
  ),
};
export const preMatriculasListQuerySchema = listQuerySchema
  .extend({ ...preMatriculaFilterShape, ...funnelSort })
  .superRefine(checkPeriod)
  .superRefine(checkCursor(funnelKeyset('preMatriculas')));
export type PreMatriculasListQuery = FunnelListQuery & { situacao?: PreMatriculaStatus };
export const preMatriculasFilterSchema = z.object(preMatriculaFilterShape).superRefine(checkPeriod);
export type PreMatriculasFilter = FunnelFilter & { situacao?: PreMatriculaStatus };

/** Matrículas' own filter (issue 42): aguardando_aceite, ativa or cancelada ('' or absent: all). */
export const MATRICULA_STATUS_PARAM = 'status';
const matriculaFilterShape = {
  ...funnelFilterShape,
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(MATRICULA_STATUSES, { error: FUNNEL_MESSAGES.statusMatriculaInvalido }).optional(),
  ),
};
export const matriculasListQuerySchema = listQuerySchema
  .extend({ ...matriculaFilterShape, ...funnelSort })
  .superRefine(checkPeriod)
  .superRefine(checkCursor(funnelKeyset('matriculas')));
export type MatriculasListQuery = FunnelListQuery & { status?: MatriculaStatus };
export const matriculasFilterSchema = z.object(matriculaFilterShape).superRefine(checkPeriod);
export type MatriculasFilter = FunnelFilter & { status?: MatriculaStatus };

/** Leads and Interesses read the same rows; the view only changes the export's name and date column. */
export const LEADS_VIEWS = ['leads', 'interesses'] as const;
export type LeadsView = (typeof LEADS_VIEWS)[number];

/** Leads and Interesses also filter by follow-up (issue 16): status, owner, return date, no contact yet. */
export const leadsListQuerySchema = listQuerySchema
  .extend({ ...funnelFilterShape, ...leadFollowUpFilterShape, ...leadInscricaoFilterShape, ...funnelSort })
  .superRefine(checkPeriod)
  .superRefine(checkCursor(funnelKeyset('leads')));
export type LeadsListQuery = z.infer<typeof leadsListQuerySchema>;
export type LeadsFilter = Omit<LeadsListQuery, 'page' | 'pageSize' | 'sort' | 'apos' | 'antes' | 'irPara'>;

/** Issue 50: the most rows an export of chosen rows (`ids`) names. */
export const EXPORT_IDS_MAX = 5_000;

export const leadsExportQuerySchema = z
  .object({
    ...funnelFilterShape,
    ...leadFollowUpFilterShape,
    ...leadInscricaoFilterShape,
    view: z.enum(LEADS_VIEWS, { error: FUNNEL_MESSAGES.viewInvalida }).default('leads'),
    /**
     * Issue 50 (Ações em lote): only these leads, of those the other filters give -- comma-separated in the
     * address, an array in a body.
     */
    ids: z.preprocess(
      (v) => (v === '' ? undefined : typeof v === 'string' ? v.split(',') : v),
      z
        .array(z.uuid(FUNNEL_MESSAGES.idsInvalidos), { error: FUNNEL_MESSAGES.idsInvalidos })
        .min(1, FUNNEL_MESSAGES.idsInvalidos)
        .max(EXPORT_IDS_MAX, FUNNEL_MESSAGES.idsInvalidos)
        .optional(),
    ),
  })
  .superRefine(checkPeriod);
export type LeadsExportQuery = z.infer<typeof leadsExportQuerySchema>;

export const efetivarParamsSchema = z.object({
  id: z.uuid(FUNNEL_MESSAGES.preMatriculaNaoEncontrada),
});

/** A pré-matrícula named in the address (issue 23: its course). */
export const preMatriculaParamsSchema = efetivarParamsSchema;

/**
 * PATCH /api/pre-matriculas/:id (issue 23): the course of interest, one of the event's courses by id, or null (or
 * '') to clear it. The dialog and the route read this one rule.
 */
export const preMatriculaCursoSchema = z.object({
  cursoId: z.preprocess(
    (v) => (v === '' ? null : v),
    z.union([z.null(), z.guid(FUNNEL_MESSAGES.cursoForaDoEvento)], { error: FUNNEL_MESSAGES.cursoForaDoEvento }),
  ),
});
export type PreMatriculaCursoInput = z.infer<typeof preMatriculaCursoSchema>;

/** A course the pré-matrícula may take: one of its event's active courses. */
export interface PreMatriculaCursoOpcao {
  id: string;
  titulo: string;
  /** Its price today (issue 42: the Efetivar dialog shows it), reais with two decimals. */
  valor: number;
  valorComDesconto: number | null;
  parcelas: number;
}

/** GET /api/pre-matriculas/:id/cursos's answer (its response schema, ADR 018). */
export const preMatriculaCursoOpcoesSchema = z.array(
  z.object({
    id: z.string(),
    titulo: z.string(),
    valor: z.number(),
    valorComDesconto: z.number().nullable(),
    parcelas: z.number(),
  }),
);

/** What the course change answers: the row's id and its course now (its response schema, ADR 018). */
export const preMatriculaCursoAnswerSchema = z.object({ id: z.string(), cursoInteresse: z.string().nullable() });
export type PreMatriculaCursoAnswer = z.infer<typeof preMatriculaCursoAnswerSchema>;

/**
 * GET /api/leads/eventos: the event filter's options (issue 21), searched by the server. `q` matches the school,
 * the city, the state or the event's date as the screens write it ('15/03', '15/03/2026'); `id` answers that one
 * event (the option a link or a reload selected). Pages of `pageSize` (the combobox asks 20 at a time).
 */
export const funnelEventoOptionsQuerySchema = listQuerySchema.extend({
  id: z
    .union([z.literal(''), z.uuid(FUNNEL_MESSAGES.eventoInvalido)])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type FunnelEventoOptionsQuery = z.infer<typeof funnelEventoOptionsQuerySchema>;

export { funnelClienteSchema, funnelEventoSchema, type FunnelCliente, type FunnelEvento } from './funnel-evento';

/** GET /api/leads/eventos: a page of the event filter's options (its response schema, ADR 018). */
export const funnelEventoOptionsSchema = z.array(funnelEventoSchema);

/**
 * A row of Leads and Interesses: GET /api/leads's response schema (ADR 018), in the order the repository selects
 * it (the responsável last). Instants are Dates on the server and ISO text on the wire; `LeadItem` is the wire's.
 */
export const leadItemSchema = z.object({
  id: z.string(),
  eventoId: z.string(),
  nomeAluno: z.string(),
  nomeResponsavel: z.string(),
  email: z.string(),
  /** Null once the titular revoked the consent or was anonymised. */
  telefone: z.string().nullable(),
  /**
   * The titular revoked the consent (issue 18): the row's e-mail comes as '' and its phone as null, and the
   * screens say 'consentimento revogado' in their place; the row is left out of exports.
   */
  consentimentoRevogado: z.boolean(),
  createdAt: instante,
  status: leadFollowUpShape.status,
  proximoContatoEm: leadFollowUpShape.proximoContatoEm,
  /** Issue 20: waiting for a seat, the family cancelled, the family came (ISO instants or null). */
  listaEspera: z.boolean().optional(),
  canceladoEm: instante.nullable().optional(),
  presenteEm: instante.nullable().optional(),
  evento: funnelEventoSchema,
  /** The franqueador's answers only (SPEC §3). */
  cliente: funnelClienteSchema.nullable().optional(),
  responsavel: leadFollowUpShape.responsavel,
  /** Issue 48: where the family came from; null when it came with none. */
  origem: origemVistaSchema.nullable().optional(),
});
export type LeadItem = z.input<typeof leadItemSchema>;

/** One other activation of the same student (ADR 020). Null CPF once anonymised (issue 18). */
export const activationClaimSchema = z.object({
  id: z.string(),
  nomeAluno: z.string(),
  nomeResponsavel: z.string(),
  cpfResponsavel: z.string().nullable(),
  email: z.string(),
  telefone: z.string().nullable(),
  /** ISO instant. */
  createdAt: z.string(),
});
export type ActivationClaim = z.infer<typeof activationClaimSchema>;

/**
 * The same student activated again at the same event with another guardian's CPF or e-mail (ADR 020): the
 * staff compare the guardian on record with each other claim and decide; the visitors never see any of it.
 */
export const preMatriculaConflitoSchema = z.object({
  /** The guardian's CPF of the activation on record. */
  cpfResponsavel: z.string().nullable(),
  /** The other activations, oldest first. */
  tentativas: z.array(activationClaimSchema),
});
export type PreMatriculaConflito = z.infer<typeof preMatriculaConflitoSchema>;

/**
 * A row of Pré-Matrículas: GET /api/pre-matriculas's response schema (ADR 018), in the order the repository
 * builds it. The aluno's rows end at the cliente; the staff's add the masked CPFs and the conflict.
 */
export const preMatriculaItemSchema = z.object({
  id: z.string(),
  eventoId: z.string(),
  leadId: z.string().nullable(),
  nome: z.string(),
  nomeAluno: z.string().nullable(),
  nomeResponsavel: z.string().nullable(),
  email: z.string(),
  telefone: z.string().nullable(),
  consentimentoRevogado: z.boolean(),
  cursoInteresse: z.string().nullable(),
  status: z.enum(PRE_MATRICULA_STATUSES),
  createdAt: instante,
  evento: funnelEventoSchema,
  cliente: funnelClienteSchema.nullable().optional(),
  /** Masked (`***.***.*89-01`, issue 23): the whole CPFs are in the CSV only. */
  cpfAluno: z.string().nullable().optional(),
  cpfResponsavel: z.string().nullable().optional(),
  /** Staff only (the aluno's answers have no such field): the other activations of this student, or null. */
  conflito: preMatriculaConflitoSchema.nullable().optional(),
  /** Issue 48, staff only: where the family came from; null when it came with none. */
  origem: origemVistaSchema.nullable().optional(),
});
export type PreMatriculaItem = z.input<typeof preMatriculaItemSchema>;

/** A row of Matrículas: the shared schema the route answers with, its course and price too (issue 42). */
export type MatriculaItem = z.input<typeof matriculaItemSchema>;

/**
 * The cards above a list that do not depend on its filters; 'Interesses Filtrados' is the list's total. The
 * answer of GET /api/{leads,pre-matriculas,matriculas}/resumo (their response schema, ADR 018).
 */
export const funnelResumoSchema = z.object({
  total: z.number(),
  eventosAtivos: z.number(),
  /** total / eventosAtivos rounded to 2 decimals; 0 without events (SPEC §2). */
  taxaConversao: z.number(),
});
export type FunnelResumo = z.infer<typeof funnelResumoSchema>;

export function conversionRate(total: number, eventos: number): number {
  if (eventos <= 0) return 0;
  return Math.round((total / eventos) * 100) / 100;
}

/** 'school - city, STATE (date)' as the event filter shows it (SPEC §2). */
export function eventoLabel(evento: FunnelEvento): string {
  return `${evento.nomeEscola} - ${evento.cidade}, ${evento.estado.toUpperCase()} (${formatDateOnly(evento.dataEvento)})`;
}

/** SPEC §9 columns of each export. */
export const CSV_COLUMNS = {
  leads: ['Nome do Aluno', 'Nome do Responsável', 'Email', 'Telefone', 'Escola do Evento', 'Data de Criação'],
  interesses: ['Nome do Aluno', 'Nome do Responsável', 'Email', 'Telefone', 'Escola do Evento', 'Data do Evento'],
  preMatriculas: ['Nome', 'Email', 'Telefone', 'Curso de Interesse', 'Escola do Evento', 'Data do Evento'],
  matriculas: [
    'Nome',
    'Email',
    'Telefone',
    'Curso de Interesse',
    'Escola do Evento',
    'Data do Evento',
    'Data de Efetivação',
  ],
} as const;

/** The franqueador's Interesses export ends with the cliente behind each interest, as its screen shows (issue 23). */
export const CSV_CLIENTE_COLUMN = 'Cliente';

/**
 * The staff's Pré-Matrículas export ends with what the activation collected and the screen shows (issue 23, ADR
 * 038): the guardian and both CPFs, whole (the screen masks them). SPEC §9's columns keep their places.
 */
export const CSV_PRE_MATRICULA_EXTRA_COLUMNS = ['Nome do Responsável', 'CPF do Aluno', 'CPF do Responsável'] as const;

/** Issue 48: every staff export of the funnel ends with where the family came from. */
export { ORIGEM_CSV } from '../metas/origem';

/**
 * The Matrículas export ends with the course and price each matrícula keeps (issue 42), after SPEC §9's columns,
 * which keep their places. Money as the screens write it (R$ 1.200,00); hours as a number.
 */
export const CSV_MATRICULA_CURSO_COLUMNS = [
  'Curso',
  'Carga Horária',
  'Valor Total',
  'Parcelas',
  'Valor da Parcela',
  'Valor da Última Parcela',
] as const;

/** Issue 42's second slice: the matrícula's status and, when cancelled, why (after the course and price). */
export const CSV_MATRICULA_STATUS_COLUMNS = ['Status', 'Motivo do Cancelamento'] as const;

/** SPEC §9 file-name prefixes. */

export const CSV_PREFIXES = {
  leads: 'leads',
  interesses: 'interesses',
  preMatriculas: 'pre-matriculas',
  matriculas: 'matriculas',
} as const;

/** A file-name-safe form of a school's name: no accents, lower case, hyphens. */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** e.g. leads_todos_2026-11-21.csv, interesses_colegio-horizonte_2026-11-21.csv (SPEC §9). */
export function csvFileName(prefix: string, evento: Pick<FunnelEvento, 'nomeEscola'> | null, today: string): string {
  const filter = evento ? slugify(evento.nomeEscola) || 'evento' : 'todos';
  return `${prefix}_${filter}_${today}.csv`;
}

/**
 * https://wa.me/55<digits> for a Brazilian number with area code; null for anything else. With `texto` (issue 51,
 * ADR 091), the chat opens with that message typed: `?text=` percent-encoded.
 */
export function whatsappUrl(telefone: string | null | undefined, texto?: string): string | null {
  const digits = (telefone ?? '').replace(/\D/g, '');
  const text = texto ? `?text=${encodeURIComponent(texto)}` : '';
  if (digits.length === 10 || digits.length === 11) return `https://wa.me/55${digits}${text}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55'))
    return `https://wa.me/${digits}${text}`;
  return null;
}
