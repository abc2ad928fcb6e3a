-- The seated families of an event, for a caller that holds its lock: its row's count, or -- for an event
-- without seats, or while its row is recounted -- counted from the leads. VOLATILE: a recount writes the row.
-- evento_lugar (migration 0029) calls it by name and stays as it is.
-- Defined by migrations 0029, 0030; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.evento_sentados(evento uuid, limite integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  s integer;
  ate timestamptz;
BEGIN
  SELECT v."sentados", v."recontar_ate" INTO s, ate FROM "evento_vagas" v WHERE v."evento_id" = "evento";
  IF NOT FOUND THEN
    RETURN (SELECT count(*)::int FROM (SELECT 1 FROM "leads" l
      WHERE l."evento_id" = "evento" AND NOT l."lista_espera" AND l."cancelado_em" IS NULL LIMIT "limite") c);
  END IF;
  IF ate IS NOT NULL THEN
    s := "evento_sentados_contados"("evento");
    UPDATE "evento_vagas" SET "sentados" = s, "recontar_ate" = CASE WHEN clock_timestamp() > ate THEN NULL ELSE ate END
    WHERE "evento_id" = "evento";
  END IF;
  RETURN s;
END $function$;
