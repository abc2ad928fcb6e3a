-- Issue 22: durable background jobs (a transactional outbox), webhooks and exports with progress (ADR 028).
-- The tables are read and written with SQL (src/server/jobs, modules/envios, webhooks, exportacoes), not through
-- the drizzle schema, so this migration has no snapshot.
CREATE TABLE "jobs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tipo" text NOT NULL,
  "payload" jsonb,
  "status" text DEFAULT 'pendente' NOT NULL,
  "tentativas" integer DEFAULT 0 NOT NULL,
  "max_tentativas" integer DEFAULT 6 NOT NULL,
  "executar_em" timestamptz NOT NULL,
  "bloqueado_ate" timestamptz,
  "ultimo_erro" text,
  "resumo" text,
  "destino" text,
  "franqueador_id" uuid,
  "chave" text,
  "created_at" timestamptz NOT NULL,
  "updated_at" timestamptz NOT NULL,
  "concluido_em" timestamptz,
  CONSTRAINT "jobs_status_check" CHECK ("status" IN ('pendente', 'executando', 'concluido', 'falhou', 'cancelado'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_chave_idx" ON "jobs" ("chave");--> statement-breakpoint
CREATE INDEX "jobs_vencidos_idx" ON "jobs" ("executar_em") WHERE "status" IN ('pendente', 'executando');--> statement-breakpoint
CREATE INDEX "jobs_envios_idx" ON "jobs" ("franqueador_id", "created_at" DESC, "id" DESC) WHERE "tipo" IN ('email', 'webhook');--> statement-breakpoint
CREATE INDEX "jobs_envios_status_idx" ON "jobs" ("franqueador_id", "status", "created_at" DESC, "id" DESC) WHERE "tipo" IN ('email', 'webhook');--> statement-breakpoint
CREATE INDEX "jobs_concluidos_idx" ON "jobs" ("concluido_em") WHERE "concluido_em" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "franqueador_id" uuid NOT NULL REFERENCES "franqueadores"("id"),
  "franquia_id" uuid REFERENCES "franquias"("id"),
  "url" text NOT NULL,
  "segredo" text NOT NULL,
  "eventos" text[] NOT NULL,
  "ativo" boolean DEFAULT true NOT NULL,
  "created_at" timestamptz NOT NULL,
  "updated_at" timestamptz NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_endpoints_franqueador_idx" ON "webhook_endpoints" ("franqueador_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE TABLE "webhook_entregas" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "job_id" uuid,
  "entrega_id" uuid NOT NULL,
  "evento" text NOT NULL,
  "tentativa" integer NOT NULL,
  "codigo" integer,
  "duracao_ms" integer NOT NULL,
  "erro" text,
  "em" timestamptz NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_entregas_endpoint_idx" ON "webhook_entregas" ("endpoint_id", "em" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "webhook_entregas_em_idx" ON "webhook_entregas" ("em");--> statement-breakpoint
CREATE TABLE "exportacoes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "usuario_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "lista" text NOT NULL,
  "filtros" jsonb NOT NULL,
  "status" text DEFAULT 'pendente' NOT NULL,
  "linhas" integer DEFAULT 0 NOT NULL,
  "total" integer DEFAULT 0 NOT NULL,
  "erro" text,
  "created_at" timestamptz NOT NULL,
  "updated_at" timestamptz NOT NULL,
  "concluido_em" timestamptz,
  "expira_em" timestamptz NOT NULL,
  CONSTRAINT "exportacoes_status_check" CHECK ("status" IN ('pendente', 'executando', 'concluido', 'cancelado', 'falhou'))
);--> statement-breakpoint
CREATE INDEX "exportacoes_usuario_idx" ON "exportacoes" ("usuario_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "exportacoes_expira_idx" ON "exportacoes" ("expira_em");--> statement-breakpoint
CREATE TABLE "exportacao_partes" (
  "exportacao_id" uuid NOT NULL REFERENCES "exportacoes"("id") ON DELETE CASCADE,
  "n" integer NOT NULL,
  "conteudo" text NOT NULL,
  PRIMARY KEY ("exportacao_id", "n")
);
