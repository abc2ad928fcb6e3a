-- Issue 46 (ADR 132): the events with someone present under a franqueador or a franquia, for the attendance filter
-- (presenca=sim) of their leads, read before the leads. Only an event's own rows (nivel 5) with presences are kept:
-- a network with no check-in yet keeps none, and a check-in's fold is the only write that changes them.
CREATE INDEX "funnel_mes_presencas_franqueador_idx" ON "funnel_mes" USING btree ("franqueador_id") WHERE "funnel_mes"."nivel" = 5 and "funnel_mes"."presencas" <> 0;--> statement-breakpoint
CREATE INDEX "funnel_mes_presencas_franquia_idx" ON "funnel_mes" USING btree ("franquia_id") WHERE "funnel_mes"."nivel" = 5 and "funnel_mes"."presencas" <> 0;