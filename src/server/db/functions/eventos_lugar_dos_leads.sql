-- An event whose place is edited takes its leads' copy of it along (ADR 158).
-- Defined by migration 0090; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.eventos_lugar_dos_leads()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE "leads" SET "evento_estado" = NEW."estado", "evento_cidade" = NEW."cidade" WHERE "evento_id" = NEW."id";
  RETURN NULL;
END $function$;
