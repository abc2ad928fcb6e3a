-- Issue 48 (ADR 104's open part): two counters kept as the funnel's are. First, the funnel's counters per source --
-- funnel_dia's and funnel_mes' twins for the rows that came with an origin (utm_source, utm_campaign, a share link
-- and its vendedor), written by the same triggers (funnel_count), pending rows (contagens_pendentes) and fold -- so
-- Relatórios by origem, campanha and vendedor_link, and any grouping narrowed by an origin, read counters instead of
-- a year of rows. The update triggers also fire on a change of a row's origin (a pré-matrícula's moves its
-- matrícula's too), and of a matrícula's pré-matrícula. Second, the parcelas paid per node and month
-- (parcelas_pagas_mes), kept by a trigger on parcelas, so the goals of stage parcelas_pagas read a month's few rows
-- instead of its paid parcelas. Both are counted once from the existing rows.
CREATE TABLE "funnel_origem_dia" (
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
	"presencas" integer DEFAULT 0 NOT NULL,
	"utm_source" varchar(100),
	"utm_campaign" varchar(100),
	"link" boolean DEFAULT false NOT NULL,
	"link_vendedor_id" uuid,
	"dia" date NOT NULL,
	CONSTRAINT "funnel_origem_dia_key" UNIQUE NULLS NOT DISTINCT("chave","utm_source","utm_campaign","link","link_vendedor_id","dia","stripe")
);
--> statement-breakpoint
CREATE TABLE "funnel_origem_mes" (
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
	"presencas" integer DEFAULT 0 NOT NULL,
	"utm_source" varchar(100),
	"utm_campaign" varchar(100),
	"link" boolean DEFAULT false NOT NULL,
	"link_vendedor_id" uuid,
	"mes" date NOT NULL,
	CONSTRAINT "funnel_origem_mes_key" UNIQUE NULLS NOT DISTINCT("chave","utm_source","utm_campaign","link","link_vendedor_id","mes","stripe")
);
--> statement-breakpoint
CREATE TABLE "parcelas_pagas_mes" (
	"chave" uuid NOT NULL,
	"nivel" smallint NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"cliente_id" uuid,
	"mes" date NOT NULL,
	"stripe" smallint NOT NULL,
	"valor_centavos" bigint DEFAULT 0 NOT NULL,
	"parcelas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "parcelas_pagas_mes_chave_mes_stripe_pk" PRIMARY KEY("chave","mes","stripe")
);
--> statement-breakpoint
ALTER TABLE "contagens_pendentes" ADD COLUMN "atribuida" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contagens_pendentes" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "contagens_pendentes" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "contagens_pendentes" ADD COLUMN "link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contagens_pendentes" ADD COLUMN "link_vendedor_id" uuid;--> statement-breakpoint
CREATE INDEX "funnel_origem_dia_franqueador_idx" ON "funnel_origem_dia" USING btree ("franqueador_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_origem_dia_franquia_idx" ON "funnel_origem_dia" USING btree ("franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_origem_dia_micro_franquia_idx" ON "funnel_origem_dia" USING btree ("micro_franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_origem_dia_vendedor_idx" ON "funnel_origem_dia" USING btree ("vendedor_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_origem_dia_cliente_idx" ON "funnel_origem_dia" USING btree ("cliente_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "funnel_origem_dia_evento_idx" ON "funnel_origem_dia" USING btree ("evento_id","dia");--> statement-breakpoint
CREATE INDEX "funnel_origem_mes_franqueador_idx" ON "funnel_origem_mes" USING btree ("franqueador_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_origem_mes_franquia_idx" ON "funnel_origem_mes" USING btree ("franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_origem_mes_micro_franquia_idx" ON "funnel_origem_mes" USING btree ("micro_franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_origem_mes_vendedor_idx" ON "funnel_origem_mes" USING btree ("vendedor_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_origem_mes_cliente_idx" ON "funnel_origem_mes" USING btree ("cliente_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "funnel_origem_mes_evento_idx" ON "funnel_origem_mes" USING btree ("evento_id","mes");--> statement-breakpoint
CREATE INDEX "parcelas_pagas_mes_franqueador_idx" ON "parcelas_pagas_mes" USING btree ("franqueador_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_pagas_mes_franquia_idx" ON "parcelas_pagas_mes" USING btree ("franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_pagas_mes_micro_franquia_idx" ON "parcelas_pagas_mes" USING btree ("micro_franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_pagas_mes_vendedor_idx" ON "parcelas_pagas_mes" USING btree ("vendedor_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_pagas_mes_cliente_idx" ON "parcelas_pagas_mes" USING btree ("cliente_id","nivel","mes");--> statement-breakpoint
ALTER TABLE "funnel_origem_dia" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "funnel_origem_mes" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "parcelas_pagas_mes" SET (fillfactor = 70);--> statement-breakpoint
CREATE FUNCTION public.funnel_origem_add(p uuid[], d date, o_source character varying, o_campaign character varying, o_link boolean, o_vendedor uuid, dl integer, dp integer, dm integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "funnel_origem_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "dia", "stripe",
    "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "o_source", "o_campaign", "o_link", "o_vendedor",
    "d", (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "utm_source", "utm_campaign", "link", "link_vendedor_id", "dia", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas";
  INSERT INTO "funnel_origem_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "mes", "stripe",
    "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "o_source", "o_campaign", "o_link", "o_vendedor",
    date_trunc('month', "d")::date, (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "utm_source", "utm_campaign", "link", "link_vendedor_id", "mes", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas";
END
$function$;--> statement-breakpoint
CREATE FUNCTION public.funnel_origem_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM "funnel_origem_dia";
  DELETE FROM "funnel_origem_mes";
  CREATE TEMP TABLE "funnel_origem_base" ON COMMIT DROP AS
  SELECT x.p, x.d, x.fs, x.fc, x.fk, x.fv, sum(x.l)::int AS l, sum(x.pm)::int AS pm, sum(x.m)::int AS m,
    sum(x.x)::int AS x
  FROM (
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"] AS p,
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date AS d, "utm_source" AS fs, "utm_campaign" AS fc,
      "link_codigo" IS NOT NULL AS fk, "link_vendedor_id" AS fv, 1 AS l, 0 AS pm, 0 AS m,
      CASE WHEN "presente_em" IS NULL THEN 0 ELSE 1 END AS x
    FROM "leads"
    WHERE coalesce("utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "link_codigo") IS NOT NULL
    UNION ALL
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date, "utm_source", "utm_campaign", "link_codigo" IS NOT NULL,
      "link_vendedor_id", 0, 1, 0, 0
    FROM "pre_matriculas"
    WHERE coalesce("utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "link_codigo") IS NOT NULL
    UNION ALL
    SELECT ARRAY[y."franqueador_id", y."franquia_id", y."micro_franquia_id", y."vendedor_id", y."cliente_id", y."evento_id"],
      (y."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date, z."utm_source", z."utm_campaign",
      z."link_codigo" IS NOT NULL, z."link_vendedor_id", 0, 0, 1, 0
    FROM "matriculas" y JOIN "pre_matriculas" z ON z."id" = y."pre_matricula_id"
    WHERE coalesce(z."utm_source", z."utm_medium", z."utm_campaign", z."utm_content", z."utm_term", z."link_codigo") IS NOT NULL
  ) x GROUP BY x.p, x.d, x.fs, x.fc, x.fk, x.fv;
  INSERT INTO "funnel_origem_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "dia", "stripe", "leads",
    "pre_matriculas", "matriculas", "presencas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.fs, g.fc, g.fk, g.fv, g.d, 0,
    g.l, g.pm, g.m, g.x
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, b.fs, b.fc, b.fk, b.fv, sum(b.l) AS l, sum(b.pm) AS pm, sum(b.m) AS m,
      sum(b.x) AS x
    FROM "funnel_origem_base" b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], b.d, b.fs, b.fc, b.fk, b.fv) g
  ORDER BY g.n, g.d;
  INSERT INTO "funnel_origem_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "mes", "stripe", "leads",
    "pre_matriculas", "matriculas", "presencas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.fs, g.fc, g.fk, g.fv, g.mes, 0,
    g.l, g.pm, g.m, g.x
  FROM (SELECT n, b.p[1:n + 1] AS q, date_trunc('month', b.d)::date AS mes, b.fs, b.fc, b.fk, b.fv, sum(b.l) AS l,
      sum(b.pm) AS pm, sum(b.m) AS m, sum(b.x) AS x
    FROM "funnel_origem_base" b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], date_trunc('month', b.d), b.fs, b.fc, b.fk, b.fv) g
  ORDER BY g.n, g.mes;
  DROP TABLE "funnel_origem_base";
END $function$;--> statement-breakpoint
DROP TRIGGER "leads_count_move" ON "leads";--> statement-breakpoint
CREATE TRIGGER "leads_count_move" AFTER UPDATE ON "leads" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."created_at",
      OLD."utm_source", OLD."utm_medium", OLD."utm_campaign", OLD."utm_content", OLD."utm_term", OLD."link_codigo", OLD."link_vendedor_id")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."created_at",
      NEW."utm_source", NEW."utm_medium", NEW."utm_campaign", NEW."utm_content", NEW."utm_term", NEW."link_codigo", NEW."link_vendedor_id"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
DROP TRIGGER "pre_matriculas_count_move" ON "pre_matriculas";--> statement-breakpoint
CREATE TRIGGER "pre_matriculas_count_move" AFTER UPDATE ON "pre_matriculas" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."created_at",
      OLD."utm_source", OLD."utm_medium", OLD."utm_campaign", OLD."utm_content", OLD."utm_term", OLD."link_codigo", OLD."link_vendedor_id")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."created_at",
      NEW."utm_source", NEW."utm_medium", NEW."utm_campaign", NEW."utm_content", NEW."utm_term", NEW."link_codigo", NEW."link_vendedor_id"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
DROP TRIGGER "matriculas_count_move" ON "matriculas";--> statement-breakpoint
CREATE TRIGGER "matriculas_count_move" AFTER UPDATE ON "matriculas" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."efetivada_em",
      OLD."pre_matricula_id")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."efetivada_em",
      NEW."pre_matricula_id"))
  EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint
DROP TRIGGER "leads_presenca_move" ON "leads";--> statement-breakpoint
CREATE TRIGGER "leads_presenca_move" AFTER UPDATE ON "leads" FOR EACH ROW
  WHEN ((OLD."presente_em" IS NOT NULL OR NEW."presente_em" IS NOT NULL) AND (
    (OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id", OLD."created_at",
      OLD."utm_source", OLD."utm_medium", OLD."utm_campaign", OLD."utm_content", OLD."utm_term", OLD."link_codigo", OLD."link_vendedor_id")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id", NEW."created_at",
      NEW."utm_source", NEW."utm_medium", NEW."utm_campaign", NEW."utm_content", NEW."utm_term", NEW."link_codigo", NEW."link_vendedor_id")
    OR (OLD."presente_em" IS NULL) IS DISTINCT FROM (NEW."presente_em" IS NULL)))
  EXECUTE FUNCTION "funnel_presenca_count"();--> statement-breakpoint
-- Every existing row that came with an origin, counted once (the pending sign-ups' rows were written before they
-- carried a source: they are counted here from the leads, and their fold adds them to the funnel's counters only).
SELECT "funnel_origem_rebuild"();--> statement-breakpoint
CREATE FUNCTION public.parcelas_pagas_add(p uuid[], d date, dv bigint, dn integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "parcelas_pagas_mes" AS s ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "mes", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"("p", k), k, q[1], q[2], q[3], q[4], q[5], date_trunc('month', "d")::date,
    (pg_backend_pid() % 16)::smallint, "dv", "dn"
  FROM generate_series(0, 4) AS k, LATERAL (SELECT "p"[1:k + 1] AS q) prefix ORDER BY k
  ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET
    "valor_centavos" = s."valor_centavos" + EXCLUDED."valor_centavos", "parcelas" = s."parcelas" + EXCLUDED."parcelas";
END
$function$;--> statement-breakpoint
CREATE FUNCTION public.parcelas_pagas_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'paga' THEN
    PERFORM "parcelas_pagas_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id"],
      OLD."paga_em", -OLD."valor_centavos", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" = 'paga' THEN
    PERFORM "parcelas_pagas_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id"],
      NEW."paga_em", NEW."valor_centavos", 1);
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE FUNCTION public.parcelas_pagas_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "parcelas_pagas_mes";
  INSERT INTO "parcelas_pagas_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "mes", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"(g.q, g.k), g.k, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.mes, 0, g.v, g.n
  FROM (SELECT k, b.p[1:k + 1] AS q, b.mes, sum(b.v) AS v, sum(b.n) AS n
    FROM (SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id"] AS p,
        date_trunc('month', "paga_em")::date AS mes, sum("valor_centavos")::bigint AS v, count(*)::int AS n
      FROM "parcelas" WHERE "status" = 'paga'
      GROUP BY 1, 2) b CROSS JOIN generate_series(0, 4) AS k
    GROUP BY k, b.p[1:k + 1], b.mes) g
  ORDER BY g.k, g.mes
$function$;--> statement-breakpoint
-- A payment counts when it is made; a refund, a chargeback, another day or value, or a removal moves it. Other writes
-- (a parcela overdue, its gateway's links) fire nothing.
CREATE TRIGGER "parcelas_pagas_insert" AFTER INSERT ON "parcelas" FOR EACH ROW
  WHEN (NEW."status" = 'paga') EXECUTE FUNCTION "parcelas_pagas_count"();--> statement-breakpoint
CREATE TRIGGER "parcelas_pagas_delete" AFTER DELETE ON "parcelas" FOR EACH ROW
  WHEN (OLD."status" = 'paga') EXECUTE FUNCTION "parcelas_pagas_count"();--> statement-breakpoint
CREATE TRIGGER "parcelas_pagas_update" AFTER UPDATE ON "parcelas" FOR EACH ROW
  WHEN ((OLD."status" = 'paga' OR NEW."status" = 'paga') AND
    (OLD."status", OLD."paga_em", OLD."valor_centavos", OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id")
    IS DISTINCT FROM (NEW."status", NEW."paga_em", NEW."valor_centavos", NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id"))
  EXECUTE FUNCTION "parcelas_pagas_count"();--> statement-breakpoint
-- Every parcela already paid, counted once.
SELECT "parcelas_pagas_rebuild"();
