-- Issue 21: Relatórios filtered by a state or a city (`estado=`, `cidade=`) joined the funnel's counters to the
-- events of the place, and found those events by reading every event: 12-22 ms per piece of the period, three
-- pieces a report, for the franqueador's report of one city about 80 ms of a request. The place's events are now
-- found through an index (the city compared as the filter compares it, in lower case).
CREATE INDEX "eventos_cidade_lower_idx" ON "eventos" USING btree (lower("cidade"));--> statement-breakpoint
CREATE INDEX "eventos_estado_idx" ON "eventos" USING btree ("estado");--> statement-breakpoint
-- The search of events (the Eventos screen's box, and the funnel's event combobox, which also reads the date as
-- DD/MM/YYYY) compared each column of every event in scope: about 0.6 s for the franqueador's 50,000 events per
-- keystroke. Each is now one match on the event's lower-case, accent-free text, served by a trigram index built
-- on exactly that expression (schema.ts: eventosSearchText, eventosOptionSearchText). The date is written with
-- immutable functions (to_char is only stable), as an index expression needs.
CREATE INDEX "eventos_busca_trgm_idx" ON "eventos" USING gin (f_unaccent(lower("nome_escola" || ' ' || "cidade" || ' ' || "estado")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eventos_opcao_busca_trgm_idx" ON "eventos" USING gin (f_unaccent(lower("nome_escola" || ' ' || "cidade" || ' ' || "estado" || ' ' || lpad(extract(day from "data_evento")::int::text, 2, '0') || '/' || lpad(extract(month from "data_evento")::int::text, 2, '0') || '/' || extract(year from "data_evento")::int::text)) gin_trgm_ops);
