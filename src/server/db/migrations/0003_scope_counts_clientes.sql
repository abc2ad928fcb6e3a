ALTER TABLE "scope_counts" ADD COLUMN "clientes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Clientes counted per scope too (the franqueador's dashboard counts thousands): a cliente counts in its
-- vendedor, its micro-franquia and that one's franquia and franqueador.
CREATE FUNCTION "cliente_scope_path"("vendedor" uuid, "micro" uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY["vendedor", "micro", m."franquia_id", f."franqueador_id"]
  FROM (SELECT 1) one LEFT JOIN "micro_franquias" m ON m."id" = "micro" LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
$$;--> statement-breakpoint
CREATE FUNCTION "scope_counts_add_clientes"("ids" uuid[], "d" int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "scope_counts" AS s ("scope_id", "stripe", "clientes")
  SELECT DISTINCT id, (pg_backend_pid() % 16)::smallint, "d" FROM unnest("ids") AS id WHERE id IS NOT NULL
  ON CONFLICT ("scope_id", "stripe") DO UPDATE SET "clientes" = s."clientes" + EXCLUDED."clientes"
$$;--> statement-breakpoint
CREATE FUNCTION "clientes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scope_counts_add_clientes"("cliente_scope_path"(OLD."vendedor_id", OLD."micro_franquia_id"), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "scope_counts_add_clientes"("cliente_scope_path"(NEW."vendedor_id", NEW."micro_franquia_id"), 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "clientes_count_insert_delete" AFTER INSERT OR DELETE ON "clientes" FOR EACH ROW EXECUTE FUNCTION "clientes_count"();--> statement-breakpoint
CREATE TRIGGER "clientes_count_move" AFTER UPDATE OF "vendedor_id", "micro_franquia_id" ON "clientes" FOR EACH ROW
  WHEN ((OLD."vendedor_id", OLD."micro_franquia_id") IS DISTINCT FROM (NEW."vendedor_id", NEW."micro_franquia_id"))
  EXECUTE FUNCTION "clientes_count"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "micro_franquias_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int := (SELECT count(*) FROM "clientes" WHERE "micro_franquia_id" = NEW."id");
BEGIN
  PERFORM "scope_counts_add_clientes"(ARRAY[OLD."franquia_id", (SELECT "franqueador_id" FROM "franquias" WHERE "id" = OLD."franquia_id")], -n);
  PERFORM "scope_counts_add_clientes"(ARRAY[NEW."franquia_id", (SELECT "franqueador_id" FROM "franquias" WHERE "id" = NEW."franquia_id")], n);
  UPDATE "eventos" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "franquias_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int := (SELECT count(*) FROM "clientes" WHERE "micro_franquia_id" IN
    (SELECT "id" FROM "micro_franquias" WHERE "franquia_id" = NEW."id"));
BEGIN
  PERFORM "scope_counts_add_clientes"(ARRAY[OLD."franqueador_id"], -n);
  PERFORM "scope_counts_add_clientes"(ARRAY[NEW."franqueador_id"], n);
  UPDATE "eventos" SET "franqueador_id" = NULL
    WHERE "micro_franquia_id" IN (SELECT "id" FROM "micro_franquias" WHERE "franquia_id" = NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scope_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "scope_counts";
  INSERT INTO "scope_counts" ("scope_id", "stripe", "clientes", "eventos", "eventos_ativos", "leads", "pre_matriculas", "matriculas")
  SELECT x.id, 0, sum(x.c), sum(x.ev), sum(x.at), sum(x.l), sum(x.p), sum(x.m) FROM (
    SELECT unnest("cliente_scope_path"("vendedor_id", "micro_franquia_id")) AS id,
      1 AS c, 0 AS ev, 0 AS at, 0 AS l, 0 AS p, 0 AS m FROM "clientes"
    UNION ALL SELECT unnest(ARRAY["cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]),
      0, 1, "is_active"::int, 0, 0, 0 FROM "eventos"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 0, 1, 0, 0 FROM "leads"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 0, 0, 1, 0 FROM "pre_matriculas"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 0, 0, 0, 1 FROM "matriculas"
  ) x WHERE x.id IS NOT NULL GROUP BY x.id
$$;--> statement-breakpoint
SELECT "scope_counts_rebuild"();
