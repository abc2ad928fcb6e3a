-- Issue 43, second slice (ADR 076): what changes a parcela after billing. A baixa manual (paid at the school) keeps
-- when, by whom and its note; a parcela is of the contract's plan ('mensalidade') or the single charge of a
-- cancellation's fee ('taxa_cancelamento', one per matrícula). Existing parcelas are the plan's.
ALTER TABLE "parcelas" ADD COLUMN "tipo" text DEFAULT 'mensalidade' NOT NULL;--> statement-breakpoint
ALTER TABLE "parcelas" ADD COLUMN "baixa_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parcelas" ADD COLUMN "baixa_por_id" uuid;--> statement-breakpoint
ALTER TABLE "parcelas" ADD COLUMN "baixa_observacao" text;--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_baixa_por_id_users_id_fk" FOREIGN KEY ("baixa_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parcelas_taxa_cancelamento_key" ON "parcelas" USING btree ("matricula_id") WHERE "parcelas"."tipo" = 'taxa_cancelamento';--> statement-breakpoint
CREATE INDEX "parcelas_baixa_por_id_idx" ON "parcelas" USING btree ("baixa_por_id");--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_tipo_check" CHECK ("parcelas"."tipo" in ('mensalidade', 'taxa_cancelamento'));--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_baixa_check" CHECK (("parcelas"."baixa_em" is null) = ("parcelas"."baixa_observacao" is null) and ("parcelas"."baixa_em" is null or "parcelas"."status" in ('paga', 'estornada')));