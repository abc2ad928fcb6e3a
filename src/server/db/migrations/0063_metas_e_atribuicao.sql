-- Issue 48 (ADR 104): metas, custos and where each family came from. Goals per month, stage and node of the tree;
-- an event's and a campaign's costs; the UTM fields and the share link's code on leads and pré-matrículas, with
-- partial indexes over the attributed rows only (a sign-up with no origin writes none of them); and the share
-- link's code of every vendedor and event, drawn from 32 letters and digits (no 0/O, 1/I).
CREATE FUNCTION "codigo_indicacao_novo"() RETURNS text LANGUAGE sql AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + get_byte(r.b, CASE WHEN i < 6 THEN i ELSE i + 4 END) % 32, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) r, generate_series(0, 7) i
$$;--> statement-breakpoint
CREATE TYPE "public"."custo_categoria" AS ENUM('cartoes', 'local', 'anuncios', 'brindes', 'outros');--> statement-breakpoint
CREATE TYPE "public"."meta_etapa" AS ENUM('leads', 'presencas', 'pre_matriculas', 'matriculas', 'parcelas_pagas');--> statement-breakpoint
CREATE TYPE "public"."meta_nivel" AS ENUM('rede', 'franquia', 'micro_franquia', 'vendedor', 'cliente');--> statement-breakpoint
CREATE TABLE "campanha_custos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid,
	"utm_campaign" varchar(100) NOT NULL,
	"data" date NOT NULL,
	"categoria" "custo_categoria" NOT NULL,
	"descricao" text,
	"valor_centavos" integer NOT NULL,
	"criado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campanha_custos_valor_check" CHECK ("campanha_custos"."valor_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "evento_custos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evento_id" uuid NOT NULL,
	"categoria" "custo_categoria" NOT NULL,
	"descricao" text,
	"valor_centavos" integer NOT NULL,
	"criado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evento_custos_valor_check" CHECK ("evento_custos"."valor_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "metas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"mes" date NOT NULL,
	"etapa" "meta_etapa" NOT NULL,
	"nivel" "meta_nivel" NOT NULL,
	"alvo_id" uuid NOT NULL,
	"valor" bigint NOT NULL,
	"travada" boolean DEFAULT false NOT NULL,
	"atualizado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metas_valor_check" CHECK ("metas"."valor" >= 0),
	CONSTRAINT "metas_mes_check" CHECK (extract(day from "metas"."mes") = 1)
);
--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "codigo_indicacao" varchar(8) DEFAULT codigo_indicacao_novo() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_content" varchar(100);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_term" varchar(100);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "link_codigo" varchar(8);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "link_vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "utm_content" varchar(100);--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "utm_term" varchar(100);--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "link_codigo" varchar(8);--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "link_vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "vendedores" ADD COLUMN "codigo_indicacao" varchar(8) DEFAULT codigo_indicacao_novo() NOT NULL;--> statement-breakpoint
ALTER TABLE "campanha_custos" ADD CONSTRAINT "campanha_custos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_custos" ADD CONSTRAINT "campanha_custos_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_custos" ADD CONSTRAINT "campanha_custos_criado_por_id_users_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_custos" ADD CONSTRAINT "evento_custos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_custos" ADD CONSTRAINT "evento_custos_criado_por_id_users_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metas" ADD CONSTRAINT "metas_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metas" ADD CONSTRAINT "metas_atualizado_por_id_users_id_fk" FOREIGN KEY ("atualizado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campanha_custos_franqueador_idx" ON "campanha_custos" USING btree ("franqueador_id","utm_campaign","data");--> statement-breakpoint
CREATE INDEX "campanha_custos_franquia_idx" ON "campanha_custos" USING btree ("franquia_id","utm_campaign","data") WHERE "campanha_custos"."franquia_id" is not null;--> statement-breakpoint
CREATE INDEX "evento_custos_evento_id_idx" ON "evento_custos" USING btree ("evento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "metas_alvo_mes_etapa_key" ON "metas" USING btree ("alvo_id","mes","etapa");--> statement-breakpoint
CREATE INDEX "metas_franqueador_mes_idx" ON "metas" USING btree ("franqueador_id","mes","etapa");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_link_vendedor_id_vendedores_id_fk" FOREIGN KEY ("link_vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD CONSTRAINT "pre_matriculas_link_vendedor_id_vendedores_id_fk" FOREIGN KEY ("link_vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_franqueador_origem_idx" ON "leads" USING btree ("franqueador_id","created_at") WHERE coalesce("leads"."utm_source", "leads"."utm_medium", "leads"."utm_campaign", "leads"."utm_content", "leads"."utm_term", "leads"."link_codigo") is not null;--> statement-breakpoint
CREATE INDEX "leads_franquia_origem_idx" ON "leads" USING btree ("franquia_id","created_at") WHERE coalesce("leads"."utm_source", "leads"."utm_medium", "leads"."utm_campaign", "leads"."utm_content", "leads"."utm_term", "leads"."link_codigo") is not null;--> statement-breakpoint
CREATE INDEX "leads_micro_franquia_origem_idx" ON "leads" USING btree ("micro_franquia_id","created_at") WHERE coalesce("leads"."utm_source", "leads"."utm_medium", "leads"."utm_campaign", "leads"."utm_content", "leads"."utm_term", "leads"."link_codigo") is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_franqueador_origem_idx" ON "pre_matriculas" USING btree ("franqueador_id","created_at") WHERE coalesce("pre_matriculas"."utm_source", "pre_matriculas"."utm_medium", "pre_matriculas"."utm_campaign", "pre_matriculas"."utm_content", "pre_matriculas"."utm_term", "pre_matriculas"."link_codigo") is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_franquia_origem_idx" ON "pre_matriculas" USING btree ("franquia_id","created_at") WHERE coalesce("pre_matriculas"."utm_source", "pre_matriculas"."utm_medium", "pre_matriculas"."utm_campaign", "pre_matriculas"."utm_content", "pre_matriculas"."utm_term", "pre_matriculas"."link_codigo") is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_micro_franquia_origem_idx" ON "pre_matriculas" USING btree ("micro_franquia_id","created_at") WHERE coalesce("pre_matriculas"."utm_source", "pre_matriculas"."utm_medium", "pre_matriculas"."utm_campaign", "pre_matriculas"."utm_content", "pre_matriculas"."utm_term", "pre_matriculas"."link_codigo") is not null;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_codigoIndicacao_unique" UNIQUE("codigo_indicacao");--> statement-breakpoint
ALTER TABLE "vendedores" ADD CONSTRAINT "vendedores_codigoIndicacao_unique" UNIQUE("codigo_indicacao");