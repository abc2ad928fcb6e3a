-- Issue 46 (ADR 144): Relatórios' matrículas by status and reason for the network, a period at a time: the period's
-- rows read from the index alone, where a scan read every matrícula of the network (100,000 of 800 bytes each).
-- drizzle's index builder has no INCLUDE: schema.ts declares the keys, schema.dump.txt the whole definition (ADR 061).
CREATE INDEX "matriculas_franqueador_efetivada_idx" ON "matriculas" USING btree ("franqueador_id","efetivada_em") INCLUDE ("status", "motivo_cancelamento");
