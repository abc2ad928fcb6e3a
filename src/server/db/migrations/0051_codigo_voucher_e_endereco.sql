-- Issue 51 (ADR 090): the door and the family's way there.
--
-- Events get a street address (logradouro, número, complemento, bairro beside the CEP, cidade and estado they
-- had), which the voucher, its e-mail and its .ics carry with a map link; an event without one reads as before.
ALTER TABLE "eventos" ADD COLUMN "logradouro" text;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "numero" varchar(20);--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "complemento" text;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "bairro" text;--> statement-breakpoint

-- Each lead gets its voucher's short code: 6 characters of an alphabet without 0/O/1/I, unique per event, that
-- the check-in takes typed. The column's default draws one (every existing lead gets its own as the column is
-- added: the backfill), and the trigger draws again while another lead of the event holds it.
CREATE FUNCTION "voucher_codigo_novo"() RETURNS text LANGUAGE sql AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + get_byte(r.b, i) % 32, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) r, generate_series(0, 5) i
$$;--> statement-breakpoint
CREATE FUNCTION "leads_codigo_voucher"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "leads" l WHERE l."evento_id" = NEW."evento_id"
      AND l."codigo_voucher" = NEW."codigo_voucher" AND l."id" <> NEW."id") LOOP
    NEW."codigo_voucher" := voucher_codigo_novo();
  END LOOP;
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "codigo_voucher" varchar(6) DEFAULT voucher_codigo_novo() NOT NULL;--> statement-breakpoint
CREATE TRIGGER "leads_codigo_voucher" BEFORE INSERT OR UPDATE OF "evento_id", "codigo_voucher" ON "leads"
  FOR EACH ROW EXECUTE FUNCTION "leads_codigo_voucher"();--> statement-breakpoint
-- The backfill's draws are independent: two leads of one event that drew the same code draw again (the trigger
-- keeps each new draw apart) until no event holds a code twice.
DO $$
BEGIN
  LOOP
    UPDATE "leads" SET "codigo_voucher" = voucher_codigo_novo() WHERE "id" IN (
      SELECT d."id" FROM (SELECT "id", row_number() OVER (PARTITION BY "evento_id", "codigo_voucher"
        ORDER BY "created_at", "id") AS n FROM "leads") d WHERE d.n > 1);
    EXIT WHEN NOT FOUND;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_evento_codigo_voucher_key" ON "leads" USING btree ("evento_id","codigo_voucher");
