-- Issue 46 (ADR 162): the franqueador's Usuários listed its network as seven alternatives -- itself, its own
-- people, its franquias', micro-franquias', clientes' and vendedores' people and its alunos -- each a set built at
-- every request over the network's units (5,000 clientes read by 500 micro-franquias), then every user checked
-- against them all: 12 ms of PostgreSQL for the count, 20 for the page, on the benchmark's 8,000 people. Each person
-- now carries its network, written by PostgreSQL with the row and when a unit above it moves; the network's staff
-- is one key of one index.
ALTER TABLE "users" ADD COLUMN "rede_franqueador_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_rede_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("rede_franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION public.rede_do_usuario(franqueador uuid, franquia uuid, micro uuid, cliente uuid, usuario uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(
    "franqueador",
    (SELECT f."franqueador_id" FROM "franquias" f WHERE f."id" = "franquia"),
    (SELECT f."franqueador_id" FROM "clientes" c JOIN "micro_franquias" m ON m."id" = c."micro_franquia_id"
      JOIN "franquias" f ON f."id" = m."franquia_id" WHERE c."id" = "cliente"),
    (SELECT f."franqueador_id" FROM "vendedores" v JOIN "micro_franquias" m ON m."id" = v."micro_franquia_id"
      JOIN "franquias" f ON f."id" = m."franquia_id" WHERE v."user_id" = "usuario"),
    (SELECT f."franqueador_id" FROM "micro_franquias" m JOIN "franquias" f ON f."id" = m."franquia_id"
      WHERE m."id" = "micro")
  )
$function$;
--> statement-breakpoint
CREATE FUNCTION public.users_rede()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW."rede_franqueador_id" := "rede_do_usuario"(NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id",
    NEW."cliente_id", NEW."id");
  RETURN NEW;
END
$function$;
--> statement-breakpoint
CREATE FUNCTION public.users_rede_seguir()
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
--> statement-breakpoint
CREATE TRIGGER "users_rede" BEFORE INSERT OR UPDATE OF "franqueador_id", "franquia_id", "micro_franquia_id", "cliente_id"
  ON "users" FOR EACH ROW EXECUTE FUNCTION "users_rede"();
--> statement-breakpoint
CREATE TRIGGER "vendedores_rede" AFTER INSERT OR UPDATE OF "user_id", "micro_franquia_id" ON "vendedores" FOR EACH ROW
  EXECUTE FUNCTION "users_rede_seguir"();
--> statement-breakpoint
CREATE TRIGGER "clientes_rede" AFTER UPDATE OF "micro_franquia_id" ON "clientes" FOR EACH ROW
  WHEN (OLD."micro_franquia_id" IS DISTINCT FROM NEW."micro_franquia_id") EXECUTE FUNCTION "users_rede_seguir"();
--> statement-breakpoint
CREATE TRIGGER "micro_franquias_rede" AFTER UPDATE OF "franquia_id" ON "micro_franquias" FOR EACH ROW
  WHEN (OLD."franquia_id" IS DISTINCT FROM NEW."franquia_id") EXECUTE FUNCTION "users_rede_seguir"();
--> statement-breakpoint
CREATE TRIGGER "franquias_rede" AFTER UPDATE OF "franqueador_id" ON "franquias" FOR EACH ROW
  WHEN (OLD."franqueador_id" IS DISTINCT FROM NEW."franqueador_id") EXECUTE FUNCTION "users_rede_seguir"();
--> statement-breakpoint
UPDATE "users" SET "rede_franqueador_id" = "rede_do_usuario"("franqueador_id", "franquia_id", "micro_franquia_id", "cliente_id", "id")
  WHERE "rede_do_usuario"("franqueador_id", "franquia_id", "micro_franquia_id", "cliente_id", "id") IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_rede_created_at_idx" ON "users" USING btree ("rede_franqueador_id","created_at","id");
