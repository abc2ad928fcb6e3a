/**
 * The audit trail's scenarios for `npm run bench` (issue 17): the franqueador's first page over five million
 * rows, its filters, and the writes the trail records -- a sign-in, a cliente's edit, an enrolment made
 * effective -- whose p99 the audit row may raise by at most 10%. Their "before" is the same build with the
 * audit write stubbed out (ADR 023's Measurements say how it was measured).
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/server/access/actor';
import { type Database, executeRows } from '../src/server/db/connect';

export interface AuditScenario {
  name: string;
  method?: 'POST' | 'PATCH';
  path: string;
  account?: 'franqueador' | 'franquia' | 'vendedor';
  connections: number;
  target: { p99?: number };
  exactTotal?: (db: Database, actor: Actor) => Promise<number>;
  body?: (n: number) => unknown;
  pathFor?: (n: number) => string;
  storedIn?: string;
}

export interface AuditBenchInput {
  /** A cliente of the vendedor's, and its edit body as it stands (the edit rewrites the same values). */
  cliente: { id: string; body: Record<string, unknown> };
  /** Pending pré-matrículas of the franqueador's network, one per efetivar request, each with a course its event offers. */
  pendentes: { id: string; cursoId: string }[];
  /** A micro-franquia that wrote rows, for the person filter. */
  microUserId: string;
  login: { email: string; password: string };
}

/**
 * Pending pré-matrículas to make effective, oldest first, each with the first active course its event offers: a
 * matrícula takes one (issue 42), and a bench pré-matrícula's 'curso de interesse' need not be one of them.
 */
export async function pendingPreMatriculas(db: Database, limit: number): Promise<{ id: string; cursoId: string }[]> {
  return executeRows<{ id: string; cursoId: string }>(
    db,
    sql`select p.id, c.curso_id as "cursoId" from pre_matriculas p
      cross join lateral (select ec.curso_id from eventos_cursos ec join cursos k on k.id = ec.curso_id and k.is_active
        where ec.evento_id = p.evento_id order by ec.curso_id limit 1) c
      where p.status = 'pendente' order by p.created_at limit ${limit}`,
  );
}

export async function busiestMicroUser(db: Database): Promise<string> {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`select usuario_id as id from audit_log where usuario_id is not null limit 1`,
  );
  return row!.id;
}

export function auditScenarios(input: AuditBenchInput): AuditScenario[] {
  const countRows = (where: ReturnType<typeof sql>) => async (db: Database) => {
    const [row] = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select * from audit_log where ${where} offset 0) a`,
    );
    return Math.min(Number(row?.n ?? 0), 1_000);
  };
  return [
    {
      name: 'auditoria page 1 · franqueador',
      path: '/api/auditoria',
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
    },
    {
      name: 'auditoria page 1 · franquia',
      path: '/api/auditoria',
      account: 'franquia',
      connections: 16,
      target: { p99: 50 },
    },
    {
      name: 'auditoria acao=cliente.editar · franqueador',
      path: '/api/auditoria?acao=cliente.editar',
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
    },
    {
      name: 'auditoria entidadeId · franqueador',
      path: `/api/auditoria?entidadeId=${input.cliente.id}`,
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
      exactTotal: countRows(sql`entidade_id = ${input.cliente.id}`),
    },
    {
      name: 'auditoria usuarioId · franqueador',
      path: `/api/auditoria?usuarioId=${input.microUserId}`,
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
    },
    {
      name: 'auditoria de/ate 7 days · franqueador',
      path: `/api/auditoria?de=${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}&ate=${new Date().toISOString().slice(0, 10)}`,
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
    },
    {
      name: 'POST /api/login (audited)',
      method: 'POST',
      path: '/api/login',
      connections: 16,
      target: {},
      body: () => input.login,
      storedIn: 'audit_log',
    },
    {
      name: 'PATCH /api/clientes/:id (audited) · vendedor',
      method: 'PATCH',
      path: `/api/clientes/${input.cliente.id}`,
      account: 'vendedor',
      connections: 16,
      target: {},
      body: () => input.cliente.body,
    },
    {
      name: 'POST efetivar (audited) · franqueador',
      method: 'POST',
      path: '/api/matriculas/efetivar/x',
      account: 'franqueador',
      connections: 16,
      target: {},
      pathFor: (n) => `/api/matriculas/efetivar/${input.pendentes[n % input.pendentes.length]!.id}`,
      body: (n) => ({ cursoId: input.pendentes[n % input.pendentes.length]!.cursoId }),
      storedIn: 'matriculas',
    },
  ];
}
