-- Issue 22 (ADR 034): an export's file keeps the name its direct download would have had (the list, the event,
-- the day it was asked for).
ALTER TABLE "exportacoes" ADD COLUMN "nome_arquivo" text DEFAULT 'exportacao.csv' NOT NULL;
