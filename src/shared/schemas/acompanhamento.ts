import { z } from 'zod';
import { FIELD_MESSAGES, TEXT_MESSAGES, dateOnlyField, wellFormed } from './fields';
import { funnelClienteSchema, funnelEventoSchema, origemVistaSchema } from './funnel-evento';

/**
 * A lead followed up (issue 16): its status, owner, next contact and history, the contacts and notes staff
 * register, and the list filters that find the leads to call. One contract for the server, the panel and the
 * dashboard.
 */

export const LEAD_STATUSES = ['novo', 'em_contato', 'interessado', 'sem_interesse', 'convertido'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Still being followed: a return date on one of these is due; the closed ones wait for nobody. */
export const LEAD_STATUSES_ABERTOS = ['novo', 'em_contato', 'interessado'] as const satisfies readonly LeadStatus[];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  novo: 'Novo',
  em_contato: 'Em contato',
  interessado: 'Interessado',
  sem_interesse: 'Sem interesse',
  convertido: 'Convertido',
};

export const MOTIVOS_PERDA = [
  'preco',
  'distancia',
  'sem_resposta',
  'escolheu_outra_escola',
  'sem_perfil',
  'outro',
] as const;
export type MotivoPerda = (typeof MOTIVOS_PERDA)[number];

export const MOTIVO_PERDA_LABELS: Record<MotivoPerda, string> = {
  preco: 'Preço',
  distancia: 'Distância',
  sem_resposta: 'Sem resposta',
  escolheu_outra_escola: 'Escolheu outra escola',
  sem_perfil: 'Sem perfil',
  outro: 'Outro',
};

export const CONTATO_CANAIS = ['telefone', 'whatsapp', 'email', 'presencial'] as const;
export type ContatoCanal = (typeof CONTATO_CANAIS)[number];
export const CONTATO_CANAL_LABELS: Record<ContatoCanal, string> = {
  telefone: 'Telefone',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  presencial: 'Presencial',
};

export const CONTATO_RESULTADOS = ['atendeu', 'nao_atendeu', 'mensagem_enviada', 'visita_agendada'] as const;
export type ContatoResultado = (typeof CONTATO_RESULTADOS)[number];
export const CONTATO_RESULTADO_LABELS: Record<ContatoResultado, string> = {
  atendeu: 'Atendeu',
  nao_atendeu: 'Não atendeu',
  mensagem_enviada: 'Mensagem enviada',
  visita_agendada: 'Visita agendada',
};

export const HISTORICO_TIPOS = [
  'inscricao',
  'reinscricao',
  'pre_matricula',
  'matricula',
  'contato',
  'status',
  'responsavel',
  'nota',
  'whatsapp',
] as const;
export type HistoricoTipo = (typeof HISTORICO_TIPOS)[number];

/** The entries staff write; the others are read from the funnel's own rows. */
export const HISTORICO_TIPOS_GRAVADOS = [
  'reinscricao',
  'contato',
  'status',
  'responsavel',
  'nota',
  // A family's WhatsApp message (issue 47).
  'whatsapp',
] as const satisfies readonly HistoricoTipo[];

export const NOTA_MAX = 2000;

export const ACOMPANHAMENTO_MESSAGES = {
  leadNaoEncontrado: 'Lead não encontrado',
  statusInvalido: 'Status inválido',
  motivoInvalido: 'Motivo da perda inválido',
  motivoObrigatorio: 'Informe o motivo da perda',
  motivoSoSemInteresse: 'O motivo da perda só se aplica a leads sem interesse',
  responsavelInvalido: 'Responsável inválido',
  responsavelOutraMicroFranquia: 'O responsável deve ser um vendedor ativo da micro-franquia do lead',
  responsavelNaoEncontrado: 'Vendedor não encontrado',
  semPermissaoAtribuir: 'Você não tem permissão para atribuir o responsável',
  retornoPassado: 'O retorno deve ser hoje ou depois',
  nadaAlterar: 'Informe o que alterar',
  convertidoComMatricula: 'Este lead já tem matrícula efetivada',
  contatadoNaoVoltaNovo: 'Um lead já contatado não volta a ser novo',
  canalInvalido: 'Canal inválido',
  resultadoInvalido: 'Resultado inválido',
  notaObrigatoria: 'Escreva a nota',
  notaLonga: `A nota pode ter no máximo ${NOTA_MAX.toLocaleString('pt-BR')} caracteres`,
  filtroResponsavelInvalido: 'Responsável inválido',
  filtroRetornoInvalido: 'Filtro de retorno inválido',
  filtroSemContatoInvalido: 'Filtro de contato inválido',
  filtroAbertosInvalido: 'Filtro de leads em aberto inválido',
} as const;

export const leadIdParamsSchema = z.object({
  id: z.uuid(ACOMPANHAMENTO_MESSAGES.leadNaoEncontrado),
});

const notaText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .max(NOTA_MAX, ACOMPANHAMENTO_MESSAGES.notaLonga)
    .refine((v) => !v.includes('\u0000'), TEXT_MESSAGES.invalidCharacters)
    // Kept in a JSON column: half of a UTF-16 pair (no keyboard types one) becomes U+FFFD, as a text column has it.
    .transform(wellFormed);

/**
 * PATCH /api/leads/:id: any of the four. `motivoPerda` goes with `sem_interesse` and only with it; the date is
 * checked against today in Brasília by the server (the browser's clock is not trusted for it).
 */
export const leadPatchSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: ACOMPANHAMENTO_MESSAGES.statusInvalido }).optional(),
    motivoPerda: z.enum(MOTIVOS_PERDA, { error: ACOMPANHAMENTO_MESSAGES.motivoInvalido }).nullable().optional(),
    responsavelId: z.uuid(ACOMPANHAMENTO_MESSAGES.responsavelInvalido).nullable().optional(),
    proximoContatoEm: dateOnlyField(FIELD_MESSAGES.dataInvalida).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (Object.values(body).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: ACOMPANHAMENTO_MESSAGES.nadaAlterar, path: [] });
    }
    if (body.status === 'sem_interesse' && !body.motivoPerda) {
      ctx.addIssue({ code: 'custom', message: ACOMPANHAMENTO_MESSAGES.motivoObrigatorio, path: ['motivoPerda'] });
    }
    if (body.status !== undefined && body.status !== 'sem_interesse' && body.motivoPerda) {
      ctx.addIssue({ code: 'custom', message: ACOMPANHAMENTO_MESSAGES.motivoSoSemInteresse, path: ['motivoPerda'] });
    }
  });
export type LeadPatch = z.infer<typeof leadPatchSchema>;

export const contatoSchema = z.object({
  canal: z.enum(CONTATO_CANAIS, { error: ACOMPANHAMENTO_MESSAGES.canalInvalido }),
  resultado: z.enum(CONTATO_RESULTADOS, { error: ACOMPANHAMENTO_MESSAGES.resultadoInvalido }),
  nota: notaText(ACOMPANHAMENTO_MESSAGES.notaObrigatoria)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ContatoInput = z.infer<typeof contatoSchema>;

export const notaSchema = z.object({
  texto: notaText(ACOMPANHAMENTO_MESSAGES.notaObrigatoria).pipe(
    z.string().min(1, ACOMPANHAMENTO_MESSAGES.notaObrigatoria),
  ),
});
export type NotaInput = z.infer<typeof notaSchema>;

/** `eu` is the caller (a vendedor); `nenhum`, the leads nobody owns. */
export const RESPONSAVEL_FILTRO_ESPECIAL = ['eu', 'nenhum'] as const;
export const RETORNO_FILTROS = ['hoje', 'atrasados'] as const;
export type RetornoFiltro = (typeof RETORNO_FILTROS)[number];
/** `true`: never contacted and still open; `48h`: the same, signed up more than 48 hours ago. */
export const SEM_CONTATO_FILTROS = ['true', '48h'] as const;
export type SemContatoFiltro = (typeof SEM_CONTATO_FILTROS)[number];
/** Issue 50: `sim`, the open leads (LEAD_STATUSES_ABERTOS); `nao`, the closed ones. */
export const ABERTOS_FILTROS = ['sim', 'nao'] as const;
export type AbertosFiltro = (typeof ABERTOS_FILTROS)[number];

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The follow-up filters of /api/leads and its export (the other funnel lists do not take them). */
export const leadFollowUpFilterShape = {
  status: z.preprocess(
    emptyToUndefined,
    z.enum(LEAD_STATUSES, { error: ACOMPANHAMENTO_MESSAGES.statusInvalido }).optional(),
  ),
  responsavelId: z.preprocess(
    emptyToUndefined,
    z
      .union([z.enum(RESPONSAVEL_FILTRO_ESPECIAL), z.uuid(ACOMPANHAMENTO_MESSAGES.filtroResponsavelInvalido)], {
        error: ACOMPANHAMENTO_MESSAGES.filtroResponsavelInvalido,
      })
      .optional(),
  ),
  retorno: z.preprocess(
    emptyToUndefined,
    z.enum(RETORNO_FILTROS, { error: ACOMPANHAMENTO_MESSAGES.filtroRetornoInvalido }).optional(),
  ),
  semContato: z.preprocess(
    emptyToUndefined,
    z.enum(SEM_CONTATO_FILTROS, { error: ACOMPANHAMENTO_MESSAGES.filtroSemContatoInvalido }).optional(),
  ),
  /**
   * Issue 50: the open leads only (`sim`: novo, em contato, interessado) or the closed ones (`nao`) -- e.g. a
   * deactivated vendedor's open leads, to hand to the others.
   */
  abertos: z.preprocess(
    emptyToUndefined,
    z.enum(ABERTOS_FILTROS, { error: ACOMPANHAMENTO_MESSAGES.filtroAbertosInvalido }).optional(),
  ),
};

/** The vendedor a lead is assigned to. */
export const leadResponsavelSchema = z.object({ id: z.string(), nome: z.string() });
export type LeadResponsavel = z.infer<typeof leadResponsavelSchema>;

export const historicoAutorSchema = z.object({ id: z.string(), nome: z.string() });
export type HistoricoAutor = z.infer<typeof historicoAutorSchema>;

/**
 * One entry of a lead's history. `dados` by `tipo`:
 * - inscricao: `{}`; reinscricao: `{nomeResponsavel, telefone}` as the repeat sign-up sent them;
 * - pre_matricula: `{id, status, nomeAluno}`; matricula: `{id, cursoInteresse}`;
 * - contato: `{canal, resultado, nota}`; nota: `{texto}`;
 * - status: `{status?, motivoPerda?, proximoContatoEm?}`, each `[antes, depois]`;
 * - responsavel: `{de, para}`, each `{id, nome}` or null;
 * - whatsapp: `{texto}`, a message the family sent to the network's WhatsApp number (issue 47).
 * The answer of POST /api/leads/:id/contatos and /notas, and each entry of the panel's `historico` (ADR 018).
 */
export const historicoEntrySchema = z.object({
  id: z.string(),
  tipo: z.enum(HISTORICO_TIPOS),
  /** ISO instant. */
  em: z.string(),
  autor: historicoAutorSchema.nullable(),
  dados: z.record(z.string(), z.unknown()),
});
export type HistoricoEntry = z.infer<typeof historicoEntrySchema>;

/** What the list rows add to SPEC's lead (issue 16). */
export const leadFollowUpShape = {
  status: z.enum(LEAD_STATUSES),
  responsavel: leadResponsavelSchema.nullable(),
  /** YYYY-MM-DD */
  proximoContatoEm: z.string().nullable(),
};
export type LeadFollowUp = { [K in keyof typeof leadFollowUpShape]: z.infer<(typeof leadFollowUpShape)[K]> };

/**
 * GET /api/leads/:id, and PATCH's answer (their response schema, ADR 018), in the order the service builds it.
 * `telefone` is null once the titular revoked the consent or was anonymised (issue 18). Instants: ISO text.
 */
export const leadDetalheSchema = z.object({
  id: z.string(),
  eventoId: z.string(),
  nomeAluno: z.string(),
  nomeResponsavel: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  consentimentoRevogado: z.boolean(),
  status: leadFollowUpShape.status,
  motivoPerda: z.enum(MOTIVOS_PERDA).nullable(),
  proximoContatoEm: leadFollowUpShape.proximoContatoEm,
  evento: funnelEventoSchema,
  createdAt: z.string(),
  consentidoEm: z.string(),
  primeiroContatoEm: z.string().nullable(),
  responsavel: leadFollowUpShape.responsavel,
  cliente: funnelClienteSchema.nullable(),
  historico: z.array(historicoEntrySchema),
  /** Issue 48: where the family came from, every field; null when it came with none. */
  origem: origemVistaSchema.nullable().optional(),
});
export type LeadDetalhe = z.infer<typeof leadDetalheSchema>;

/**
 * GET /api/dashboard/acompanhamento (vendedor and cliente): the follow-up due, as links into Leads. The route's
 * response schema (ADR 018, issue 41).
 */
export const acompanhamentoResumoSchema = z.object({
  retornosHoje: z.number(),
  atrasados: z.number(),
  semContato48h: z.number(),
});
export type AcompanhamentoResumo = z.infer<typeof acompanhamentoResumoSchema>;

/** GET /api/leads/:id/responsaveis: the vendedores a lead may be assigned to (its micro-franquia's, active). */
export type ResponsavelOpcao = LeadResponsavel;
export const responsavelOpcoesSchema = z.array(leadResponsavelSchema);
