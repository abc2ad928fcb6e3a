import { z } from 'zod';
import { EVENTO_STATUSES, LOCAIS_EVENTO, TIPOS_ESCOLA, type EventoStatus } from '../enums';
import { dateOnlyField, estadoField, FIELD_MESSAGES, optionalText, requiredText, TEXT_MESSAGES } from './fields';
import { listQuerySchema, listSortSchema, SEARCH_TOO_SHORT_MESSAGE, searchTooShort } from './list-query';
import { optionalMoneyField } from './curso';
import { BRASILIA_TIME_ZONE } from '../brasilia';
import { dateTimeFormat } from '../format';

/** Events (SPEC §3, §4, §5, §7): the rules and pt-BR messages read by the event dialog and the /api/eventos routes. */
export const EVENTO_MESSAGES = {
  clienteId: 'Cliente é obrigatório',
  nomeEscola: 'Nome da escola é obrigatório',
  tipoEscola: 'Tipo de escola é obrigatório',
  cidade: FIELD_MESSAGES.cidade,
  estado: FIELD_MESSAGES.estado,
  dataDistribuicao: 'Data de distribuição é obrigatória',
  dataEvento: 'Data do evento é obrigatória',
  dataDistribuicaoDepois: 'A data de distribuição deve ser no dia do evento ou antes dele',
  horario: 'Horário é obrigatório',
  horarioInvalido: 'Horário deve estar no formato HH:MM',
  local: 'Local é obrigatório',
  /** SPEC §5 names two texts for the same rule: the form's and the schema's. */
  qtdAlunosForm: 'Quantidade de alunos deve ser pelo menos 1',
  qtdAlunos: 'Quantidade de alunos deve ser maior que 0',
  qtdAlunosMaximo: 'Quantidade de alunos deve ser no máximo 1.000.000',
  cep: 'CEP deve ter formato válido (00000-000)',
  valorTotalDesconto: 'Valor total de desconto deve ser maior ou igual a 0',
  status: 'Status inválido',
  cursoId: 'Curso inválido',
  owner: 'Evento deve pertencer a um cliente ou micro-franquia',
  cursosDoCliente: 'Os cursos selecionados devem pertencer ao cliente do evento',
  statusFinal: 'Evento concluído ou cancelado não pode mudar de status',
  notFound: 'Evento não encontrado',
  clienteNotFound: 'Cliente não encontrado',
  clienteInativo: 'Este cliente está desativado: escolha um cliente ativo',
  moveForbidden: 'Somente quem vê as matrículas dos dois clientes pode mover um evento para outro cliente',
  idMissing: 'ID do evento não encontrado',
  vagas: 'Vagas deve ser um número inteiro maior que 0',
  vagasMaximo: 'Vagas deve ser no máximo 1.000.000',
  inscricoesAte: 'Data limite de inscrição deve estar no formato dd/mm/aaaa hh:mm',
  /** Issue 51 (ADR 090): the street address. */
  logradouro: 'Logradouro deve ter no máximo 200 caracteres',
  numero: 'Número deve ter no máximo 20 caracteres',
  complemento: 'Complemento deve ter no máximo 100 caracteres',
  bairro: 'Bairro deve ter no máximo 120 caracteres',
  enderecoTexto: 'Endereço deve ser um texto',
} as const;

/** concluido and cancelado end an event's life: its status no longer changes. */
export const FINAL_EVENTO_STATUSES: readonly EventoStatus[] = ['concluido', 'cancelado'];
export const isFinalStatus = (status: EventoStatus) => FINAL_EVENTO_STATUSES.includes(status);

export const MAX_QTD_ALUNOS = 1_000_000;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The CEP is optional; 00000-000 with or without the hyphen; stored as its 8 digits. */
const cep = z.preprocess(
  (v) => (v === null || emptyToUndefined(v) === undefined ? null : v),
  z
    .string({ error: EVENTO_MESSAGES.cep })
    .trim()
    .regex(/^\d{5}-?\d{3}$/, EVENTO_MESSAGES.cep)
    .transform((v) => v.replace(/\D/g, ''))
    .nullable(),
);

const qtdAlunos = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_QTD_ALUNOS, EVENTO_MESSAGES.qtdAlunosMaximo);

/** Seats (issue 20): a whole number from 1; null or absent is unlimited. */
const vagas = z
  .number({ error: EVENTO_MESSAGES.vagas })
  .int(EVENTO_MESSAGES.vagas)
  .min(1, EVENTO_MESSAGES.vagas)
  .max(MAX_QTD_ALUNOS, EVENTO_MESSAGES.vagasMaximo)
  .nullable();

/** The sign-up deadline (issue 20): an ISO 8601 instant with its offset; null is the event's day. */
const inscricoesAte = z.iso.datetime({ offset: true, error: EVENTO_MESSAGES.inscricoesAte }).nullable();

/**
 * 'dd/mm/aaaa hh:mm' in São Paulo time as the dialog's field holds it, to the instant the API takes. São Paulo
 * keeps -03:00 all year since 2019. Null for anything else.
 */
export function inscricoesAteFromField(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [, dd, mm, yyyy, hh, mi] = m;
  const iso = `${yyyy}-${mm}-${dd}T${hh}:${mi}:00-03:00`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // Rejects 31/02 and 24:00, which Date would roll over.
  const back = inscricoesAteToField(date.toISOString());
  return back === value.trim() ? iso : null;
}

const saoPaulo = dateTimeFormat(BRASILIA_TIME_ZONE);

/** An instant as 'dd/mm/aaaa hh:mm' in São Paulo time; '' for none. */
export function inscricoesAteToField(value: string | null | undefined): string {
  if (!value) return '';
  return saoPaulo.format(new Date(value)).replace(',', '');
}

/** The street address's limits (issue 51): what the voucher prints, no more. */
export const ENDERECO_MAX = { logradouro: 200, numero: 20, complemento: 100, bairro: 120 } as const;
type EnderecoCampo = keyof typeof ENDERECO_MAX;

/** One part of the street address: trimmed text within its limit; empty or null is none. */
const enderecoText = (campo: EnderecoCampo) =>
  z
    .string({ error: EVENTO_MESSAGES.enderecoTexto })
    .trim()
    .max(ENDERECO_MAX[campo], EVENTO_MESSAGES[campo])
    .refine((v) => !v.includes('\u0000'), TEXT_MESSAGES.invalidCharacters)
    .nullable()
    .transform((v) => (v ? v : null));

/** POST: absent is none. */
const enderecoNovo = (campo: EnderecoCampo) =>
  enderecoText(campo)
    .optional()
    .transform((v) => v ?? null);
const enderecoCreate = {
  logradouro: enderecoNovo('logradouro'),
  numero: enderecoNovo('numero'),
  complemento: enderecoNovo('complemento'),
  bairro: enderecoNovo('bairro'),
};
/** PUT: absent keeps what the event has (an API client written before issue 51 leaves it alone); null clears. */
const enderecoUpdate = {
  logradouro: enderecoText('logradouro').optional(),
  numero: enderecoText('numero').optional(),
  complemento: enderecoText('complemento').optional(),
  bairro: enderecoText('bairro').optional(),
};

const fields = {
  nomeEscola: requiredText(EVENTO_MESSAGES.nomeEscola),
  tipoEscola: z.enum(TIPOS_ESCOLA, { error: EVENTO_MESSAGES.tipoEscola }),
  cep,
  cidade: requiredText(EVENTO_MESSAGES.cidade, 120),
  estado: estadoField,
  dataDistribuicao: dateOnlyField(EVENTO_MESSAGES.dataDistribuicao),
  dataEvento: dateOnlyField(EVENTO_MESSAGES.dataEvento),
  horario: z
    .string({ error: EVENTO_MESSAGES.horario })
    .trim()
    .min(1, EVENTO_MESSAGES.horario)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, EVENTO_MESSAGES.horarioInvalido),
  local: z.enum(LOCAIS_EVENTO, { error: EVENTO_MESSAGES.local }),
  qtdAlunos: qtdAlunos(EVENTO_MESSAGES.qtdAlunos),
  valorTotalDesconto: optionalMoneyField(EVENTO_MESSAGES.valorTotalDesconto),
  observacao: optionalText(),
  cursoIds: z
    .array(z.uuid(EVENTO_MESSAGES.cursoId), { error: EVENTO_MESSAGES.cursoId })
    .max(200)
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]),
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The cards are handed out before the event or on its day, never after (issue 23). Checked even while other fields
 * are wrong (`when`), so the form shows every error on its first submit.
 */
const distribuicaoAteOEvento: [
  (v: { dataDistribuicao: string; dataEvento: string }) => boolean,
  { message: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] = [
  (v) => v.dataDistribuicao <= v.dataEvento,
  {
    message: EVENTO_MESSAGES.dataDistribuicaoDepois,
    path: ['dataDistribuicao'],
    when: (payload: { value: unknown }) => {
      const v = payload.value as { dataDistribuicao?: unknown; dataEvento?: unknown } | undefined;
      return (
        typeof v?.dataDistribuicao === 'string' &&
        typeof v.dataEvento === 'string' &&
        ISO_DAY.test(v.dataDistribuicao) &&
        ISO_DAY.test(v.dataEvento)
      );
    },
  },
];

/**
 * The client an event is for. A cliente's own id comes from its session, so the body's is ignored; the other
 * roles must name one (the server answers 'Cliente é obrigatório' when they do not).
 */
const clienteId = z.preprocess(emptyToUndefined, z.uuid(EVENTO_MESSAGES.clienteId).optional());

/** POST /api/eventos. A new event is always agendado; without vagas or inscricoesAte it has neither limit. */
export const eventoCreateSchema = z
  .object({
    clienteId,
    ...fields,
    ...enderecoCreate,
    vagas: vagas.optional().transform((v) => v ?? null),
    inscricoesAte: inscricoesAte.optional().transform((v) => v ?? null),
  })
  .refine(...distribuicaoAteOEvento);
export type EventoCreateInput = z.infer<typeof eventoCreateSchema>;

/** PUT /api/eventos/:id: the same fields (the course set is replaced) and the status. */
export const eventoUpdateSchema = z
  .object({
    clienteId,
    ...fields,
    ...enderecoUpdate,
    /** Absent keeps what the event has; null removes the limit. */
    vagas: vagas.optional(),
    inscricoesAte: inscricoesAte.optional(),
    status: z.enum(EVENTO_STATUSES, { error: EVENTO_MESSAGES.status }).optional(),
  })
  .refine(...distribuicaoAteOEvento);
export type EventoUpdateInput = z.infer<typeof eventoUpdateSchema>;

export const eventoParamsSchema = z.object({ id: z.uuid(EVENTO_MESSAGES.notFound) });

/** GET /api/eventos: q matches the school name, city or state (case-insensitive, partial). */
/**
 * The Eventos list's sorts (issue 23). 'proximos' is the screen's order: upcoming events first (today's, then the
 * nearest), then the past ones, most recent first. Without a sort the API keeps DESIGN §4.3's newest first.
 */
export const EVENTO_SORT_KEYS = ['proximos', 'dataEvento', 'nomeEscola', 'status'] as const;
export type EventoSortKey = (typeof EVENTO_SORT_KEYS)[number];
/**
 * `clienteId` (issue 23): one cliente's events, as a cliente's row links to them; a cliente out of the caller's
 * scope lists nothing. Empty is every cliente.
 */
export const EVENTO_CLIENTE_PARAM = 'clienteId';

/** Brazil's 27 states (UF), as an event's `estado` is written. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

/**
 * The state an Eventos search names (SPEC §4: 'SP'): a search that is exactly a UF, in any case. The list answers it
 * by the state's index (`eventos.estado`), so it is no search too short to answer (issue 46).
 */
export function eventoBuscaPorEstado(q: string | undefined): Uf | undefined {
  const uf = q?.trim().toUpperCase();
  return (UFS as readonly string[]).includes(uf ?? '') ? (uf as Uf) : undefined;
}

/**
 * Issue 46 on Eventos: a search with fewer than 3 letters or digits answers with the hint, as every list's, except a
 * UF ('SP'), which is SPEC §4's search by state.
 */
export const eventoSearchTooShort = (q: string | undefined): boolean =>
  searchTooShort(q) && eventoBuscaPorEstado(q) === undefined;

export const eventoListQuerySchema = listQuerySchema.extend({
  q: listQuerySchema.shape.q.refine((v) => !eventoSearchTooShort(v), SEARCH_TOO_SHORT_MESSAGE),
  sort: listSortSchema(EVENTO_SORT_KEYS),
  clienteId: z
    .union([z.literal(''), z.guid(EVENTO_MESSAGES.clienteNotFound)])
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/**
 * The event dialog. `requireCliente` is false for a cliente (its id comes from the session) and true for the
 * roles that pick a client.
 */
export const eventoFormSchema = (requireCliente: boolean) =>
  z
    .object({
      // A field rule, not the object's: it shows on the first submit with the other fields' errors (issue 23).
      clienteId: requireCliente ? z.string().min(1, EVENTO_MESSAGES.clienteId) : z.string(),
      ...fields,
      qtdAlunos: qtdAlunos(EVENTO_MESSAGES.qtdAlunosForm),
      observacao: z.string().trim().max(2000, FIELD_MESSAGES.tooLong),
      cep: z
        .string()
        .trim()
        .refine((v) => v === '' || /^\d{5}-?\d{3}$/.test(v), EVENTO_MESSAGES.cep),
      logradouro: z.string().trim().max(ENDERECO_MAX.logradouro, EVENTO_MESSAGES.logradouro).default(''),
      numero: z.string().trim().max(ENDERECO_MAX.numero, EVENTO_MESSAGES.numero).default(''),
      complemento: z.string().trim().max(ENDERECO_MAX.complemento, EVENTO_MESSAGES.complemento).default(''),
      bairro: z.string().trim().max(ENDERECO_MAX.bairro, EVENTO_MESSAGES.bairro).default(''),
      cursoIds: z.array(z.string()),
      status: z.enum(EVENTO_STATUSES, { error: EVENTO_MESSAGES.status }),
      /** '' is unlimited. */
      vagas: z
        .string()
        .trim()
        .default('')
        .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1), EVENTO_MESSAGES.vagas)
        .refine((v) => v === '' || Number(v) <= MAX_QTD_ALUNOS, EVENTO_MESSAGES.vagasMaximo),
      /** 'dd/mm/aaaa hh:mm' in São Paulo time, or '' for the event's day. */
      inscricoesAte: z
        .string()
        .trim()
        .default('')
        .refine((v) => v === '' || inscricoesAteFromField(v) !== null, EVENTO_MESSAGES.inscricoesAte),
    })
    .refine(...distribuicaoAteOEvento);
export type EventoFormInput = z.input<ReturnType<typeof eventoFormSchema>>;
export type EventoFormValues = z.output<ReturnType<typeof eventoFormSchema>>;

/* What the API answers. */

export const eventoCursoViewSchema = z.object({ id: z.string(), titulo: z.string() });
export type EventoCurso = z.infer<typeof eventoCursoViewSchema>;

/** An event as the routes answer it: their response schema (ADR 018). */
export const eventoViewSchema = z.object({
  id: z.string(),
  clienteId: z.string().nullable(),
  microFranquiaId: z.string().nullable(),
  cliente: z.object({ id: z.string(), nomeFantasia: z.string() }).nullable(),
  nomeEscola: z.string(),
  tipoEscola: z.enum(TIPOS_ESCOLA),
  /** The 8 digits, or null. */
  cep: z.string().nullable(),
  /** The street address (issue 51); each null when the event has none. */
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string(),
  estado: z.string(),
  /** YYYY-MM-DD */
  dataDistribuicao: z.string(),
  /** YYYY-MM-DD */
  dataEvento: z.string(),
  horario: z.string(),
  local: z.enum(LOCAIS_EVENTO),
  qtdAlunos: z.number(),
  valorTotalDesconto: z.number().nullable(),
  observacao: z.string().nullable(),
  status: z.enum(EVENTO_STATUSES),
  isActive: z.boolean(),
  /** Seats; null is unlimited (issue 20). */
  vagas: z.number().nullable(),
  /** ISO instant; null is until the event's day. */
  inscricoesAte: z.string().nullable(),
  /** Only when the event has vagas: the seats not yet taken (never below 0). */
  vagasRestantes: z.number().optional(),
  inscricoesAbertas: z.boolean(),
  /** Seated sign-ups (the waiting list and the cancelled aside), those on the waiting list, and who came. */
  inscritos: z.number(),
  listaEspera: z.number(),
  presentes: z.number(),
  cursoIds: z.array(z.string()),
  cursos: z.array(eventoCursoViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Evento = z.infer<typeof eventoViewSchema>;

/** The courses line of an event card: the title of a single course, otherwise '{n} cursos' (SPEC §2). */
export function cursosLabel(cursos: readonly EventoCurso[]): string | null {
  if (cursos.length === 0) return null;
  if (cursos.length === 1) return cursos[0]!.titulo;
  return `${cursos.length} cursos`;
}
