-- Issue 46 (ADR 164): what the Clientes search box compares -- the name, the legal representative and the CNPJ, one
-- line each -- stored lower case without accents and indexed by trigram, as the leads' (migration of ADR 133) and
-- the people's (ADR 138). Compared column by column, a franqueador's search unaccented its 5,000 schools' three
-- columns for the count and again for the page. Additive: a build that does not know the column searches as before.
ALTER TABLE "clientes" ADD COLUMN "busca" text GENERATED ALWAYS AS (f_unaccent(lower(nome_fantasia || chr(10) || rep_legal || chr(10) || cnpj))) STORED;--> statement-breakpoint
CREATE INDEX "clientes_busca_trgm_idx" ON "clientes" USING gin ("busca" gin_trgm_ops);