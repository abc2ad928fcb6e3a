/**
 * Issue 20's scenarios for `npm run bench`: the public sign-up to an event with seats (the event row locked and
 * its seats counted under the lock: ADR 025) and the check-in at the door by a school's user, each check-in a
 * family not yet checked in (201 and its audit row). Targets: the sign-up's own (p99 <= 50 ms), and the
 * check-in's p99 <= 30 ms.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/server/access/actor';
import { type Database, executeRows } from '../src/server/db/connect';

export interface InscricaoScenario {
  name: string;
  method: 'POST';
  path: string;
  account?: 'cliente';
  connections: number;
  target: { p99: number; rps?: number };
  body: (n: number) => unknown;
  /** The table whose new rows prove each 2xx was stored. */
  storedIn?: string;
  pathFor?: (n: number) => string;
}

/**
 * Copies of open events with more seats than a run can take (so every sign-up is a 201 that went through the lock
 * and the count), each belonging to the same school as its original. Made once per run; their leads stay as bench
 * data. One copy is the hot spot (every sign-up on one event's row lock); 200 are a network's evening of events.
 */
export async function eventosComVagas(db: Database, n: number): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`insert into eventos (cliente_id, micro_franquia_id, nome_escola, tipo_escola, cep, cidade, estado,
        data_distribuicao, data_evento, horario, local, qtd_alunos, valor_total_desconto, vagas)
      select cliente_id, micro_franquia_id, nome_escola || ' (vagas)', tipo_escola, cep, cidade, estado,
        data_distribuicao, data_evento, horario, local, qtd_alunos, valor_total_desconto, 1000000
      from eventos where status = 'agendado' and is_active and data_evento >= current_date limit ${n}
      returning id`,
  );
  if (rows.length < n) throw new Error('too few open events in the bench database: run npm run bench:data first');
  return rows.map((r) => r.id);
}

/** A seated family not yet checked in, with its event: the check-in's path names the event, the body the lead. */
export interface FamiliaNaPorta {
  eventoId: string;
  leadId: string;
}

/**
 * Seated families of the cliente not yet checked in, across all its events (its biggest event alone holds too few
 * for a run at 16 connections: a repeat answers 200 'Presença já registrada', not the 201 measured).
 */
export async function familiasNaPorta(db: Database, cliente: Actor, limit: number): Promise<FamiliaNaPorta[]> {
  const rows = await executeRows<{ evento_id: string; id: string }>(
    db,
    sql`select evento_id, id from leads
      where cliente_id = ${cliente.clienteId} and presente_em is null and not lista_espera and cancelado_em is null
      limit ${limit}`,
  );
  if (rows.length === 0) throw new Error('the bench cliente has no leads: run npm run bench:data first');
  return rows.map((r) => ({ eventoId: r.evento_id, leadId: r.id }));
}

export function inscricaoScenarios(
  seatedEventoId: string,
  seatedEventoIds: string[],
  porta: FamiliaNaPorta[],
): InscricaoScenario[] {
  const familia = (n: number) => porta[n % porta.length]!;
  const signUp = (name: string, eventoOf: (n: number) => string): InscricaoScenario => ({
    name,
    method: 'POST',
    path: '/api/leads',
    connections: 16,
    target: { p99: 50, rps: 1500 },
    body: (n) => ({
      eventoId: eventoOf(n),
      nomeAluno: `Aluno Vagas ${process.pid}-${n}`,
      nomeResponsavel: 'Responsável Bench',
      email: `vagas.${process.pid}.${n}@email.com.br`,
      telefone: '11987654321',
      consentimento: true,
    }),
    storedIn: 'leads',
  });
  return [
    // Every sign-up on one event: they queue on its row lock by design (ADR 025), the worst case.
    signUp('POST /api/leads with seats, one event (public)', () => seatedEventoId),
    // The network's evening: sign-ups spread over 200 events with seats, as families sign up at many schools.
    signUp('POST /api/leads with seats, 200 events (public)', (n) => seatedEventoIds[n % seatedEventoIds.length]!),
    {
      // Each request a family not yet in: 201 and one audit row each; past the list, 200 'Presença já registrada'.
      name: 'check-in by name · cliente',
      method: 'POST',
      path: '/api/eventos/:id/presencas',
      account: 'cliente',
      connections: 16,
      target: { p99: 30 },
      pathFor: (n) => `/api/eventos/${familia(n).eventoId}/presencas`,
      body: (n) => ({ leadId: familia(n).leadId }),
      storedIn: 'audit_log',
    },
  ];
}
