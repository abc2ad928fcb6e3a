/**
 * The help desk for `npm run bench` (issue 19): the franqueador's late tickets (`atrasados=true`, p99 <= 50 ms) and
 * a ticket's page -- the ticket and its conversation, read as the page reads them (p99 <= 30 ms each) -- over the
 * benchmark's 5,000 tickets and 50,000 messages.
 */
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../src/server/db/connect';

export async function busyTicketIds(db: Database): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select id from sac_tickets order by created_at desc limit 1000`,
  );
  return rows.map((r) => r.id);
}

export function sacScenarios(ticketIds: string[]) {
  const at = (n: number) => ticketIds[n % ticketIds.length]!;
  return [
    {
      name: 'sac tickets atrasados=true · franqueador',
      path: '/api/sac/tickets?atrasados=true',
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
    },
    {
      name: 'sac ticket page (ticket) · franqueador',
      path: '/api/sac/tickets/:id',
      account: 'franqueador',
      connections: 16,
      target: { p99: 30 },
      pathFor: (n: number) => `/api/sac/tickets/${at(n)}`,
    },
    {
      name: 'sac ticket page (mensagens) · franqueador',
      path: '/api/sac/tickets/:id/mensagens',
      account: 'franqueador',
      connections: 16,
      target: { p99: 30 },
      pathFor: (n: number) => `/api/sac/tickets/${at(n)}/mensagens`,
    },
  ];
}
