-- Every server instance caches the sessions it reads for a few seconds (plugins/sessions.ts). When a session
-- ends (logout, password reset, deactivation) or its user changes, every instance is told at commit and drops
-- its copy, so one instance's logout ends the session on all of them.
CREATE FUNCTION "sessions_notify_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', 's:' || OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "sessions_notify_ended"();--> statement-breakpoint
CREATE FUNCTION "users_notify_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', 'u:' || NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_notify_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "users_notify_changed"();
