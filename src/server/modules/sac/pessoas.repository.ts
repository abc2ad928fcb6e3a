import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../shared/schemas/list-query';
import type { SacUser } from '../../../shared/schemas/sac';
import type { Actor } from '../../access/actor';
import { pessoasDaRedeVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { franquias, users } from '../../db/schema';
import { pageWindow, searchInText } from '../../lib/pagination';

/** The people of the help desk (issue 19): whom a ticket is opened for or assigned to, and whom it notifies. */

export async function findUserContact(
  db: Executor,
  id: string,
): Promise<{ email: string; nome: string | null; isActive: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, nome: users.nome, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function listNetworkUsers(
  db: Executor,
  actor: Actor,
  query: ListQuery,
): Promise<{ items: SacUser[]; total: number }> {
  const where = and(pessoasDaRedeVisibleTo(actor), searchInText(query.q, users.busca));
  const { limit, offset } = pageWindow(query);
  const items = await db
    .select({ id: users.id, nome: users.nome, email: users.email, role: users.role })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { items, total: Number(count?.total ?? 0) };
}

/** The franqueador's team: who may be a ticket's responsável (the network's franqueador-side users). */
function equipeOf(actor: Actor): SQL {
  return and(
    eq(users.role, 'franqueador'),
    or(eq(users.id, actor.id), actor.franqueadorId ? eq(users.franqueadorId, actor.franqueadorId) : undefined),
  ) as SQL;
}

export async function listEquipe(db: Executor, actor: Actor): Promise<SacUser[]> {
  return db
    .select({ id: users.id, nome: users.nome, email: users.email, role: users.role })
    .from(users)
    .where(and(equipeOf(actor), eq(users.isActive, true)))
    .orderBy(asc(users.nome), asc(users.id))
    .limit(500);
}

export async function isEquipe(db: Executor, actor: Actor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), equipeOf(actor), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Who hears of a requester's message: the ticket's responsável, or without one the active franqueador users of
 * the ticket's network (through its franquia, or the requester's own network).
 */
export async function staffContacts(
  db: Executor,
  ticket: { responsavelId: string | null; franquiaId: string | null; solicitanteId: string },
): Promise<{ email: string; nome: string | null }[]> {
  if (ticket.responsavelId) {
    const contact = await findUserContact(db, ticket.responsavelId);
    return contact?.isActive ? [contact] : [];
  }
  const network = ticket.franquiaId
    ? sql`(select ${franquias.franqueadorId} from ${franquias} where ${franquias.id} = ${ticket.franquiaId})`
    : sql`(select ${users.franqueadorId} from ${users} where ${users.id} = ${ticket.solicitanteId})`;
  return db
    .select({ email: users.email, nome: users.nome })
    .from(users)
    .where(
      and(
        eq(users.role, 'franqueador'),
        eq(users.isActive, true),
        sql`${users.franqueadorId} = ${network}`,
        sql`${users.id} <> ${ticket.solicitanteId}`,
      ),
    )
    .limit(20);
}
