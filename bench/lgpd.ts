/**
 * The titulares' rights for `npm run bench` (issue 18): a titular found by e-mail and by CPF in the franqueador's
 * network (p99 <= 50 ms at 16 connections), and one titular anonymised (p99 <= 100 ms). The anonymisation runs
 * last of all: it rewrites the leads it names (their counts and reports stay as they were).
 */
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../src/server/db/connect';

export interface LgpdBenchInput {
  /** E-mails of leads, one per request (each anonymisation takes a different titular). */
  emails: string[];
  /** Guardians' CPFs of pré-matrículas. */
  cpfs: string[];
}

export async function lgpdBenchInput(db: Database, franqueadorId: string): Promise<LgpdBenchInput> {
  const emails = await executeRows<{ email: string }>(
    db,
    sql`select email from leads where franqueador_id = ${franqueadorId} and anonimizado_em is null
      order by created_at desc limit 20000`,
  );
  const cpfs = await executeRows<{ cpf: string }>(
    db,
    sql`select cpf_responsavel as cpf from pre_matriculas
      where franqueador_id = ${franqueadorId} and cpf_responsavel is not null order by created_at desc limit 2000`,
  );
  return { emails: emails.map((r) => r.email), cpfs: cpfs.map((r) => r.cpf) };
}

export function lgpdScenarios(input: LgpdBenchInput) {
  const at = <T>(list: T[], n: number) => list[n % list.length]!;
  return [
    {
      name: 'lgpd titular by e-mail · franqueador',
      path: '/api/lgpd/titulares',
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
      pathFor: (n: number) => `/api/lgpd/titulares?q=${encodeURIComponent(at(input.emails, n + 10_000))}`,
    },
    {
      name: 'lgpd titular by CPF · franqueador',
      path: '/api/lgpd/titulares',
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
      pathFor: (n: number) => `/api/lgpd/titulares?q=${at(input.cpfs, n)}`,
    },
    {
      name: 'lgpd anonimizar one titular · franqueador',
      method: 'POST' as const,
      path: '/api/lgpd/titulares/anonimizar',
      account: 'franqueador',
      connections: 4,
      target: { p99: 100 },
      // The first 10,000 e-mails, each once; the searches above read the others.
      body: (n: number) => ({ email: input.emails[n % 10_000] }),
      storedIn: 'audit_log',
    },
  ];
}
