-- An event whose place is edited takes its leads', pré-matrículas' and matrículas' copy of it along (ADR 158, 165):
-- each row's fill trigger (funnel_fill_scope, on UPDATE OF evento_estado) writes it again from the event, as
-- eventos_count has it write the path.
-- Defined by migration 0097; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.eventos_lugar_do_funil()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE "leads" SET "evento_estado" = NULL WHERE "evento_id" = NEW."id";
  UPDATE "pre_matriculas" SET "evento_estado" = NULL WHERE "evento_id" = NEW."id";
  UPDATE "matriculas" SET "evento_estado" = NULL WHERE "evento_id" = NEW."id";
  RETURN NULL;
END $function$;
