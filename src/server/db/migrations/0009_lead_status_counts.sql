CREATE TABLE "lead_status_counts" (
	"scope_id" uuid NOT NULL,
	"status" "lead_status" NOT NULL,
	"stripe" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_status_counts_scope_id_status_stripe_pk" PRIMARY KEY("scope_id","status","stripe")
);
--> statement-breakpoint
-- Adds to the count of one status for every node of a path, on this connection's stripe (as scope_counts_add).
CREATE FUNCTION "lead_status_add"("ids" uuid[], "st" "lead_status", "d" int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_status_counts" AS s ("scope_id", "status", "stripe", "n")
  SELECT DISTINCT id, st, (pg_backend_pid() % 16)::smallint, d FROM unnest(ids) AS id WHERE id IS NOT NULL
  ON CONFLICT ("scope_id", "status", "stripe") DO UPDATE SET "n" = s."n" + EXCLUDED."n"
$$;--> statement-breakpoint
CREATE FUNCTION "lead_status_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" <> 'novo' THEN
    PERFORM "lead_status_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id"], OLD."status", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" <> 'novo' THEN
    PERFORM "lead_status_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id"], NEW."status", 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A sign-up is 'novo': none of these fires for it.
CREATE TRIGGER "leads_status_count_insert" AFTER INSERT ON "leads" FOR EACH ROW
  WHEN (NEW."status" <> 'novo') EXECUTE FUNCTION "lead_status_count"();--> statement-breakpoint
CREATE TRIGGER "leads_status_count_delete" AFTER DELETE ON "leads" FOR EACH ROW
  WHEN (OLD."status" <> 'novo') EXECUTE FUNCTION "lead_status_count"();--> statement-breakpoint
CREATE TRIGGER "leads_status_count_update" AFTER UPDATE ON "leads" FOR EACH ROW
  WHEN ((OLD."status" <> 'novo' OR NEW."status" <> 'novo')
    AND (OLD."status", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id")
      IS DISTINCT FROM (NEW."status", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"))
  EXECUTE FUNCTION "lead_status_count"();--> statement-breakpoint
-- From the rows themselves: after a bulk load with triggers off, or to check the triggers.
CREATE FUNCTION "lead_status_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "lead_status_counts";
  INSERT INTO "lead_status_counts" ("scope_id", "status", "stripe", "n")
  SELECT x.id, x.status, 0, count(*) FROM (
    SELECT unnest(ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id"]) AS id, "status"
    FROM "leads" WHERE "status" <> 'novo'
  ) x WHERE x.id IS NOT NULL GROUP BY x.id, x.status
$$;--> statement-breakpoint
SELECT "lead_status_counts_rebuild"();
