-- Issue 46: the franqueador's matrículas of one vendedor (ADR 128: a node below the caller's own reads that node's
-- rows). No index led with vendedor_id -- the vendedor does not see matrículas -- so the page walked the network's
-- 100,000 by date and tested each row's vendedor: 41-52 ms at one user on the bench network, its deepest page 52.
CREATE INDEX "matriculas_vendedor_page_idx" ON "matriculas" USING btree ("vendedor_id","created_at","id");
