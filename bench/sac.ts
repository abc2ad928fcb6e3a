/**
 * The help desk for `npm run bench` (issue 19): the franqueador's late tickets (`atrasados=true`, p99 <= 50 ms; the
 * API's default page of 50 and the screen's page of 20) and
 * a ticket's page -- the ticket and its conversation, read as the page reads them (p99 <= 30 ms each) -- over the
 * benchmark's 5,000 tickets and 50,000 messages.
 */
import { desc, sql } from 'drizzle-orm';
import type { Actor } from '../src/server/access/actor';
import { ticketsVisibleTo } from '../src/server/access/scope';
import { type Database, executeRows } from '../src/server/db/connect';
import { sacTickets } from '../src/server/db/schema';

/**
 * The generated bench's path for a ticket's conversation (`/api/sac/tickets/:id/mensagens`), per account: the
 * ticket with the longest conversation the account reads, so its deepest page is a deep one.
 */
export async function conversationPathOf(db: Database, actor: Actor): Promise<Record<string, string>> {
  const [ticket] = await db
    .select({ id: sacTickets.id })
    .from(sacTickets)
    .where(ticketsVisibleTo(actor))
    .orderBy(desc(sql`(select count(*) from sac_mensagens m where m.ticket_id = ${sacTickets.id})`))
    .limit(1);
  return ticket ? { '/api/sac/tickets/:id/mensagens': `/api/sac/tickets/${ticket.id}/mensagens` } : {};
}

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
      // The request the SAC screen sends when 'Atrasados' is ticked: its page is 20 tickets (TICKETS_PAGE_SIZE).
      name: 'sac tickets atrasados=true as the screen asks (20 a page) · franqueador',
      path: '/api/sac/tickets?page=1&pageSize=20&atrasados=true',
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
