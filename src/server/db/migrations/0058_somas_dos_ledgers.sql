-- Issues 44 and 45 (ADR 097): the ledgers' sums, kept by statement triggers on the append-only lines, so that
-- 'Minhas comissões', the month's summary and the royalties statements read a few rows however many lines they sum.
CREATE TABLE "comissao_somas" (
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid,
	"periodo" varchar(7) NOT NULL,
	"beneficiario" text NOT NULL,
	"beneficiario_id" uuid NOT NULL,
	"estorno" boolean NOT NULL,
	"stripe" smallint NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"linhas" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_somas" (
	"franquia_id" uuid NOT NULL,
	"periodo" varchar(7) NOT NULL,
	"tipo" text NOT NULL,
	"stripe" smallint NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"base_centavos" bigint NOT NULL,
	"royalty_centavos" bigint NOT NULL,
	"fundo_centavos" bigint NOT NULL,
	"retido_centavos" bigint NOT NULL,
	"linhas" integer NOT NULL,
	CONSTRAINT "royalty_somas_franquia_id_periodo_tipo_stripe_pk" PRIMARY KEY("franquia_id","periodo","tipo","stripe")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "comissao_somas_key" ON "comissao_somas" USING btree ("beneficiario_id","beneficiario","periodo","franqueador_id",coalesce("franquia_id", '00000000-0000-0000-0000-000000000000'::uuid),"estorno","stripe");--> statement-breakpoint
CREATE INDEX "comissao_somas_franqueador_periodo_idx" ON "comissao_somas" USING btree ("franqueador_id","periodo");--> statement-breakpoint
CREATE INDEX "comissao_somas_franquia_periodo_idx" ON "comissao_somas" USING btree ("franquia_id","periodo");--> statement-breakpoint
CREATE INDEX "royalty_somas_franqueador_periodo_idx" ON "royalty_somas" USING btree ("franqueador_id","periodo");--> statement-breakpoint
-- Each insert adds its lines' sums, grouped as the tables key them, on one stripe (drawn per statement): payments of
-- one franquia at once add to different rows. Rows are written in the key's order, so two inserts never wait on
-- each other in opposite orders.
CREATE FUNCTION "comissao_somas_somar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "comissao_somas" AS s ("franqueador_id", "franquia_id", "periodo", "beneficiario", "beneficiario_id",
    "estorno", "stripe", "valor_centavos", "linhas")
  SELECT n."franqueador_id", n."franquia_id", n."periodo", n."beneficiario", n."beneficiario_id", n."tipo" = 'estorno',
    x.stripe, sum(n."valor_centavos"), count(*)
  FROM novas n CROSS JOIN (SELECT floor(random() * 8)::smallint AS stripe) x
  GROUP BY n."beneficiario_id", n."beneficiario", n."periodo", n."franqueador_id", n."franquia_id", n."tipo" = 'estorno', x.stripe
  ORDER BY n."beneficiario_id", n."beneficiario", n."periodo", n."franqueador_id", n."franquia_id", n."tipo" = 'estorno'
  ON CONFLICT ("beneficiario_id", "beneficiario", "periodo", "franqueador_id",
    coalesce("franquia_id", '00000000-0000-0000-0000-000000000000'::uuid), "estorno", "stripe")
  DO UPDATE SET "valor_centavos" = s."valor_centavos" + excluded."valor_centavos", "linhas" = s."linhas" + excluded."linhas";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comissao_lancamentos_somas" AFTER INSERT ON "comissao_lancamentos"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION "comissao_somas_somar"();--> statement-breakpoint
CREATE FUNCTION "royalty_somas_somar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "royalty_somas" AS s ("franquia_id", "periodo", "tipo", "stripe", "franqueador_id", "base_centavos",
    "royalty_centavos", "fundo_centavos", "retido_centavos", "linhas")
  SELECT n."franquia_id", n."periodo", n."tipo", x.stripe, n."franqueador_id", sum(n."base_centavos"),
    sum(n."royalty_centavos"), sum(n."fundo_centavos"), sum(n."retido_centavos"), count(*)
  FROM novas n CROSS JOIN (SELECT floor(random() * 8)::smallint AS stripe) x
  GROUP BY n."franquia_id", n."periodo", n."tipo", x.stripe, n."franqueador_id"
  ORDER BY n."franquia_id", n."periodo", n."tipo"
  ON CONFLICT ("franquia_id", "periodo", "tipo", "stripe") DO UPDATE SET
    "base_centavos" = s."base_centavos" + excluded."base_centavos",
    "royalty_centavos" = s."royalty_centavos" + excluded."royalty_centavos",
    "fundo_centavos" = s."fundo_centavos" + excluded."fundo_centavos",
    "retido_centavos" = s."retido_centavos" + excluded."retido_centavos",
    "linhas" = s."linhas" + excluded."linhas";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "royalty_lancamentos_somas" AFTER INSERT ON "royalty_lancamentos"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION "royalty_somas_somar"();--> statement-breakpoint
-- The sums counted again from the lines: after a bulk load with triggers off (bench:data), and now, once.
CREATE FUNCTION "ledger_somas_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "comissao_somas";
  INSERT INTO "comissao_somas" ("franqueador_id", "franquia_id", "periodo", "beneficiario", "beneficiario_id", "estorno",
    "stripe", "valor_centavos", "linhas")
  SELECT "franqueador_id", "franquia_id", "periodo", "beneficiario", "beneficiario_id", "tipo" = 'estorno', 0,
    sum("valor_centavos"), count(*)
  FROM "comissao_lancamentos"
  GROUP BY "franqueador_id", "franquia_id", "periodo", "beneficiario", "beneficiario_id", "tipo" = 'estorno';
  DELETE FROM "royalty_somas";
  INSERT INTO "royalty_somas" ("franquia_id", "periodo", "tipo", "stripe", "franqueador_id", "base_centavos",
    "royalty_centavos", "fundo_centavos", "retido_centavos", "linhas")
  SELECT "franquia_id", "periodo", "tipo", 0, "franqueador_id", sum("base_centavos"), sum("royalty_centavos"),
    sum("fundo_centavos"), sum("retido_centavos"), count(*)
  FROM "royalty_lancamentos" GROUP BY "franquia_id", "periodo", "tipo", "franqueador_id"
$$;--> statement-breakpoint
SELECT "ledger_somas_rebuild"();