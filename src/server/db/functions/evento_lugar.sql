-- The event's row locked until the caller's transaction ends (its single statement's, when it has no other), then
-- its seats, the families seated (counted up to the seats), and whether its deadline has passed at `agora`. A
-- VOLATILE function takes a new snapshot for each statement it runs: the count, made after the lock is held, sees
-- every sign-up committed before it, however long the lock was waited for -- one statement could not (its one
-- snapshot is taken before its lock). No row: no such event.
-- Defined by migration 0029; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.evento_lugar(evento uuid, agora timestamp with time zone)
 RETURNS TABLE(vagas integer, sentados integer, encerrada boolean)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v integer;
  ate timestamptz;
BEGIN
  SELECT e."vagas", e."inscricoes_ate" INTO v, ate FROM "eventos" e WHERE e."id" = "evento" FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT v, CASE WHEN v IS NULL THEN 0 ELSE "evento_sentados"("evento", v) END,
    ate IS NOT NULL AND "agora" >= ate;
END $function$;
