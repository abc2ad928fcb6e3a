-- Issue 47 (ADR 103): a titular leaves the WhatsApp notices from /meus-dados, the rest of its consent standing.
ALTER TYPE "public"."lgpd_pedido_tipo" ADD VALUE 'revogacao_whatsapp';