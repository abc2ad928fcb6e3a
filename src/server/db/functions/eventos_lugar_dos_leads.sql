-- An event whose place is edited takes its leads' copy of it along (ADR 158): the lead's fill trigger
-- (leads_fill_scope_e_lugar, on UPDATE OF evento_estado) writes it again from the event, as eventos_count has it write
-- the path.
-- Defined by migration 0090; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.eventos_lugar_dos_leads()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE "leads" SET "evento_estado" = NULL WHERE "evento_id" = NEW."id";
  RETURN NULL;
END $function$;
