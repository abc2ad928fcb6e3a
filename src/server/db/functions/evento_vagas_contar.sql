-- The families a statement seated, moved or removed, per event: one UPDATE of each event's row (none for an event
-- without seats, which has no row).
-- Defined by migration 0030; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.evento_vagas_contar()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "evento_vagas" v SET "sentados" = v."sentados" + d.n
    FROM (SELECT "evento_id", count(*)::int AS n FROM "novas" WHERE NOT "lista_espera" AND "cancelado_em" IS NULL
      GROUP BY "evento_id") d
    WHERE v."evento_id" = d."evento_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "evento_vagas" v SET "sentados" = v."sentados" - d.n
    FROM (SELECT "evento_id", count(*)::int AS n FROM "antigas" WHERE NOT "lista_espera" AND "cancelado_em" IS NULL
      GROUP BY "evento_id") d
    WHERE v."evento_id" = d."evento_id";
  ELSE
    UPDATE "evento_vagas" v SET "sentados" = v."sentados" + d.n
    FROM (SELECT x."evento_id", sum(x.n)::int AS n FROM (
        SELECT "evento_id", 1 AS n FROM "novas" WHERE NOT "lista_espera" AND "cancelado_em" IS NULL
        UNION ALL
        SELECT "evento_id", -1 FROM "antigas" WHERE NOT "lista_espera" AND "cancelado_em" IS NULL) x
      GROUP BY x."evento_id" HAVING sum(x.n) <> 0) d
    WHERE v."evento_id" = d."evento_id";
  END IF;
  RETURN NULL;
END $function$;
