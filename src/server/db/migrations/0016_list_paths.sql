-- Issue 21: every list path measured. The funnel lists' date filter names the day's events first, by their date.
CREATE INDEX IF NOT EXISTS "eventos_data_evento_idx" ON "eventos" USING btree ("data_evento");--> statement-breakpoint

-- The public pages' cities and events are kept in each server's memory (ADR 032). Any change to an event, to the
-- courses of an event or to a course tells every instance at commit, once per transaction (identical
-- notifications of one transaction are folded into one), so each drops what it kept. Events and courses are
-- written by staff screens, a few times a minute at most: the sign-up's hot path writes none of them.
CREATE FUNCTION "eventos_publicos_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('eventos_publicos', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "eventos_publicos_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "eventos"
  FOR EACH STATEMENT EXECUTE FUNCTION "eventos_publicos_notify"();--> statement-breakpoint
CREATE TRIGGER "eventos_cursos_publicos_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "eventos_cursos"
  FOR EACH STATEMENT EXECUTE FUNCTION "eventos_publicos_notify"();--> statement-breakpoint
CREATE TRIGGER "cursos_publicos_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cursos"
  FOR EACH STATEMENT EXECUTE FUNCTION "eventos_publicos_notify"();
