-- A lead's check-in (presente_em set, cleared, moved or removed) waits in a pending row (contagens_pendentes) until
-- funnel_contagens_fold adds it to the counters. Issue 48: the row carries the lead's source, for the counters per
-- source (a lead's new origin moves its presence there too).
-- Defined by migrations 0015, 0027, 0028; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_presenca_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."presente_em" IS NOT NULL THEN
    INSERT INTO "contagens_pendentes" ("p", "d", "dx", "evento_id", "atribuida", "utm_source", "utm_campaign", "link",
      "link_vendedor_id") VALUES (
      ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."evento_id"],
      (OLD."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, -1, OLD."evento_id",
      coalesce(OLD."utm_source", OLD."utm_medium", OLD."utm_campaign", OLD."utm_content", OLD."utm_term", OLD."link_codigo") IS NOT NULL,
      OLD."utm_source", OLD."utm_campaign", OLD."link_codigo" IS NOT NULL, OLD."link_vendedor_id");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."presente_em" IS NOT NULL THEN
    INSERT INTO "contagens_pendentes" ("p", "d", "dx", "evento_id", "atribuida", "utm_source", "utm_campaign", "link",
      "link_vendedor_id") VALUES (
      ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"],
      (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 1, NEW."evento_id",
      coalesce(NEW."utm_source", NEW."utm_medium", NEW."utm_campaign", NEW."utm_content", NEW."utm_term", NEW."link_codigo") IS NOT NULL,
      NEW."utm_source", NEW."utm_campaign", NEW."link_codigo" IS NOT NULL, NEW."link_vendedor_id");
  END IF;
  RETURN NULL;
END $function$;
