-- Issue 49 (ADR 105): the check-ins a device made without a signal, as their batches delivered them (keyed by the
-- device's own id, so a batch sent twice creates nothing twice; conflicts between devices kept with both sides),
-- and the vendedores' visits to schools with their outcome.
CREATE TYPE "public"."presenca_lote_resultado" AS ENUM('registrada', 'ja_registrada', 'conflito', 'recusada');--> statement-breakpoint
CREATE TYPE "public"."visita_resultado" AS ENUM('interessada', 'agendou_evento', 'sem_interesse');--> statement-breakpoint
CREATE TYPE "public"."visita_status" AS ENUM('agendada', 'realizada', 'nao_realizada');--> statement-breakpoint
CREATE TABLE "presencas_lote" (
	"id_cliente" uuid PRIMARY KEY NOT NULL,
	"evento_id" uuid NOT NULL,
	"lead_id" uuid,
	"dispositivo" varchar(64) NOT NULL,
	"dispositivo_nome" varchar(80),
	"usuario_id" uuid,
	"em" timestamp with time zone NOT NULL,
	"recebida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"resultado" "presenca_lote_resultado" NOT NULL,
	"conflito_com" uuid,
	"motivo" text
);
--> statement-breakpoint
CREATE TABLE "visitas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cliente_id" uuid NOT NULL,
	"vendedor_id" uuid,
	"agendada_para" timestamp with time zone NOT NULL,
	"objetivo" text,
	"notas" text,
	"status" "visita_status" DEFAULT 'agendada' NOT NULL,
	"resultado" "visita_resultado",
	"motivo" text,
	"registrada_em" timestamp with time zone,
	"evento_id" uuid,
	"criado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitas_resultado_check" CHECK (("visitas"."status" = 'realizada') = ("visitas"."resultado" is not null))
);
--> statement-breakpoint
ALTER TABLE "presencas_lote" ADD CONSTRAINT "presencas_lote_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presencas_lote" ADD CONSTRAINT "presencas_lote_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presencas_lote" ADD CONSTRAINT "presencas_lote_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas" ADD CONSTRAINT "visitas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas" ADD CONSTRAINT "visitas_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas" ADD CONSTRAINT "visitas_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas" ADD CONSTRAINT "visitas_criado_por_id_users_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presencas_lote_lead_idx" ON "presencas_lote" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "presencas_lote_conflitos_idx" ON "presencas_lote" USING btree ("evento_id","recebida_em") WHERE "presencas_lote"."resultado" = 'conflito';--> statement-breakpoint
CREATE INDEX "visitas_vendedor_agenda_idx" ON "visitas" USING btree ("vendedor_id","agendada_para");--> statement-breakpoint
CREATE INDEX "visitas_cliente_agenda_idx" ON "visitas" USING btree ("cliente_id","agendada_para");--> statement-breakpoint
CREATE INDEX "visitas_evento_idx" ON "visitas" USING btree ("evento_id") WHERE "visitas"."evento_id" is not null;