-- unaccent() is only STABLE (its dictionary could change), so an index expression cannot use it; f_unaccent pins
-- the dictionary and is IMMUTABLE. Searches ignore accents and case ('conceicao' finds 'Conceição').
-- Defined by migration 0013; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.f_unaccent(text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $function$;
