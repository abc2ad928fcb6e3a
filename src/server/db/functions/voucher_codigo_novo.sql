-- Issue 51 (ADR 090): a voucher's short code, 6 characters drawn from 32 that cannot be misread (no 0/O, no 1/I),
-- each from a random byte of gen_random_uuid(). Unique per event by the trigger leads_codigo_voucher.
-- Defined by migration 0052; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.voucher_codigo_novo()
 RETURNS text
 LANGUAGE sql
AS $function$
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + get_byte(r.b, i) % 32, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) r, generate_series(0, 5) i
$function$;
