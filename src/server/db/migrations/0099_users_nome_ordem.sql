-- Issue 46 (ADR 167): a person's name as the Usuários list sorts it (lower and unaccented), stored on the row as a
-- school's is (migration 0095). Computed at each sort, every person of a franqueador's network was unaccented before
-- its page was cut (its deepest page by name: 37 ms of PostgreSQL, p99 60 ms for one user). An aluno keeps the name
-- its network's links give it. Additive: a build that does not know the column reads as before.
ALTER TABLE "users" ADD COLUMN "nome_ordem" text GENERATED ALWAYS AS (lower(f_unaccent(nome))) STORED;