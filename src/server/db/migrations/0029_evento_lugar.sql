-- Issue 20 (ADR 043): a sign-up to an event with seats locked the event's row, counted its seated families and
-- inserted, one round trip each inside a transaction, holding the lock over all of them: sign-ups to one popular
-- event queued on that lock for five round trips each. The lock and the count are now one call, made inside the
-- sign-up's own statement (no transaction around it).
--
-- Seated: not on the waiting list, not cancelled. Counted up to `limite` (the event's seats): every caller only
-- compares the count with the seats, so the count is as short as the event is small (ADR 037).
-- In PL/pgSQL, which keeps its statement's plan for the connection (migration 0022).
CREATE FUNCTION "evento_sentados"("evento" uuid, "limite" integer) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT count(*)::int FROM (SELECT 1 FROM "leads" l
    WHERE l."evento_id" = "evento" AND NOT l."lista_espera" AND l."cancelado_em" IS NULL LIMIT "limite") s);
END $$;--> statement-breakpoint

-- The event's row locked until the caller's transaction ends (its single statement's, when it has no other), then
-- its seats, the families seated (counted up to the seats), and whether its deadline has passed at `agora`. A
-- VOLATILE function takes a new snapshot for each statement it runs: the count, made after the lock is held, sees
-- every sign-up committed before it, however long the lock was waited for -- one statement could not (its one
-- snapshot is taken before its lock). No row: no such event.
CREATE FUNCTION "evento_lugar"("evento" uuid, "agora" timestamptz)
  RETURNS TABLE ("vagas" integer, "sentados" integer, "encerrada" boolean) LANGUAGE plpgsql VOLATILE AS $$
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
END $$;
