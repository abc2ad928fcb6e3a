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
}

/**
 * A copy of an open event with more seats than a run can take (so every sign-up is a 201 that went through the
 * lock and the count), belonging to the same school. Made once per run; its leads stay as bench data.
 */
export async function eventoComVagas(db: Database): Promise<string> {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`insert into eventos (cliente_id, micro_franquia_id, nome_escola, tipo_escola, cep, cidade, estado,
        data_distribuicao, data_evento, horario, local, qtd_alunos, valor_total_desconto, vagas)
      select cliente_id, micro_franquia_id, nome_escola || ' (vagas)', tipo_escola, cep, cidade, estado,
        data_distribuicao, data_evento, horario, local, qtd_alunos, valor_total_desconto, 1000000
      from eventos where status = 'agendado' and is_active and data_evento >= current_date limit 1
      returning id`,
  );
  if (!row) throw new Error('no open event in the bench database: run npm run bench:data first');
  return row.id;
}

/** The cliente's event with the most seated families not yet checked in, and those families. */
export async function familiasNaPorta(
  db: Database,
  cliente: Actor,
  limit: number,
): Promise<{ eventoId: string; leadIds: string[] }> {
  const [evento] = await executeRows<{ id: string }>(
    db,
    sql`select evento_id as id from leads
      where cliente_id = ${cliente.clienteId} and presente_em is null and not lista_espera and cancelado_em is null
      group by evento_id order by count(*) desc limit 1`,
  );
  if (!evento) throw new Error('the bench cliente has no leads: run npm run bench:data first');
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select id from leads where evento_id = ${evento.id} and presente_em is null and not lista_espera
      and cancelado_em is null limit ${limit}`,
  );
  return { eventoId: evento.id, leadIds: rows.map((r) => r.id) };
}

export function inscricaoScenarios(
  seatedEventoId: string,
  porta: { eventoId: string; leadIds: string[] },
): InscricaoScenario[] {
  return [
    {
      name: 'POST /api/leads with seats (public)',
      method: 'POST',
      path: '/api/leads',
      connections: 16,
      target: { p99: 50, rps: 1500 },
      body: (n) => ({
        eventoId: seatedEventoId,
        nomeAluno: `Aluno Vagas ${process.pid}-${n}`,
        nomeResponsavel: 'Responsável Bench',
        email: `vagas.${process.pid}.${n}@email.com.br`,
        telefone: '11987654321',
        consentimento: true,
      }),
      storedIn: 'leads',
    },
    {
      // Each request a family not yet in: 201 and one audit row each; past the list, 200 'Presença já registrada'.
      name: 'check-in by name · cliente',
      method: 'POST',
      path: `/api/eventos/${porta.eventoId}/presencas`,
      account: 'cliente',
      connections: 16,
      target: { p99: 30 },
      body: (n) => ({ leadId: porta.leadIds[n % porta.leadIds.length] }),
      storedIn: 'audit_log',
    },
  ];
}
