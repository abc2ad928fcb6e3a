-- Issue 46 (ADR 141): the text the help desk's search compares, the ticket's title lower-case and without accents,
-- stored on the row like the leads' (ADR 133) and indexed by trigram. The search unaccented every title of the
-- caller's scope at each request (the franqueador's: every ticket of the network).
ALTER TABLE "sac_tickets" ADD COLUMN "busca" text GENERATED ALWAYS AS (f_unaccent(lower(titulo))) STORED;--> statement-breakpoint
CREATE INDEX "sac_tickets_busca_trgm_idx" ON "sac_tickets" USING gin ("busca" gin_trgm_ops);
