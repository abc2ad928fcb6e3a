CREATE TABLE "pre_matricula_conflitos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pre_matricula_id" uuid NOT NULL,
	"nome_aluno" text NOT NULL,
	"nome_responsavel" text NOT NULL,
	"cpf_responsavel" varchar(14) NOT NULL,
	"email" text NOT NULL,
	"telefone" varchar(20),
	"consentido_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pre_matricula_conflitos" ADD CONSTRAINT "pre_matricula_conflitos_pre_matricula_id_pre_matriculas_id_fk" FOREIGN KEY ("pre_matricula_id") REFERENCES "public"."pre_matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pre_matricula_conflitos_claim_key" ON "pre_matricula_conflitos" USING btree ("pre_matricula_id","cpf_responsavel",lower("email"));