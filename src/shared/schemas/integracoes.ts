import { z } from 'zod';
import { listQuerySchema } from './list-query';

/** Integrações (issue 22, ADR 028): webhooks to the network's own tools. */

export const WEBHOOK_EVENTOS = {
  'lead.criado': 'Novo lead (inscrição em evento)',
  'pre_matricula.criada': 'Nova pré-matrícula (ativação do crédito)',
  'matricula.efetivada': 'Matrícula efetivada',
  'ticket.criado': 'Novo chamado no SAC',
} as const;
export type WebhookEvento = keyof typeof WEBHOOK_EVENTOS;
export const WEBHOOK_EVENTO_VALUES = Object.keys(WEBHOOK_EVENTOS) as [WebhookEvento, ...WebhookEvento[]];
/** The event of 'Enviar teste'. */
export const WEBHOOK_EVENTO_TESTE = 'webhook.teste';

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  assinatura: 'X-Rede-Assinatura',
  evento: 'X-Rede-Evento',
  entrega: 'X-Rede-Entrega',
} as const;

export const INTEGRACOES_MESSAGES = {
  url: 'Informe uma URL válida (https://...)',
  urlHttps: 'Use uma URL https://',
  urlRedeInterna: 'Endereços de rede interna (privados, loopback ou link-local) não são permitidos',
  eventos: 'Escolha ao menos um evento',
  eventoInvalido: 'Evento inválido',
  franquia: 'Franquia não encontrada',
  naoEncontrado: 'Webhook não encontrado',
  criado: 'Webhook cadastrado',
  salvo: 'Webhook salvo',
  removido: 'Webhook removido',
  testeEnfileirado: 'Teste enviado para a fila de entregas',
} as const;

export const webhookInputSchema = z
  .object({
    url: z
      .string({ error: INTEGRACOES_MESSAGES.url })
      .trim()
      .max(2000, INTEGRACOES_MESSAGES.url)
      .refine((v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
        } catch {
          return false;
        }
      }, INTEGRACOES_MESSAGES.url),
    eventos: z
      .array(z.enum(WEBHOOK_EVENTO_VALUES, { error: INTEGRACOES_MESSAGES.eventoInvalido }), {
        error: INTEGRACOES_MESSAGES.eventos,
      })
      .min(1, INTEGRACOES_MESSAGES.eventos)
      .max(WEBHOOK_EVENTO_VALUES.length, INTEGRACOES_MESSAGES.eventos),
    /** null: the whole network; else one franquia of it. */
    franquiaId: z.uuid({ error: INTEGRACOES_MESSAGES.franquia }).nullable().default(null),
    ativo: z.boolean().default(true),
  })
  .strict();
export type WebhookInput = z.infer<typeof webhookInputSchema>;

export const webhookViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  eventos: z.array(z.string()),
  franquia: z.object({ id: z.string(), nome: z.string() }).nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  ultimaEntrega: z.object({ em: z.string(), codigo: z.number().nullable(), ok: z.boolean() }).nullable(),
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

/** The answer of a creation: the secret is shown once, then only its owner's tool keeps it. */
export const webhookCriadoSchema = webhookViewSchema.extend({ segredo: z.string() });
export type WebhookCriado = z.infer<typeof webhookCriadoSchema>;

export const entregasQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

export const entregaViewSchema = z.object({
  id: z.string(),
  entregaId: z.string(),
  evento: z.string(),
  tentativa: z.number(),
  codigo: z.number().nullable(),
  duracaoMs: z.number(),
  erro: z.string().nullable(),
  em: z.string(),
});
export type EntregaView = z.infer<typeof entregaViewSchema>;
