CREATE TYPE "public"."lgpd_pedido_status" AS ENUM('aberto', 'em_analise', 'concluido', 'recusado');--> statement-breakpoint
CREATE TYPE "public"."lgpd_pedido_tipo" AS ENUM('correcao', 'anonimizacao', 'revogacao');--> statement-breakpoint
CREATE TABLE "consentimentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"pre_matricula_id" uuid,
	"aviso_versao" text NOT NULL,
	"texto" text NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"revogado_em" timestamp with time zone,
	CONSTRAINT "consentimentos_registro_check" CHECK ("consentimentos"."lead_id" is not null or "consentimentos"."pre_matricula_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "lgpd_pedidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" "lgpd_pedido_tipo" NOT NULL,
	"status" "lgpd_pedido_status" DEFAULT 'aberto' NOT NULL,
	"email" text NOT NULL,
	"detalhe" text,
	"resposta" text,
	"prazo" timestamp with time zone NOT NULL,
	"concluido_em" timestamp with time zone,
	"atualizado_por_id" uuid,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lgpd_retencao_execucoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"anonimizados" integer NOT NULL,
	"proxima_em" timestamp with time zone NOT NULL,
	"previstos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "titular_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "titular_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "telefone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pre_matricula_conflitos" ALTER COLUMN "cpf_responsavel" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consentimento_revogado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "anonimizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "consentimento_revogado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "anonimizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "consentimento_revogado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "anonimizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consentimentos" ADD CONSTRAINT "consentimentos_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimentos" ADD CONSTRAINT "consentimentos_pre_matricula_id_pre_matriculas_id_fk" FOREIGN KEY ("pre_matricula_id") REFERENCES "public"."pre_matriculas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lgpd_pedidos" ADD CONSTRAINT "lgpd_pedidos_atualizado_por_id_users_id_fk" FOREIGN KEY ("atualizado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lgpd_pedidos" ADD CONSTRAINT "lgpd_pedidos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lgpd_pedidos" ADD CONSTRAINT "lgpd_pedidos_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consentimentos_lead_id_idx" ON "consentimentos" USING btree ("lead_id") WHERE "consentimentos"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "consentimentos_pre_matricula_id_idx" ON "consentimentos" USING btree ("pre_matricula_id") WHERE "consentimentos"."pre_matricula_id" is not null;--> statement-breakpoint
CREATE INDEX "lgpd_pedidos_franqueador_idx" ON "lgpd_pedidos" USING btree ("franqueador_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lgpd_pedidos_franquia_idx" ON "lgpd_pedidos" USING btree ("franquia_id","created_at","id") WHERE "lgpd_pedidos"."franquia_id" is not null;--> statement-breakpoint
CREATE INDEX "lgpd_pedidos_email_lower_idx" ON "lgpd_pedidos" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "lgpd_retencao_execucoes_em_idx" ON "lgpd_retencao_execucoes" USING btree ("em");--> statement-breakpoint
CREATE INDEX "titular_tokens_email_lower_idx" ON "titular_tokens" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_telefone_idx" ON "leads" USING btree ("telefone");--> statement-breakpoint
CREATE INDEX "leads_retencao_idx" ON "leads" USING btree ("created_at") WHERE "leads"."anonimizado_em" is null;--> statement-breakpoint
CREATE INDEX "matriculas_telefone_idx" ON "matriculas" USING btree ("telefone") WHERE "matriculas"."telefone" is not null;--> statement-breakpoint
CREATE INDEX "pre_matricula_conflitos_email_lower_idx" ON "pre_matricula_conflitos" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pre_matricula_conflitos_cpf_responsavel_idx" ON "pre_matricula_conflitos" USING btree ("cpf_responsavel");--> statement-breakpoint
CREATE INDEX "pre_matriculas_email_lower_idx" ON "pre_matriculas" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pre_matriculas_cpf_aluno_idx" ON "pre_matriculas" USING btree ("cpf_aluno") WHERE "pre_matriculas"."cpf_aluno" is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_cpf_responsavel_idx" ON "pre_matriculas" USING btree ("cpf_responsavel") WHERE "pre_matriculas"."cpf_responsavel" is not null;--> statement-breakpoint
CREATE INDEX "pre_matriculas_telefone_idx" ON "pre_matriculas" USING btree ("telefone") WHERE "pre_matriculas"."telefone" is not null;--> statement-breakpoint
CREATE INDEX "users_cpf_idx" ON "users" USING btree ("cpf") WHERE "users"."cpf" is not null;--> statement-breakpoint
CREATE INDEX "users_telefone_idx" ON "users" USING btree ("telefone") WHERE "users"."telefone" is not null;--> statement-breakpoint
-- Anonymisation (issue 18, ADR 026) reaches the copies the audit trail holds: the personal fields of a change,
-- and the address, browser and details of what the titular's own account did. The trail stays append-only for
-- everything else: an UPDATE is let through only inside audit_log_anonimizar(), and only of those columns.
CREATE OR REPLACE FUNCTION audit_log_imutavel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.purga', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('audit.anonimizar', true) = 'on'
     AND NEW.id = OLD.id AND NEW.em = OLD.em AND NEW.acao = OLD.acao AND NEW.entidade = OLD.entidade
     AND NEW.entidade_id IS NOT DISTINCT FROM OLD.entidade_id AND NEW.usuario_id IS NOT DISTINCT FROM OLD.usuario_id
     AND NEW.papel IS NOT DISTINCT FROM OLD.papel AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id
     AND NEW.franqueador_id IS NOT DISTINCT FROM OLD.franqueador_id
     AND NEW.franquia_id IS NOT DISTINCT FROM OLD.franquia_id
     AND NEW.micro_franquia_id IS NOT DISTINCT FROM OLD.micro_franquia_id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log é somente de inclusão (%)', TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
-- `registros`: the anonymised leads, pré-matrículas and matrículas; `contas`: the titular's aluno accounts.
CREATE FUNCTION audit_log_anonimizar(registros uuid[], contas uuid[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  alteradas bigint;
BEGIN
  PERFORM set_config('audit.anonimizar', 'on', true);
  UPDATE audit_log a SET
    alteracoes = CASE WHEN a.alteracoes IS NULL OR jsonb_typeof(a.alteracoes) <> 'object' THEN a.alteracoes ELSE (
      SELECT jsonb_object_agg(e.k, CASE
        WHEN e.k IN ('nome', 'nomeAluno', 'nomeResponsavel', 'email', 'newEmail', 'novoEmail', 'telefone', 'celular',
                     'cpf', 'cpfAluno', 'cpfResponsavel', 'endereco', 'dataNascimento')
        THEN '["(anonimizado)", "(anonimizado)"]'::jsonb ELSE e.v END)
      FROM jsonb_each(a.alteracoes) AS e(k, v)) END,
    detalhes = CASE WHEN a.usuario_id = ANY (contas) OR a.entidade_id = ANY (contas) THEN NULL ELSE a.detalhes END,
    ip = CASE WHEN a.usuario_id = ANY (contas) THEN NULL ELSE a.ip END,
    user_agent = CASE WHEN a.usuario_id = ANY (contas) THEN NULL ELSE a.user_agent END
  WHERE a.entidade_id = ANY (registros || contas) OR a.usuario_id = ANY (contas);
  GET DIAGNOSTICS alteradas = ROW_COUNT;
  PERFORM set_config('audit.anonimizar', 'off', true);
  RETURN alteradas;
END
$$;
