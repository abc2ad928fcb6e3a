-- Issue 20 (ADR 046): the counters are rewritten in place all day -- each fold adds to today's and this month's
-- rows of every node a sign-up touched, and each sign-up's statement to its event's seat count -- but their pages
-- were filled to the brim when the rows were inserted. An update that finds no room on its row's page writes the
-- new version elsewhere and a new entry in every index (seven on funnel_dia and funnel_mes): measured on the
-- benchmark data, three updates in four did so. With a third of each page left free, an update stays on its page
-- (a HOT update, no index touched): nine in ten did. Existing pages keep their fill until their rows move once.
ALTER TABLE "funnel_dia" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "funnel_mes" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "scope_counts" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "evento_vagas" SET (fillfactor = 70);
