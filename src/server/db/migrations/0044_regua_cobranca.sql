-- Issue 43 (ADR 078): the régua de cobrança and the responsável's link. Each franquia's steps (3 days before the due
-- date, on it, 1 and 7 days after; no row: all on); each step sent for a parcela, once (parcela and step unique); the
-- links to a family's parcelas, only their token's SHA-256 kept, with an expiry; and the parcelas still to be paid by
-- due date, for the régua's daily run.
CREATE TABLE "cobranca_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"matricula_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cobranca_regua_envios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parcela_id" uuid NOT NULL,
	"etapa" text NOT NULL,
	"dia" date NOT NULL,
	"enviado_em" timestamp with time zone NOT NULL,
	CONSTRAINT "cobranca_regua_envios_etapa_check" CHECK ("cobranca_regua_envios"."etapa" in ('antes3', 'vencimento', 'depois1', 'depois7'))
);
--> statement-breakpoint
CREATE TABLE "cobranca_reguas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franquia_id" uuid NOT NULL,
	"antes3" boolean DEFAULT true NOT NULL,
	"vencimento" boolean DEFAULT true NOT NULL,
	"depois1" boolean DEFAULT true NOT NULL,
	"depois7" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cobranca_links" ADD CONSTRAINT "cobranca_links_matricula_id_matriculas_id_fk" FOREIGN KEY ("matricula_id") REFERENCES "public"."matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobranca_regua_envios" ADD CONSTRAINT "cobranca_regua_envios_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobranca_reguas" ADD CONSTRAINT "cobranca_reguas_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobranca_links_token_hash_key" ON "cobranca_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cobranca_links_matricula_id_idx" ON "cobranca_links" USING btree ("matricula_id");--> statement-breakpoint
CREATE INDEX "cobranca_links_expira_em_idx" ON "cobranca_links" USING btree ("expira_em");--> statement-breakpoint
CREATE UNIQUE INDEX "cobranca_regua_envios_parcela_etapa_key" ON "cobranca_regua_envios" USING btree ("parcela_id","etapa");--> statement-breakpoint
CREATE UNIQUE INDEX "cobranca_reguas_franquia_key" ON "cobranca_reguas" USING btree ("franquia_id");--> statement-breakpoint
CREATE INDEX "parcelas_a_pagar_vencimento_idx" ON "parcelas" USING btree ("vencimento") WHERE "parcelas"."status" in ('aberta', 'vencida');