-- Issue 50 (ADR 106): a new lead without a vendedor responsável gets one by its micro-franquia's rule -- by the
-- event's city (distribuicao_cidades, an active vendedor not away), else in turns among its active vendedores not
-- away, ordered by id; the micro-franquia's row counts the turns (rodizio_seq), so concurrent sign-ups take
-- consecutive ones. 'nenhuma' (the default) leaves the lead as before. Runs after leads_fill_scope (by name).
-- Defined by migration 0065; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.leads_distribuir()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  modo text;
  vez bigint;
  elegiveis integer;
  escolhido uuid;
BEGIN
  IF NEW."micro_franquia_id" IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT m."distribuicao_modo" INTO modo FROM "micro_franquias" m WHERE m."id" = NEW."micro_franquia_id";
  IF modo IS NULL OR modo = 'nenhuma' THEN
    RETURN NEW;
  END IF;
  IF modo = 'cidade' THEN
    SELECT d."vendedor_id" INTO escolhido
      FROM "eventos" e
      JOIN "distribuicao_cidades" d ON d."micro_franquia_id" = NEW."micro_franquia_id"
        AND d."estado" = e."estado" AND d."cidade_chave" = f_unaccent(lower(btrim(e."cidade")))
      JOIN "vendedores" v ON v."id" = d."vendedor_id" AND v."is_active" AND NOT v."ausente"
      JOIN "users" u ON u."id" = v."user_id" AND u."is_active"
     WHERE e."id" = NEW."evento_id";
  END IF;
  IF escolhido IS NULL THEN
    UPDATE "micro_franquias" SET "rodizio_seq" = "rodizio_seq" + 1
     WHERE "id" = NEW."micro_franquia_id" RETURNING "rodizio_seq" INTO vez;
    SELECT count(*) INTO elegiveis
      FROM "vendedores" v JOIN "users" u ON u."id" = v."user_id" AND u."is_active"
     WHERE v."micro_franquia_id" = NEW."micro_franquia_id" AND v."is_active" AND NOT v."ausente";
    IF elegiveis = 0 THEN
      RETURN NEW;
    END IF;
    SELECT v."id" INTO escolhido
      FROM "vendedores" v JOIN "users" u ON u."id" = v."user_id" AND u."is_active"
     WHERE v."micro_franquia_id" = NEW."micro_franquia_id" AND v."is_active" AND NOT v."ausente"
     ORDER BY v."id"
     OFFSET ((vez - 1) % elegiveis) LIMIT 1;
  END IF;
  NEW."responsavel_id" := escolhido;
  RETURN NEW;
END
$function$;
