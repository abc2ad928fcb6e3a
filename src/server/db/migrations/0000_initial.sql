CREATE TYPE "public"."departamento" AS ENUM('comercial', 'marketing', 'administrativo', 'ti', 'logistica');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('agendado', 'em_andamento', 'concluido', 'cancelado');--> statement-breakpoint
CREATE TYPE "public"."kit" AS ENUM('essencial', 'premium', 'card', 'padrao', 'digital');--> statement-breakpoint
CREATE TYPE "public"."local_evento" AS ENUM('escola', 'comercial', 'igreja', 'hotel', 'outros');--> statement-breakpoint
CREATE TYPE "public"."pre_matricula_status" AS ENUM('pendente', 'efetivada');--> statement-breakpoint
CREATE TYPE "public"."produto" AS ENUM('todos_pela_educacao', 'church_educacao', 'start_universitario', 'especializa_mais', 'collab_educacao');--> statement-breakpoint
CREATE TYPE "public"."ticket_priority" AS ENUM('baixa', 'media', 'alta', 'critica');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('em_andamento', 'concluido', 'cancelado');--> statement-breakpoint
CREATE TYPE "public"."tipo_escola" AS ENUM('publica', 'privada');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente', 'aluno');--> statement-breakpoint
CREATE TABLE "alunos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pre_matricula_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"micro_franquia_id" uuid NOT NULL,
	"vendedor_id" uuid,
	"user_id" uuid NOT NULL,
	"nome_fantasia" text NOT NULL,
	"cnpj" varchar(18) NOT NULL,
	"rep_legal" text NOT NULL,
	"produto" "produto" DEFAULT 'todos_pela_educacao' NOT NULL,
	"kit" "kit" DEFAULT 'essencial' NOT NULL,
	"cep" varchar(10),
	"cidade" text,
	"estado" varchar(2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "curso_modulos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"curso_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"modulo" text NOT NULL,
	"carga_horaria" integer NOT NULL,
	"ordem" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curso_modulos_carga_horaria_check" CHECK ("curso_modulos"."carga_horaria" >= 1)
);
--> statement-breakpoint
CREATE TABLE "cursos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cliente_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"valor" numeric(10, 2) DEFAULT '0' NOT NULL,
	"valor_com_desconto" numeric(10, 2),
	"parcelas" integer DEFAULT 1 NOT NULL,
	"ordem" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cursos_valor_check" CHECK ("cursos"."valor" >= 0),
	CONSTRAINT "cursos_parcelas_check" CHECK ("cursos"."parcelas" >= 1)
);
--> statement-breakpoint
CREATE TABLE "eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cliente_id" uuid,
	"micro_franquia_id" uuid,
	"nome_escola" text NOT NULL,
	"tipo_escola" "tipo_escola" NOT NULL,
	"cep" varchar(10),
	"cidade" text NOT NULL,
	"estado" varchar(2) NOT NULL,
	"data_distribuicao" date NOT NULL,
	"data_evento" date NOT NULL,
	"horario" text NOT NULL,
	"local" "local_evento" NOT NULL,
	"qtd_alunos" integer NOT NULL,
	"valor_total_desconto" numeric(10, 2),
	"observacao" text,
	"status" "event_status" DEFAULT 'agendado' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eventos_owner_check" CHECK ("eventos"."cliente_id" is not null or "eventos"."micro_franquia_id" is not null),
	CONSTRAINT "eventos_qtd_alunos_check" CHECK ("eventos"."qtd_alunos" >= 1)
);
--> statement-breakpoint
CREATE TABLE "eventos_cursos" (
	"evento_id" uuid NOT NULL,
	"curso_id" uuid NOT NULL,
	CONSTRAINT "eventos_cursos_evento_id_curso_id_pk" PRIMARY KEY("evento_id","curso_id")
);
--> statement-breakpoint
CREATE TABLE "franqueadores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"razao_social" text NOT NULL,
	"cnpj" varchar(18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "franqueadores_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "franquias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"razao_social" text NOT NULL,
	"cnpj" varchar(18) NOT NULL,
	"rep_legal" text NOT NULL,
	"cep" varchar(10),
	"cidade" text,
	"estado" varchar(2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "franquias_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evento_id" uuid NOT NULL,
	"nome_aluno" text NOT NULL,
	"nome_responsavel" text NOT NULL,
	"email" text NOT NULL,
	"telefone" varchar(20) NOT NULL,
	"consentido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matriculas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pre_matricula_id" uuid,
	"evento_id" uuid NOT NULL,
	"lead_id" uuid,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"telefone" varchar(20),
	"curso_interesse" text,
	"efetivada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matriculas_preMatriculaId_unique" UNIQUE("pre_matricula_id")
);
--> statement-breakpoint
CREATE TABLE "micro_franquias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franquia_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"razao_social" text NOT NULL,
	"cnpj" varchar(18) NOT NULL,
	"rep_legal" text NOT NULL,
	"cep" varchar(10),
	"cidade" text,
	"estado" varchar(2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "micro_franquias_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "pre_matriculas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evento_id" uuid NOT NULL,
	"lead_id" uuid,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"telefone" varchar(20),
	"curso_interesse" text,
	"nome_aluno" text,
	"cpf_aluno" varchar(14),
	"nome_responsavel" text,
	"cpf_responsavel" varchar(14),
	"status" "pre_matricula_status" DEFAULT 'pendente' NOT NULL,
	"consentido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sac_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solicitante_id" uuid NOT NULL,
	"responsavel_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"titulo" text NOT NULL,
	"descricao" text NOT NULL,
	"departamento" "departamento" NOT NULL,
	"status" "ticket_status" DEFAULT 'em_andamento' NOT NULL,
	"prioridade" "ticket_priority" DEFAULT 'media' NOT NULL,
	"resolucao" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"role" "user_role" NOT NULL,
	"nome" text,
	"cpf" varchar(14),
	"data_nascimento" date,
	"endereco" text,
	"telefone" varchar(20),
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"cliente_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendedores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"micro_franquia_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendedores_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "alunos" ADD CONSTRAINT "alunos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alunos" ADD CONSTRAINT "alunos_pre_matricula_id_pre_matriculas_id_fk" FOREIGN KEY ("pre_matricula_id") REFERENCES "public"."pre_matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_micro_franquia_id_micro_franquias_id_fk" FOREIGN KEY ("micro_franquia_id") REFERENCES "public"."micro_franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curso_modulos" ADD CONSTRAINT "curso_modulos_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursos" ADD CONSTRAINT "cursos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_micro_franquia_id_micro_franquias_id_fk" FOREIGN KEY ("micro_franquia_id") REFERENCES "public"."micro_franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_cursos" ADD CONSTRAINT "eventos_cursos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_cursos" ADD CONSTRAINT "eventos_cursos_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franqueadores" ADD CONSTRAINT "franqueadores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franquias" ADD CONSTRAINT "franquias_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franquias" ADD CONSTRAINT "franquias_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matriculas" ADD CONSTRAINT "matriculas_pre_matricula_id_pre_matriculas_id_fk" FOREIGN KEY ("pre_matricula_id") REFERENCES "public"."pre_matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matriculas" ADD CONSTRAINT "matriculas_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matriculas" ADD CONSTRAINT "matriculas_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micro_franquias" ADD CONSTRAINT "micro_franquias_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micro_franquias" ADD CONSTRAINT "micro_franquias_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD CONSTRAINT "pre_matriculas_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD CONSTRAINT "pre_matriculas_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD CONSTRAINT "sac_tickets_solicitante_id_users_id_fk" FOREIGN KEY ("solicitante_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD CONSTRAINT "sac_tickets_responsavel_id_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD CONSTRAINT "sac_tickets_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sac_tickets" ADD CONSTRAINT "sac_tickets_micro_franquia_id_micro_franquias_id_fk" FOREIGN KEY ("micro_franquia_id") REFERENCES "public"."micro_franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_micro_franquia_id_micro_franquias_id_fk" FOREIGN KEY ("micro_franquia_id") REFERENCES "public"."micro_franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendedores" ADD CONSTRAINT "vendedores_micro_franquia_id_micro_franquias_id_fk" FOREIGN KEY ("micro_franquia_id") REFERENCES "public"."micro_franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendedores" ADD CONSTRAINT "vendedores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alunos_user_id_idx" ON "alunos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alunos_pre_matricula_id_idx" ON "alunos" USING btree ("pre_matricula_id");--> statement-breakpoint
CREATE INDEX "clientes_micro_franquia_id_created_at_idx" ON "clientes" USING btree ("micro_franquia_id","created_at");--> statement-breakpoint
CREATE INDEX "clientes_vendedor_id_idx" ON "clientes" USING btree ("vendedor_id");--> statement-breakpoint
CREATE INDEX "clientes_user_id_idx" ON "clientes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clientes_created_at_idx" ON "clientes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "curso_modulos_curso_id_ordem_idx" ON "curso_modulos" USING btree ("curso_id","ordem");--> statement-breakpoint
CREATE INDEX "cursos_cliente_id_created_at_idx" ON "cursos" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "eventos_cliente_id_created_at_idx" ON "eventos" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "eventos_micro_franquia_id_created_at_idx" ON "eventos" USING btree ("micro_franquia_id","created_at");--> statement-breakpoint
CREATE INDEX "eventos_created_at_idx" ON "eventos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "eventos_open_cidade_data_idx" ON "eventos" USING btree ("cidade","data_evento") WHERE "eventos"."is_active" and "eventos"."status" = 'agendado';--> statement-breakpoint
CREATE INDEX "eventos_cursos_curso_id_idx" ON "eventos_cursos" USING btree ("curso_id");--> statement-breakpoint
CREATE INDEX "franqueadores_user_id_idx" ON "franqueadores" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "franquias_franqueador_id_created_at_idx" ON "franquias" USING btree ("franqueador_id","created_at");--> statement-breakpoint
CREATE INDEX "franquias_user_id_idx" ON "franquias" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "franquias_created_at_idx" ON "franquias" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_evento_id_created_at_idx" ON "leads" USING btree ("evento_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_evento_email_aluno_key" ON "leads" USING btree ("evento_id",lower("email"),lower("nome_aluno"));--> statement-breakpoint
CREATE INDEX "matriculas_evento_id_created_at_idx" ON "matriculas" USING btree ("evento_id","created_at");--> statement-breakpoint
CREATE INDEX "matriculas_lead_id_idx" ON "matriculas" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "matriculas_created_at_idx" ON "matriculas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "matriculas_email_lower_idx" ON "matriculas" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "micro_franquias_franquia_id_created_at_idx" ON "micro_franquias" USING btree ("franquia_id","created_at");--> statement-breakpoint
CREATE INDEX "micro_franquias_user_id_idx" ON "micro_franquias" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "micro_franquias_created_at_idx" ON "micro_franquias" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pre_matriculas_evento_id_created_at_idx" ON "pre_matriculas" USING btree ("evento_id","created_at");--> statement-breakpoint
CREATE INDEX "pre_matriculas_lead_id_idx" ON "pre_matriculas" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "pre_matriculas_created_at_idx" ON "pre_matriculas" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_matriculas_evento_cpf_aluno_key" ON "pre_matriculas" USING btree ("evento_id","cpf_aluno") WHERE "pre_matriculas"."cpf_aluno" is not null;--> statement-breakpoint
CREATE INDEX "sac_tickets_solicitante_id_created_at_idx" ON "sac_tickets" USING btree ("solicitante_id","created_at");--> statement-breakpoint
CREATE INDEX "sac_tickets_responsavel_id_idx" ON "sac_tickets" USING btree ("responsavel_id");--> statement-breakpoint
CREATE INDEX "sac_tickets_franquia_id_idx" ON "sac_tickets" USING btree ("franquia_id");--> statement-breakpoint
CREATE INDEX "sac_tickets_micro_franquia_id_idx" ON "sac_tickets" USING btree ("micro_franquia_id");--> statement-breakpoint
CREATE INDEX "sac_tickets_created_at_idx" ON "sac_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_franqueador_id_idx" ON "users" USING btree ("franqueador_id");--> statement-breakpoint
CREATE INDEX "users_franquia_id_idx" ON "users" USING btree ("franquia_id");--> statement-breakpoint
CREATE INDEX "users_micro_franquia_id_idx" ON "users" USING btree ("micro_franquia_id");--> statement-breakpoint
CREATE INDEX "users_cliente_id_idx" ON "users" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendedores_micro_franquia_id_idx" ON "vendedores" USING btree ("micro_franquia_id");