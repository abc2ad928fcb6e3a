-- The funnel's counters, now per day and month too. A row counts on its own day in Brasília: a lead and a
-- pré-matrícula on their creation, a matrícula on efetivada_em. (Each table gets its own compiled copy of a
-- trigger function, so the branch naming efetivada_em is never prepared for leads or pré-matrículas.) Issue 48: a
-- row that came with an origin also counts under its source (funnel_origem_add), a matrícula under its
-- pré-matrícula's; an update that changes only the origin moves only those counts, and a pré-matrícula's new
-- origin moves its matrícula's with it.
-- Defined by migrations 0001, 0007; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  l int := CASE WHEN TG_TABLE_NAME = 'leads' THEN 1 ELSE 0 END;
  p int := CASE WHEN TG_TABLE_NAME = 'pre_matriculas' THEN 1 ELSE 0 END;
  m int := CASE WHEN TG_TABLE_NAME = 'matriculas' THEN 1 ELSE 0 END;
  antes uuid[];
  depois uuid[];
  d_antes date;
  d_depois date;
  -- The origin before and after: attributed at all, utm_source, utm_campaign, by a share link, the link's vendedor.
  a_antes boolean;
  s_antes varchar;
  c_antes varchar;
  k_antes boolean;
  v_antes uuid;
  a_depois boolean;
  s_depois varchar;
  c_depois varchar;
  k_depois boolean;
  v_depois uuid;
  movida boolean;
  fonte_mudou boolean;
  r record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    antes := ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."evento_id"];
    IF m = 1 THEN
      d_antes := (OLD."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date;
      SELECT coalesce(x."utm_source", x."utm_medium", x."utm_campaign", x."utm_content", x."utm_term", x."link_codigo") IS NOT NULL,
        x."utm_source", x."utm_campaign", x."link_codigo" IS NOT NULL, x."link_vendedor_id"
        INTO a_antes, s_antes, c_antes, k_antes, v_antes FROM "pre_matriculas" x WHERE x."id" = OLD."pre_matricula_id";
    ELSE
      d_antes := (OLD."created_at" AT TIME ZONE 'America/Sao_Paulo')::date;
      a_antes := coalesce(OLD."utm_source", OLD."utm_medium", OLD."utm_campaign", OLD."utm_content", OLD."utm_term", OLD."link_codigo") IS NOT NULL;
      s_antes := OLD."utm_source";
      c_antes := OLD."utm_campaign";
      k_antes := OLD."link_codigo" IS NOT NULL;
      v_antes := OLD."link_vendedor_id";
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    depois := ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"];
    IF m = 1 THEN
      d_depois := (NEW."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date;
      SELECT coalesce(x."utm_source", x."utm_medium", x."utm_campaign", x."utm_content", x."utm_term", x."link_codigo") IS NOT NULL,
        x."utm_source", x."utm_campaign", x."link_codigo" IS NOT NULL, x."link_vendedor_id"
        INTO a_depois, s_depois, c_depois, k_depois, v_depois FROM "pre_matriculas" x WHERE x."id" = NEW."pre_matricula_id";
    ELSE
      d_depois := (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date;
      a_depois := coalesce(NEW."utm_source", NEW."utm_medium", NEW."utm_campaign", NEW."utm_content", NEW."utm_term", NEW."link_codigo") IS NOT NULL;
      s_depois := NEW."utm_source";
      c_depois := NEW."utm_campaign";
      k_depois := NEW."link_codigo" IS NOT NULL;
      v_depois := NEW."link_vendedor_id";
    END IF;
  END IF;
  movida := antes IS DISTINCT FROM depois OR d_antes IS DISTINCT FROM d_depois;
  fonte_mudou := ROW(a_antes, s_antes, c_antes, k_antes, v_antes) IS DISTINCT FROM ROW(a_depois, s_depois, c_depois, k_depois, v_depois);
  IF antes IS NOT NULL THEN
    IF movida THEN
      PERFORM "scope_counts_add"(ARRAY[OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id"], 0, 0, -l, -p, -m);
      PERFORM "funnel_periodo_add"(antes, d_antes, -l, -p, -m);
    END IF;
    IF (movida OR fonte_mudou) AND a_antes THEN
      PERFORM "funnel_origem_add"(antes, d_antes, s_antes, c_antes, k_antes, v_antes, -l, -p, -m);
    END IF;
  END IF;
  IF depois IS NOT NULL THEN
    IF movida THEN
      PERFORM "scope_counts_add"(ARRAY[NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"], 0, 0, l, p, m);
      PERFORM "funnel_periodo_add"(depois, d_depois, l, p, m);
    END IF;
    IF (movida OR fonte_mudou) AND a_depois THEN
      PERFORM "funnel_origem_add"(depois, d_depois, s_depois, c_depois, k_depois, v_depois, l, p, m);
    END IF;
  END IF;
  -- A matrícula's origin is its pré-matrícula's: a pré-matrícula's new origin takes its matrícula's count along.
  IF p = 1 AND TG_OP = 'UPDATE' AND fonte_mudou THEN
    FOR r IN SELECT ARRAY[x."franqueador_id", x."franquia_id", x."micro_franquia_id", x."vendedor_id", x."cliente_id", x."evento_id"] AS q,
        (x."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date AS dia
      FROM "matriculas" x WHERE x."pre_matricula_id" = NEW."id" LOOP
      IF a_antes THEN
        PERFORM "funnel_origem_add"(r.q, r.dia, s_antes, c_antes, k_antes, v_antes, 0, 0, -1);
      END IF;
      IF a_depois THEN
        PERFORM "funnel_origem_add"(r.q, r.dia, s_depois, c_depois, k_depois, v_depois, 0, 0, 1);
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END $function$;
