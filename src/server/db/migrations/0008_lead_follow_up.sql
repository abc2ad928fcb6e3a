CREATE TYPE "public"."lead_historico_tipo" AS ENUM('reinscricao', 'contato', 'status', 'responsavel', 'nota');--> statement-breakpoint
CREATE TYPE "public"."lead_status" AS ENUM('novo', 'em_contato', 'interessado', 'sem_interesse', 'convertido');--> statement-breakpoint
CREATE TYPE "public"."motivo_perda" AS ENUM('preco', 'distancia', 'sem_resposta', 'escolheu_outra_escola', 'sem_perfil', 'outro');--> statement-breakpoint
CREATE TABLE "lead_historico" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"tipo" "lead_historico_tipo" NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"autor_id" uuid,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" "lead_status" DEFAULT 'novo' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "responsavel_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "proximo_contato_em" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "motivo_perda" "motivo_perda";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "primeiro_contato_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_historico" ADD CONSTRAINT "lead_historico_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_historico" ADD CONSTRAINT "lead_historico_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_historico_lead_id_em_idx" ON "lead_historico" USING btree ("lead_id","em");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_responsavel_id_vendedores_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_cliente_status_idx" ON "leads" USING btree ("cliente_id","status","created_at","id") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
CREATE INDEX "leads_cliente_retorno_idx" ON "leads" USING btree ("cliente_id","proximo_contato_em","created_at","id") WHERE "leads"."proximo_contato_em" is not null and "leads"."status" in ('novo', 'em_contato', 'interessado');--> statement-breakpoint
CREATE INDEX "leads_vendedor_status_idx" ON "leads" USING btree ("vendedor_id","status","created_at","id") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
CREATE INDEX "leads_vendedor_retorno_idx" ON "leads" USING btree ("vendedor_id","proximo_contato_em","created_at","id") WHERE "leads"."proximo_contato_em" is not null and "leads"."status" in ('novo', 'em_contato', 'interessado');--> statement-breakpoint
CREATE INDEX "leads_micro_franquia_status_idx" ON "leads" USING btree ("micro_franquia_id","status","created_at","id") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
CREATE INDEX "leads_micro_franquia_retorno_idx" ON "leads" USING btree ("micro_franquia_id","proximo_contato_em","created_at","id") WHERE "leads"."proximo_contato_em" is not null and "leads"."status" in ('novo', 'em_contato', 'interessado');--> statement-breakpoint
CREATE INDEX "leads_franquia_status_idx" ON "leads" USING btree ("franquia_id","status","created_at","id") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
CREATE INDEX "leads_franquia_retorno_idx" ON "leads" USING btree ("franquia_id","proximo_contato_em","created_at","id") WHERE "leads"."proximo_contato_em" is not null and "leads"."status" in ('novo', 'em_contato', 'interessado');--> statement-breakpoint
CREATE INDEX "leads_franqueador_status_idx" ON "leads" USING btree ("franqueador_id","status","created_at","id") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
CREATE INDEX "leads_franqueador_retorno_idx" ON "leads" USING btree ("franqueador_id","proximo_contato_em","created_at","id") WHERE "leads"."proximo_contato_em" is not null and "leads"."status" in ('novo', 'em_contato', 'interessado');--> statement-breakpoint
CREATE INDEX "leads_responsavel_page_idx" ON "leads" USING btree ("responsavel_id","created_at","id") WHERE "leads"."responsavel_id" is not null;