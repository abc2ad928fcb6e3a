CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" uuid,
	"papel" "user_role",
	"acao" text NOT NULL,
	"entidade" text NOT NULL,
	"entidade_id" uuid,
	"alteracoes" jsonb,
	"detalhes" jsonb,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid
);
--> statement-breakpoint
CREATE INDEX "audit_log_franqueador_em_idx" ON "audit_log" USING btree ("franqueador_id","em","id");--> statement-breakpoint
CREATE INDEX "audit_log_franquia_em_idx" ON "audit_log" USING btree ("franquia_id","em","id") WHERE "audit_log"."franquia_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_micro_franquia_em_idx" ON "audit_log" USING btree ("micro_franquia_id","em","id") WHERE "audit_log"."micro_franquia_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_entidade_id_em_idx" ON "audit_log" USING btree ("entidade_id","em") WHERE "audit_log"."entidade_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_usuario_id_em_idx" ON "audit_log" USING btree ("usuario_id","em");--> statement-breakpoint
CREATE INDEX "audit_log_acao_em_idx" ON "audit_log" USING btree ("acao","em");--> statement-breakpoint
CREATE INDEX "audit_log_em_idx" ON "audit_log" USING btree ("em");--> statement-breakpoint
-- The trail is append-only (issue 17, ADR 023): no UPDATE, DELETE or TRUNCATE, from the application or anyone
-- else, except the retention purge below, which marks its own transaction before deleting.
CREATE FUNCTION audit_log_imutavel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.purga', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log é somente de inclusão (%)', TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_sem_alteracao BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_imutavel();
--> statement-breakpoint
CREATE TRIGGER audit_log_sem_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_imutavel();
--> statement-breakpoint
-- Deletes the rows older than `dias` days (AUDIT_RETENCAO_DIAS) and answers how many.
CREATE FUNCTION audit_log_purgar(dias integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  apagadas bigint;
BEGIN
  IF dias IS NULL OR dias < 1 THEN
    RAISE EXCEPTION 'retenção inválida: %', dias;
  END IF;
  PERFORM set_config('audit.purga', 'on', true);
  DELETE FROM audit_log WHERE em < now() - make_interval(days => dias);
  GET DIAGNOSTICS apagadas = ROW_COUNT;
  PERFORM set_config('audit.purga', 'off', true);
  RETURN apagadas;
END
$$;
