-- Issue 42, third slice (ADR 066): the family's acceptance. The link's token hash and expiry, the e-mailed code's
-- hash, expiry and tries, the acceptance's record (IP, user agent, version, channel, the PDF's SHA-256) on
-- contratos, and the contract's timeline. New columns are null (or 0) everywhere: no row is rewritten. A contract
-- frozen before this has no link until the staff send one ('Reenviar link').
CREATE TYPE "public"."contrato_evento_tipo" AS ENUM('enviado', 'aberto', 'codigo_enviado', 'aceito', 'desistencia', 'reenviado');--> statement-breakpoint
CREATE TABLE "contrato_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contrato_id" uuid NOT NULL,
	"tipo" "contrato_evento_tipo" NOT NULL,
	"em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "token_expira_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "token_aberto_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "codigo_hash" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "codigo_expira_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "codigo_tentativas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "aceite_ip" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "aceite_user_agent" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "aceite_versao" integer;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "aceite_canal" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "contrato_eventos" ADD CONSTRAINT "contrato_eventos_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contrato_eventos_contrato_id_em_idx" ON "contrato_eventos" USING btree ("contrato_id","em");--> statement-breakpoint
CREATE UNIQUE INDEX "contratos_token_hash_key" ON "contratos" USING btree ("token_hash") WHERE "contratos"."token_hash" is not null;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_aceite_check" CHECK (("contratos"."aceito_em" is null) = ("contratos"."aceite_versao" is null) and ("contratos"."aceito_em" is null) = ("contratos"."aceite_canal" is null) and ("contratos"."aceito_em" is null) = ("contratos"."pdf_sha256" is null));