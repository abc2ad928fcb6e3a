-- Issue 51 (ADR 091): a network's own text for each of the product's WhatsApp message templates. A network
-- without a row uses the product's text (src/shared/schemas/whatsapp.ts); nothing to backfill.
CREATE TABLE "whatsapp_modelos" (
	"franqueador_id" uuid NOT NULL,
	"chave" text NOT NULL,
	"texto" text NOT NULL,
	"atualizado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_modelos_franqueador_id_chave_pk" PRIMARY KEY("franqueador_id","chave"),
	CONSTRAINT "whatsapp_modelos_chave_check" CHECK ("whatsapp_modelos"."chave" in ('primeiro_contato', 'lembrete_pre_matricula', 'sem_resposta')),
	CONSTRAINT "whatsapp_modelos_texto_check" CHECK (char_length("whatsapp_modelos"."texto") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "whatsapp_modelos" ADD CONSTRAINT "whatsapp_modelos_atualizado_por_id_users_id_fk" FOREIGN KEY ("atualizado_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_modelos" ADD CONSTRAINT "whatsapp_modelos_franqueador_id_fkey" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_modelos_atualizado_por_id_idx" ON "whatsapp_modelos" USING btree ("atualizado_por_id");