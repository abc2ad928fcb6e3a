-- A new lead waits in one pending row, written by a trigger of its own; every other change (a removal, a move, a
-- pré-matrícula, a matrícula) still counts at once through funnel_count, unchanged. The sums stay exact: a lead
-- removed before its fold makes its counters -1 for a second, and its pending +1 makes up for it. Issue 48: the row
-- carries the lead's source, for the counters per source.
-- Defined by migration 0028; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.lead_pendente()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "contagens_pendentes" ("p", "d", "dl", "evento_id", "atribuida", "utm_source", "utm_campaign", "link",
    "link_vendedor_id") VALUES (
    ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"],
    (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 1, NEW."evento_id",
    coalesce(NEW."utm_source", NEW."utm_medium", NEW."utm_campaign", NEW."utm_content", NEW."utm_term", NEW."link_codigo") IS NOT NULL,
    NEW."utm_source", NEW."utm_campaign", NEW."link_codigo" IS NOT NULL, NEW."link_vendedor_id");
  RETURN NULL;
END $function$;
