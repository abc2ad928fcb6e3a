-- Issue 44 (ADR 081): the commission rules. Each rule pays a beneficiary (the lead's vendedor, the event's
-- micro-franquia, the franquia) a percentage of each paid parcela (hundredths of a percent) or a fixed amount on a
-- matrícula's first paid parcela, for one curso or all, from a start date (to an end date); the network's, or one
-- franquia's. The service refuses two rules of the same reach and beneficiary whose periods share a day.
CREATE TABLE "comissao_regras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid,
	"curso_id" uuid,
	"beneficiario" text NOT NULL,
	"tipo" text NOT NULL,
	"percentual_centesimos" integer,
	"valor_centavos" integer,
	"inicio" date NOT NULL,
	"fim" date,
	"criado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comissao_regras_beneficiario_check" CHECK ("comissao_regras"."beneficiario" in ('vendedor', 'micro_franquia', 'franquia')),
	CONSTRAINT "comissao_regras_valor_check" CHECK (("comissao_regras"."tipo" = 'percentual' and "comissao_regras"."percentual_centesimos" between 1 and 10000 and "comissao_regras"."valor_centavos" is null)
        or ("comissao_regras"."tipo" = 'fixo' and "comissao_regras"."valor_centavos" > 0 and "comissao_regras"."percentual_centesimos" is null)),
	CONSTRAINT "comissao_regras_periodo_check" CHECK ("comissao_regras"."fim" is null or "comissao_regras"."fim" >= "comissao_regras"."inicio")
);
--> statement-breakpoint
ALTER TABLE "comissao_regras" ADD CONSTRAINT "comissao_regras_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_regras" ADD CONSTRAINT "comissao_regras_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_regras" ADD CONSTRAINT "comissao_regras_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_regras" ADD CONSTRAINT "comissao_regras_criado_por_id_users_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comissao_regras_franqueador_id_idx" ON "comissao_regras" USING btree ("franqueador_id","beneficiario");--> statement-breakpoint
CREATE INDEX "comissao_regras_franquia_id_idx" ON "comissao_regras" USING btree ("franquia_id");--> statement-breakpoint
CREATE INDEX "comissao_regras_curso_id_idx" ON "comissao_regras" USING btree ("curso_id");--> statement-breakpoint
CREATE INDEX "comissao_regras_criado_por_id_idx" ON "comissao_regras" USING btree ("criado_por_id");