-- Issue 20 (ADR 045): a sign-up to an event with seats counted the event's seated families under its lock, up to
-- its seats -- as many index entries as families already in, every time: 10,000 of them, a millisecond or more,
-- on each sign-up to a large event. An event with seats now keeps its count in a row of its own, changed by the
-- statements that seat, move or remove its families (a statement's trigger, one UPDATE per event and statement),
-- and read under the event's lock.
--
-- The row is made when the event gets seats, with the families seated then. A sign-up that read the event before
-- it had seats and commits after that count would be missing from it: for 5 minutes after (longer than any
-- sign-up's statement runs), and once more past them, the count is taken again from the rows, as before.
CREATE TABLE "evento_vagas" (
  "evento_id" uuid PRIMARY KEY NOT NULL REFERENCES "eventos"("id") ON DELETE CASCADE,
  "sentados" integer NOT NULL,
  "recontar_ate" timestamp with time zone
);--> statement-breakpoint

CREATE FUNCTION "evento_sentados_contados"("evento" uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM "leads" l WHERE l."evento_id" = "evento" AND NOT l."lista_espera" AND l."cancelado_em" IS NULL
$$;--> statement-breakpoint

INSERT INTO "evento_vagas" ("evento_id", "sentados")
  SELECT e."id", "evento_sentados_contados"(e."id") FROM "eventos" e WHERE e."vagas" IS NOT NULL;--> statement-breakpoint

-- An event that gets seats gets its row; one that loses them, loses it.
CREATE FUNCTION "evento_vagas_abrir"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."vagas" IS NULL THEN
    IF TG_OP = 'UPDATE' AND OLD."vagas" IS NOT NULL THEN
      DELETE FROM "evento_vagas" WHERE "evento_id" = NEW."id";
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    -- Nobody can have signed up for an event not yet written.
    INSERT INTO "evento_vagas" ("evento_id", "sentados") VALUES (NEW."id", 0);
  ELSIF OLD."vagas" IS NULL THEN
    INSERT INTO "evento_vagas" ("evento_id", "sentados", "recontar_ate")
    VALUES (NEW."id", "evento_sentados_contados"(NEW."id"), clock_timestamp() + interval '5 minutes')
    ON CONFLICT ("evento_id") DO UPDATE SET "sentados" = EXCLUDED."sentados", "recontar_ate" = EXCLUDED."recontar_ate";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "eventos_vagas" AFTER INSERT OR UPDATE OF "vagas" ON "eventos"
  FOR EACH ROW EXECUTE FUNCTION "evento_vagas_abrir"();--> statement-breakpoint

-- The families a statement seated, moved or removed, per event: one UPDATE of each event's row (none for an event
-- without seats, which has no row).
CREATE FUNCTION "evento_vagas_contar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "evento_vagas" v SET "sentados" = v."sentados" + d.n
    FROM (SELECT "evento_id", count(*)::int AS n FROM "novas" WHERE NOT "lista_espera" AND "cancelado_em" IS NULL
      GROUP BY "evento_id") d
    WHERE v."evento_id" = d."evento_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "evento_vagas" v SET "sentados" = v."sentados" - d.n
    FROM (SELECT "evento_id", count(*)::int AS n FROM "antigas" WHERE NOT "lista_espera" AND "cancelado_em" IS NULL
      GROUP BY "evento_id") d
    WHERE v."evento_id" = d."evento_id";
  ELSE
    UPDATE "evento_vagas" v SET "sentados" = v."sentados" + d.n
    FROM (SELECT x."evento_id", sum(x.n)::int AS n FROM (
        SELECT "evento_id", 1 AS n FROM "novas" WHERE NOT "lista_espera" AND "cancelado_em" IS NULL
        UNION ALL
        SELECT "evento_id", -1 FROM "antigas" WHERE NOT "lista_espera" AND "cancelado_em" IS NULL) x
      GROUP BY x."evento_id" HAVING sum(x.n) <> 0) d
    WHERE v."evento_id" = d."evento_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "leads_vagas_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS "novas"
  FOR EACH STATEMENT EXECUTE FUNCTION "evento_vagas_contar"();--> statement-breakpoint
-- On every UPDATE (a trigger with transition tables can't name columns): a statement that seats nobody anew, a
-- check-in say, nets to nothing and writes nothing.
CREATE TRIGGER "leads_vagas_update" AFTER UPDATE ON "leads"
  REFERENCING OLD TABLE AS "antigas" NEW TABLE AS "novas"
  FOR EACH STATEMENT EXECUTE FUNCTION "evento_vagas_contar"();--> statement-breakpoint
CREATE TRIGGER "leads_vagas_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS "antigas"
  FOR EACH STATEMENT EXECUTE FUNCTION "evento_vagas_contar"();--> statement-breakpoint

-- The seated families of an event, for a caller that holds its lock: its row's count, or -- for an event
-- without seats, or while its row is recounted -- counted from the leads. VOLATILE: a recount writes the row.
-- evento_lugar (migration 0029) calls it by name and stays as it is.
CREATE OR REPLACE FUNCTION "evento_sentados"("evento" uuid, "limite" integer) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s integer;
  ate timestamptz;
BEGIN
  SELECT v."sentados", v."recontar_ate" INTO s, ate FROM "evento_vagas" v WHERE v."evento_id" = "evento";
  IF NOT FOUND THEN
    RETURN (SELECT count(*)::int FROM (SELECT 1 FROM "leads" l
      WHERE l."evento_id" = "evento" AND NOT l."lista_espera" AND l."cancelado_em" IS NULL LIMIT "limite") c);
  END IF;
  IF ate IS NOT NULL THEN
    s := "evento_sentados_contados"("evento");
    UPDATE "evento_vagas" SET "sentados" = s, "recontar_ate" = CASE WHEN clock_timestamp() > ate THEN NULL ELSE ate END
    WHERE "evento_id" = "evento";
  END IF;
  RETURN s;
END $$;
