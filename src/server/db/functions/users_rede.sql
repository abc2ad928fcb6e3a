-- A person's network written with its row, and again when its links change (ADR 162).
-- Defined by migration 0093; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.users_rede()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW."rede_franqueador_id" := "rede_do_usuario"(NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id",
    NEW."cliente_id", NEW."id");
  RETURN NEW;
END
$function$;
