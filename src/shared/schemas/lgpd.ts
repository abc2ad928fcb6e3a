import { z } from 'zod';
import { emailField, optionalText } from './fields';
import { listQuerySchema } from './list-query';
import { onlyDigits } from '../format';
import { isValidCpf } from '../brazil-ids';
import { LGPD_MESSAGES, PEDIDO_STATUSES, PEDIDO_TIPOS } from './lgpd-textos';

/**
 * The families' rights under Brazil's LGPD (issue 18, ADR 026): the titular's portal (public, by a link sent to
 * the e-mail on record), the requests it opens, and the staff's side (the requests with their legal deadline, a
 * titular's records, export and anonymisation). Written once for the browser and the server.
 */

export * from './lgpd-textos';

/** POST /api/public/titular/solicitar */
export const titularSolicitarSchema = z.object({ email: emailField });

const tokenField = z.string({ error: LGPD_MESSAGES.linkInvalido }).trim().min(1, LGPD_MESSAGES.linkInvalido).max(200);

/** ?token= of the portal's reads. */
export const titularTokenQuerySchema = z.object({ token: tokenField });

/** POST /api/public/titular/pedidos */
export const titularPedidoSchema = z
  .object({
    token: tokenField,
    tipo: z.enum(PEDIDO_TIPOS, { error: LGPD_MESSAGES.tipoInvalido }),
    detalhe: optionalText(2000),
    /** The networks it concerns (TitularView.redes); none: every network holding the e-mail (issue 39). */
    redes: z
      .array(z.uuid({ error: LGPD_MESSAGES.redeInvalida }), { error: LGPD_MESSAGES.redeInvalida })
      .max(50, LGPD_MESSAGES.redeInvalida)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.tipo === 'correcao' && !value.detalhe) {
      ctx.addIssue({ code: 'custom', path: ['detalhe'], message: LGPD_MESSAGES.detalheCorrecao });
    }
  });
export type TitularPedidoInput = z.input<typeof titularPedidoSchema>;

/** GET /api/lgpd/pedidos */
export const pedidosQuerySchema = listQuerySchema.extend({
  status: z.enum(PEDIDO_STATUSES, { error: LGPD_MESSAGES.statusInvalido }).optional(),
  atrasados: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** PATCH /api/lgpd/pedidos/:id */
export const pedidoPatchSchema = z
  .object({
    status: z.enum(['em_analise', 'concluido', 'recusado'], { error: LGPD_MESSAGES.statusInvalido }),
    resposta: optionalText(2000),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'recusado' && !value.resposta) {
      ctx.addIssue({ code: 'custom', path: ['resposta'], message: LGPD_MESSAGES.motivoRecusa });
    }
  });
export type PedidoPatchInput = z.input<typeof pedidoPatchSchema>;

/** What a titular search is looking for, told from what was typed. */
export interface TitularBusca {
  email?: string;
  cpf?: string;
  telefone?: string;
}

/**
 * An e-mail when it has an '@'; otherwise its digits: 11 digits that make a valid CPF are both a CPF and possibly
 * a mobile phone (both are searched), 10 or 11 digits a phone.
 */
export function buscaDoTexto(q: string): TitularBusca | null {
  const text = q.trim();
  if (text.includes('@')) {
    const parsed = emailField.safeParse(text);
    return parsed.success ? { email: parsed.data } : null;
  }
  const digits = onlyDigits(text);
  if (digits.length < 10 || digits.length > 11) return null;
  const busca: TitularBusca = { telefone: digits };
  if (digits.length === 11 && isValidCpf(digits)) busca.cpf = digits;
  return busca;
}

/** GET /api/lgpd/titulares?q= */
export const titularesQuerySchema = z.object({
  q: z
    .string({ error: LGPD_MESSAGES.buscaCurta })
    .trim()
    .min(1, LGPD_MESSAGES.buscaCurta)
    .max(200, LGPD_MESSAGES.buscaCurta)
    .refine((q) => buscaDoTexto(q) !== null, LGPD_MESSAGES.buscaCurta),
});

/** POST /api/lgpd/titulares/anonimizar (and the staff's JSON export, by the same identifiers). */
export const titularIdentificadorSchema = z
  .object({
    email: emailField.optional(),
    cpf: z
      .string()
      .trim()
      .transform(onlyDigits)
      .refine((v) => v.length === 11 && isValidCpf(v), 'CPF inválido')
      .optional(),
    telefone: z
      .string()
      .trim()
      .transform(onlyDigits)
      .refine((v) => v.length >= 10 && v.length <= 11, 'Telefone inválido')
      .optional(),
  })
  .refine((v) => Boolean(v.email || v.cpf || v.telefone), LGPD_MESSAGES.identificador);
export type TitularIdentificador = z.output<typeof titularIdentificadorSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The answers (ADR 018, issue 41): what each LGPD route sends, declared as its `response` and read by the client
// through the types inferred here. A field is on the wire only when named below. Dates travel as ISO strings; the
// public portal imports these types with `import type`, which loads no zod.
// ---------------------------------------------------------------------------------------------------------------

/** `{ message }`: the answer of the writes that only confirm. */
export const lgpdMensagemSchema = z.object({ message: z.string() });
export type LgpdMensagem = z.infer<typeof lgpdMensagemSchema>;

/** GET /api/public/privacidade: the notice in force (shared/privacidade.ts) and the consent checkbox's text. */
export const avisoSecaoSchema = z.object({ titulo: z.string(), paragrafos: z.array(z.string()) });
export type AvisoSecao = z.infer<typeof avisoSecaoSchema>;
export const avisoPrivacidadeSchema = z.object({
  versao: z.string(),
  /** 'YYYY-MM-DD', the day it took effect. */
  vigenteDesde: z.string(),
  titulo: z.string(),
  secoes: z.array(avisoSecaoSchema),
});
export type AvisoPrivacidade = z.infer<typeof avisoPrivacidadeSchema>;
export const privacidadeViewSchema = avisoPrivacidadeSchema.extend({ textoConsentimento: z.string() });

/**
 * A consent given on a public form, whole (issue 39 item 3): the notice version and the checkbox text, when, and
 * the address and browser it came from -- the titular sees all that is stored of it.
 */
export const titularConsentimentoSchema = z.object({
  versao: z.string(),
  texto: z.string(),
  em: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  revogadoEm: z.string().nullable(),
});
export type TitularConsentimento = z.infer<typeof titularConsentimentoSchema>;

/** One entry of what staff recorded about a sign-up (issue 39 item 15), in words: a contact, a note, a change. */
export const titularHistoricoSchema = z.object({
  em: z.string(),
  /** 'Contato', 'Anotação', 'Mudança de situação', 'Mudança de responsável', 'Nova inscrição'. */
  tipo: z.string(),
  descricao: z.string(),
});
export type TitularHistorico = z.infer<typeof titularHistoricoSchema>;

/**
 * What the network recorded about a sign-up beyond the form (issue 39 item 15): the follow-up (status, owner,
 * next contact, loss reason, first contact), the seat (waiting list, cancellation, presence), the voucher, and
 * every contact and note, in pt-BR words.
 */
export const titularAcompanhamentoSchema = z.object({
  situacao: z.string(),
  responsavel: z.string().nullable(),
  proximoContatoEm: z.string().nullable(),
  motivoPerda: z.string().nullable(),
  primeiroContatoEm: z.string().nullable(),
  listaEspera: z.boolean(),
  canceladoEm: z.string().nullable(),
  presenteEm: z.string().nullable(),
  voucher: z.object({ emitidoEm: z.string(), validoAte: z.string(), situacao: z.string() }).nullable(),
  historico: z.array(titularHistoricoSchema),
});
export type TitularAcompanhamento = z.infer<typeof titularAcompanhamentoSchema>;

/**
 * A matrícula's contract as the titular sees it (issue 42): the version and price frozen at Efetivar, where it
 * stands, when it was accepted and cancelled, its fee, and its text; `guardaLegal` says why an accepted one is
 * kept after an anonymisation (null: not accepted, its text goes).
 */
export const titularContratoSchema = z.object({
  versao: z.number(),
  titulo: z.string(),
  valorTotal: z.number(),
  parcelas: z.number(),
  valorParcela: z.number(),
  valorUltimaParcela: z.number(),
  multaCancelamentoPct: z.number(),
  /** 'Aguardando aceite', 'Ativa', 'Cancelada (Desistência em 7 dias)'. */
  situacao: z.string(),
  criadoEm: z.string(),
  aceitoEm: z.string().nullable(),
  canceladaEm: z.string().nullable(),
  /** The fee a cancellation charged; null when none was charged. */
  multaCancelamento: z.number().nullable(),
  guardaLegal: z.string().nullable(),
  texto: z.string(),
});
export type TitularContrato = z.infer<typeof titularContratoSchema>;

/**
 * What billing holds about a matrícula (issue 43): who bills it and each parcela -- value, due day, where it stands,
 * when it was paid -- and why it is kept after an anonymisation. Money in reais (two decimals), days YYYY-MM-DD.
 */
export const titularCobrancaSchema = z.object({
  /** 'Asaas', or the simulated gateway of a demonstration. */
  meioDePagamento: z.string(),
  parcelas: z.array(
    z.object({
      /** 'Parcela 2 de 10', or what a charge apart is ('Multa de cancelamento'). */
      titulo: z.string(),
      numero: z.number(),
      totalParcelas: z.number(),
      valor: z.number(),
      vencimento: z.string(),
      /** 'Em aberto', 'Paga', 'Vencida', 'Estornada', 'Cancelada'. */
      situacao: z.string(),
      pagaEm: z.string().nullable(),
    }),
  ),
  guardaLegal: z.string(),
});
export type TitularCobranca = z.infer<typeof titularCobrancaSchema>;

export const TITULAR_REGISTRO_TIPOS = ['lead', 'pre_matricula', 'matricula', 'conta', 'ativacao_repetida'] as const;

/**
 * One record of a titular, as the portal and the staff's search show it. The keys in the order the server builds
 * them (the JSON downloads are written through this schema, key by key).
 */
export const titularRegistroSchema = z.object({
  tipo: z.enum(TITULAR_REGISTRO_TIPOS),
  id: z.string(),
  criadoEm: z.string(),
  nomeAluno: z.string().nullable(),
  nomeResponsavel: z.string().nullable(),
  email: z.string(),
  telefone: z.string().nullable(),
  cpfAluno: z.string().nullable(),
  cpfResponsavel: z.string().nullable(),
  escola: z.string().nullable(),
  dataEvento: z.string().nullable(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  consentimento: z.object({ versao: z.string(), em: z.string(), revogadoEm: z.string().nullable() }).nullable(),
  /** Every consent the record holds, newest first, with its address and browser (item 3). */
  consentimentos: z.array(titularConsentimentoSchema),
  anonimizado: z.boolean(),
  /** An aluno account's: whether it is active. */
  ativo: z.boolean().optional(),
  /** An aluno account's own fields. */
  dataNascimento: z.string().nullable().optional(),
  endereco: z.string().nullable().optional(),
  /** A pré-matrícula's situation ('Pendente', 'Efetivada'). */
  situacao: z.string().optional(),
  /** The course of interest of a pré-matrícula or matrícula. */
  cursoInteresse: z.string().nullable().optional(),
  /** When a matrícula was made effective. */
  efetivadaEm: z.string().optional(),
  /** A sign-up's follow-up, seat, voucher and history (item 15). */
  acompanhamento: titularAcompanhamentoSchema.optional(),
  /** A matrícula's contract (issue 42). */
  contrato: titularContratoSchema.optional(),
  /** A matrícula's parcelas at the payment gateway (issue 43). */
  cobranca: titularCobrancaSchema.optional(),
});
export type TitularRegistro = z.infer<typeof titularRegistroSchema>;

export const pedidoViewSchema = z.object({
  id: z.string(),
  protocolo: z.string(),
  tipo: z.enum(PEDIDO_TIPOS),
  status: z.enum(PEDIDO_STATUSES),
  email: z.string(),
  detalhe: z.string().nullable(),
  resposta: z.string().nullable(),
  prazo: z.string(),
  atrasado: z.boolean(),
  createdAt: z.string(),
  concluidoEm: z.string().nullable(),
});
export type PedidoView = z.infer<typeof pedidoViewSchema>;

/** A request as the staff's list and its answer have it: with its franquia (null: the franqueador's own network). */
export const pedidoItemSchema = pedidoViewSchema.extend({
  franquia: z.object({ id: z.string(), nome: z.string() }).nullable(),
});
export type PedidoItem = z.infer<typeof pedidoItemSchema>;

/**
 * A network holding the titular's records (issue 39): a request goes to the ones the titular chooses, and what it
 * writes reaches no other.
 */
export const titularRedeSchema = z.object({
  id: z.string(),
  nome: z.string(),
  /** The ids of its records in `registros`. */
  registros: z.array(z.string()),
});
export type TitularRede = z.infer<typeof titularRedeSchema>;

/** GET /api/public/titular?token= */
export const titularViewSchema = z.object({
  email: z.string(),
  registros: z.array(titularRegistroSchema),
  redes: z.array(titularRedeSchema),
  pedidos: z.array(pedidoViewSchema),
  aviso: z.object({ versao: z.string(), vigenteDesde: z.string() }),
});
export type TitularView = z.infer<typeof titularViewSchema>;

/** GET /api/public/titular/export.json?token= (portability): the portal's view, with when it was made. */
export const titularExportSchema = z.object({ geradoEm: z.string(), ...titularViewSchema.shape });

/** POST /api/public/titular/pedidos (201): one request per branch it went to. */
export const pedidoAbertoSchema = z.object({ message: z.string(), pedidos: z.array(pedidoViewSchema) });
export type PedidoAberto = z.infer<typeof pedidoAbertoSchema>;

/** GET /api/lgpd/titulares?q= and GET /api/lgpd/pedidos/:id/registros */
export const titularRegistrosSchema = z.object({ registros: z.array(titularRegistroSchema) });
export type TitularRegistros = z.infer<typeof titularRegistrosSchema>;

/** GET /api/lgpd/titulares/export.json?q= : the staff's export, with when it was made. */
export const titularesExportSchema = z.object({ geradoEm: z.string(), registros: z.array(titularRegistroSchema) });

/** POST /api/lgpd/titulares/anonimizar: the rows anonymised, per table. */
export const anonimizadosSchema = z.object({
  leads: z.number(),
  preMatriculas: z.number(),
  matriculas: z.number(),
  contas: z.number(),
});
export const anonimizarAnswerSchema = z.object({ message: z.string(), anonimizados: anonimizadosSchema });
export type AnonimizarAnswer = z.infer<typeof anonimizarAnswerSchema>;

/** GET /api/lgpd/retencao: the leads' retention, its last run and the next. */
export const retencaoResumoSchema = z.object({
  meses: z.number(),
  ultimaExecucao: z.object({ em: z.string(), anonimizados: z.number() }).nullable(),
  proximaExecucao: z.object({ em: z.string(), previstos: z.number() }),
});
export type RetencaoResumo = z.infer<typeof retencaoResumoSchema>;
