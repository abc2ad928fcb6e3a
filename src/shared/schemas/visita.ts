import { z } from 'zod';
import { dateOnlyField, instante, optionalText, patchText } from './fields';
import { indexedSearchSchema, listQuerySchema } from './list-query';
import { type ListCursor, type ListKeyset, checkCursor, cursorShape } from './list-cursor';

/**
 * A vendedor's visits to schools (issue 49, ADR 105): scheduled for a time with a goal, then logged in at most three
 * taps -- 'Visita realizada' with its result (interessada, agendou evento, sem interesse and why) or 'Não realizada'.
 * Scoped like the cliente visited; the agenda of a day gathers them with the follow-up due and the events worked.
 */

export const VISITA_STATUSES = ['agendada', 'realizada', 'nao_realizada'] as const;
export type VisitaStatus = (typeof VISITA_STATUSES)[number];
export const VISITA_RESULTADOS = ['interessada', 'agendou_evento', 'sem_interesse'] as const;
export type VisitaResultado = (typeof VISITA_RESULTADOS)[number];

export const VISITA_STATUS_LABELS: Record<VisitaStatus, string> = {
  agendada: 'Agendada',
  realizada: 'Visita realizada',
  nao_realizada: 'Não realizada',
};
export const VISITA_RESULTADO_LABELS: Record<VisitaResultado, string> = {
  interessada: 'Interessada',
  agendou_evento: 'Agendou evento',
  sem_interesse: 'Sem interesse',
};

export const VISITA_MESSAGES = {
  cliente: 'Escolha a escola (cliente) da visita',
  vendedor: 'Escolha o vendedor da visita',
  quando: 'Informe a data e a hora da visita',
  objetivo: 'O objetivo pode ter no máximo 500 caracteres',
  status: 'Escolha como foi a visita',
  resultado: 'Escolha o resultado da visita',
  motivo: 'Informe o motivo (até 500 caracteres)',
  resultadoSoRealizada: 'Só uma visita realizada tem resultado',
  motivoObrigatorio: 'Informe o motivo do desinteresse',
  clienteNaoEncontrado: 'Cliente não encontrado',
  vendedorNaoEncontrado: 'Vendedor não encontrado',
  vendedorDeOutraEscola: 'Este vendedor não atende a micro-franquia desta escola',
  naoEncontrada: 'Visita não encontrada',
  jaRegistrada: 'O resultado desta visita já foi registrado',
  criada: 'Visita agendada',
  registrada: 'Visita registrada',
  empty: 'Nenhuma visita',
  failed: 'Falha ao carregar as visitas',
  diaInvalido: 'Informe o dia no formato AAAA-MM-DD',
  // Added with the routes (issue 49): the rules the server checks beyond the fields' shapes.
  eventoDoCliente: 'Escolha um evento desta escola (cliente)',
  eventoSoAgendou: 'Só uma visita com o resultado "Agendou evento" tem um evento',
  nadaAlterar: 'Informe o que alterar na visita',
  periodoInvertido: 'A data inicial deve ser anterior ou igual à data final',
  quandoForaDoPrazo: 'Informe uma data entre 2000 e 2100',
  editada: 'Visita atualizada',
  eventoVinculado: 'Evento ligado à visita',
  horario: 'Informe o horário (hh:mm)',
} as const;

const instanteEntrada = z.iso.datetime({ offset: true, error: VISITA_MESSAGES.quando });

/** POST /api/visitas */
export const visitaCreateSchema = z.object({
  clienteId: z.uuid(VISITA_MESSAGES.cliente),
  /** Who visits: the vendedor itself when it schedules; a manager picks one of the school's micro-franquia. */
  vendedorId: z.uuid(VISITA_MESSAGES.vendedor).optional(),
  agendadaPara: instanteEntrada,
  objetivo: optionalText(500),
  notas: optionalText(2000),
});
export type VisitaCreateInput = z.infer<typeof visitaCreateSchema>;

/**
 * PATCH /api/visitas/:id -- the outcome: `realizada` with a `resultado` (and `motivo` when `sem_interesse`), or
 * `nao_realizada` (with an optional `motivo`); or a new time, goal or notes while still `agendada`.
 */
export const visitaPatchSchema = z
  .object({
    status: z.enum(['realizada', 'nao_realizada'], { error: VISITA_MESSAGES.status }).optional(),
    resultado: z.enum(VISITA_RESULTADOS, { error: VISITA_MESSAGES.resultado }).optional(),
    motivo: patchText(500),
    agendadaPara: instanteEntrada.optional(),
    objetivo: patchText(500),
    notas: patchText(2000),
    /** The event the visit scheduled ('agendou evento' then the new event's dialog). */
    eventoId: z.uuid().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.resultado && v.status !== 'realizada') {
      ctx.addIssue({ code: 'custom', path: ['resultado'], message: VISITA_MESSAGES.resultadoSoRealizada });
    }
    if (v.status === 'realizada' && !v.resultado) {
      ctx.addIssue({ code: 'custom', path: ['resultado'], message: VISITA_MESSAGES.resultado });
    }
    if (v.resultado === 'sem_interesse' && !v.motivo) {
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: VISITA_MESSAGES.motivoObrigatorio });
    }
  });
export type VisitaPatchInput = z.infer<typeof visitaPatchSchema>;

/** The list's order, the latest visit first, and its cursors' keys (issue 46): the moment, the creation, the id. */
export const VISITAS_ORDEM = '-agendadaPara';
export const visitasKeyset: ListKeyset<{ apos?: ListCursor; antes?: ListCursor }> = {
  lista: 'visitas',
  ordem: () => VISITAS_ORDEM,
  chaves: { agendadaPara: ['instante', 'instante', 'uuid'] },
};

/**
 * GET /api/visitas: the list conventions, a period of days (São Paulo), a vendedor, a cliente, a status; the page by
 * number or by cursor (issue 46).
 */
export const visitaListQuerySchema = listQuerySchema
  .extend({
    // Issue 46: a search too short to answer answers with the hint, as every list's.
    q: indexedSearchSchema,
    de: dateOnlyField(VISITA_MESSAGES.diaInvalido).optional(),
    ate: dateOnlyField(VISITA_MESSAGES.diaInvalido).optional(),
    vendedorId: z.uuid(VISITA_MESSAGES.vendedorNaoEncontrado).optional(),
    clienteId: z.uuid(VISITA_MESSAGES.clienteNaoEncontrado).optional(),
    status: z.enum(VISITA_STATUSES, { error: VISITA_MESSAGES.status }).optional(),
    ...cursorShape,
  })
  .superRefine(checkCursor(visitasKeyset));
export type VisitaListQuery = z.infer<typeof visitaListQuerySchema>;

export const visitaViewSchema = z.object({
  id: z.string(),
  clienteId: z.string(),
  clienteNome: z.string(),
  clienteCidade: z.string().nullable(),
  vendedorId: z.string().nullable(),
  vendedorNome: z.string().nullable(),
  agendadaPara: instante,
  objetivo: z.string().nullable(),
  notas: z.string().nullable(),
  status: z.enum(VISITA_STATUSES),
  resultado: z.enum(VISITA_RESULTADOS).nullable(),
  motivo: z.string().nullable(),
  registradaEm: instante.nullable(),
  eventoId: z.string().nullable(),
  createdAt: instante,
});
export type VisitaView = z.input<typeof visitaViewSchema>;

/** GET /api/user/agenda?dia=AAAA-MM-DD (São Paulo; today when absent). */
export const agendaQuerySchema = z.object({ dia: dateOnlyField(VISITA_MESSAGES.diaInvalido).optional() });

export const agendaSchema = z.object({
  dia: z.string(),
  /** The day's visits, by time. */
  hoje: z.array(visitaViewSchema),
  /** The rest of the week (Monday to Sunday holding `dia`), by time. */
  semana: z.array(visitaViewSchema),
  /** The follow-up due: leads whose return is today or late, the first ones (the Leads list holds them all). */
  retornos: z.object({
    hoje: z.number(),
    atrasados: z.number(),
    itens: z.array(
      z.object({
        id: z.string(),
        nomeAluno: z.string(),
        nomeResponsavel: z.string(),
        proximoContatoEm: z.string(),
        status: z.string(),
      }),
    ),
  }),
  /** The events the vendedor works from `dia` on, the next ones first. */
  eventos: z.array(
    z.object({
      id: z.string(),
      nomeEscola: z.string(),
      dataEvento: z.string(),
      horario: z.string(),
      cidade: z.string(),
      status: z.string(),
    }),
  ),
});
export type Agenda = z.input<typeof agendaSchema>;

/** How many leads the agenda lists among the follow-up due (its counts are all of them; Leads lists them all). */
export const AGENDA_RETORNOS_ITENS = 5;
/** How many next events the agenda lists. */
export const AGENDA_EVENTOS_ITENS = 10;
/** How many visits the agenda lists for the day and for the rest of the week, each (a manager's subtree may hold more). */
export const AGENDA_VISITAS_MAX = 200;

/**
 * What a PATCH may change once the visit's outcome is logged: its notes, and the event an 'Agendou evento' visit
 * scheduled. Its time, goal, outcome and reason are the record of what happened (409 `jaRegistrada`).
 */
export const VISITA_EDITAVEL_APOS_REGISTRO = ['notas', 'eventoId'] as const;

/** Whether a visit's outcome was logged. */
export const visitaRegistrada = (status: VisitaStatus) => status !== 'agendada';

/**
 * 'Nova visita' (issue 49): the school, the day and the time on São Paulo's clocks, the goal and the notes -- the
 * dialog's rules; its payload (`agendadaPara` as an instant) is built in the dialog's form-values file.
 */
export const visitaFormSchema = z.object({
  clienteId: z.uuid(VISITA_MESSAGES.cliente),
  dia: dateOnlyField(VISITA_MESSAGES.quando),
  horario: z
    .string({ error: VISITA_MESSAGES.horario })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, VISITA_MESSAGES.horario),
  objetivo: optionalText(500),
  notas: optionalText(2000),
});
export type VisitaFormInput = z.input<typeof visitaFormSchema>;
export type VisitaFormValues = z.output<typeof visitaFormSchema>;
