-- The rebuilds count from the rows themselves; what is pending is folded first, so the counter a rebuild does not
-- write (scope_counts for the funnel's, the funnel's for scope_counts) gets it too.
-- Defined by migrations 0007, 0015, 0027, 0028; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_periodo_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM "funnel_contagens_fold"(2147483647);
  PERFORM "funnel_periodo_rebuild_contagens"();
END $function$;
