-- Issue 42, first slice (ADR 063): a matrícula keeps its course and the price at Efetivar as a snapshot, which a
-- later change of the course never touches. The columns are nullable only for the matrículas made before: they
-- get the snapshot below from their pré-matrícula's course when it names exactly one of the event's courses (the
-- public activation and 'Definir curso' store the title), at the course's price today, the only one known; the
-- others stay null. Money in centavos: each parcela but the last is the total divided by their number, rounded
-- down to the cent; the last takes the rest (src/shared/money/parcelas.ts).
ALTER TABLE "matriculas" ADD COLUMN "curso_id" uuid;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "curso_titulo" text;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "curso_carga_horaria" integer;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "valor" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "valor_com_desconto" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "parcelas" integer;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "valor_total" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "valor_parcela" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "valor_ultima_parcela" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "matriculas" ADD CONSTRAINT "matriculas_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matriculas_curso_id_idx" ON "matriculas" USING btree ("curso_id");--> statement-breakpoint
ALTER TABLE "matriculas" ADD CONSTRAINT "matriculas_curso_snapshot_check" CHECK (("matriculas"."curso_titulo" is null and "matriculas"."curso_carga_horaria" is null and "matriculas"."valor" is null and "matriculas"."parcelas" is null and "matriculas"."valor_total" is null and "matriculas"."valor_parcela" is null and "matriculas"."valor_ultima_parcela" is null) or ("matriculas"."curso_titulo" is not null and "matriculas"."curso_carga_horaria" is not null and "matriculas"."valor" is not null and "matriculas"."parcelas" >= 1 and "matriculas"."valor_total" is not null and "matriculas"."valor_parcela" is not null and "matriculas"."valor_ultima_parcela" is not null));--> statement-breakpoint
WITH candidatos AS (
  SELECT m.id AS matricula_id, c.id AS curso_id, c.titulo, c.valor, c.valor_com_desconto, c.parcelas,
    count(*) OVER (PARTITION BY m.id) AS encontrados
  FROM "matriculas" m
  JOIN "pre_matriculas" p ON p.id = m.pre_matricula_id
  JOIN "eventos_cursos" ec ON ec.evento_id = m.evento_id
  JOIN "cursos" c ON c.id = ec.curso_id
  WHERE m.curso_id IS NULL AND p.curso_interesse IS NOT NULL
    AND lower(trim(c.titulo)) = lower(trim(p.curso_interesse))
), snapshot AS (
  SELECT k.matricula_id, k.curso_id, k.titulo, k.valor, k.valor_com_desconto, k.parcelas,
    coalesce((SELECT sum(cm.carga_horaria) FROM "curso_modulos" cm
      WHERE cm.curso_id = k.curso_id AND cm.is_active), 0)::int AS carga_horaria,
    round(coalesce(k.valor_com_desconto, k.valor) * 100)::bigint AS total_centavos
  FROM candidatos k
  WHERE k.encontrados = 1
)
UPDATE "matriculas" m SET
  curso_id = s.curso_id,
  curso_titulo = s.titulo,
  curso_carga_horaria = s.carga_horaria,
  valor = s.valor,
  valor_com_desconto = s.valor_com_desconto,
  parcelas = s.parcelas,
  valor_total = s.total_centavos / 100.0,
  valor_parcela = (s.total_centavos / s.parcelas) / 100.0,
  valor_ultima_parcela = (s.total_centavos - (s.total_centavos / s.parcelas) * (s.parcelas - 1)) / 100.0
FROM snapshot s
WHERE m.id = s.matricula_id;