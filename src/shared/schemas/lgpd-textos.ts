/**
 * The texts, labels and shapes of the families' rights under the LGPD (issue 18), apart from the zod rules in
 * lgpd.ts (which re-exports all of this): the public portal shows them before any rule has loaded, as
 * public-messages.ts does for the credit pages.
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
  escolhaRede: 'Os seus dados estão em mais de uma rede: escolha a quais o pedido se refere.',
  redeInvalida: 'Escolha entre as redes mostradas nesta página.',
  anonimizado: 'Dados anonimizados',
  nadaAnonimizar: 'Nenhum registro com estes dados no seu alcance',
  titularAnonimizado: 'Os dados deste titular foram anonimizados: a pré-matrícula não pode ser efetivada.',
} as const;

/**
 * A consent given on a public form, whole (issue 39 item 3): the notice version and the checkbox text, when, and
 * the address and browser it came from -- the titular sees all that is stored of it.
 */
export interface TitularConsentimento {
  versao: string;
  texto: string;
  em: string;
  ip: string | null;
  userAgent: string | null;
  revogadoEm: string | null;
}

/** One entry of what staff recorded about a sign-up (issue 39 item 15), in words: a contact, a note, a change. */
export interface TitularHistorico {
  em: string;
  /** 'Contato', 'Anotação', 'Mudança de situação', 'Mudança de responsável', 'Nova inscrição'. */
  tipo: string;
  descricao: string;
}

/**
 * What the network recorded about a sign-up beyond the form (issue 39 item 15): the follow-up (status, owner,
 * next contact, loss reason, first contact), the seat (waiting list, cancellation, presence), the voucher, and
 * every contact and note, in pt-BR words.
 */
export interface TitularAcompanhamento {
  situacao: string;
  responsavel: string | null;
  proximoContatoEm: string | null;
  motivoPerda: string | null;
  primeiroContatoEm: string | null;
  listaEspera: boolean;
  canceladoEm: string | null;
  presenteEm: string | null;
  voucher: { emitidoEm: string; validoAte: string; situacao: string } | null;
  historico: TitularHistorico[];
}

/** One record of a titular, as the portal and the staff's search show it. */
export interface TitularRegistro {
  tipo: 'lead' | 'pre_matricula' | 'matricula' | 'conta' | 'ativacao_repetida';
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
  /** Every consent the record holds, newest first, with its address and browser (item 3). */
  consentimentos: TitularConsentimento[];
  anonimizado: boolean;
  ativo?: boolean;
  /** A pré-matrícula's situation ('Pendente', 'Efetivada'). */
  situacao?: string;
  /** The course of interest of a pré-matrícula or matrícula. */
  cursoInteresse?: string | null;
  /** When a matrícula was made effective. */
  efetivadaEm?: string;
  /** An aluno account's own fields. */
  dataNascimento?: string | null;
  endereco?: string | null;
  /** A sign-up's follow-up, seat, voucher and history (item 15). */
  acompanhamento?: TitularAcompanhamento;
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

/**
 * A network holding the titular's records (issue 39): a request goes to the ones the titular chooses, and what it
 * writes reaches no other.
 */
export interface TitularRede {
  id: string;
  nome: string;
  /** The ids of its records in `registros`. */
  registros: string[];
}

/** GET /api/public/titular?token= */
export interface TitularView {
  email: string;
  registros: TitularRegistro[];
  redes: TitularRede[];
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
