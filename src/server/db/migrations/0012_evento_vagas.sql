CREATE TABLE "lead_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_vouchers_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "vagas" integer;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "inscricoes_ate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lista_espera" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "cancelado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "presente_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_vouchers" ADD CONSTRAINT "lead_vouchers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_vouchers_lead_id_idx" ON "lead_vouchers" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_evento_vagas_idx" ON "leads" USING btree ("evento_id") WHERE not "leads"."lista_espera" and "leads"."cancelado_em" is null;--> statement-breakpoint
CREATE INDEX "leads_evento_espera_idx" ON "leads" USING btree ("evento_id","created_at","id") WHERE "leads"."lista_espera" and "leads"."cancelado_em" is null;--> statement-breakpoint
CREATE INDEX "leads_evento_presente_idx" ON "leads" USING btree ("evento_id") WHERE "leads"."presente_em" is not null;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_vagas_check" CHECK ("eventos"."vagas" is null or "eventos"."vagas" >= 1);