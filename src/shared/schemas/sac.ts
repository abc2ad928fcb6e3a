import { z } from 'zod';
import { DEPARTAMENTOS, TICKET_PRIORIDADES, TICKET_STATUSES } from '../enums';
import { ROLES } from '../roles';
import { indexedSearchSchema, listQuerySchema } from './list-query';

/** SPEC §5 (new ticket, ticket response) and DESIGN §4.5; written once for the forms and the routes. */
export const SAC_MESSAGES = {
  tituloRequired: 'Título é obrigatório',
  descricaoMin: 'Descrição deve ter pelo menos 10 caracteres',
  departamento: 'Selecione um departamento',
  prioridade: 'Selecione uma prioridade',
  status: 'Selecione um status',
  resolucaoRequired: 'Resolução é obrigatória',
  alreadyAnswered: 'Ticket já foi respondido',
  notFound: 'Ticket não encontrado.',
  textoRequired: 'Escreva a mensagem',
  internaSoFranqueador: 'Somente o franqueador escreve notas internas.',
  cancelado: 'Este ticket foi cancelado e não recebe mais mensagens.',
  prazoReabertura: 'Este ticket foi concluído há mais de 7 dias. Abra um novo ticket.',
  responsavel: 'Escolha um responsável da equipe do franqueador',
  nadaAAlterar: 'Informe o que alterar: status, prioridade ou responsável',
  statusComResolucao: 'Selecione um status',
  nota: 'Escolha uma nota de 1 a 5',
  avaliacaoSoSolicitante: 'Somente quem abriu o ticket pode avaliá-lo.',
  avaliacaoNaoConcluido: 'Só é possível avaliar um ticket concluído.',
  jaAvaliado: 'Este ticket já foi avaliado.',
  anexoNotFound: 'Anexo não encontrado.',
  anexosDemais: 'Envie no máximo 5 arquivos por mensagem.',
  anexoGrande: 'Cada arquivo pode ter no máximo 5 MB.',
  anexoTipo: 'O conteúdo do arquivo não é do tipo que o nome indica. Confira o arquivo ou renomeie-o.',
  anexoExecutavel: 'Programas, scripts e páginas (.exe, .bat, .js, .html e semelhantes) não são aceitos como anexo.',
  filtroInvalido: 'Filtro inválido',
  tooLong: 'Texto longo demais',
} as const;

/** SPEC §9: minimum ticket description. */
export const DESCRICAO_MIN_LENGTH = 10;
export const TITULO_MAX_LENGTH = 200;
export const TEXT_MAX_LENGTH = 5000;

/** SPEC §9: a ticket id is shown as its first 8 characters. */
export const SHORT_ID_LENGTH = 8;
export const ticketShortId = (id: string): string => id.slice(0, SHORT_ID_LENGTH);

/**
 * The new-ticket body. The requester, its franquia and micro-franquia come from the session, never from here:
 * SPEC's optional solicitanteId (and any status, responsavelId...) is dropped with the other unknown keys.
 */
export const createTicketSchema = z.object({
  titulo: z
    .string({ error: SAC_MESSAGES.tituloRequired })
    .trim()
    .min(1, SAC_MESSAGES.tituloRequired)
    .max(TITULO_MAX_LENGTH, SAC_MESSAGES.tooLong),
  descricao: z
    .string({ error: SAC_MESSAGES.descricaoMin })
    .trim()
    .min(DESCRICAO_MIN_LENGTH, SAC_MESSAGES.descricaoMin)
    .max(TEXT_MAX_LENGTH, SAC_MESSAGES.tooLong),
  departamento: z.enum(DEPARTAMENTOS, { error: SAC_MESSAGES.departamento }),
  prioridade: z.enum(TICKET_PRIORIDADES, { error: SAC_MESSAGES.prioridade }).default('media'),
});
/** What the form holds (prioridade may be absent) and what the server receives once parsed. */
export type CreateTicketFormValues = z.input<typeof createTicketSchema>;
export type CreateTicketInput = z.output<typeof createTicketSchema>;

/** The franqueador's answer: a status together with the resolution text. */
export const answerTicketSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: SAC_MESSAGES.status }),
  resolucao: z
    .string({ error: SAC_MESSAGES.resolucaoRequired })
    .trim()
    .min(1, SAC_MESSAGES.resolucaoRequired)
    .max(TEXT_MAX_LENGTH, SAC_MESSAGES.tooLong),
});
export type AnswerTicketInput = z.infer<typeof answerTicketSchema>;

const resolucaoField = z
  .string({ error: SAC_MESSAGES.resolucaoRequired })
  .trim()
  .min(1, SAC_MESSAGES.resolucaoRequired)
  .max(TEXT_MAX_LENGTH, SAC_MESSAGES.tooLong);

/**
 * The ticket page's 'Resolver' (issue 51, Zendesk's 'Submit as Solved'): a resolution note, sent as the seed's
 * answer with status concluido -- the requester reads it in the conversation and by e-mail.
 */
export const resolverTicketSchema = z.object({ resolucao: resolucaoField });
export type ResolverTicketInput = z.infer<typeof resolverTicketSchema>;

/**
 * PATCH /api/sac/tickets/:id (issue 19): with `resolucao`, the seed's answer ('Responder': status and resolução
 * at once, only on an unanswered ticket); without it, any of status, priority and assignee.
 */
export const updateTicketSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: SAC_MESSAGES.status }).optional(),
    resolucao: resolucaoField.optional(),
    prioridade: z.enum(TICKET_PRIORIDADES, { error: SAC_MESSAGES.prioridade }).optional(),
    responsavelId: z.uuid({ error: SAC_MESSAGES.responsavel }).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.resolucao !== undefined && body.status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: SAC_MESSAGES.status });
    }
    if (
      body.resolucao === undefined &&
      body.status === undefined &&
      body.prioridade === undefined &&
      body.responsavelId === undefined
    ) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: SAC_MESSAGES.nadaAAlterar });
    }
  });
export type UpdateTicketInput = z.infer<typeof updateTicketSchema>;

const booleanFlag = z
  .enum(['true', 'false'], { error: SAC_MESSAGES.filtroInvalido })
  .optional()
  .transform((v) => v === 'true');

/** GET /api/sac/tickets: the list's page and search plus the help desk's filters. */
export const ticketListQuerySchema = listQuerySchema.extend({
  // Issue 46: a search too short to answer answers with the hint, as every list's.
  q: indexedSearchSchema,
  status: z.enum(TICKET_STATUSES, { error: SAC_MESSAGES.filtroInvalido }).optional(),
  prioridade: z.enum(TICKET_PRIORIDADES, { error: SAC_MESSAGES.filtroInvalido }).optional(),
  departamento: z.enum(DEPARTAMENTOS, { error: SAC_MESSAGES.filtroInvalido }).optional(),
  responsavelId: z.uuid({ error: SAC_MESSAGES.filtroInvalido }).optional(),
  atrasados: booleanFlag,
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** A conversation message: `interna` (a note only the franqueador reads) is the franqueador's alone. */
export const mensagemSchema = z.object({
  texto: z
    .string({ error: SAC_MESSAGES.textoRequired })
    .trim()
    .min(1, SAC_MESSAGES.textoRequired)
    .max(TEXT_MAX_LENGTH, SAC_MESSAGES.tooLong),
  interna: z.boolean({ error: 'Valor inválido' }).default(false),
});
export type MensagemInput = z.infer<typeof mensagemSchema>;

/** The requester's rating of a concluded ticket, once. */
export const avaliacaoSchema = z.object({
  nota: z
    .number({ error: SAC_MESSAGES.nota })
    .int(SAC_MESSAGES.nota)
    .min(1, SAC_MESSAGES.nota)
    .max(5, SAC_MESSAGES.nota),
  comentario: z
    .string()
    .trim()
    .max(TEXT_MAX_LENGTH, SAC_MESSAGES.tooLong)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type AvaliacaoInput = z.input<typeof avaliacaoSchema>;

/** GET /api/sac/resumo: the period the average rating covers, in days. */
export const resumoQuerySchema = z.object({
  dias: z.coerce.number({ error: SAC_MESSAGES.filtroInvalido }).int().min(1).max(366).default(30),
});

/**
 * Attachments (issue 19, issue 51): at most 5 per message, 5 MB each, of any type but a program or script. PNG,
 * JPEG, WebP and PDF are known by their bytes; a few office and text types by their extension; anything else is
 * `application/octet-stream`. Every one is served as a download (ADR 075).
 */
export const ANEXOS_MAX = 5;
export const ANEXO_MAX_BYTES = 5 * 1024 * 1024;
/** The types a file's first bytes prove (sniffed). */
export const ANEXO_TIPOS_CONFERIDOS = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type AnexoTipoConferido = (typeof ANEXO_TIPOS_CONFERIDOS)[number];
/** The types named by a file's extension when its bytes prove none of the above. */
export const ANEXO_TIPOS_POR_EXTENSAO = {
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  odt: 'application/vnd.oasis.opendocument.text',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
} as const;
export const ANEXO_TIPOS = [
  ...ANEXO_TIPOS_CONFERIDOS,
  ...Object.values(ANEXO_TIPOS_POR_EXTENSAO),
  'application/octet-stream',
] as const;
export type AnexoTipo = (typeof ANEXO_TIPOS)[number];
/**
 * Programs, scripts and pages a click could run (Windows, macOS, Linux, a browser from disk): refused by their name's
 * last extension, whatever their bytes; a Windows or Linux executable is refused by its bytes too (anexos.ts).
 */
export const ANEXO_EXTENSOES_EXECUTAVEIS: readonly string[] = [
  'exe com scr pif bat cmd msi msp mst dll cpl sys drv ocx vbs vbe js jse mjs wsf wsh wsc ps1 psm1 psd1 hta',
  'jar lnk url reg inf scf gadget application appref-ms sh bash zsh csh ksh command app pkg dmg run elf apk',
  'appx msix iso img vhd vhdx html htm xhtml svg shtml mht mhtml xht swf chm msc py pyw pl rb php',
]
  .join(' ')
  .split(' ');
const EXECUTAVEL = new Set(ANEXO_EXTENSOES_EXECUTAVEIS);
/** Whether a name ends in a program's or script's extension (trailing dots and spaces ignored, as Windows does). */
export function nomeExecutavel(nome: string): boolean {
  const ext = /\.([^.]+)$/u.exec(nome.replace(/[.\s]+$/u, ''))?.[1]?.toLowerCase();
  return ext !== undefined && EXECUTAVEL.has(ext);
}
/** A requester may reopen a concluded ticket this many days after its conclusion, by writing to it. */
export const REABERTURA_DIAS = 7;

// The answers (ADR 018, issue 41): what each SAC route sends, declared as its `response`; the client's types are
// inferred from them. A field is on the wire only when named below; dates travel as ISO 8601 strings.

export const sacAnexoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.enum(ANEXO_TIPOS),
  tamanho: z.number(),
});
export type SacAnexo = z.infer<typeof sacAnexoSchema>;

export const sacMensagemSchema = z.object({
  id: z.string(),
  texto: z.string(),
  interna: z.boolean(),
  autor: z.object({ id: z.string(), nome: z.string().nullable(), role: z.enum(ROLES) }),
  /** ISO 8601. */
  em: z.string(),
  anexos: z.array(sacAnexoSchema),
});
export type SacMensagem = z.infer<typeof sacMensagemSchema>;

/** GET /api/sac/resumo: the franqueador's figures (Dashboard and SAC screen). */
export const sacResumoSchema = z.object({
  abertos: z.number(),
  atrasados: z.number(),
  aguardando: z.number(),
  avaliacao: z.object({ media: z.number().nullable(), total: z.number(), dias: z.number() }),
});
export type SacResumo = z.infer<typeof sacResumoSchema>;

/** A ticket as the list and the write calls answer it (SPEC §3). */
export const sacTicketSchema = z.object({
  id: z.string(),
  solicitanteId: z.string(),
  responsavelId: z.string().nullable(),
  titulo: z.string(),
  descricao: z.string(),
  departamento: z.enum(DEPARTAMENTOS),
  status: z.enum(TICKET_STATUSES),
  prioridade: z.enum(TICKET_PRIORIDADES),
  resolucao: z.string().nullable(),
  /** ISO 8601. */
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  solicitante: z.object({ nome: z.string().nullable(), email: z.string(), role: z.enum(ROLES) }),
  franquia: z.object({ razaoSocial: z.string() }).nullable(),
  microFranquia: z.object({ razaoSocial: z.string() }).nullable(),
  responsavel: z.object({ nome: z.string().nullable() }).nullable(),
  /** Issue 19: deadlines in business time, ISO 8601; null on tickets older than the deadlines. */
  primeiraRespostaAte: z.string().nullable(),
  resolucaoAte: z.string().nullable(),
  primeiraRespostaEm: z.string().nullable(),
  /** Open (em_andamento) and past either deadline; a ticket waiting on its requester is never late. */
  atrasado: z.boolean(),
  avaliacao: z.object({ nota: z.number(), comentario: z.string().nullable(), em: z.string() }).nullable(),
});
export type SacTicket = z.infer<typeof sacTicketSchema>;

/** GET /api/sac/users and /api/sac/equipe: the network's users the franqueador may see. */
export const sacUserSchema = z.object({
  id: z.string(),
  nome: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type SacUser = z.infer<typeof sacUserSchema>;

/** GET /api/sac/users: the network's users by name or e-mail; a search too short to answer is the hint (issue 46). */
export const sacUsersQuerySchema = listQuerySchema.extend({ q: indexedSearchSchema });
