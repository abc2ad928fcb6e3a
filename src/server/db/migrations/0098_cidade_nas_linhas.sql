-- Issue 46 (ADR 166): the network's and a franquia's rows of a city are each one index in the lists' order, as a
-- state's are (migration 0097). A city's page walked the network's order keeping the city's rows (ADR 137; the
-- network's page of 500 leads in Belém: 33 ms of PostgreSQL, p99 78-109 ms for one user); it now reads its keys
-- from the index. The key is the filter's, lower(evento_cidade); the city and the state are INCLUDEd, so the page's
-- keys and the count are read from the index alone, with or without the state. Additive: a build that does not know
-- them reads as before.
CREATE INDEX "leads_franquia_cidade_idx" ON "leads" USING btree ("franquia_id",lower("evento_cidade"),"created_at","id") INCLUDE ("evento_cidade","evento_estado") WHERE "leads"."evento_cidade" is not null;--> statement-breakpoint
CREATE INDEX "leads_franqueador_cidade_idx" ON "leads" USING btree ("franqueador_id",lower("evento_cidade"),"created_at","id") INCLUDE ("evento_cidade","evento_estado") WHERE "leads"."evento_cidade" is not null;--> statement-breakpoint
CREATE INDEX "matriculas_franquia_cidade_idx" ON "matriculas" USING btree ("franquia_id",lower("evento_cidade"),"created_at","id") INCLUDE ("evento_cidade","evento_estado") WHERE "matriculas"."evento_cidade" is not null;--> statement-breakpoint
CREATE INDEX "matriculas_franqueador_cidade_idx" ON "matriculas" USING btree ("franqueador_id",lower("evento_cidade"),"created_at","id") INCLUDE ("evento_cidade","evento_estado") WHERE "matriculas"."evento_cidade" is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_franquia_cidade_idx" ON "pre_matriculas" USING btree ("franquia_id",lower("evento_cidade"),"created_at","id") INCLUDE ("evento_cidade","evento_estado") WHERE "pre_matriculas"."evento_cidade" is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_franqueador_cidade_idx" ON "pre_matriculas" USING btree ("franqueador_id",lower("evento_cidade"),"created_at","id") INCLUDE ("evento_cidade","evento_estado") WHERE "pre_matriculas"."evento_cidade" is not null;