-- An aluno's login is shared by every network that made one of its pre-matrículas effective, and each network
-- switches it on or off through its own links (`alunos.is_active`, ADR 019): the login works while one link is
-- active. Until now the switch wrote only the login, so an aluno switched off before this migration has active
-- links; they follow its login here, or another network's efetivar would reopen them.
UPDATE "alunos" SET "is_active" = false
FROM "users"
WHERE "users"."id" = "alunos"."user_id" AND "users"."role" = 'aluno' AND NOT "users"."is_active";
