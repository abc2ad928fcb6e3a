-- Issue 46 (ADR 164): a school carries its place above its micro-franquia, as a visit does (migration 0094), kept by a
-- trigger from the micro-franquia and moved with it, and its name as the list sorts it. A franqueador's clientes were
-- those of every micro-franquia of its network (500, each read by its index), and its list by name unaccented all
-- 5,000 names before the page was cut (28 ms of PostgreSQL; its deepest page 42); now each is one index in the
-- list's order. Additive: the columns are filled here, and a build that does not know them reads as before.
ALTER TABLE "clientes" ADD COLUMN "franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "franqueador_id" uuid;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "nome_ordem" text GENERATED ALWAYS AS (lower(f_unaccent(nome_fantasia))) STORED;--> statement-breakpoint
CREATE FUNCTION public.clientes_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT m."franquia_id", f."franqueador_id"
    INTO NEW."franquia_id", NEW."franqueador_id"
    FROM "micro_franquias" m
    LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
    WHERE m."id" = NEW."micro_franquia_id";
  RETURN NEW;
END $function$;--> statement-breakpoint
CREATE TRIGGER "clientes_fill_scope" BEFORE INSERT OR UPDATE OF "micro_franquia_id", "franquia_id", "franqueador_id"
  ON "clientes" FOR EACH ROW EXECUTE FUNCTION "clientes_fill_scope"();--> statement-breakpoint
CREATE FUNCTION public.clientes_seguem_caminho()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'micro_franquias' THEN
    UPDATE "clientes" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  ELSE
    UPDATE "clientes" SET "franqueador_id" = NULL WHERE "franquia_id" = NEW."id";
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE TRIGGER "micro_franquias_clientes_seguem" AFTER UPDATE OF "franquia_id" ON "micro_franquias" FOR EACH ROW
  WHEN (OLD."franquia_id" IS DISTINCT FROM NEW."franquia_id")
  EXECUTE FUNCTION "clientes_seguem_caminho"();--> statement-breakpoint
CREATE TRIGGER "franquias_clientes_seguem" AFTER UPDATE OF "franqueador_id" ON "franquias" FOR EACH ROW
  WHEN (OLD."franqueador_id" IS DISTINCT FROM NEW."franqueador_id")
  EXECUTE FUNCTION "clientes_seguem_caminho"();--> statement-breakpoint
UPDATE "clientes" c SET "franquia_id" = m."franquia_id", "franqueador_id" = f."franqueador_id"
  FROM "micro_franquias" m
  LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
  WHERE m."id" = c."micro_franquia_id";--> statement-breakpoint
CREATE INDEX "clientes_franquia_page_idx" ON "clientes" USING btree ("franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clientes_franquia_nome_idx" ON "clientes" USING btree ("franquia_id","nome_ordem","id");--> statement-breakpoint
CREATE INDEX "clientes_franqueador_page_idx" ON "clientes" USING btree ("franqueador_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clientes_franqueador_nome_idx" ON "clientes" USING btree ("franqueador_id","nome_ordem","id");