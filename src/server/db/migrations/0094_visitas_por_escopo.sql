-- Issue 46 (ADR 163): a visit carries its school's place in the tree, as a course does (migration 0075), kept by a
-- trigger from the cliente and moved with it. A role's visits were every visit of the clientes it sees, each checked
-- by its school's key (the franqueador's count of 10,001: ~5 ms of PostgreSQL) or, for a vendedor, an `or` with its
-- schools' set (7-8 ms); now each scope's visits are one index in the list's order. Additive: the columns are filled
-- here, and a build that does not know them keeps reading visits through the clientes.
ALTER TABLE "visitas" ADD COLUMN "cliente_vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "visitas" ADD COLUMN "micro_franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "visitas" ADD COLUMN "franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "visitas" ADD COLUMN "franqueador_id" uuid;--> statement-breakpoint
CREATE FUNCTION public.visitas_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT c."vendedor_id", c."micro_franquia_id", m."franquia_id", f."franqueador_id"
    INTO NEW."cliente_vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"
    FROM "clientes" c
    LEFT JOIN "micro_franquias" m ON m."id" = c."micro_franquia_id"
    LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
    WHERE c."id" = NEW."cliente_id";
  RETURN NEW;
END $function$;--> statement-breakpoint
CREATE TRIGGER "visitas_fill_scope" BEFORE INSERT OR UPDATE OF "cliente_id", "cliente_vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"
  ON "visitas" FOR EACH ROW EXECUTE FUNCTION "visitas_fill_scope"();--> statement-breakpoint
CREATE FUNCTION public.visitas_seguem_caminho()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'clientes' THEN
    UPDATE "visitas" SET "cliente_vendedor_id" = NULL WHERE "cliente_id" = NEW."id";
  ELSIF TG_TABLE_NAME = 'micro_franquias' THEN
    UPDATE "visitas" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  ELSE
    UPDATE "visitas" SET "franqueador_id" = NULL WHERE "franquia_id" = NEW."id";
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE TRIGGER "clientes_visitas_seguem" AFTER UPDATE OF "vendedor_id", "micro_franquia_id" ON "clientes" FOR EACH ROW
  WHEN ((OLD."vendedor_id", OLD."micro_franquia_id") IS DISTINCT FROM (NEW."vendedor_id", NEW."micro_franquia_id"))
  EXECUTE FUNCTION "visitas_seguem_caminho"();--> statement-breakpoint
CREATE TRIGGER "micro_franquias_visitas_seguem" AFTER UPDATE OF "franquia_id" ON "micro_franquias" FOR EACH ROW
  WHEN (OLD."franquia_id" IS DISTINCT FROM NEW."franquia_id")
  EXECUTE FUNCTION "visitas_seguem_caminho"();--> statement-breakpoint
CREATE TRIGGER "franquias_visitas_seguem" AFTER UPDATE OF "franqueador_id" ON "franquias" FOR EACH ROW
  WHEN (OLD."franqueador_id" IS DISTINCT FROM NEW."franqueador_id")
  EXECUTE FUNCTION "visitas_seguem_caminho"();--> statement-breakpoint
UPDATE "visitas" v SET "cliente_vendedor_id" = c."vendedor_id", "micro_franquia_id" = c."micro_franquia_id",
    "franquia_id" = m."franquia_id", "franqueador_id" = f."franqueador_id"
  FROM "clientes" c
  LEFT JOIN "micro_franquias" m ON m."id" = c."micro_franquia_id"
  LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
  WHERE c."id" = v."cliente_id";--> statement-breakpoint
CREATE INDEX "visitas_cliente_vendedor_agenda_idx" ON "visitas" USING btree ("cliente_vendedor_id","agendada_para","created_at","id");--> statement-breakpoint
CREATE INDEX "visitas_micro_franquia_agenda_idx" ON "visitas" USING btree ("micro_franquia_id","agendada_para","created_at","id");--> statement-breakpoint
CREATE INDEX "visitas_franquia_agenda_idx" ON "visitas" USING btree ("franquia_id","agendada_para","created_at","id");--> statement-breakpoint
CREATE INDEX "visitas_franqueador_agenda_idx" ON "visitas" USING btree ("franqueador_id","agendada_para","created_at","id");