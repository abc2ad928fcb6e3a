-- ADR 095: the reminder steps already e-mailed to the franquia for its royalties charge.
ALTER TABLE "royalty_faturas" ADD COLUMN "lembretes" text[] DEFAULT '{}'::text[] NOT NULL;
