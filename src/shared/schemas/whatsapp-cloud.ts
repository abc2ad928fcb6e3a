import { z } from 'zod';
import { PUBLIC_MESSAGES } from './public-messages';

/**
 * WhatsApp oficial (issue 47, ADR 103): the notices the product sends to families through the WhatsApp Business
 * Platform (Cloud API), only to those who ticked 'Quero receber avisos pelo WhatsApp'. A network registers the
 * templates approved in WhatsApp Manager, maps each of their variables to a field the product knows, and chooses
 * which template serves each moment. Whatever cannot go by WhatsApp goes by e-mail, as before.
 */

/** The moments a notice goes out. */
export const WHATSAPP_MOMENTOS = ['inscricao', 'lembrete_vespera', 'contrato', 'cobranca'] as const;
export type WhatsappMomento = (typeof WHATSAPP_MOMENTOS)[number];

export const WHATSAPP_MOMENTO_LABELS: Record<WhatsappMomento, string> = {
  inscricao: 'Confirmação da inscrição (voucher)',
  lembrete_vespera: 'Lembrete na véspera do evento (18h)',
  contrato: 'Link do contrato',
  cobranca: 'Avisos de cobrança',
};

/** The fields a template's variable may be filled with. */
export const WHATSAPP_CAMPOS = [
  'primeiro_nome',
  'evento',
  'data',
  'hora',
  'local',
  'link_voucher',
  'link_contrato',
  'valor_parcela',
  'vencimento',
  'pix',
] as const;
export type WhatsappCampo = (typeof WHATSAPP_CAMPOS)[number];

export const WHATSAPP_CAMPO_LABELS: Record<WhatsappCampo, string> = {
  primeiro_nome: 'Primeiro nome do aluno',
  evento: 'Evento (escola)',
  data: 'Data do evento',
  hora: 'Horário do evento',
  local: 'Local do evento',
  link_voucher: 'Link do voucher',
  link_contrato: 'Link do contrato',
  valor_parcela: 'Valor da parcela',
  vencimento: 'Vencimento da parcela',
  pix: 'Código PIX (copia e cola)',
};

/** The fields each moment knows: a template that needs another cannot serve it. */
export const WHATSAPP_CAMPOS_DO_MOMENTO: Record<WhatsappMomento, readonly WhatsappCampo[]> = {
  inscricao: ['primeiro_nome', 'evento', 'data', 'hora', 'local', 'link_voucher'],
  lembrete_vespera: ['primeiro_nome', 'evento', 'data', 'hora', 'local', 'link_voucher'],
  contrato: ['primeiro_nome', 'link_contrato'],
  cobranca: ['primeiro_nome', 'valor_parcela', 'vencimento', 'pix'],
};

/** WhatsApp Manager's template categories; each has its price per message. */
export const WHATSAPP_CATEGORIAS = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export type WhatsappCategoria = (typeof WHATSAPP_CATEGORIAS)[number];
export const WHATSAPP_CATEGORIA_LABELS: Record<WhatsappCategoria, string> = {
  UTILITY: 'Utilidade',
  MARKETING: 'Marketing',
  AUTHENTICATION: 'Autenticação',
};

/** The estimated price of one message by category, in centavos, until the franqueador sets the network's. */
export const WHATSAPP_CUSTOS_PADRAO: Record<WhatsappCategoria, number> = {
  UTILITY: 4,
  MARKETING: 35,
  AUTHENTICATION: 4,
};

export const WHATSAPP_COMPONENTES = ['header', 'body', 'button'] as const;
export type WhatsappComponente = (typeof WHATSAPP_COMPONENTES)[number];
export const WHATSAPP_COMPONENTE_LABELS: Record<WhatsappComponente, string> = {
  header: 'Cabeçalho',
  body: 'Corpo',
  button: 'Botão (link)',
};

export const WHATSAPP_CLOUD_MESSAGES = {
  nome: 'Informe o nome do modelo como aprovado no WhatsApp Manager (letras minúsculas, números e _).',
  idioma: 'Informe o idioma do modelo (por exemplo, pt_BR).',
  categoria: 'Escolha a categoria do modelo.',
  campo: 'Escolha o campo da variável.',
  posicao: 'A posição da variável vai de 1 a 20.',
  botao: 'O botão vai de 0 a 9.',
  variaveis: 'O modelo tem no máximo 20 variáveis.',
  cabecalhoUmaVariavel: 'O cabeçalho tem no máximo uma variável, a {{1}}.',
  posicaoRepetida: 'Cada variável de um componente aparece uma vez.',
  corpoEmSequencia: 'As variáveis do corpo vão de {{1}} em diante, sem pular números.',
  botaoUmaVariavel: 'Cada botão de link tem uma variável, a {{1}}.',
  nomeRepetido: 'Já existe um modelo com este nome e idioma.',
  modeloNaoEncontrado: 'Modelo não encontrado',
  modeloEmUso: 'Este modelo atende a um momento. Escolha outro modelo para o momento antes de excluí-lo.',
  momentoModelo: 'Escolha um modelo cadastrado.',
  campoForaDoMomento: (modelo: string, campo: WhatsappCampo, momento: WhatsappMomento) =>
    `O modelo ${modelo} usa "${WHATSAPP_CAMPO_LABELS[campo]}", que o momento "${WHATSAPP_MOMENTO_LABELS[momento]}" não tem.`,
  custo: 'Informe um custo entre R$ 0,00 e R$ 100,00.',
  /** Why a notice went by e-mail instead (shown on Envios). */
  semModelo: 'Nenhum modelo de WhatsApp atende a este momento.',
  semConsentimento: 'A família não autorizou (ou retirou) os avisos pelo WhatsApp.',
  canalDesligado: 'O WhatsApp não está configurado neste servidor.',
  variavelSemValor: (campo: WhatsappCampo) => `Variável sem valor: ${WHATSAPP_CAMPO_LABELS[campo]}.`,
  falhou: 'A mensagem de WhatsApp falhou.',
  /** The words of the public forms' option, kept with the consent (written where the public pages read it). */
  opcao: PUBLIC_MESSAGES.whatsappOpcao,
  /** The answer to 'SAIR'. */
  saiu: 'Pronto: você não vai mais receber avisos pelo WhatsApp. Os avisos continuam chegando por e-mail.',
} as const;

const M = WHATSAPP_CLOUD_MESSAGES;

export const whatsappVariavelSchema = z.object({
  componente: z.enum(WHATSAPP_COMPONENTES, { error: M.campo }),
  /** The `{{n}}` of the variable in its component. */
  posicao: z.number({ error: M.posicao }).int(M.posicao).min(1, M.posicao).max(20, M.posicao),
  /** A button's index (0-based, as WhatsApp Manager numbers them); only for `button`. */
  botao: z.number({ error: M.botao }).int(M.botao).min(0, M.botao).max(9, M.botao).nullable().optional(),
  campo: z.enum(WHATSAPP_CAMPOS, { error: M.campo }),
});
export type WhatsappVariavel = z.output<typeof whatsappVariavelSchema>;

/** The template as WhatsApp Manager approved it, with its variables mapped. */
export const whatsappModeloSchema = z
  .object({
    nome: z
      .string({ error: M.nome })
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, M.nome),
    idioma: z
      .string({ error: M.idioma })
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, M.idioma)
      .default('pt_BR'),
    categoria: z.enum(WHATSAPP_CATEGORIAS, { error: M.categoria }),
    variaveis: z.array(whatsappVariavelSchema, { error: M.variaveis }).max(20, M.variaveis),
  })
  .strict()
  .superRefine((modelo, ctx) => {
    const de = (c: WhatsappComponente) => modelo.variaveis.filter((v) => v.componente === c);
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['variaveis'] });
    const header = de('header');
    if (header.length > 1 || header.some((v) => v.posicao !== 1)) issue(M.cabecalhoUmaVariavel);
    const corpo = de('body')
      .map((v) => v.posicao)
      .sort((a, b) => a - b);
    if (new Set(corpo).size !== corpo.length) issue(M.posicaoRepetida);
    else if (corpo.some((p, i) => p !== i + 1)) issue(M.corpoEmSequencia);
    const botoes = de('button');
    if (botoes.some((v) => v.botao === null || v.botao === undefined || v.posicao !== 1)) issue(M.botaoUmaVariavel);
    else if (new Set(botoes.map((v) => v.botao)).size !== botoes.length) issue(M.botaoUmaVariavel);
  });
export type WhatsappModeloInput = z.input<typeof whatsappModeloSchema>;
export type WhatsappModeloData = z.output<typeof whatsappModeloSchema>;

export const whatsappModeloViewSchema = z.object({
  id: z.string(),
  nome: z.string(),
  idioma: z.string(),
  categoria: z.enum(WHATSAPP_CATEGORIAS),
  variaveis: z.array(
    z.object({
      componente: z.enum(WHATSAPP_COMPONENTES),
      posicao: z.number(),
      botao: z.number().nullable(),
      campo: z.enum(WHATSAPP_CAMPOS),
    }),
  ),
  /** The moments it serves. */
  momentos: z.array(z.enum(WHATSAPP_MOMENTOS)),
  atualizadoEm: z.string(),
});
export type WhatsappModeloView = z.infer<typeof whatsappModeloViewSchema>;

export const whatsappModelosListSchema = z.object({
  /** False when the server has no WHATSAPP_* configuration: everything goes by e-mail. */
  ativo: z.boolean(),
  items: z.array(whatsappModeloViewSchema),
});

/** PUT /api/integracoes/whatsapp/momentos: each moment's template (null: by e-mail only). */
export const whatsappMomentosSchema = z
  .object({
    inscricao: z.guid(M.momentoModelo).nullable(),
    lembrete_vespera: z.guid(M.momentoModelo).nullable(),
    contrato: z.guid(M.momentoModelo).nullable(),
    cobranca: z.guid(M.momentoModelo).nullable(),
  })
  .partial()
  .strict();
export type WhatsappMomentosData = z.output<typeof whatsappMomentosSchema>;

const centavos = z.number({ error: M.custo }).int(M.custo).min(0, M.custo).max(10_000, M.custo);

export const whatsappMomentosViewSchema = z.object({
  ativo: z.boolean(),
  momentos: z.array(
    z.object({
      momento: z.enum(WHATSAPP_MOMENTOS),
      modeloId: z.string().nullable(),
      /** The fields this moment can fill. */
      campos: z.array(z.enum(WHATSAPP_CAMPOS)),
    }),
  ),
  /** The estimated price of a message by category, in centavos. */
  custos: z.object({ UTILITY: z.number(), MARKETING: z.number(), AUTHENTICATION: z.number() }),
});
export type WhatsappMomentosView = z.infer<typeof whatsappMomentosViewSchema>;

/** PUT /api/integracoes/whatsapp/custos. */
export const whatsappCustosSchema = z
  .object({ UTILITY: centavos, MARKETING: centavos, AUTHENTICATION: centavos })
  .partial()
  .strict();

/** A WhatsApp message's delivery, as the webhook reports it (and 'pendente' before the API took it). */
export const WHATSAPP_STATUS = ['pendente', 'enviada', 'entregue', 'lida', 'falhou', 'por_email'] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUS)[number];
export const WHATSAPP_STATUS_LABELS: Record<WhatsappStatus, string> = {
  pendente: 'Na fila',
  enviada: 'Enviada',
  entregue: 'Entregue',
  lida: 'Lida',
  falhou: 'Falhou',
  por_email: 'Enviada por e-mail',
};

/** What Envios shows of a WhatsApp notice. */
export const whatsappEnvioSchema = z.object({
  status: z.enum(WHATSAPP_STATUS),
  /** When the status was reached. */
  statusEm: z.string().nullable(),
  modelo: z.string().nullable(),
  categoria: z.enum(WHATSAPP_CATEGORIAS).nullable(),
  /** Meta's error code and title, when it failed. */
  erro: z.string().nullable(),
  /** Why it went by e-mail instead, when it did. */
  motivoEmail: z.string().nullable(),
  /** The estimated price, in centavos (null: not sent by WhatsApp). */
  custoCentavos: z.number().nullable(),
});
export type WhatsappEnvio = z.infer<typeof whatsappEnvioSchema>;
