-- Issue 43 (Inadimplência within the report's targets): the parcelas per node of their path, due day (and month) and
-- status (parcelas_vencimento_dia, parcelas_vencimento_mes), kept by a trigger on parcelas as parcelas_pagas_mes is:
-- what is due, overdue and how late all follow from the due day and the status for any today, so the report reads a
-- period's few rows of a node instead of every parcela of the year. Counted once from the existing parcelas.
CREATE TABLE "parcelas_vencimento_dia" (
	"chave" uuid NOT NULL,
	"nivel" smallint NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"cliente_id" uuid,
	"dia" date NOT NULL,
	"status" "parcela_status" NOT NULL,
	"stripe" smallint NOT NULL,
	"valor_centavos" bigint DEFAULT 0 NOT NULL,
	"parcelas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "parcelas_vencimento_dia_chave_dia_status_stripe_pk" PRIMARY KEY("chave","dia","status","stripe")
);
--> statement-breakpoint
CREATE TABLE "parcelas_vencimento_mes" (
	"chave" uuid NOT NULL,
	"nivel" smallint NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"cliente_id" uuid,
	"mes" date NOT NULL,
	"status" "parcela_status" NOT NULL,
	"stripe" smallint NOT NULL,
	"valor_centavos" bigint DEFAULT 0 NOT NULL,
	"parcelas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "parcelas_vencimento_mes_chave_mes_status_stripe_pk" PRIMARY KEY("chave","mes","status","stripe")
);
--> statement-breakpoint
DROP INDEX "parcelas_cliente_vencimento_idx";--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_dia_franqueador_idx" ON "parcelas_vencimento_dia" USING btree ("franqueador_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_dia_franquia_idx" ON "parcelas_vencimento_dia" USING btree ("franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_dia_micro_franquia_idx" ON "parcelas_vencimento_dia" USING btree ("micro_franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_dia_vendedor_idx" ON "parcelas_vencimento_dia" USING btree ("vendedor_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_dia_cliente_idx" ON "parcelas_vencimento_dia" USING btree ("cliente_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_mes_franqueador_idx" ON "parcelas_vencimento_mes" USING btree ("franqueador_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_mes_franquia_idx" ON "parcelas_vencimento_mes" USING btree ("franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_mes_micro_franquia_idx" ON "parcelas_vencimento_mes" USING btree ("micro_franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_mes_vendedor_idx" ON "parcelas_vencimento_mes" USING btree ("vendedor_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_mes_cliente_idx" ON "parcelas_vencimento_mes" USING btree ("cliente_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "parcelas_cliente_vencimento_contado_idx" ON "parcelas" USING btree ("cliente_id","vencimento","id","evento_id","status","valor_centavos");--> statement-breakpoint
ALTER TABLE "parcelas_vencimento_dia" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "parcelas_vencimento_mes" SET (fillfactor = 70);--> statement-breakpoint
CREATE FUNCTION public.parcelas_vencimento_add(p uuid[], d date, s parcela_status, dv bigint, dn integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "parcelas_vencimento_dia" AS c ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "dia", "status", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], "d", "s", (pg_backend_pid() % 16)::smallint,
    "dv", "dn"
  FROM generate_series(0, 4) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "dia", "status", "stripe") DO UPDATE SET
    "valor_centavos" = c."valor_centavos" + EXCLUDED."valor_centavos", "parcelas" = c."parcelas" + EXCLUDED."parcelas";
  INSERT INTO "parcelas_vencimento_mes" AS c ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "mes", "status", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], date_trunc('month', "d")::date, "s",
    (pg_backend_pid() % 16)::smallint, "dv", "dn"
  FROM generate_series(0, 4) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "mes", "status", "stripe") DO UPDATE SET
    "valor_centavos" = c."valor_centavos" + EXCLUDED."valor_centavos", "parcelas" = c."parcelas" + EXCLUDED."parcelas";
END
$function$;--> statement-breakpoint
CREATE FUNCTION public.parcelas_vencimento_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('aberta', 'paga', 'vencida') THEN
    PERFORM "parcelas_vencimento_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id"],
      OLD."vencimento", OLD."status", -OLD."valor_centavos"::bigint, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" IN ('aberta', 'paga', 'vencida') THEN
    PERFORM "parcelas_vencimento_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id"],
      NEW."vencimento", NEW."status", NEW."valor_centavos"::bigint, 1);
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE FUNCTION public.parcelas_vencimento_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "parcelas_vencimento_dia";
  DELETE FROM "parcelas_vencimento_mes";
  INSERT INTO "parcelas_vencimento_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "dia", "status", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.d, g.s, 0, g.v, g.c
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, b.s, sum(b.v)::bigint AS v, sum(b.c)::int AS c
    FROM (SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id"] AS p,
        "vencimento" AS d, "status" AS s, sum("valor_centavos")::bigint AS v, count(*)::int AS c
      FROM "parcelas" WHERE "status" IN ('aberta', 'paga', 'vencida')
      GROUP BY 1, 2, 3) b CROSS JOIN generate_series(0, 4) AS n
    GROUP BY n, b.p[1:n + 1], b.d, b.s) g
  ORDER BY g.n, g.d;
  INSERT INTO "parcelas_vencimento_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "mes", "status", "stripe", "valor_centavos", "parcelas")
  SELECT "chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id",
    date_trunc('month', "dia")::date, "status", 0, sum("valor_centavos"), sum("parcelas")::int
  FROM "parcelas_vencimento_dia"
  GROUP BY "chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id",
    date_trunc('month', "dia"), "status"
  ORDER BY "nivel", 8
$function$;--> statement-breakpoint
-- A parcela someone owes counts when it is billed; its status, value, due day or path changing moves it, its removal
-- takes it away. Other writes (its gateway's links, a note) fire nothing.
CREATE TRIGGER "parcelas_vencimento_insert" AFTER INSERT ON "parcelas" FOR EACH ROW
  WHEN (NEW."status" IN ('aberta', 'paga', 'vencida')) EXECUTE FUNCTION "parcelas_vencimento_count"();--> statement-breakpoint
CREATE TRIGGER "parcelas_vencimento_delete" AFTER DELETE ON "parcelas" FOR EACH ROW
  WHEN (OLD."status" IN ('aberta', 'paga', 'vencida')) EXECUTE FUNCTION "parcelas_vencimento_count"();--> statement-breakpoint
CREATE TRIGGER "parcelas_vencimento_update" AFTER UPDATE ON "parcelas" FOR EACH ROW
  WHEN ((OLD."status" IN ('aberta', 'paga', 'vencida') OR NEW."status" IN ('aberta', 'paga', 'vencida')) AND
    (OLD."status", OLD."vencimento", OLD."valor_centavos", OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id")
    IS DISTINCT FROM (NEW."status", NEW."vencimento", NEW."valor_centavos", NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id"))
  EXECUTE FUNCTION "parcelas_vencimento_count"();--> statement-breakpoint
-- Every parcela already billed, counted once.
SELECT "parcelas_vencimento_rebuild"();
