-- Issue 45 (ADR 093's rule for a royalties charge): the day a franquia's card payment of its charge was charged
-- back; while set, the charge reads 'estornada' and a dispute won pays it again.
ALTER TABLE "royalty_faturas" ADD COLUMN "chargeback_em" date;
