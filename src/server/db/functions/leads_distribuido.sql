-- Issue 50 (ADR 106): a lead born with a vendedor responsável got it from the distribution (leads_distribuir):
-- its history says so -- 'responsavel' from nobody to that vendedor, `automatico`, no author.
-- Defined by migration 0065; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.leads_distribuido()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "lead_historico" ("lead_id", "tipo", "em", "autor_id", "dados")
  SELECT NEW."id", 'responsavel', NEW."created_at", NULL,
         jsonb_build_object('de', NULL, 'para', jsonb_build_object('id', v."id", 'nome', coalesce(u."nome", u."email")),
                            'automatico', true)
    FROM "vendedores" v JOIN "users" u ON u."id" = v."user_id"
   WHERE v."id" = NEW."responsavel_id";
  RETURN NEW;
END
$function$;
