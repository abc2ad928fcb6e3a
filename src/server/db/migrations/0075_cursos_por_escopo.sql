-- Issue 46 (ADR 121's open end): a course carries its cliente's scope path, as events do (migration 0001), kept by a
-- trigger from the cliente and moved with it; a role's courses are then one indexed comparison per scope, and its
-- page of 500 reads 500 index entries instead of every course of its clientes (the franqueador's 20,000). Additive:
-- the columns are filled now, and a build that does not know them keeps reading courses through the clientes.
ALTER TABLE "cursos" ADD COLUMN "vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "cursos" ADD COLUMN "micro_franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "cursos" ADD COLUMN "franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "cursos" ADD COLUMN "franqueador_id" uuid;--> statement-breakpoint
CREATE FUNCTION public.cursos_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT c."vendedor_id", c."micro_franquia_id", m."franquia_id", f."franqueador_id"
    INTO NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"
    FROM "clientes" c
    LEFT JOIN "micro_franquias" m ON m."id" = c."micro_franquia_id"
    LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
    WHERE c."id" = NEW."cliente_id";
  RETURN NEW;
END $function$;--> statement-breakpoint
CREATE TRIGGER "cursos_fill_scope" BEFORE INSERT OR UPDATE OF "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"
  ON "cursos" FOR EACH ROW EXECUTE FUNCTION "cursos_fill_scope"();--> statement-breakpoint
CREATE FUNCTION public.cursos_seguem_caminho()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'clientes' THEN
    UPDATE "cursos" SET "vendedor_id" = NULL WHERE "cliente_id" = NEW."id";
  ELSIF TG_TABLE_NAME = 'micro_franquias' THEN
    UPDATE "cursos" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  ELSE
    UPDATE "cursos" SET "franqueador_id" = NULL WHERE "franquia_id" = NEW."id";
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE TRIGGER "clientes_cursos_seguem" AFTER UPDATE OF "vendedor_id", "micro_franquia_id" ON "clientes" FOR EACH ROW
  WHEN ((OLD."vendedor_id", OLD."micro_franquia_id") IS DISTINCT FROM (NEW."vendedor_id", NEW."micro_franquia_id"))
  EXECUTE FUNCTION "cursos_seguem_caminho"();--> statement-breakpoint
CREATE TRIGGER "micro_franquias_cursos_seguem" AFTER UPDATE OF "franquia_id" ON "micro_franquias" FOR EACH ROW
  WHEN (OLD."franquia_id" IS DISTINCT FROM NEW."franquia_id")
  EXECUTE FUNCTION "cursos_seguem_caminho"();--> statement-breakpoint
CREATE TRIGGER "franquias_cursos_seguem" AFTER UPDATE OF "franqueador_id" ON "franquias" FOR EACH ROW
  WHEN (OLD."franqueador_id" IS DISTINCT FROM NEW."franqueador_id")
  EXECUTE FUNCTION "cursos_seguem_caminho"();--> statement-breakpoint
UPDATE "cursos" k SET "vendedor_id" = c."vendedor_id", "micro_franquia_id" = c."micro_franquia_id",
    "franquia_id" = m."franquia_id", "franqueador_id" = f."franqueador_id"
  FROM "clientes" c
  LEFT JOIN "micro_franquias" m ON m."id" = c."micro_franquia_id"
  LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
  WHERE c."id" = k."cliente_id";--> statement-breakpoint
CREATE INDEX "cursos_vendedor_page_idx" ON "cursos" USING btree ("vendedor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cursos_micro_franquia_page_idx" ON "cursos" USING btree ("micro_franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cursos_franquia_page_idx" ON "cursos" USING btree ("franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cursos_franqueador_page_idx" ON "cursos" USING btree ("franqueador_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cursos_franquia_nome_idx" ON "cursos" USING btree ("franquia_id",lower(f_unaccent("titulo")),"id");--> statement-breakpoint
CREATE INDEX "cursos_franqueador_nome_idx" ON "cursos" USING btree ("franqueador_id",lower(f_unaccent("titulo")),"id");
