-- Every server instance caches the sessions it reads for a few seconds (plugins/sessions.ts). When a session
-- ends (logout, password reset, deactivation) or its user changes, every instance is told at commit and drops
-- its copy, so one instance's logout ends the session on all of them.
-- Defined by migration 0002; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.sessions_notify_ended()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('sessions_changed', 's:' || OLD."id");
  RETURN NULL;
END $function$;
