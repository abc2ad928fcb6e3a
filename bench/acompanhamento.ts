/**
 * The follow-up's scenarios for `npm run bench` (issue 16): a lead's panel, the list filters a seller opens
 * every morning (returns due today, a status) for the vendedor and for the franqueador, the dashboard's counts,
 * and registering a contact. Totals are checked against row-by-row counts, not the indexes the endpoint reads.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Actor } from '../src/server/access/actor';
import { leadsVisibleTo } from '../src/server/access/scope';
import { type Database, executeRows } from '../src/server/db/connect';
import { leads } from '../src/server/db/schema';
import { todayInBrasilia } from '../src/shared/brasilia';
import { countAcompanhamento } from '../src/server/modules/leads';
import { getLeadDetalhe } from '../src/server/modules/leads/acompanhamento.service';
import { listLeads } from '../src/server/modules/leads/leads.repository';
import { LEAD_STATUSES_ABERTOS } from '../src/shared/schemas/acompanhamento';
import { leadsListQuerySchema } from '../src/shared/schemas/funnel';

export type FollowUpAccount = 'franqueador' | 'vendedor' | 'cliente';

export interface FollowUpScenario {
  name: string;
  method?: 'POST' | 'PATCH';
  path: string;
  account: FollowUpAccount;
  connections: number;
  target: { p99: number };
  query?: (db: Database, actor: Actor) => Promise<unknown>;
  exactTotal?: (db: Database, actor: Actor) => Promise<number>;
  /** A POST's body and the path it goes to, per request (a seller logs contacts on many leads). */
  body?: (n: number) => unknown;
  pathFor?: (n: number) => string;
  /** The table whose new rows prove each 201 was stored. */
  storedIn?: string;
}

const open = sql.raw(`status in (${LEAD_STATUSES_ABERTOS.map((s) => `'${s}'`).join(', ')})`);

/** Counted row by row with a plain scan of the scope: what X-Total-Count must equal. */
function countWhere(where: (actor: Actor) => ReturnType<typeof and>) {
  return async (db: Database, actor: Actor) => {
    const [row] = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select * from ${leads} where ${where(actor)} offset 0) l`,
    );
    return Number(row?.n ?? 0);
  };
}

/** Followed leads of the vendedor's scope, for the panel and the contacts. */
export async function followedLeadIds(db: Database, vendedor: Actor, limit: number): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select id from ${leads} where vendedor_id = ${vendedor.vendedorId} and primeiro_contato_em is not null
      order by created_at desc limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

export function followUpScenarios(now: Date, leadIds: string[]): FollowUpScenario[] {
  const today = todayInBrasilia(now);
  const query = (q: Record<string, unknown>) => leadsListQuerySchema.parse(q);
  const clock = { today, now };
  const panelId = leadIds[0]!;
  const hoje = countWhere((a) => and(leadsVisibleTo(a), eq(leads.proximoContatoEm, today), open));
  const status = (s: 'em_contato' | 'novo' | 'sem_interesse') =>
    countWhere((a) => and(leadsVisibleTo(a), sql`${leads.status}::text = ${s}`));
  return [
    {
      name: 'lead panel · vendedor',
      path: `/api/leads/${panelId}`,
      account: 'vendedor',
      connections: 16,
      target: { p99: 30 },
      query: (db, a) => getLeadDetalhe(db, a, panelId),
    },
    {
      name: 'lead panel · franqueador',
      path: `/api/leads/${panelId}`,
      account: 'franqueador',
      connections: 16,
      target: { p99: 30 },
      query: (db, a) => getLeadDetalhe(db, a, panelId),
    },
    ...(['vendedor', 'franqueador'] as const).flatMap((account): FollowUpScenario[] => [
      {
        name: `leads retorno=hoje · ${account}`,
        path: '/api/leads?retorno=hoje',
        account,
        connections: 16,
        target: { p99: 50 },
        query: (db, a) => listLeads(db, a, query({ retorno: 'hoje' }), clock),
        exactTotal: hoje,
      },
      {
        name: `leads status=em_contato · ${account}`,
        path: '/api/leads?status=em_contato',
        account,
        connections: 16,
        target: { p99: 50 },
        query: (db, a) => listLeads(db, a, query({ status: 'em_contato' }), clock),
        exactTotal: status('em_contato'),
      },
      {
        name: `leads status=sem_interesse · ${account}`,
        path: '/api/leads?status=sem_interesse',
        account,
        connections: 16,
        target: { p99: 50 },
        query: (db, a) => listLeads(db, a, query({ status: 'sem_interesse' }), clock),
        exactTotal: status('sem_interesse'),
      },
      {
        name: `leads status=novo · ${account}`,
        path: '/api/leads?status=novo',
        account,
        connections: 16,
        target: { p99: 50 },
        query: (db, a) => listLeads(db, a, query({ status: 'novo' }), clock),
        exactTotal: status('novo'),
      },
    ]),
    {
      name: 'leads semContato=48h · vendedor',
      path: '/api/leads?semContato=48h',
      account: 'vendedor',
      connections: 16,
      target: { p99: 50 },
      // The 48 hours end when the count is made: a lead may cross them while the run goes on.
      exactTotal: countWhere((a) =>
        and(
          leadsVisibleTo(a),
          isNull(leads.primeiroContatoEm),
          open,
          lt(leads.createdAt, new Date(Date.now() - 48 * 3_600_000)),
        ),
      ),
    },
    ...(['vendedor', 'cliente'] as const).map((account): FollowUpScenario => ({
      name: `dashboard acompanhamento · ${account}`,
      path: '/api/dashboard/acompanhamento',
      account,
      connections: 16,
      target: { p99: 30 },
      query: (db, a) => countAcompanhamento(db, a, today, now),
    })),
    ...(
      [
        ['franqueador', 'franquia'],
        ['vendedor', 'cliente'],
        ['cliente', 'evento'],
      ] as const
    ).map(([account, agrupar]): FollowUpScenario => ({
      name: `relatório acompanhamento 30 d by ${agrupar} · ${account}`,
      path: `/api/relatorios/acompanhamento?agrupar=${agrupar}`,
      account,
      connections: 16,
      target: { p99: 100 },
    })),
    {
      name: 'relatório acompanhamento 1 year by franquia · franqueador',
      path: `/api/relatorios/acompanhamento?agrupar=franquia&de=${todayInBrasilia(new Date(now.getTime() - 364 * 86_400_000))}&ate=${today}`,
      account: 'franqueador',
      connections: 16,
      target: { p99: 150 },
    },
    {
      name: 'responsáveis of a lead · franqueador',
      path: `/api/leads/${panelId}/responsaveis`,
      account: 'franqueador',
      connections: 16,
      target: { p99: 30 },
    },
    {
      name: 'PATCH status · vendedor (500 leads in turn)',
      method: 'PATCH',
      path: `/api/leads/${panelId}`,
      account: 'vendedor',
      connections: 16,
      target: { p99: 30 },
      pathFor: (n) => `/api/leads/${leadIds[n % leadIds.length]}`,
      // Each round over the 500 leads flips them between the two statuses: every answer a real change.
      body: (n) => ({ status: Math.floor(n / leadIds.length) % 2 ? 'interessado' : 'em_contato' }),
    },
    {
      name: 'POST contato · vendedor (500 leads in turn)',
      method: 'POST',
      path: `/api/leads/${panelId}/contatos`,
      account: 'vendedor',
      connections: 16,
      target: { p99: 30 },
      pathFor: (n) => `/api/leads/${leadIds[n % leadIds.length]}/contatos`,
      body: (n) => ({ canal: n % 2 ? 'telefone' : 'whatsapp', resultado: 'nao_atendeu' }),
      storedIn: 'lead_historico',
    },
  ];
}
