ALTER TYPE "public"."ticket_status" ADD VALUE 'aguardando_solicitante' BEFORE 'concluido';--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "primeira_resposta_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "primeira_resposta_ate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "resolucao_ate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "reaberto_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "sla_pausa_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "sla_pausado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "avaliacao_nota" smallint;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "avaliacao_comentario" text;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD COLUMN "avaliado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD CONSTRAINT "sac_tickets_avaliacao_nota_check" CHECK ("sac_tickets"."avaliacao_nota" between 1 and 5);--> statement-breakpoint
CREATE INDEX "sac_tickets_resolucao_ate_idx" ON "sac_tickets" USING btree ("resolucao_ate") WHERE "sac_tickets"."status" = 'em_andamento';--> statement-breakpoint
CREATE INDEX "sac_tickets_primeira_resposta_ate_idx" ON "sac_tickets" USING btree ("primeira_resposta_ate") WHERE "sac_tickets"."status" = 'em_andamento' and "sac_tickets"."primeira_resposta_em" is null;--> statement-breakpoint
-- Tickets opened before the deadlines existed get them counted in calendar hours from their opening (the
-- business-time module lives in the server); the answered ones have had their first response.
UPDATE "sac_tickets" SET
  "primeira_resposta_ate" = "created_at" + CASE "prioridade" WHEN 'critica' THEN interval '1 hour' WHEN 'alta' THEN interval '4 hours' WHEN 'media' THEN interval '8 hours' ELSE interval '1 day' END,
  "resolucao_ate" = "created_at" + CASE "prioridade" WHEN 'critica' THEN interval '8 hours' WHEN 'alta' THEN interval '1 day' WHEN 'media' THEN interval '3 days' ELSE interval '5 days' END,
  "primeira_resposta_em" = CASE WHEN "resolucao" IS NOT NULL THEN coalesce("resolved_at", "updated_at") END;--> statement-breakpoint
CREATE TABLE "sac_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"autor_id" uuid NOT NULL,
	"texto" text NOT NULL,
	"interna" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sac_anexos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mensagem_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"tamanho" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sac_mensagens" ADD CONSTRAINT "sac_mensagens_ticket_id_sac_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."sac_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sac_mensagens" ADD CONSTRAINT "sac_mensagens_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sac_anexos" ADD CONSTRAINT "sac_anexos_mensagem_id_sac_mensagens_id_fk" FOREIGN KEY ("mensagem_id") REFERENCES "public"."sac_mensagens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sac_mensagens_ticket_id_created_at_idx" ON "sac_mensagens" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "sac_mensagens_autor_id_idx" ON "sac_mensagens" USING btree ("autor_id");--> statement-breakpoint
CREATE INDEX "sac_anexos_mensagem_id_idx" ON "sac_anexos" USING btree ("mensagem_id");
