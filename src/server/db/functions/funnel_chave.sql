-- A path prefix's key: the node at level n (0 franqueador .. 5 evento) reached through the nodes above it.
-- Defined by migration 0007; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_chave(p uuid[], n integer)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT md5("n" || ':' || array_to_string("p"[1:"n" + 1], ',', '-'))::uuid
$function$;
