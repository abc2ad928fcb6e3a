-- The public pages' cities and events are kept in each server's memory (ADR 032). Any change to an event, to the
-- courses of an event or to a course tells every instance at commit, once per transaction (identical
-- notifications of one transaction are folded into one), so each drops what it kept. Events and courses are
-- written by staff screens, a few times a minute at most: the sign-up's hot path writes none of them.
-- Defined by migration 0016; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.eventos_publicos_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('eventos_publicos', '');
  RETURN NULL;
END $function$;
