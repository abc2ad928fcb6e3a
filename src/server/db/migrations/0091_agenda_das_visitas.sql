-- Issue 46 (ADR 160): the Visitas list is ordered by its agenda (agendada_para, created_at, id), newest first, and had
-- no index in that order: a franqueador's first page sorted the network's 40,000 visits to show 50. A page now walks
-- this index and stops at its fiftieth visit the caller sees.
CREATE INDEX "visitas_agenda_idx" ON "visitas" USING btree ("agendada_para","created_at","id");