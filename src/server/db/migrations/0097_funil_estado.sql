-- Issue 46 (ADR 165): a pré-matrícula and a matrícula carry their event's place, as a lead does (migration 0090), and
-- the network's and a franquia's rows of a state are each one index in the lists' order. A state's page of 500 read
-- the keys of every row of the state's events and sorted them (the network's 39,000 leads in Alagoas: 25-31 ms of
-- PostgreSQL, p99 57-96 ms for one user); it now reads its 500 keys from the index. Additive: the columns are filled
-- here, and a build that does not know them reads as before.
ALTER TABLE "matriculas" ADD COLUMN "evento_estado" varchar(2);--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "evento_cidade" text;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "evento_estado" varchar(2);--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "evento_cidade" text;--> statement-breakpoint
UPDATE "pre_matriculas" p SET "evento_estado" = e."estado", "evento_cidade" = e."cidade" FROM "eventos" e WHERE e."id" = p."evento_id";--> statement-breakpoint
UPDATE "matriculas" m SET "evento_estado" = e."estado", "evento_cidade" = e."cidade" FROM "eventos" e WHERE e."id" = m."evento_id";--> statement-breakpoint
-- Those UPDATEs wrote a new version of every row wherever a page had room; each table is written again in its
-- network's order, as migration 0090 did for the leads, and left unmarked.
CLUSTER "pre_matriculas" USING "pre_matriculas_franqueador_page_idx";--> statement-breakpoint
ALTER TABLE "pre_matriculas" SET WITHOUT CLUSTER;--> statement-breakpoint
CLUSTER "matriculas" USING "matriculas_franqueador_page_idx";--> statement-breakpoint
ALTER TABLE "matriculas" SET WITHOUT CLUSTER;--> statement-breakpoint

-- One function writes the path and the place of the three tables' rows (a lead's was leads_fill_scope_e_lugar):
-- funnel_fill_scope, whose file (db/functions) now writes the place too and is applied after the migrations.
DROP TRIGGER "leads_fill_scope" ON "leads";--> statement-breakpoint
CREATE TRIGGER "leads_fill_scope" BEFORE INSERT OR UPDATE OF "evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id", "evento_estado", "evento_cidade"
  ON "leads" FOR EACH ROW EXECUTE FUNCTION "funnel_fill_scope"();--> statement-breakpoint
DROP FUNCTION "leads_fill_scope_e_lugar"();--> statement-breakpoint
DROP TRIGGER "pre_matriculas_fill_scope" ON "pre_matriculas";--> statement-breakpoint
CREATE TRIGGER "pre_matriculas_fill_scope" BEFORE INSERT OR UPDATE OF "evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id", "evento_estado", "evento_cidade"
  ON "pre_matriculas" FOR EACH ROW EXECUTE FUNCTION "funnel_fill_scope"();--> statement-breakpoint
DROP TRIGGER "matriculas_fill_scope" ON "matriculas";--> statement-breakpoint
CREATE TRIGGER "matriculas_fill_scope" BEFORE INSERT OR UPDATE OF "evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id", "evento_estado", "evento_cidade"
  ON "matriculas" FOR EACH ROW EXECUTE FUNCTION "funnel_fill_scope"();--> statement-breakpoint

-- An event whose place is edited takes the three tables' copies along (the leads' alone was eventos_lugar_dos_leads).
CREATE FUNCTION public.eventos_lugar_do_funil()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE "leads" SET "evento_estado" = NULL WHERE "evento_id" = NEW."id";
  UPDATE "pre_matriculas" SET "evento_estado" = NULL WHERE "evento_id" = NEW."id";
  UPDATE "matriculas" SET "evento_estado" = NULL WHERE "evento_id" = NEW."id";
  RETURN NULL;
END $function$;--> statement-breakpoint
DROP TRIGGER "eventos_lugar_dos_leads" ON "eventos";--> statement-breakpoint
DROP FUNCTION "eventos_lugar_dos_leads"();--> statement-breakpoint
CREATE TRIGGER "eventos_lugar_do_funil" AFTER UPDATE OF "estado", "cidade" ON "eventos" FOR EACH ROW
  WHEN ((OLD."estado", OLD."cidade") IS DISTINCT FROM (NEW."estado", NEW."cidade"))
  EXECUTE FUNCTION "eventos_lugar_do_funil"();--> statement-breakpoint

-- The network's and a franquia's rows of a state, newest first; partial on what every row holds, so that only a
-- state's filter plans on them.
CREATE INDEX "leads_franquia_estado_idx" ON "leads" USING btree ("franquia_id","evento_estado","created_at","id") WHERE "leads"."evento_estado" is not null;--> statement-breakpoint
CREATE INDEX "leads_franqueador_estado_idx" ON "leads" USING btree ("franqueador_id","evento_estado","created_at","id") WHERE "leads"."evento_estado" is not null;--> statement-breakpoint
CREATE INDEX "matriculas_franquia_estado_idx" ON "matriculas" USING btree ("franquia_id","evento_estado","created_at","id") WHERE "matriculas"."evento_estado" is not null;--> statement-breakpoint
CREATE INDEX "matriculas_franqueador_estado_idx" ON "matriculas" USING btree ("franqueador_id","evento_estado","created_at","id") WHERE "matriculas"."evento_estado" is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_franquia_estado_idx" ON "pre_matriculas" USING btree ("franquia_id","evento_estado","created_at","id") WHERE "pre_matriculas"."evento_estado" is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_franqueador_estado_idx" ON "pre_matriculas" USING btree ("franqueador_id","evento_estado","created_at","id") WHERE "pre_matriculas"."evento_estado" is not null;
