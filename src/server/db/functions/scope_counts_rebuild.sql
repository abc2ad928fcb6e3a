-- The rebuilds count from the rows themselves; what is pending is folded first, so the counter a rebuild does not
-- write (scope_counts for the funnel's, the funnel's for scope_counts) gets it too. A bulk import that writes the
-- funnel tables with triggers off calls this afterwards.
-- Defined by migrations 0001, 0003, 0028; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.scope_counts_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM "funnel_contagens_fold"(2147483647);
  PERFORM "scope_counts_rebuild_contagens"();
END $function$;
