-- Issue 46 (ADR 142): a micro-franquia's parcelas one status at a time, in the list's order, as the franquia's and the
-- franqueador's are (migration 0077): the count of one status and its first page read the index alone.
CREATE INDEX "parcelas_micro_franquia_status_vencimento_idx" ON "parcelas" USING btree ("micro_franquia_id","status","vencimento","id");
