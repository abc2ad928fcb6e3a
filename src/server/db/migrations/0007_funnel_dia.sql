CREATE TABLE "funnel_dia" (
	"chave" uuid NOT NULL,
	"nivel" smallint NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"cliente_id" uuid,
	"evento_id" uuid,
	"estado" text NOT NULL,
	"cidade" text NOT NULL,
	"dia" date NOT NULL,
	"stripe" smallint NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"pre_matriculas" integer DEFAULT 0 NOT NULL,
	"matriculas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_dia_chave_estado_cidade_dia_stripe_pk" PRIMARY KEY("chave","estado","cidade","dia","stripe")
);
--> statement-breakpoint
CREATE INDEX "funnel_dia_franqueador_idx" ON "funnel_dia" USING btree ("franqueador_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_franquia_idx" ON "funnel_dia" USING btree ("franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_micro_franquia_idx" ON "funnel_dia" USING btree ("micro_franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_vendedor_idx" ON "funnel_dia" USING btree ("vendedor_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_cliente_idx" ON "funnel_dia" USING btree ("cliente_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_evento_idx" ON "funnel_dia" USING btree ("evento_id","dia");--> statement-breakpoint
-- Adds to the day of every node of a path (franqueador, franquia, micro-franquia, vendedor or none, cliente,
-- evento) at one place, on this connection's stripe. A row is keyed by its path prefix, so its path columns never
-- change; the rows are touched top level first, so two writers never wait on each other in opposite orders.
CREATE FUNCTION "funnel_dia_chave"("p" uuid[], "n" int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT md5("n" || ':' || array_to_string("p"[1:"n" + 1], ',', '-'))::uuid
$$;--> statement-breakpoint
CREATE FUNCTION "funnel_dia_add"("p" uuid[], "uf" text, "cid" text, "d" date, "dl" int, "dp" int, "dm" int)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "funnel_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "estado", "cidade", "dia", "stripe", "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_dia_chave"("p", n), n, "p"[1], CASE WHEN n >= 1 THEN "p"[2] END, CASE WHEN n >= 2 THEN "p"[3] END,
    CASE WHEN n >= 3 THEN "p"[4] END, CASE WHEN n >= 4 THEN "p"[5] END, CASE WHEN n >= 5 THEN "p"[6] END,
    coalesce("uf", ''), coalesce("cid", ''), "d", (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n ORDER BY n
  ON CONFLICT ("chave", "estado", "cidade", "dia", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas"
$$;--> statement-breakpoint

-- The funnel's counters, now per day too. A row counts on its own day in Brasília: a lead and a pré-matrícula
-- on their creation, a matrícula on efetivada_em; at the place of its event. (Each table gets its own compiled
-- copy of a trigger function, so a branch naming another table's column is never prepared for this one.)
CREATE OR REPLACE FUNCTION "funnel_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l int := CASE WHEN TG_TABLE_NAME = 'leads' THEN 1 ELSE 0 END;
  p int := CASE WHEN TG_TABLE_NAME = 'pre_matriculas' THEN 1 ELSE 0 END;
  m int := CASE WHEN TG_TABLE_NAME = 'matriculas' THEN 1 ELSE 0 END;
  uf text;
  cid text;
  d date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scope_counts_add"(ARRAY[OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id"], 0, 0, -l, -p, -m);
    SELECT e."estado", e."cidade" INTO uf, cid FROM "eventos" e WHERE e."id" = OLD."evento_id";
    IF m = 1 THEN d := (OLD."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date;
    ELSE d := (OLD."created_at" AT TIME ZONE 'America/Sao_Paulo')::date; END IF;
    PERFORM "funnel_dia_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."evento_id"], uf, cid, d, -l, -p, -m);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "scope_counts_add"(ARRAY[NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"], 0, 0, l, p, m);
    SELECT e."estado", e."cidade" INTO uf, cid FROM "eventos" e WHERE e."id" = NEW."evento_id";
    IF m = 1 THEN d := (NEW."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date;
    ELSE d := (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date; END IF;
    PERFORM "funnel_dia_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"], uf, cid, d, l, p, m);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- A row whose day changes moves too (its path changing was already a move).
DROP TRIGGER "leads_count_move" ON "leads";--> statement-breakpoint
CREATE TRIGGER "leads_count_move" AFTER UPDATE ON "leads" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."created_at")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."created_at"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
DROP TRIGGER "pre_matriculas_count_move" ON "pre_matriculas";--> statement-breakpoint
CREATE TRIGGER "pre_matriculas_count_move" AFTER UPDATE ON "pre_matriculas" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."created_at")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."created_at"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
DROP TRIGGER "matriculas_count_move" ON "matriculas";--> statement-breakpoint
CREATE TRIGGER "matriculas_count_move" AFTER UPDATE ON "matriculas" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."efetivada_em")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."efetivada_em"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint

-- An event that changes place takes its days along first (its own rows hold exactly its share), then, if its
-- path changed, its leads, pré-matrículas and matrículas move one by one through funnel_count as before.
CREATE OR REPLACE FUNCTION "eventos_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  old_path uuid[];
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."estado", OLD."cidade") IS DISTINCT FROM (NEW."estado", NEW."cidade") THEN
    old_path := ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."id"];
    FOR r IN SELECT "dia", sum("leads")::int AS l, sum("pre_matriculas")::int AS p, sum("matriculas")::int AS m
        FROM "funnel_dia" WHERE "evento_id" = OLD."id" AND "estado" = coalesce(OLD."estado", '') AND "cidade" = coalesce(OLD."cidade", '')
        GROUP BY "dia" ORDER BY "dia" LOOP
      PERFORM "funnel_dia_add"(old_path, OLD."estado", OLD."cidade", r."dia", -r.l, -r.p, -r.m);
      PERFORM "funnel_dia_add"(old_path, NEW."estado", NEW."cidade", r."dia", r.l, r.p, r.m);
    END LOOP;
  END IF;
  IF TG_OP <> 'UPDATE' OR (OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."is_active")
      IS DISTINCT FROM (NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."is_active") THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM "scope_counts_add"(ARRAY[OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id"], -1, -(OLD."is_active"::int), 0, 0, 0);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      PERFORM "scope_counts_add"(ARRAY[NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"], 1, NEW."is_active"::int, 0, 0, 0);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id")
      IS DISTINCT FROM (NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id") THEN
    UPDATE "leads" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
    UPDATE "pre_matriculas" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
    UPDATE "matriculas" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "eventos_count_update" ON "eventos";--> statement-breakpoint
CREATE TRIGGER "eventos_count_update" AFTER UPDATE ON "eventos" FOR EACH ROW
  WHEN ((OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."is_active", OLD."estado", OLD."cidade")
    IS DISTINCT FROM (NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."is_active", NEW."estado", NEW."cidade"))
  EXECUTE FUNCTION "eventos_count"();--> statement-breakpoint

-- Every day from the rows themselves: after a bulk load with triggers off, or to check the triggers.
CREATE FUNCTION "funnel_dia_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "funnel_dia";
  INSERT INTO "funnel_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "estado", "cidade", "dia", "stripe", "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_dia_chave"(g.prefix, g.n), g.n, g.prefix[1], g.prefix[2], g.prefix[3], g.prefix[4], g.prefix[5],
    g.prefix[6], g.uf, g.cid, g.d, 0, g.l, g.pm, g.m
  FROM (
    SELECT n, x.p[1:n + 1] AS prefix, x.uf, x.cid, x.d, sum(x.l) AS l, sum(x.pm) AS pm, sum(x.m) AS m
    FROM (
      SELECT ARRAY[r."franqueador_id", r."franquia_id", r."micro_franquia_id", r."vendedor_id", r."cliente_id", r."evento_id"] AS p,
        coalesce(e."estado", '') AS uf, coalesce(e."cidade", '') AS cid,
        (r."created_at" AT TIME ZONE 'America/Sao_Paulo')::date AS d, 1 AS l, 0 AS pm, 0 AS m
      FROM "leads" r LEFT JOIN "eventos" e ON e."id" = r."evento_id"
      UNION ALL
      SELECT ARRAY[r."franqueador_id", r."franquia_id", r."micro_franquia_id", r."vendedor_id", r."cliente_id", r."evento_id"],
        coalesce(e."estado", ''), coalesce(e."cidade", ''), (r."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 0, 1, 0
      FROM "pre_matriculas" r LEFT JOIN "eventos" e ON e."id" = r."evento_id"
      UNION ALL
      SELECT ARRAY[r."franqueador_id", r."franquia_id", r."micro_franquia_id", r."vendedor_id", r."cliente_id", r."evento_id"],
        coalesce(e."estado", ''), coalesce(e."cidade", ''), (r."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date, 0, 0, 1
      FROM "matriculas" r LEFT JOIN "eventos" e ON e."id" = r."evento_id"
    ) x CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, x.p[1:n + 1], x.uf, x.cid, x.d
  ) g
$$;--> statement-breakpoint
SELECT "funnel_dia_rebuild"();
