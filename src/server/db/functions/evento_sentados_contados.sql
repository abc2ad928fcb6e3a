-- An event's seated families counted from its leads: not on the waiting list, not cancelled.
-- Defined by migration 0030; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.evento_sentados_contados(evento uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT count(*)::int FROM "leads" l WHERE l."evento_id" = "evento" AND NOT l."lista_espera" AND l."cancelado_em" IS NULL
$function$;
