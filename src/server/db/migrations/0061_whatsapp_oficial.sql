-- Issue 47 (ADR 103): WhatsApp oficial -- the network's Cloud API templates and moments, each notice's delivery, the
-- family's replies, the consent's purpose, and WhatsApp notices listed on Envios.
ALTER TYPE "public"."lead_historico_tipo" ADD VALUE 'whatsapp';--> statement-breakpoint
CREATE TABLE "whatsapp_cloud_modelos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"idioma" text NOT NULL,
	"categoria" text NOT NULL,
	"variaveis" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_cloud_modelos_categoria_check" CHECK ("whatsapp_cloud_modelos"."categoria" in ('UTILITY', 'MARKETING', 'AUTHENTICATION'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_custos" (
	"franqueador_id" uuid NOT NULL,
	"categoria" text NOT NULL,
	"centavos" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_custos_franqueador_id_categoria_pk" PRIMARY KEY("franqueador_id","categoria"),
	CONSTRAINT "whatsapp_custos_categoria_check" CHECK ("whatsapp_custos"."categoria" in ('UTILITY', 'MARKETING', 'AUTHENTICATION')),
	CONSTRAINT "whatsapp_custos_centavos_check" CHECK ("whatsapp_custos"."centavos" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"franqueador_id" uuid,
	"lead_id" uuid,
	"momento" text NOT NULL,
	"modelo_nome" text,
	"categoria" text,
	"wa_id" text,
	"wamid" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"status_em" timestamp with time zone,
	"entregue_em" timestamp with time zone,
	"lida_em" timestamp with time zone,
	"erro" text,
	"motivo_email" text,
	"custo_centavos" integer,
	"email" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_mensagens_status_check" CHECK ("whatsapp_mensagens"."status" in ('pendente', 'enviada', 'entregue', 'lida', 'falhou', 'por_email')),
	CONSTRAINT "whatsapp_mensagens_momento_check" CHECK ("whatsapp_mensagens"."momento" in ('inscricao', 'lembrete_vespera', 'contrato', 'cobranca', 'sair'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_momentos" (
	"franqueador_id" uuid NOT NULL,
	"momento" text NOT NULL,
	"modelo_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_momentos_franqueador_id_momento_pk" PRIMARY KEY("franqueador_id","momento"),
	CONSTRAINT "whatsapp_momentos_momento_check" CHECK ("whatsapp_momentos"."momento" in ('inscricao', 'lembrete_vespera', 'contrato', 'cobranca'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_recebidas" (
	"wamid" text PRIMARY KEY NOT NULL,
	"lead_id" uuid,
	"em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "jobs_envios_idx";--> statement-breakpoint
DROP INDEX "jobs_envios_status_idx";--> statement-breakpoint
ALTER TABLE "consentimentos" ADD COLUMN "finalidade" text DEFAULT 'tratamento' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_modelos" ADD CONSTRAINT "whatsapp_cloud_modelos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_custos" ADD CONSTRAINT "whatsapp_custos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_momentos" ADD CONSTRAINT "whatsapp_momentos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_momentos" ADD CONSTRAINT "whatsapp_momentos_modelo_id_whatsapp_cloud_modelos_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."whatsapp_cloud_modelos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_recebidas" ADD CONSTRAINT "whatsapp_recebidas_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_cloud_modelos_nome_idx" ON "whatsapp_cloud_modelos" USING btree ("franqueador_id","nome","idioma");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagens_job_id_idx" ON "whatsapp_mensagens" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagens_wamid_idx" ON "whatsapp_mensagens" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_wa_id_idx" ON "whatsapp_mensagens" USING btree ("wa_id","created_at" DESC NULLS FIRST) WHERE "whatsapp_mensagens"."wa_id" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_lead_id_idx" ON "whatsapp_mensagens" USING btree ("lead_id") WHERE "whatsapp_mensagens"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_momentos_modelo_id_idx" ON "whatsapp_momentos" USING btree ("modelo_id");--> statement-breakpoint
CREATE INDEX "jobs_envios_idx" ON "jobs" USING btree ("franqueador_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "jobs"."tipo" in ('email', 'webhook', 'whatsapp');--> statement-breakpoint
CREATE INDEX "jobs_envios_status_idx" ON "jobs" USING btree ("franqueador_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "jobs"."tipo" in ('email', 'webhook', 'whatsapp');--> statement-breakpoint
ALTER TABLE "consentimentos" ADD CONSTRAINT "consentimentos_finalidade_check" CHECK ("consentimentos"."finalidade" in ('tratamento', 'whatsapp'));