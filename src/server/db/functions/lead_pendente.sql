-- A new lead waits in one pending row, written by a trigger of its own; every other change (a removal, a move, a
-- pré-matrícula, a matrícula) still counts at once through funnel_count, unchanged. The sums stay exact: a lead
-- removed before its fold makes its counters -1 for a second, and its pending +1 makes up for it.
-- Defined by migration 0028; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.lead_pendente()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "contagens_pendentes" ("p", "d", "dl", "evento_id") VALUES (
    ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"],
    (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 1, NEW."evento_id");
  RETURN NULL;
END $function$;
