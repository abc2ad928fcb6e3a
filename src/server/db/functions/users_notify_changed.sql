-- A user's change tells every instance at commit, so each drops the sessions it cached (sessions_notify_ended).
-- Defined by migration 0002; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.users_notify_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('sessions_changed', 'u:' || NEW."id");
  RETURN NULL;
END $function$;
