-- Issue 51 (ADR 090): a lead's voucher code is drawn again while another lead of its event holds it, so the code
-- typed at the door names one family; leads_evento_codigo_voucher_key backs it.
-- Defined by migration 0052; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.leads_codigo_voucher()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "leads" l WHERE l."evento_id" = NEW."evento_id"
      AND l."codigo_voucher" = NEW."codigo_voucher" AND l."id" <> NEW."id") LOOP
    NEW."codigo_voucher" := voucher_codigo_novo();
  END LOOP;
  RETURN NEW;
END
$function$;
