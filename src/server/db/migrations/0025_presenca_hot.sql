-- Issue 20: a check-in at the door wrote a new version of the lead into every one of the table's 26 indexes
-- (trigram ones included): about 16 WAL records and 50 KB of full-page images per family, and a check-in p99 of
-- 61 ms at 16 connections where the target is 30. Only one index read `presente_em` (the event's presences, for
-- its card); with it gone, marking a lead present changes no indexed column, and PostgreSQL can update the row in
-- place on its page (a HOT update: no index is touched). The card's presences now come from the funnel's monthly
-- counters of the event, which the presence trigger (0015) keeps, through funnel_mes_evento_idx.
DROP INDEX IF EXISTS "leads_evento_presente_idx";--> statement-breakpoint
-- Room on each page for the new version of its rows (a HOT update stays on its page). New pages are written with
-- it; a page filled before this migration gains room as its rows are updated or vacuumed.
ALTER TABLE "leads" SET (fillfactor = 90);
