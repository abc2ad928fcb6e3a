-- Issue 43, first slice (ADR 071): cobrança. A matrícula's parcelas, each one payment at the gateway (Asaas, or the
-- simulated one), in whole centavos, with the scope path, event, course and vendedor copied from the matrícula so the
-- list scopes as the matrículas do; the gateway's customer of each responsável (by CPF, per network), created once;
-- and every webhook event received, its id unique (a redelivery changes nothing). The contract keeps the due day the
-- family chose at acceptance.
CREATE TYPE "public"."parcela_status" AS ENUM('aberta', 'paga', 'vencida', 'estornada', 'cancelada');--> statement-breakpoint
CREATE TABLE "cobranca_clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"provedor" text NOT NULL,
	"cpf" varchar(14) NOT NULL,
	"gateway_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cobranca_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provedor" text NOT NULL,
	"evento_id" text NOT NULL,
	"tipo" text NOT NULL,
	"gateway_pagamento_id" text,
	"parcela_id" uuid,
	"payload" jsonb NOT NULL,
	"resultado" text NOT NULL,
	"recebido_em" timestamp with time zone NOT NULL,
	CONSTRAINT "cobranca_eventos_resultado_check" CHECK ("cobranca_eventos"."resultado" in ('aplicado', 'ignorado', 'pagamento_desconhecido'))
);
--> statement-breakpoint
CREATE TABLE "parcelas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"matricula_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"valor_centavos" integer NOT NULL,
	"vencimento" date NOT NULL,
	"status" "parcela_status" DEFAULT 'aberta' NOT NULL,
	"provedor" text NOT NULL,
	"gateway_id" text NOT NULL,
	"invoice_url" text,
	"bank_slip_url" text,
	"pix_copia_e_cola" text,
	"paga_em" date,
	"valor_liquido_centavos" integer,
	"evento_id" uuid NOT NULL,
	"curso_id" uuid,
	"cliente_id" uuid,
	"vendedor_id" uuid,
	"micro_franquia_id" uuid,
	"franquia_id" uuid,
	"franqueador_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcelas_valor_check" CHECK ("parcelas"."valor_centavos" > 0 and "parcelas"."numero" >= 1),
	CONSTRAINT "parcelas_provedor_check" CHECK ("parcelas"."provedor" in ('asaas', 'simulado')),
	CONSTRAINT "parcelas_paga_check" CHECK (("parcelas"."status" = 'paga') <= ("parcelas"."paga_em" is not null))
);
--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "dia_vencimento" smallint;--> statement-breakpoint
ALTER TABLE "cobranca_clientes" ADD CONSTRAINT "cobranca_clientes_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobranca_eventos" ADD CONSTRAINT "cobranca_eventos_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_matricula_id_matriculas_id_fk" FOREIGN KEY ("matricula_id") REFERENCES "public"."matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobranca_clientes_cpf_key" ON "cobranca_clientes" USING btree ("franqueador_id","provedor","cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "cobranca_eventos_evento_key" ON "cobranca_eventos" USING btree ("evento_id");--> statement-breakpoint
CREATE INDEX "cobranca_eventos_parcela_id_idx" ON "cobranca_eventos" USING btree ("parcela_id");--> statement-breakpoint
CREATE INDEX "cobranca_eventos_desconhecidos_idx" ON "cobranca_eventos" USING btree ("recebido_em") WHERE "cobranca_eventos"."resultado" = 'pagamento_desconhecido';--> statement-breakpoint
CREATE UNIQUE INDEX "parcelas_matricula_numero_key" ON "parcelas" USING btree ("matricula_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "parcelas_gateway_key" ON "parcelas" USING btree ("provedor","gateway_id");--> statement-breakpoint
CREATE INDEX "parcelas_evento_id_idx" ON "parcelas" USING btree ("evento_id");--> statement-breakpoint
CREATE INDEX "parcelas_curso_id_idx" ON "parcelas" USING btree ("curso_id");--> statement-breakpoint
CREATE INDEX "parcelas_cliente_vencimento_idx" ON "parcelas" USING btree ("cliente_id","vencimento","id");--> statement-breakpoint
CREATE INDEX "parcelas_micro_franquia_vencimento_idx" ON "parcelas" USING btree ("micro_franquia_id","vencimento","id");--> statement-breakpoint
CREATE INDEX "parcelas_franquia_vencimento_idx" ON "parcelas" USING btree ("franquia_id","vencimento","id");--> statement-breakpoint
CREATE INDEX "parcelas_franqueador_vencimento_idx" ON "parcelas" USING btree ("franqueador_id","vencimento","id");--> statement-breakpoint
CREATE INDEX "parcelas_vendedor_id_idx" ON "parcelas" USING btree ("vendedor_id");--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_dia_vencimento_check" CHECK ("contratos"."dia_vencimento" in (5, 10, 15, 20, 25));