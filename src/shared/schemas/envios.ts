import { z } from 'zod';
import { indexedSearchSchema, listQuerySchema } from './list-query';
import { whatsappEnvioSchema } from './whatsapp-cloud';

/** 'Envios' (issue 22, ADR 028): the network's e-mails and webhook deliveries as durable jobs. */

/** Issue 47: a family's notice by WhatsApp (its e-mail the fallback) is listed beside the e-mails. */
export const ENVIO_TIPOS = { email: 'E-mail', webhook: 'Webhook', whatsapp: 'WhatsApp' } as const;
export type EnvioTipo = keyof typeof ENVIO_TIPOS;

export const ENVIO_STATUS = {
  pendente: 'Na fila',
  executando: 'Enviando',
  concluido: 'Enviado',
  falhou: 'Falhou',
  cancelado: 'Cancelado',
} as const;
export type EnvioStatus = keyof typeof ENVIO_STATUS;

export const ENVIOS_MESSAGES = {
  naoEncontrado: 'Envio não encontrado',
  naoFalhou: 'Só um envio que falhou pode ser reenviado',
  reenviado: 'Envio colocado na fila de novo',
  naoNaFila: 'Só um envio na fila pode ser cancelado',
  naoEsperando: 'Só um envio na fila à espera de nova tentativa pode ser tentado agora',
  cancelado: 'Envio cancelado',
  tentarAgora: 'Envio será tentado agora',
  tipoInvalido: 'Tipo de envio inválido',
  statusInvalido: 'Situação inválida',
  destinatarioInvalido: 'Informe o e-mail completo do destinatário',
} as const;

/**
 * Envios' search by recipient (issue 51): the whole address, or nothing. The server compares its hash, so a
 * fragment never matches (the list stays masked; a search on parts would read the addresses back).
 */
export const destinatarioField = z
  .string({ error: ENVIOS_MESSAGES.destinatarioInvalido })
  .trim()
  .max(254, ENVIOS_MESSAGES.destinatarioInvalido)
  .pipe(z.email(ENVIOS_MESSAGES.destinatarioInvalido));

export const enviosQuerySchema = listQuerySchema.extend({
  // Issue 46: a search too short to answer answers with the hint, as every list's.
  q: indexedSearchSchema,
  tipo: z
    .enum(Object.keys(ENVIO_TIPOS) as [EnvioTipo, ...EnvioTipo[]], { error: ENVIOS_MESSAGES.tipoInvalido })
    .optional(),
  status: z
    .enum(Object.keys(ENVIO_STATUS) as [EnvioStatus, ...EnvioStatus[]], { error: ENVIOS_MESSAGES.statusInvalido })
    .optional(),
  destinatario: z.preprocess((v) => (v === '' ? undefined : v), destinatarioField.optional()),
});
export type EnviosQuery = z.infer<typeof enviosQuerySchema>;

export const envioItemSchema = z.object({
  id: z.string(),
  tipo: z.enum(['email', 'webhook', 'whatsapp']),
  /** The channel (issue 47): the same as `tipo`, the name the WhatsApp notices are listed by. */
  canal: z.enum(['email', 'webhook', 'whatsapp']),
  status: z.enum(['pendente', 'executando', 'concluido', 'falhou', 'cancelado']),
  /** An e-mail's subject, a webhook's event. */
  resumo: z.string().nullable(),
  /** The address masked, or the endpoint's URL. */
  destino: z.string().nullable(),
  tentativas: z.number(),
  maxTentativas: z.number(),
  ultimoErro: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
  proximaTentativaEm: z.string().nullable(),
  /** A WhatsApp notice's delivery (issue 47); null for the others. */
  whatsapp: whatsappEnvioSchema.nullable(),
});
export type EnvioItem = z.infer<typeof envioItemSchema>;
