-- Issue 50's follow-ups: the preview's analysis kept with the import (GET reads it instead of analysing every row
-- again) and the counts the job left, which outlive the rows; the file's rows deleted 7 days after their last use
-- (LGPD), with when; and the rows found by the record they created or changed, for an anonymised titular's.
ALTER TABLE "importacoes" ADD COLUMN "analise" jsonb;--> statement-breakpoint
ALTER TABLE "importacoes" ADD COLUMN "linhas_expurgadas_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "importacao_linhas_registro_idx" ON "importacao_linhas" USING btree ("registro_id") WHERE "importacao_linhas"."registro_id" is not null;