import { z } from 'zod';
import { cpfField, requiredText } from './fields';
import { onlyDigits } from '../format';
import { PUBLIC_MESSAGES } from './public-messages';
import { CODIGO_DECLARACAO } from '../declaracao';
import { UTM_MAX } from '../metas/enums';
import { CODIGO_INDICACAO_RE, ORIGEM_MESSAGES } from '../metas/origem';

/**
 * The public credit pages (SPEC §2, §5, §8; DESIGN §4.4): the sign-up (lead) and the activation (pre-matrícula)
 * forms, written once for the browser and the server, with the answers the public API gives.
 */

// The texts live in a module without zod, so the public pages can show them before the rules have loaded.
export { PUBLIC_MESSAGES };

const NAME_MAX = 150;

/**
 * A name on the public forms (issue 23): SPEC's message when empty, at least two letters (an initial or a digit is
 * no name), and never a leading =, +, - or @, which a spreadsheet opening the CSV export would run as a formula.
 */
export const nomeField = (message: string) =>
  requiredText(message, NAME_MAX).superRefine((v, ctx) => {
    if (v === '') return; // SPEC's message is already there
    if (/^[=+\-@]/.test(v)) ctx.addIssue({ code: 'custom', message: PUBLIC_MESSAGES.nomeFormula });
    else if ((v.match(/\p{L}/gu) ?? []).length < 2)
      ctx.addIssue({ code: 'custom', message: PUBLIC_MESSAGES.nomeLetras });
  });

/** The e-mail: 'Informe o e-mail' when empty, SPEC's 'Email inválido' when it is not one; stored in lower case. */
export const publicEmailField = z
  .string({ error: PUBLIC_MESSAGES.emailVazio })
  .trim()
  .min(1, PUBLIC_MESSAGES.emailVazio)
  .max(254, PUBLIC_MESSAGES.emailInvalido)
  .pipe(z.email(PUBLIC_MESSAGES.emailInvalido))
  .transform((v) => v.toLowerCase());

/** A Brazilian phone with its area code (10 or 11 digits once the mask is gone), one message for every miss. */
export const publicTelefoneField = z
  .string({ error: PUBLIC_MESSAGES.telefone })
  .trim()
  .min(1, PUBLIC_MESSAGES.telefone)
  .max(20, PUBLIC_MESSAGES.telefone)
  .transform(onlyDigits)
  .refine((v) => v.length >= 10 && v.length <= 11, PUBLIC_MESSAGES.telefone);

const eventoIdField = z
  .string({ error: PUBLIC_MESSAGES.eventoId })
  .trim()
  .min(1, PUBLIC_MESSAGES.eventoId)
  .pipe(z.guid(PUBLIC_MESSAGES.eventoId));

/** SPEC §5 asks for 11 characters with its own message; cpfField then checks the digits ('CPF inválido'). */
const requiredCpf = (message: string) => z.string({ error: message }).trim().min(11, message).pipe(cpfField);

/** The guardian authorises the use of the data (LGPD; the student is often a minor). */
const consentimentoField = z
  .boolean({ error: PUBLIC_MESSAGES.consentimento })
  .refine((value) => value, PUBLIC_MESSAGES.consentimento);

/**
 * 'Quero receber avisos pelo WhatsApp' (issue 47): unticked unless the family ticks it; a consent of its own, kept
 * beside the form's, withdrawable in /meus-dados or by replying 'SAIR'.
 */
const whatsappField = z.boolean({ error: 'Opção de WhatsApp inválida' }).optional();

/** A UTM field: trimmed, empty means absent, at most UTM_MAX characters, no control characters. */
const utmField = z
  .string({ error: ORIGEM_MESSAGES.utmInvalida })
  .trim()
  .max(UTM_MAX, ORIGEM_MESSAGES.utmLonga)
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), ORIGEM_MESSAGES.utmInvalida)
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** The share link's code (`?v=`): 8 letters and digits, in any case, stored in capitals; empty means absent. */
const codigoIndicacaoField = z
  .string({ error: ORIGEM_MESSAGES.codigo })
  .trim()
  .refine((v) => v === '' || CODIGO_INDICACAO_RE.test(v), ORIGEM_MESSAGES.codigo)
  .transform((v) => (v === '' ? undefined : v.toUpperCase()))
  .optional();

/**
 * Where the family came from (issue 48, ADR 104): the UTM parameters and the share link's code the public pages
 * kept from the address. Only the public sign-up and activation accept it; a code of another network or of nobody
 * is ignored by the server, never an error.
 */
export const origemSchema = z.object(
  {
    utmSource: utmField,
    utmMedium: utmField,
    utmCampaign: utmField,
    utmContent: utmField,
    utmTerm: utmField,
    vendedor: codigoIndicacaoField,
  },
  { error: ORIGEM_MESSAGES.origem },
);
export type OrigemData = z.output<typeof origemSchema>;

/** POST /api/leads (the /credito-estudantil form). */
export const leadSchema = z.object({
  eventoId: eventoIdField,
  nomeAluno: nomeField(PUBLIC_MESSAGES.nomeAluno),
  nomeResponsavel: nomeField(PUBLIC_MESSAGES.nomeResponsavel),
  email: publicEmailField,
  telefone: publicTelefoneField,
  consentimento: consentimentoField,
  whatsapp: whatsappField,
  /** When the seats are taken, wait for one instead of the 409 (issue 20). */
  listaEspera: z.boolean({ error: 'Lista de espera inválida' }).optional(),
  /** Issue 48: the UTM parameters and the share link's code the page kept from its address. */
  origem: origemSchema.optional(),
});
export type LeadInput = z.input<typeof leadSchema>;
export type LeadData = z.output<typeof leadSchema>;

/** POST /api/pre-matriculas (the /credito-ativacao form). The stored nome is always nomeAluno. */
export const preMatriculaSchema = z.object({
  eventoId: eventoIdField,
  nomeAluno: nomeField(PUBLIC_MESSAGES.nomeAluno),
  cpfAluno: requiredCpf(PUBLIC_MESSAGES.cpfAluno),
  nomeResponsavel: nomeField(PUBLIC_MESSAGES.nomeResponsavel),
  cpfResponsavel: requiredCpf(PUBLIC_MESSAGES.cpfResponsavel),
  email: publicEmailField,
  telefone: publicTelefoneField,
  consentimento: consentimentoField,
  whatsapp: whatsappField,
  /** 'Curso de interesse' (issue 23): optional, one of the event's courses; empty means none chosen. */
  cursoId: z
    .string({ error: PUBLIC_MESSAGES.cursoId })
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.guid(PUBLIC_MESSAGES.cursoId).optional())
    .optional(),
  /** Issue 48: as the sign-up's; none sent, the activation copies its lead's. */
  origem: origemSchema.optional(),
});
export type PreMatriculaInput = z.input<typeof preMatriculaSchema>;
export type PreMatriculaData = z.output<typeof preMatriculaSchema>;

/**
 * Which rule a public list applies (issue 23): 'inscricao' (the sign-up, the default) offers today's and upcoming
 * events; 'ativacao' (the activation) also the events of the last ATIVACAO_JANELA_DIAS days, since the credit card
 * is handed out at the event. Neither ever offers a cancelled or inactive event.
 */
export const PUBLIC_FINALIDADES = ['inscricao', 'ativacao'] as const;
export type PublicFinalidade = (typeof PUBLIC_FINALIDADES)[number];

const paraField = z.enum(PUBLIC_FINALIDADES, { error: PUBLIC_MESSAGES.para }).default('inscricao');

/** GET /api/public/cidades?para= */
export const publicCidadesQuerySchema = z.object({ para: paraField });

/** GET /api/public/indicacao/:codigo?para= (issue 48): the share link's code of the address. */
export const indicacaoParamsSchema = z.object({
  codigo: z
    .string({ error: ORIGEM_MESSAGES.codigo })
    .trim()
    .regex(CODIGO_INDICACAO_RE, ORIGEM_MESSAGES.codigo)
    .transform((v) => v.toUpperCase()),
});
export const indicacaoQuerySchema = z.object({ para: paraField });

/** GET /api/public/eventos?cidade=&para= */
export const publicEventosQuerySchema = z.object({
  cidade: requiredText(PUBLIC_MESSAGES.cidade, 120),
  para: paraField,
});

// ---------------------------------------------------------------------------------------------------------------
// The answers (ADR 018, issue 41): declared as each public route's `response` and read by the public pages through
// the types inferred here, always with `import type` (erased: the pages load no zod for them). A field is on the
// wire only when named below, in the order the server builds it. Dates travel as strings.
// ---------------------------------------------------------------------------------------------------------------

/** GET /api/public/cidades: the cities with an open event, in pt-BR order. */
export const publicCidadesSchema = z.array(z.string());

/** An event open for sign-up, as the public pages see it (GET /api/public/eventos answers a list of them). */
export const publicEventoSchema = z.object({
  id: z.string(),
  nomeEscola: z.string(),
  /** 'YYYY-MM-DD'. */
  dataEvento: z.string(),
  horario: z.string(),
  cidade: z.string(),
  estado: z.string(),
  /** The credit each student receives; 0 when the event has none. */
  valorTotalDesconto: z.number(),
  /** Issue 20: the seats (null: unlimited), those left (only with seats) and whether sign-ups are still taken. */
  vagas: z.number().nullable(),
  cursos: z.array(z.object({ id: z.string(), titulo: z.string() })),
  vagasRestantes: z.number().optional(),
  inscricoesAbertas: z.boolean(),
});
export type PublicEvento = z.infer<typeof publicEventoSchema>;
export const publicEventosSchema = z.array(publicEventoSchema);

/**
 * GET /api/public/indicacao/:codigo (issue 48): the event an event's share link opens the form on, when it is open
 * for the page; null for any other code -- a vendedor's, another's or nobody's look alike.
 */
export const publicIndicacaoSchema = z.object({
  evento: z.object({ id: z.string(), cidade: z.string() }).nullable(),
});
export type PublicIndicacao = z.infer<typeof publicIndicacaoSchema>;

/** POST /api/leads (201) answers only what the visitor sent, never another visitor's data. */
export const leadAnswerSchema = z.object({
  id: z.string(),
  eventoId: z.string(),
  nomeAluno: z.string(),
  email: z.string(),
  /** ISO moment. */
  createdAt: z.string(),
  /** Issue 20: on the event's waiting list rather than in a seat. */
  listaEspera: z.boolean(),
});
export type LeadAnswer = z.infer<typeof leadAnswerSchema>;

/**
 * What POST /api/pre-matriculas answered a repeat with under ADR 030 (202). Since ADR 049 a repeat answers like a
 * first (201, `CreditDeclaration`); the page still reads this shape if an older server sends it.
 */
export interface ActivationReceived {
  situacao: 'recebida';
}

/** POST /api/pre-matriculas answers every activation, first or repeat (201, ADR 049), with what the declaration shows. */
export const creditDeclarationSchema = z.object({
  id: z.string(),
  eventoId: z.string(),
  nomeAluno: z.string(),
  cpfAluno: z.string(),
  nomeResponsavel: z.string(),
  cpfResponsavel: z.string(),
  nomeEscola: z.string(),
  /** 'YYYY-MM-DD'. */
  dataEvento: z.string(),
  cidade: z.string(),
  estado: z.string(),
  valorTotalDesconto: z.number(),
  /** ISO moment. */
  createdAt: z.string(),
});
export type CreditDeclaration = z.infer<typeof creditDeclarationSchema>;

/** GET /api/public/declaracoes/:codigo (issue 23): the code printed on a declaration. */
export const declaracaoParamsSchema = z.object({
  codigo: z
    .string({ error: PUBLIC_MESSAGES.declaracaoCodigo })
    .trim()
    .regex(CODIGO_DECLARACAO, PUBLIC_MESSAGES.declaracaoCodigo)
    .transform((v) => v.toUpperCase()),
});

/**
 * What a declaration's verification shows anyone holding its code: whether it is valid, the initials of the
 * student and the guardian, the event and the credit. No name, CPF, e-mail or phone. A code is 8 characters of an
 * id, so two activations may share one: each is listed.
 */
export const declaracaoVerificadaSchema = z.object({
  codigo: z.string(),
  /** False once the family's data was anonymised (LGPD) or the consent withdrawn. */
  valida: z.boolean(),
  aluno: z.string(),
  responsavel: z.string(),
  nomeEscola: z.string(),
  cidade: z.string(),
  estado: z.string(),
  /** 'YYYY-MM-DD'. */
  dataEvento: z.string(),
  valorTotalDesconto: z.number(),
  /** ISO moment. */
  emitidaEm: z.string(),
});
export type DeclaracaoVerificada = z.infer<typeof declaracaoVerificadaSchema>;
/** GET /api/public/declaracoes/:codigo answers every activation holding the code. */
export const declaracoesVerificadasSchema = z.array(declaracaoVerificadaSchema);
