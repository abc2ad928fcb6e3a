-- Issue 50 (ADR 106): the vendedor a new lead of `micro_franquia` at `evento` gets by the micro-franquia's rule, or
-- null ('nenhuma', or nobody eligible). By city ('cidade'): the vendedor the city table gives the event's city and
-- state, when active, not away and still of the micro-franquia; else, and in 'rodizio', the next turn among its
-- active vendedores not away, ordered by id. The turns are counted on the micro-franquia's row (rodizio_seq),
-- whose lock, held to the commit, gives concurrent writers consecutive turns: whoever calls it for several
-- micro-franquias in one transaction calls it in micro-franquia order (no deadlock). The one home of the rule: the
-- trigger leads_distribuir and the bulk assignment 'automático' call it.
-- Defined by migration 0065; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.distribuicao_escolher(micro_franquia uuid, evento uuid)
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
DECLARE
  modo text;
  elegiveis uuid[];
  vez bigint;
  escolhido uuid;
BEGIN
  SELECT m."distribuicao_modo" INTO modo FROM "micro_franquias" m WHERE m."id" = micro_franquia;
  IF modo IS NULL OR modo = 'nenhuma' THEN
    RETURN NULL;
  END IF;
  IF modo = 'cidade' THEN
    SELECT d."vendedor_id" INTO escolhido
      FROM "eventos" e
      JOIN "distribuicao_cidades" d ON d."micro_franquia_id" = micro_franquia
        AND d."estado" = upper(e."estado") AND d."cidade_chave" = f_unaccent(lower(btrim(e."cidade")))
      JOIN "vendedores" v ON v."id" = d."vendedor_id" AND v."micro_franquia_id" = micro_franquia
        AND v."is_active" AND NOT v."ausente"
      JOIN "users" u ON u."id" = v."user_id" AND u."is_active"
     WHERE e."id" = evento;
    IF escolhido IS NOT NULL THEN
      RETURN escolhido;
    END IF;
  END IF;
  SELECT array_agg(v."id" ORDER BY v."id") INTO elegiveis
    FROM "vendedores" v JOIN "users" u ON u."id" = v."user_id" AND u."is_active"
   WHERE v."micro_franquia_id" = micro_franquia AND v."is_active" AND NOT v."ausente";
  IF elegiveis IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE "micro_franquias" SET "rodizio_seq" = "rodizio_seq" + 1
   WHERE "id" = micro_franquia RETURNING "rodizio_seq" INTO vez;
  RETURN elegiveis[((vez - 1) % cardinality(elegiveis)) + 1];
END
$function$;
