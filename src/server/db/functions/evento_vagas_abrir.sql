-- An event that gets seats gets its row; one that loses them, loses it.
-- Defined by migration 0030; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.evento_vagas_abrir()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
