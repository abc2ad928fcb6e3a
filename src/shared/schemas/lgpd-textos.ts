/**
 * The texts and labels of the families' rights under the LGPD (issue 18), apart from the zod rules in lgpd.ts
 * (which re-exports all of this): the public portal shows them before any rule has loaded, as public-messages.ts
 * does for the credit pages. The shapes of the answers are zod schemas in lgpd.ts (ADR 018); the portal imports
 * their types with `import type`, which loads nothing.
 */

/** Art. 19: a complete answer within 15 days of the request. */
export const PRAZO_PEDIDO_DIAS = 15;
/** The portal's link lives this long and opens one request. */
export const TITULAR_TOKEN_HORAS = 24;
/** What every anonymised name becomes. */
export const NOME_ANONIMIZADO = 'Titular anonimizado';
/** A contract not accepted when its titular was anonymised (issue 42): its text goes, its version and price stay. */
export const CONTRATO_ANONIMIZADO =
  'Texto do contrato removido na anonimização do titular (LGPD): a matrícula não tinha contrato aceito.';
/**
 * Why an accepted contract outlives the titular's anonymisation (issue 42): the portal and the staff's view say it
 * beside the contract, and the anonymisation's confirmation before the request.
 */
export const CONTRATO_GUARDA_LEGAL =
  'Contrato aceito: é guardado pelo prazo legal, mesmo se você pedir a anonimização, porque a lei permite conservar os dados necessários ao cumprimento de obrigação legal (LGPD, art. 16, I) -- os direitos do consumidor e as obrigações fiscais da matrícula. Os demais dados (e-mail, telefone, histórico de contatos) são anonimizados.';
/** The anonymisation's confirmation says it before the titular asks (issue 42). */
export const ANONIMIZACAO_CONTRATOS =
  'Contratos de matrícula já aceitos são guardados pelo prazo legal (LGPD, art. 16, I), com os nomes e o CPF que eles citam, assim como as suas parcelas e o cadastro do responsável no meio de pagamento; contratos não aceitos têm o texto apagado.';
/**
 * Why a matrícula's parcelas and the responsável's customer at the payment gateway outlive an anonymisation
 * (issue 43): the same legal retention as the accepted contract they bill, and who holds what.
 */
export const COBRANCA_GUARDA_LEGAL =
  'Cobrança: as parcelas e o cadastro do responsável no meio de pagamento (nome, CPF, e-mail e telefone) são guardados enquanto houver cobrança e pelo prazo legal, mesmo se você pedir a anonimização (LGPD, art. 16, I: as obrigações fiscais e do contrato). O meio de pagamento trata esses dados em nome da rede, só para cobrar as parcelas.';
/** What a list's contact columns show once the titular revoked the consent. */
export const CONSENTIMENTO_REVOGADO = 'consentimento revogado';

/** 'revogacao_whatsapp' (issue 47): only the WhatsApp notices stop; the e-mails and the records stay. */
export const PEDIDO_TIPOS = ['correcao', 'anonimizacao', 'revogacao', 'revogacao_whatsapp'] as const;
export type PedidoTipo = (typeof PEDIDO_TIPOS)[number];
export const PEDIDO_TIPO_LABELS: Record<PedidoTipo, string> = {
  correcao: 'Correção de dados',
  anonimizacao: 'Anonimização',
  revogacao: 'Revogação do consentimento',
  revogacao_whatsapp: 'Sair dos avisos pelo WhatsApp',
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
  whatsappRevogado: 'Pronto: você não vai mais receber avisos pelo WhatsApp. Os avisos continuam chegando por e-mail.',
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

/** The protocol a titular quotes: the request id's first eight characters, upper case. */
export const protocoloDe = (id: string) => id.slice(0, 8).toUpperCase();
