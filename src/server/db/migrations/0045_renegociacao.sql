-- Issue 43 (ADR 079): renegotiation. Each renegotiation of a matrícula's open parcelas (who, when, the balance it
-- replaced, the discount, the new plan its job bills), the link from each parcela it cancelled, and the network's
-- cap on a renegotiation's discount (the franqueador's setting, 10% by default).
CREATE TABLE "renegociacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"matricula_id" uuid NOT NULL,
	"por_id" uuid,
	"em" timestamp with time zone NOT NULL,
	"parcelas_anteriores" integer NOT NULL,
	"valor_anterior_centavos" integer NOT NULL,
	"desconto_centavos" integer NOT NULL,
	"novo_total_centavos" integer NOT NULL,
	"novas_parcelas" integer NOT NULL,
	"primeiro_vencimento" date NOT NULL,
	"plano" jsonb NOT NULL,
	"concluida_em" timestamp with time zone,
	CONSTRAINT "renegociacoes_valores_check" CHECK ("renegociacoes"."desconto_centavos" >= 0 and "renegociacoes"."novo_total_centavos" = "renegociacoes"."valor_anterior_centavos" - "renegociacoes"."desconto_centavos" and "renegociacoes"."novo_total_centavos" >= "renegociacoes"."novas_parcelas" and "renegociacoes"."novas_parcelas" between 1 and 24)
);
--> statement-breakpoint
ALTER TABLE "franqueadores" ADD COLUMN "desconto_maximo_renegociacao_pct" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "parcelas" ADD COLUMN "renegociacao_id" uuid;--> statement-breakpoint
ALTER TABLE "renegociacoes" ADD CONSTRAINT "renegociacoes_matricula_id_matriculas_id_fk" FOREIGN KEY ("matricula_id") REFERENCES "public"."matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renegociacoes" ADD CONSTRAINT "renegociacoes_por_id_users_id_fk" FOREIGN KEY ("por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renegociacoes_matricula_id_em_idx" ON "renegociacoes" USING btree ("matricula_id","em");--> statement-breakpoint
CREATE INDEX "renegociacoes_por_id_idx" ON "renegociacoes" USING btree ("por_id");--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_renegociacao_id_renegociacoes_id_fk" FOREIGN KEY ("renegociacao_id") REFERENCES "public"."renegociacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcelas_renegociacao_id_idx" ON "parcelas" USING btree ("renegociacao_id");--> statement-breakpoint
ALTER TABLE "franqueadores" ADD CONSTRAINT "franqueadores_desconto_renegociacao_check" CHECK ("franqueadores"."desconto_maximo_renegociacao_pct" between 0 and 100);