-- Issue 20: attendance as a stage of the funnel, between the lead and the pré-matrícula. A lead checked in at its
-- event counts one presence, on the lead's own day (its sign-up, in Brasília): "of the leads of the period, how
-- many came". So a group's presences and the Leads list filtered by the same period and `presenca=sim` agree.
ALTER TABLE "funnel_dia" ADD COLUMN "presencas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_mes" ADD COLUMN "presencas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

-- Adds presences to the day and the month of every node of a path, top level first, on this connection's stripe
-- (the same order and stripes as funnel_periodo_add, so the two never wait on each other in opposite orders).
CREATE FUNCTION "funnel_presenca_add"("p" uuid[], "d" date, "dx" int)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "funnel_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "dia", "stripe", "presencas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "d", (pg_backend_pid() % 16)::smallint, "dx"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "dia", "stripe") DO UPDATE SET "presencas" = f."presencas" + EXCLUDED."presencas";
  INSERT INTO "funnel_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "mes", "stripe", "presencas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], date_trunc('month', "d")::date,
    (pg_backend_pid() % 16)::smallint, "dx"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET "presencas" = f."presencas" + EXCLUDED."presencas"
$$;--> statement-breakpoint

-- A check-in adds a presence; a lead that moves (its path or its day) takes its presence along; a deleted one
-- takes it away. The lead's own counters (funnel_count) are untouched by a check-in.
CREATE FUNCTION "funnel_presenca_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."presente_em" IS NOT NULL THEN
    PERFORM "funnel_presenca_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."evento_id"],
      (OLD."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."presente_em" IS NOT NULL THEN
    PERFORM "funnel_presenca_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"],
      (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "leads_presenca_insert" AFTER INSERT ON "leads" FOR EACH ROW
  WHEN (NEW."presente_em" IS NOT NULL) EXECUTE FUNCTION "funnel_presenca_count"();--> statement-breakpoint
CREATE TRIGGER "leads_presenca_delete" AFTER DELETE ON "leads" FOR EACH ROW
  WHEN (OLD."presente_em" IS NOT NULL) EXECUTE FUNCTION "funnel_presenca_count"();--> statement-breakpoint
CREATE TRIGGER "leads_presenca_move" AFTER UPDATE ON "leads" FOR EACH ROW
  WHEN ((OLD."presente_em" IS NOT NULL OR NEW."presente_em" IS NOT NULL)
    AND (OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."created_at", OLD."presente_em" IS NULL)
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."created_at", NEW."presente_em" IS NULL))
  EXECUTE FUNCTION "funnel_presenca_count"();--> statement-breakpoint

-- The rebuild counts presences too.
CREATE OR REPLACE FUNCTION "funnel_periodo_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "funnel_dia";
  DELETE FROM "funnel_mes";
  CREATE TEMP TABLE "funnel_rebuild_base" ON COMMIT DROP AS
  SELECT x.p, x.d, sum(x.l)::int AS l, sum(x.pm)::int AS pm, sum(x.m)::int AS m, sum(x.x)::int AS x
  FROM (
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"] AS p,
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date AS d, 1 AS l, 0 AS pm, 0 AS m,
      CASE WHEN "presente_em" IS NULL THEN 0 ELSE 1 END AS x FROM "leads"
    UNION ALL
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 0, 1, 0, 0 FROM "pre_matriculas"
    UNION ALL
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
      ("efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date, 0, 0, 1, 0 FROM "matriculas"
  ) x GROUP BY x.p, x.d;
  INSERT INTO "funnel_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "dia", "stripe", "leads", "pre_matriculas", "matriculas", "presencas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.d, 0, g.l, g.pm, g.m, g.x
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, sum(b.l) AS l, sum(b.pm) AS pm, sum(b.m) AS m, sum(b.x) AS x
    FROM "funnel_rebuild_base" b CROSS JOIN generate_series(0, 5) AS n GROUP BY n, b.p[1:n + 1], b.d) g
  ORDER BY g.n, g.d;
  INSERT INTO "funnel_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "mes", "stripe", "leads", "pre_matriculas", "matriculas", "presencas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.mes, 0, g.l, g.pm, g.m, g.x
  FROM (SELECT n, b.p[1:n + 1] AS q, date_trunc('month', b.d)::date AS mes, sum(b.l) AS l, sum(b.pm) AS pm, sum(b.m) AS m,
      sum(b.x) AS x
    FROM "funnel_rebuild_base" b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], date_trunc('month', b.d)) g
  ORDER BY g.n, g.mes;
  DROP TABLE "funnel_rebuild_base";
END $$;--> statement-breakpoint
-- Presences already recorded (since issue 20's check-in) are counted once, here.
SELECT "funnel_presenca_add"(ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
  ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 1)
FROM "leads" WHERE "presente_em" IS NOT NULL;
