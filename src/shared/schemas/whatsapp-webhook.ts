import { z } from 'zod';

/**
 * What WhatsApp's Cloud API posts to `POST /api/webhooks/whatsapp` (issue 47, ADR 103), the parts the product
 * reads: each change's `statuses` (a message sent, delivered, read or failed, by Meta's `wamid`) and `messages`
 * (what a family sent). Everything else Meta sends is allowed and ignored.
 */
const status = z.looseObject({
  id: z.string().min(1).max(256),
  status: z.string().max(40),
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().max(40).optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().optional() })).optional(),
});

const mensagem = z.looseObject({
  from: z.string().min(1).max(40),
  id: z.string().min(1).max(256),
  timestamp: z.string().max(20).optional(),
  type: z.string().max(40),
  text: z.looseObject({ body: z.string().max(4096) }).optional(),
  button: z.looseObject({ text: z.string().max(1024).optional() }).optional(),
});

export const whatsappWebhookSchema = z.looseObject({
  object: z.string().max(100).optional(),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(100).optional(),
        changes: z
          .array(
            z.looseObject({
              field: z.string().max(100).optional(),
              value: z
                .looseObject({
                  statuses: z.array(status).max(1000).optional(),
                  messages: z.array(mensagem).max(1000).optional(),
                })
                .optional(),
            }),
          )
          .max(1000)
          .optional(),
      }),
    )
    .max(1000)
    .optional(),
});
export type WhatsappWebhook = z.infer<typeof whatsappWebhookSchema>;

/** GET /api/webhooks/whatsapp: the subscription's handshake. */
export const whatsappHandshakeSchema = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

export const WHATSAPP_WEBHOOK_MESSAGES = {
  assinaturaInvalida: 'Assinatura inválida',
  canalDesligado: 'O WhatsApp não está configurado neste servidor',
  tokenInvalido: 'Token de verificação inválido',
} as const;
