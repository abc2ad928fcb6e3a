import { z } from 'zod';
import { emailField, optionalText } from './fields';
import { listQuerySchema } from './list-query';
import { onlyDigits } from '../format';
import { isValidCpf } from '../brazil-ids';

/**
 * The families' rights under Brazil's LGPD (issue 18, ADR 025): the titular's portal (public, by a link sent to
 * the e-mail on record), the requests it opens, and the staff's side (the requests with their legal deadline, a
 * titular's records, export and anonymisation). Written once for the browser and the server.
 */

/** Art. 19: a complete answer within 15 days of the request. */
export const PRAZO_PEDIDO_DIAS = 15;
/** The portal's link lives this long and opens one request. */
export const TITULAR_TOKEN_HORAS = 24;
/** What every anonymised name becomes. */
export const NOME_ANONIMIZADO = 'Titular anonimizado';
/** What a list's contact columns show once the titular revoked the consent. */
export const CONSENTIMENTO_REVOGADO = 'consentimento revogado';

export const PEDIDO_TIPOS = ['correcao', 'anonimizacao', 'revogacao'] as const;
export type PedidoTipo = (typeof PEDIDO_TIPOS)[number];
export const PEDIDO_TIPO_LABELS: Record<PedidoTipo, string> = {
  correcao: 'Correção de dados',
  anonimizacao: 'Anonimização',
  revogacao: 'Revogação do consentimento',
};

export const PEDIDO_STATUSES = ['aberto', 'em_analise', 'concluido', 'recusado'] as const;
export type PedidoStatus = (typeof PEDIDO_STATUSES)[number];
export const PEDIDO_STATUS_LABELS: Record<PedidoStatus, string> = {
  aberto: 'Aberto',
  em_analise: 'Em análise',
  concluido: 'Concluído',
  recusado: 'Recusado',
};
/** A request answered is closed: neither status changes again. */
export const PEDIDO_STATUS_FINAIS: readonly PedidoStatus[] = ['concluido', 'recusado'];

export const LGPD_MESSAGES = {
  solicitado:
    'Se este e-mail estiver em nossos cadastros, enviaremos em instantes um link para você consultar os seus dados. O link vale por 24 horas.',
  linkInvalido: 'Este link é inválido, expirou ou já foi usado. Peça um novo link em Meus dados.',
  pedidoRegistrado: 'Pedido registrado. Você receberá a resposta por e-mail em até 15 dias.',
  revogacaoRegistrada:
    'Consentimento revogado. Os seus dados deixaram de ser usados para contato e saíram das exportações.',
  semRegistros: 'Não há dados com este e-mail.',
  tipoInvalido: 'Escolha o tipo do pedido',
  detalheCorrecao: 'Diga o que deve ser corrigido',
  statusInvalido: 'Situação inválida',
  motivoRecusa: 'Informe o motivo da recusa',
  pedidoEncerrado: 'Este pedido já foi respondido e não pode mudar.',
  pedidoNaoEncontrado: 'Pedido não encontrado',
  buscaCurta: 'Informe um e-mail, CPF ou telefone',
  identificador: 'Informe o e-mail, o CPF ou o telefone do titular',
  anonimizado: 'Dados anonimizados',
  nadaAnonimizar: 'Nenhum registro com estes dados no seu alcance',
  titularAnonimizado: 'Os dados deste titular foram anonimizados: a pré-matrícula não pode ser efetivada.',
} as const;

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

/** One record of a titular, as the portal and the staff's search show it. */
export interface TitularRegistro {
  tipo: 'lead' | 'pre_matricula' | 'matricula' | 'conta';
  id: string;
  criadoEm: string;
  nomeAluno: string | null;
  nomeResponsavel: string | null;
  email: string;
  telefone: string | null;
  cpfAluno: string | null;
  cpfResponsavel: string | null;
  escola: string | null;
  dataEvento: string | null;
  cidade: string | null;
  estado: string | null;
  consentimento: { versao: string; em: string; revogadoEm: string | null } | null;
  anonimizado: boolean;
  ativo?: boolean;
}

export interface PedidoView {
  id: string;
  protocolo: string;
  tipo: PedidoTipo;
  status: PedidoStatus;
  email: string;
  detalhe: string | null;
  resposta: string | null;
  prazo: string;
  atrasado: boolean;
  createdAt: string;
  concluidoEm: string | null;
}

/** GET /api/public/titular?token= */
export interface TitularView {
  email: string;
  registros: TitularRegistro[];
  pedidos: PedidoView[];
  aviso: { versao: string; vigenteDesde: string };
}

/** The protocol a titular quotes: the request id's first eight characters, upper case. */
export const protocoloDe = (id: string) => id.slice(0, 8).toUpperCase();

export interface RetencaoResumo {
  meses: number;
  ultimaExecucao: { em: string; anonimizados: number } | null;
  proximaExecucao: { em: string; previstos: number };
}
