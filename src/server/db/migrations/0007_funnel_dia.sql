CREATE TABLE "funnel_dia" (
	"chave" uuid NOT NULL,
	"nivel" smallint NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"cliente_id" uuid,
	"evento_id" uuid,
	"stripe" smallint NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"pre_matriculas" integer DEFAULT 0 NOT NULL,
	"matriculas" integer DEFAULT 0 NOT NULL,
	"dia" date NOT NULL,
	CONSTRAINT "funnel_dia_chave_dia_stripe_pk" PRIMARY KEY("chave","dia","stripe")
);
--> statement-breakpoint
CREATE TABLE "funnel_mes" (
	"chave" uuid NOT NULL,
	"nivel" smallint NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"cliente_id" uuid,
	"evento_id" uuid,
	"stripe" smallint NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"pre_matriculas" integer DEFAULT 0 NOT NULL,
	"matriculas" integer DEFAULT 0 NOT NULL,
	"mes" date NOT NULL,
	CONSTRAINT "funnel_mes_chave_mes_stripe_pk" PRIMARY KEY("chave","mes","stripe")
);
--> statement-breakpoint
CREATE INDEX "funnel_dia_franqueador_idx" ON "funnel_dia" USING btree ("franqueador_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_franquia_idx" ON "funnel_dia" USING btree ("franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_micro_franquia_idx" ON "funnel_dia" USING btree ("micro_franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_vendedor_idx" ON "funnel_dia" USING btree ("vendedor_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_cliente_idx" ON "funnel_dia" USING btree ("cliente_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_dia_evento_idx" ON "funnel_dia" USING btree ("evento_id","dia");--> statement-breakpoint
CREATE INDEX "funnel_mes_franqueador_idx" ON "funnel_mes" USING btree ("franqueador_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_mes_franquia_idx" ON "funnel_mes" USING btree ("franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_mes_micro_franquia_idx" ON "funnel_mes" USING btree ("micro_franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_mes_vendedor_idx" ON "funnel_mes" USING btree ("vendedor_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_mes_cliente_idx" ON "funnel_mes" USING btree ("cliente_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_mes_evento_idx" ON "funnel_mes" USING btree ("evento_id","mes");--> statement-breakpoint
-- A path prefix's key: the node at level n (0 franqueador .. 5 evento) reached through the nodes above it.
CREATE FUNCTION "funnel_chave"("p" uuid[], "n" int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT md5("n" || ':' || array_to_string("p"[1:"n" + 1], ',', '-'))::uuid
$$;--> statement-breakpoint

-- Adds to the day and the month of every node of a path (franqueador, franquia, micro-franquia, vendedor or none,
-- cliente, evento), on this connection's stripe. A row is keyed by its path prefix, so its path columns never
-- change; the rows are touched top level first, so two writers never wait on each other in opposite orders.
CREATE FUNCTION "funnel_periodo_add"("p" uuid[], "d" date, "dl" int, "dp" int, "dm" int)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "funnel_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "dia", "stripe", "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "d", (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "dia", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas";
  INSERT INTO "funnel_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "mes", "stripe", "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], date_trunc('month', "d")::date,
    (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas"
$$;--> statement-breakpoint

-- The funnel's counters, now per day and month too. A row counts on its own day in Brasília: a lead and a
-- pré-matrícula on their creation, a matrícula on efetivada_em. (Each table gets its own compiled copy of a
-- trigger function, so the branch naming efetivada_em is never prepared for leads or pré-matrículas.)
CREATE OR REPLACE FUNCTION "funnel_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l int := CASE WHEN TG_TABLE_NAME = 'leads' THEN 1 ELSE 0 END;
  p int := CASE WHEN TG_TABLE_NAME = 'pre_matriculas' THEN 1 ELSE 0 END;
  m int := CASE WHEN TG_TABLE_NAME = 'matriculas' THEN 1 ELSE 0 END;
  d date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scope_counts_add"(ARRAY[OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id"], 0, 0, -l, -p, -m);
    IF m = 1 THEN d := (OLD."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date;
    ELSE d := (OLD."created_at" AT TIME ZONE 'America/Sao_Paulo')::date; END IF;
    PERFORM "funnel_periodo_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."evento_id"], d, -l, -p, -m);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "scope_counts_add"(ARRAY[NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"], 0, 0, l, p, m);
    IF m = 1 THEN d := (NEW."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date;
    ELSE d := (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date; END IF;
    PERFORM "funnel_periodo_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"], d, l, p, m);
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

-- Every day and month from the rows themselves: after a bulk load with triggers off, or to check the triggers.
-- The rows are counted once per event and day, then rolled up the path (a million leads are a few hundred
-- thousand event-days), and written level by level in date order: a report reads one level over a period, and
-- finds it in few pages, as the triggers' rows, written day after day, are found.
CREATE FUNCTION "funnel_periodo_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "funnel_dia";
  DELETE FROM "funnel_mes";
  CREATE TEMP TABLE "funnel_rebuild_base" ON COMMIT DROP AS
  SELECT x.p, x.d, sum(x.l)::int AS l, sum(x.pm)::int AS pm, sum(x.m)::int AS m
  FROM (
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"] AS p,
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date AS d, 1 AS l, 0 AS pm, 0 AS m FROM "leads"
    UNION ALL
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 0, 1, 0 FROM "pre_matriculas"
    UNION ALL
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
      ("efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date, 0, 0, 1 FROM "matriculas"
  ) x GROUP BY x.p, x.d;
  INSERT INTO "funnel_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "dia", "stripe", "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.d, 0, g.l, g.pm, g.m
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, sum(b.l) AS l, sum(b.pm) AS pm, sum(b.m) AS m
    FROM "funnel_rebuild_base" b CROSS JOIN generate_series(0, 5) AS n GROUP BY n, b.p[1:n + 1], b.d) g
  ORDER BY g.n, g.d;
  INSERT INTO "funnel_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "mes", "stripe", "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.mes, 0, g.l, g.pm, g.m
  FROM (SELECT n, b.p[1:n + 1] AS q, date_trunc('month', b.d)::date AS mes, sum(b.l) AS l, sum(b.pm) AS pm, sum(b.m) AS m
    FROM "funnel_rebuild_base" b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], date_trunc('month', b.d)) g
  ORDER BY g.n, g.mes;
  DROP TABLE "funnel_rebuild_base";
END $$;--> statement-breakpoint
SELECT "funnel_periodo_rebuild"();
