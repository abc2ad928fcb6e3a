-- Issue 46 (ADR 137): a list filtered by a place (estado, cidade) reads the place's events the caller sees first:
-- a franqueador's state, 1,852 of the network's 125,000 events on 1,574 pages of the table, 9 ms of a 11 ms page.
-- Each place index now carries the event's id and the levels of the network the callers' visibility compares, so
-- the events are read from the index alone (0.5 ms); the city's index carries the city too, without which PostgreSQL
-- reads no expression index alone. drizzle's index builder has no INCLUDE: schema.ts declares
-- the keys, and schema.dump.txt holds the whole definition (ADR 061).
DROP INDEX "eventos_estado_idx";--> statement-breakpoint
CREATE INDEX "eventos_estado_idx" ON "eventos" USING btree ("estado") INCLUDE ("id", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id");--> statement-breakpoint
DROP INDEX "eventos_cidade_lower_idx";--> statement-breakpoint
CREATE INDEX "eventos_cidade_lower_idx" ON "eventos" USING btree (lower("cidade")) INCLUDE ("cidade", "id", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id");
