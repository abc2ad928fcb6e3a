-- Trigram search for leads' q= (the GIN index below); a trusted extension since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "scope_counts" (
	"scope_id" uuid NOT NULL,
	"stripe" smallint NOT NULL,
	"eventos" integer DEFAULT 0 NOT NULL,
	"eventos_ativos" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"pre_matriculas" integer DEFAULT 0 NOT NULL,
	"matriculas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scope_counts_scope_id_stripe_pk" PRIMARY KEY("scope_id","stripe")
);
--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
DROP INDEX "matriculas_created_at_idx";--> statement-breakpoint
DROP INDEX "pre_matriculas_created_at_idx";--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "franqueador_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "cliente_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "micro_franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "franqueador_id" uuid;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "cliente_id" uuid;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "micro_franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "franqueador_id" uuid;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "cliente_id" uuid;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "micro_franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "franquia_id" uuid;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "franqueador_id" uuid;--> statement-breakpoint
CREATE INDEX "eventos_vendedor_id_created_at_idx" ON "eventos" USING btree ("vendedor_id","created_at");--> statement-breakpoint
CREATE INDEX "eventos_franquia_id_created_at_idx" ON "eventos" USING btree ("franquia_id","created_at");--> statement-breakpoint
CREATE INDEX "eventos_franqueador_id_created_at_idx" ON "eventos" USING btree ("franqueador_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_cliente_page_idx" ON "leads" USING btree ("cliente_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_vendedor_page_idx" ON "leads" USING btree ("vendedor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_micro_franquia_page_idx" ON "leads" USING btree ("micro_franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_franquia_page_idx" ON "leads" USING btree ("franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_franqueador_page_idx" ON "leads" USING btree ("franqueador_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_busca_trgm_idx" ON "leads" USING gin (lower("nome_aluno" || ' ' || "nome_responsavel" || ' ' || "email" || ' ' || "telefone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "matriculas_cliente_page_idx" ON "matriculas" USING btree ("cliente_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matriculas_micro_franquia_page_idx" ON "matriculas" USING btree ("micro_franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matriculas_franquia_page_idx" ON "matriculas" USING btree ("franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matriculas_franqueador_page_idx" ON "matriculas" USING btree ("franqueador_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_matriculas_cliente_page_idx" ON "pre_matriculas" USING btree ("cliente_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_matriculas_vendedor_page_idx" ON "pre_matriculas" USING btree ("vendedor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_matriculas_micro_franquia_page_idx" ON "pre_matriculas" USING btree ("micro_franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_matriculas_franquia_page_idx" ON "pre_matriculas" USING btree ("franquia_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_matriculas_franqueador_page_idx" ON "pre_matriculas" USING btree ("franqueador_id","created_at","id");--> statement-breakpoint
-- Existing rows get their scope path once; from here on the triggers below keep it.
UPDATE "eventos" e SET "vendedor_id" = c."vendedor_id" FROM "clientes" c WHERE c."id" = e."cliente_id";--> statement-breakpoint
UPDATE "eventos" e SET "franquia_id" = m."franquia_id", "franqueador_id" = f."franqueador_id"
  FROM "micro_franquias" m JOIN "franquias" f ON f."id" = m."franquia_id" WHERE m."id" = e."micro_franquia_id";--> statement-breakpoint
UPDATE "leads" r SET "cliente_id" = e."cliente_id", "vendedor_id" = e."vendedor_id", "micro_franquia_id" = e."micro_franquia_id",
  "franquia_id" = e."franquia_id", "franqueador_id" = e."franqueador_id" FROM "eventos" e WHERE e."id" = r."evento_id";--> statement-breakpoint
UPDATE "pre_matriculas" r SET "cliente_id" = e."cliente_id", "vendedor_id" = e."vendedor_id", "micro_franquia_id" = e."micro_franquia_id",
  "franquia_id" = e."franquia_id", "franqueador_id" = e."franqueador_id" FROM "eventos" e WHERE e."id" = r."evento_id";--> statement-breakpoint
UPDATE "matriculas" r SET "cliente_id" = e."cliente_id", "vendedor_id" = e."vendedor_id", "micro_franquia_id" = e."micro_franquia_id",
  "franquia_id" = e."franquia_id", "franqueador_id" = e."franqueador_id" FROM "eventos" e WHERE e."id" = r."evento_id";--> statement-breakpoint

-- An event's path: its cliente, the cliente's vendedor, its micro-franquia, that one's franquia and franqueador.
CREATE FUNCTION "eventos_fill_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."vendedor_id" INTO NEW."vendedor_id" FROM "clientes" c WHERE c."id" = NEW."cliente_id";
  SELECT m."franquia_id", f."franqueador_id" INTO NEW."franquia_id", NEW."franqueador_id"
    FROM "micro_franquias" m JOIN "franquias" f ON f."id" = m."franquia_id" WHERE m."id" = NEW."micro_franquia_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "eventos_fill_scope" BEFORE INSERT OR UPDATE OF "cliente_id", "micro_franquia_id", "vendedor_id", "franquia_id", "franqueador_id"
  ON "eventos" FOR EACH ROW EXECUTE FUNCTION "eventos_fill_scope"();--> statement-breakpoint

-- A lead, pré-matrícula or matrícula takes its event's path.
CREATE FUNCTION "funnel_fill_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."cliente_id", e."vendedor_id", e."micro_franquia_id", e."franquia_id", e."franqueador_id"
    INTO NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"
    FROM "eventos" e WHERE e."id" = NEW."evento_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "leads_fill_scope" BEFORE INSERT OR UPDATE OF "evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"
  ON "leads" FOR EACH ROW EXECUTE FUNCTION "funnel_fill_scope"();--> statement-breakpoint
CREATE TRIGGER "pre_matriculas_fill_scope" BEFORE INSERT OR UPDATE OF "evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"
  ON "pre_matriculas" FOR EACH ROW EXECUTE FUNCTION "funnel_fill_scope"();--> statement-breakpoint
CREATE TRIGGER "matriculas_fill_scope" BEFORE INSERT OR UPDATE OF "evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"
  ON "matriculas" FOR EACH ROW EXECUTE FUNCTION "funnel_fill_scope"();--> statement-breakpoint

-- Adds to the counts of every scope in a path, on this connection's own stripe (no waiting on a hot row).
CREATE FUNCTION "scope_counts_add"("ids" uuid[], "d_eventos" int, "d_ativos" int, "d_leads" int, "d_pre" int, "d_mat" int)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "scope_counts" AS s ("scope_id", "stripe", "eventos", "eventos_ativos", "leads", "pre_matriculas", "matriculas")
  SELECT DISTINCT id, (pg_backend_pid() % 16)::smallint, d_eventos, d_ativos, d_leads, d_pre, d_mat FROM unnest(ids) AS id WHERE id IS NOT NULL
  ON CONFLICT ("scope_id", "stripe") DO UPDATE SET
    "eventos" = s."eventos" + EXCLUDED."eventos", "eventos_ativos" = s."eventos_ativos" + EXCLUDED."eventos_ativos",
    "leads" = s."leads" + EXCLUDED."leads", "pre_matriculas" = s."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = s."matriculas" + EXCLUDED."matriculas"
$$;--> statement-breakpoint

CREATE FUNCTION "funnel_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l int := CASE WHEN TG_TABLE_NAME = 'leads' THEN 1 ELSE 0 END;
  p int := CASE WHEN TG_TABLE_NAME = 'pre_matriculas' THEN 1 ELSE 0 END;
  m int := CASE WHEN TG_TABLE_NAME = 'matriculas' THEN 1 ELSE 0 END;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scope_counts_add"(ARRAY[OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id"], 0, 0, -l, -p, -m);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "scope_counts_add"(ARRAY[NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"], 0, 0, l, p, m);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "leads_count_insert_delete" AFTER INSERT OR DELETE ON "leads" FOR EACH ROW EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
CREATE TRIGGER "leads_count_move" AFTER UPDATE ON "leads" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
CREATE TRIGGER "pre_matriculas_count_insert_delete" AFTER INSERT OR DELETE ON "pre_matriculas" FOR EACH ROW EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
CREATE TRIGGER "pre_matriculas_count_move" AFTER UPDATE ON "pre_matriculas" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
CREATE TRIGGER "matriculas_count_insert_delete" AFTER INSERT OR DELETE ON "matriculas" FOR EACH ROW EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
CREATE TRIGGER "matriculas_count_move" AFTER UPDATE ON "matriculas" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint

-- An event counts in its path; when it moves, its leads, pré-matrículas and matrículas move with it.
CREATE FUNCTION "eventos_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scope_counts_add"(ARRAY[OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id"], -1, -(OLD."is_active"::int), 0, 0, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "scope_counts_add"(ARRAY[NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"], 1, NEW."is_active"::int, 0, 0, 0);
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id")
      IS DISTINCT FROM (NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id") THEN
    UPDATE "leads" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
    UPDATE "pre_matriculas" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
    UPDATE "matriculas" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "eventos_count_insert_delete" AFTER INSERT OR DELETE ON "eventos" FOR EACH ROW EXECUTE FUNCTION "eventos_count"();--> statement-breakpoint
CREATE TRIGGER "eventos_count_update" AFTER UPDATE ON "eventos" FOR EACH ROW
  WHEN ((OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."is_active")
    IS DISTINCT FROM (NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."is_active"))
  EXECUTE FUNCTION "eventos_count"();--> statement-breakpoint

-- A company that moves in the tree takes its events (and so their rows) along.
CREATE FUNCTION "clientes_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "eventos" SET "vendedor_id" = NULL WHERE "cliente_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "clientes_move" AFTER UPDATE OF "vendedor_id" ON "clientes" FOR EACH ROW
  WHEN (OLD."vendedor_id" IS DISTINCT FROM NEW."vendedor_id") EXECUTE FUNCTION "clientes_move"();--> statement-breakpoint
CREATE FUNCTION "micro_franquias_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "eventos" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "micro_franquias_move" AFTER UPDATE OF "franquia_id" ON "micro_franquias" FOR EACH ROW
  WHEN (OLD."franquia_id" IS DISTINCT FROM NEW."franquia_id") EXECUTE FUNCTION "micro_franquias_move"();--> statement-breakpoint
CREATE FUNCTION "franquias_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "eventos" SET "franqueador_id" = NULL
    WHERE "micro_franquia_id" IN (SELECT "id" FROM "micro_franquias" WHERE "franquia_id" = NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "franquias_move" AFTER UPDATE OF "franqueador_id" ON "franquias" FOR EACH ROW
  WHEN (OLD."franqueador_id" IS DISTINCT FROM NEW."franqueador_id") EXECUTE FUNCTION "franquias_move"();--> statement-breakpoint

-- Every count from the rows themselves: after a bulk load with triggers off, or to check the triggers.
CREATE FUNCTION "scope_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "scope_counts";
  INSERT INTO "scope_counts" ("scope_id", "stripe", "eventos", "eventos_ativos", "leads", "pre_matriculas", "matriculas")
  SELECT x.id, 0, sum(x.ev), sum(x.at), sum(x.l), sum(x.p), sum(x.m) FROM (
    SELECT unnest(ARRAY["cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]) AS id,
      1 AS ev, "is_active"::int AS at, 0 AS l, 0 AS p, 0 AS m FROM "eventos"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 1, 0, 0 FROM "leads"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 0, 1, 0 FROM "pre_matriculas"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 0, 0, 1 FROM "matriculas"
  ) x WHERE x.id IS NOT NULL GROUP BY x.id
$$;--> statement-breakpoint
SELECT "scope_counts_rebuild"();
