-- Issue 48 (ADR 104): a share link's code (`/credito-estudantil?v=<código>`), 8 characters drawn from 32 that cannot
-- be misread (no 0/O, no 1/I), each from a random byte of gen_random_uuid() -- bytes 0-5 and 10-11, skipping the
-- version and variant bits. Unique among vendedores and among eventos by their constraints.
-- Defined by migration 0063; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.codigo_indicacao_novo()
 RETURNS text
 LANGUAGE sql
AS $function$
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + get_byte(r.b, CASE WHEN i < 6 THEN i ELSE i + 4 END) % 32, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) r, generate_series(0, 7) i
$function$;
