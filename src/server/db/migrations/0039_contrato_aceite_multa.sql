-- Issue 42: when the responsável accepted the contract (the 7-day withdrawal window counts from it), and the fee a
-- cancellation charged. Both null until then; no row is rewritten.
ALTER TABLE "contratos" ADD COLUMN "aceito_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "multa_cancelamento" numeric(10, 2);