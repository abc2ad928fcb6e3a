-- Issue 46 (ADR 158): a lead carries its event's place, as it carries the event's path (migration 0001). The
-- network's follow-up by state or city joined the period's 63,000 leads to the network's 50,000 events -- half of
-- the report's 90 ms -- to learn where each lead's event is; it now reads the place from the status index with the
-- rest of the row.
ALTER TABLE "leads" ADD COLUMN "evento_estado" varchar(2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "evento_cidade" text;--> statement-breakpoint
UPDATE "leads" l SET "evento_estado" = e."estado", "evento_cidade" = e."cidade" FROM "eventos" e WHERE e."id" = l."evento_id";--> statement-breakpoint
-- That UPDATE wrote a new version of every lead wherever a page had room: the table was no longer in the order
-- families signed up (ADR 135; the benchmark's created_at correlation fell from 1 to 0.48), and a search within a
-- period or a scope read its rows a block each (a franquia's 'Oliveira' in 'sem contato': 72 ms of PostgreSQL
-- before, 292 after). The table is written again in its network's sign-up order (34 s for 1,000,000 leads), and
-- left unmarked.
CLUSTER "leads" USING "leads_franqueador_page_idx";--> statement-breakpoint
ALTER TABLE "leads" SET WITHOUT CLUSTER;--> statement-breakpoint

-- A lead takes its event's path and place, in one read of the event (the trigger keeps its name; pré-matrículas
-- and matrículas keep funnel_fill_scope, which writes the path alone).
CREATE FUNCTION public.leads_fill_scope_e_lugar()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT e."cliente_id", e."vendedor_id", e."micro_franquia_id", e."franquia_id", e."franqueador_id", e."estado", e."cidade"
    INTO NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id",
      NEW."evento_estado", NEW."evento_cidade"
    FROM "eventos" e WHERE e."id" = NEW."evento_id";
  RETURN NEW;
END $function$;--> statement-breakpoint
DROP TRIGGER "leads_fill_scope" ON "leads";--> statement-breakpoint
CREATE TRIGGER "leads_fill_scope" BEFORE INSERT OR UPDATE OF "evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id", "evento_estado", "evento_cidade"
  ON "leads" FOR EACH ROW EXECUTE FUNCTION "leads_fill_scope_e_lugar"();--> statement-breakpoint

-- An event whose place is edited takes its leads' copy along: the lead's fill trigger writes it again from the event
-- (as eventos_count has it write the path).
CREATE FUNCTION public.eventos_lugar_dos_leads()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE "leads" SET "evento_estado" = NULL WHERE "evento_id" = NEW."id";
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE TRIGGER "eventos_lugar_dos_leads" AFTER UPDATE OF "estado", "cidade" ON "eventos" FOR EACH ROW
  WHEN ((OLD."estado", OLD."cidade") IS DISTINCT FROM (NEW."estado", NEW."cidade"))
  EXECUTE FUNCTION "eventos_lugar_dos_leads"();--> statement-breakpoint

-- Every scope's status index carries the place (migration 0036 gave them the rest of what the follow-up reads), so a
-- follow-up by place stays an index-only scan at every level: the network's and a franquia's joined every event, a
-- micro-franquia's, a vendedor's and a school's read each lead's event by its key (ADR 149).
DROP INDEX "leads_franqueador_status_idx";--> statement-breakpoint
CREATE INDEX "leads_franqueador_status_idx" ON "leads" USING btree ("franqueador_id","status","created_at","id") INCLUDE ("franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda", "utm_source", "utm_campaign", "link_codigo", "link_vendedor_id", "evento_estado", "evento_cidade") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
DROP INDEX "leads_franquia_status_idx";--> statement-breakpoint
CREATE INDEX "leads_franquia_status_idx" ON "leads" USING btree ("franquia_id","status","created_at","id") INCLUDE ("franqueador_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda", "evento_estado", "evento_cidade") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
DROP INDEX "leads_micro_franquia_status_idx";--> statement-breakpoint
CREATE INDEX "leads_micro_franquia_status_idx" ON "leads" USING btree ("micro_franquia_id","status","created_at","id") INCLUDE ("franqueador_id", "franquia_id", "vendedor_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda", "evento_estado", "evento_cidade") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
DROP INDEX "leads_vendedor_status_idx";--> statement-breakpoint
CREATE INDEX "leads_vendedor_status_idx" ON "leads" USING btree ("vendedor_id","status","created_at","id") INCLUDE ("franqueador_id", "franquia_id", "micro_franquia_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda", "evento_estado", "evento_cidade") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
DROP INDEX "leads_cliente_status_idx";--> statement-breakpoint
CREATE INDEX "leads_cliente_status_idx" ON "leads" USING btree ("cliente_id","status","created_at","id") INCLUDE ("franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "evento_id", "primeiro_contato_em", "motivo_perda", "evento_estado", "evento_cidade") WHERE "leads"."status" <> 'novo';
