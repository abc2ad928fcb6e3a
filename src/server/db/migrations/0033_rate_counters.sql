-- Issue 39, item 5: the rate limits' and the sign-in guard's counters live in each process's memory, bounded; a key
-- pushed out of memory by a flood of others is written here instead of being forgotten, and read back when it
-- comes again, so flooding never resets a counter. Times are the app clock's milliseconds; a row is dead once
-- "expira_em" has passed and is deleted with the next spill.
CREATE TABLE "rate_counters" (
  "chave" text PRIMARY KEY,
  "contagem" integer NOT NULL,
  "ultimo_em" bigint NOT NULL,
  "expira_em" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_counters_expira_idx" ON "rate_counters" ("expira_em");
