-- Issue 50 (ADR 106): a new lead without a vendedor responsável gets one by its micro-franquia's rule
-- (distribuicao_escolher: by the event's city, else in turns among its active vendedores not away); it is marked
-- responsavel_automatico, so leads_distribuido writes its history. 'nenhuma' (the default) leaves the lead as before,
-- at the cost of one lookup. A row the unique (event, e-mail, student) will keep out -- the public sign-up's
-- `on conflict do nothing` on a repeat, whose BEFORE triggers run all the same -- takes no turn: a repeat would
-- otherwise skip a vendedor's. Runs after leads_fill_scope (by name), which fills micro_franquia_id.
-- Defined by migration 0065; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.leads_distribuir()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW."micro_franquia_id" IS NULL OR NOT EXISTS (SELECT 1 FROM "micro_franquias" m
      WHERE m."id" = NEW."micro_franquia_id" AND m."distribuicao_modo" <> 'nenhuma') THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM "leads" l WHERE l."evento_id" = NEW."evento_id"
      AND lower(l."email") = lower(NEW."email") AND lower(l."nome_aluno") = lower(NEW."nome_aluno")) THEN
    RETURN NEW;
  END IF;
  NEW."responsavel_id" := distribuicao_escolher(NEW."micro_franquia_id", NEW."evento_id");
  NEW."responsavel_automatico" := NEW."responsavel_id" IS NOT NULL;
  RETURN NEW;
END
$function$;
