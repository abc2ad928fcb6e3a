-- Issue 50 (ADR 106): a lead the distribution gave a vendedor as it was written (leads_distribuir marks it
-- responsavel_automatico): its history says so -- 'responsavel' from nobody to that vendedor, `automatico`, no
-- author. A lead written with a vendedor chosen by its writer gets no such entry (its writer tells its own).
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
