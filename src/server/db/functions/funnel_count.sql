-- The funnel's counters, now per day and month too. A row counts on its own day in Brasília: a lead and a
-- pré-matrícula on their creation, a matrícula on efetivada_em. (Each table gets its own compiled copy of a
-- trigger function, so the branch naming efetivada_em is never prepared for leads or pré-matrículas.)
-- Defined by migrations 0001, 0007; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  l int := CASE WHEN TG_TABLE_NAME = 'leads' THEN 1 ELSE 0 END;
  p int := CASE WHEN TG_TABLE_NAME = 'pre_matriculas' THEN 1 ELSE 0 END;
  m int := CASE WHEN TG_TABLE_NAME = 'matriculas' THEN 1 ELSE 0 END;
  d date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scope_counts_add"(ARRAY[OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id"], 0, 0, -l, -p, -m);
    IF m = 1 THEN d := (OLD."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date;
    ELSE d := (OLD."created_at" AT TIME ZONE 'America/Sao_Paulo')::date; END IF;
    PERFORM "funnel_periodo_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."evento_id"], d, -l, -p, -m);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "scope_counts_add"(ARRAY[NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"], 0, 0, l, p, m);
    IF m = 1 THEN d := (NEW."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date;
    ELSE d := (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date; END IF;
    PERFORM "funnel_periodo_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"], d, l, p, m);
  END IF;
  RETURN NULL;
END $function$;
