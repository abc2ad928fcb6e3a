-- Issue 39, item 11: /metrics' jobs_by_state counts the jobs waiting, running and failed at every scrape. The first
-- two are read through "jobs_vencidos_idx"; the failed ones (dead letters, few) through this index, so a scrape
-- never reads the 30 days of finished jobs.
CREATE INDEX "jobs_falhos_idx" ON "jobs" ("tipo") WHERE "status" = 'falhou';
