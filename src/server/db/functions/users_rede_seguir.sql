-- The people below a unit follow it (ADR 162): a vendedor record written or moved, a cliente moved to another
-- micro-franquia, a micro-franquia to another franquia, a franquia to another franqueador -- each person tied to it
-- whose network is no longer the one its row holds is written again. A move inside one network writes nothing.
-- Defined by migration 0093; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.users_rede_seguir()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  micros uuid[];
  pessoas uuid[];
BEGIN
  IF TG_TABLE_NAME = 'vendedores' THEN
    pessoas := ARRAY[NEW."user_id"];
    IF TG_OP = 'UPDATE' THEN pessoas := pessoas || OLD."user_id"; END IF;
  ELSIF TG_TABLE_NAME = 'clientes' THEN
    pessoas := ARRAY(SELECT "id" FROM "users" WHERE "cliente_id" = NEW."id");
  ELSE
    IF TG_TABLE_NAME = 'franquias' THEN
      micros := ARRAY(SELECT "id" FROM "micro_franquias" WHERE "franquia_id" = NEW."id");
      pessoas := ARRAY(SELECT "id" FROM "users" WHERE "franquia_id" = NEW."id");
    ELSE
      micros := ARRAY[NEW."id"];
      pessoas := '{}';
    END IF;
    pessoas := pessoas
      || ARRAY(SELECT "id" FROM "users" WHERE "micro_franquia_id" = ANY (micros))
      || ARRAY(SELECT u."id" FROM "users" u JOIN "clientes" c ON c."id" = u."cliente_id"
           WHERE c."micro_franquia_id" = ANY (micros))
      || ARRAY(SELECT "user_id" FROM "vendedores" WHERE "micro_franquia_id" = ANY (micros));
  END IF;
  UPDATE "users" u SET "rede_franqueador_id" = "rede_do_usuario"(u."franqueador_id", u."franquia_id",
      u."micro_franquia_id", u."cliente_id", u."id")
    WHERE u."id" = ANY (pessoas)
      AND u."rede_franqueador_id" IS DISTINCT FROM "rede_do_usuario"(u."franqueador_id", u."franquia_id",
        u."micro_franquia_id", u."cliente_id", u."id");
  RETURN NULL;
END
$function$;
