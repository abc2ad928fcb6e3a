import { and, asc, eq, sql } from 'drizzle-orm';
import type { ListQuery } from '../../../shared/schemas/list-query';
import type { AnexoTipo, SacAnexo, SacMensagem } from '../../../shared/schemas/sac';
import type { Actor } from '../../access/actor';
import { ticketsVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { sacAnexos, sacMensagens, sacTickets, users } from '../../db/schema';
import { pageWindow } from '../../lib/pagination';

/** A ticket's conversation (issue 19): its messages, internal notes and attachments. */

export async function insertMensagem(
  db: Executor,
  values: { ticketId: string; autorId: string; texto: string; interna: boolean; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(sacMensagens)
    .values({
      ticketId: values.ticketId,
      autorId: values.autorId,
      texto: values.texto,
      interna: values.interna,
      createdAt: values.now,
    })
    .returning({ id: sacMensagens.id });
  return row!.id;
}

export async function insertAnexos(
  db: Executor,
  mensagemId: string,
  anexos: (SacAnexo & { now: Date })[],
): Promise<void> {
  if (anexos.length === 0) return;
  await db.insert(sacAnexos).values(
    // A millisecond apart, so the files keep the order they were sent in.
    anexos.map((a, i) => ({
      id: a.id,
      mensagemId,
      nome: a.nome,
      tipo: a.tipo,
      tamanho: a.tamanho,
      createdAt: new Date(a.now.getTime() + i),
    })),
  );
}

/**
 * A ticket's conversation, oldest first, paged in SQL, or undefined when the ticket is not the caller's to read.
 * Internal notes only for the franqueador: the condition is in the query, so no page, count or attachment of the
 * requester's side ever holds one. One statement in the usual case -- the page, its total (a window count) and each
 * message's attachments (a JSON subquery), under the ticket's scope -- and a second only for an empty page, to tell
 * a ticket without messages (or a page past the end) from a ticket out of scope.
 */
export async function listMensagens(
  db: Executor,
  actor: Actor,
  ticketId: string,
  query: ListQuery,
  onlyId?: string,
): Promise<{ items: SacMensagem[]; total: number } | undefined> {
  const visible = sql`exists (select 1 from ${sacTickets} where ${sacTickets.id} = ${ticketId} and ${ticketsVisibleTo(actor)})`;
  const where = and(
    eq(sacMensagens.ticketId, ticketId),
    onlyId ? eq(sacMensagens.id, onlyId) : undefined,
    actor.role === 'franqueador' ? undefined : eq(sacMensagens.interna, false),
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: sacMensagens.id,
      texto: sacMensagens.texto,
      interna: sacMensagens.interna,
      createdAt: sacMensagens.createdAt,
      autorId: users.id,
      autorNome: users.nome,
      autorRole: users.role,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      anexos: sql<
        AnexoRow[] | string
      >`(select coalesce(json_agg(json_build_object('id', ${sacAnexos.id}, 'nome', ${sacAnexos.nome}, 'tipo', ${sacAnexos.tipo}, 'tamanho', ${sacAnexos.tamanho}) order by ${sacAnexos.createdAt}, ${sacAnexos.id}), '[]'::json) from ${sacAnexos} where ${sacAnexos.mensagemId} = ${sacMensagens.id})`,
    })
    .from(sacMensagens)
    .innerJoin(users, eq(users.id, sacMensagens.autorId))
    .where(and(where, visible))
    .orderBy(asc(sacMensagens.createdAt), asc(sacMensagens.id))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) {
    const [row] = await db
      .select({
        visible: sql<boolean>`${visible}`,
        total: sql<number>`(select count(*) from ${sacMensagens} where ${where})`.mapWith(Number),
      })
      .from(sql`(select 1) as um`);
    if (!row?.visible) return undefined;
    return { items: [], total: row.total };
  }
  const items = rows.map((r) => ({
    id: r.id,
    texto: r.texto,
    interna: r.interna,
    autor: { id: r.autorId, nome: r.autorNome, role: r.autorRole },
    em: r.createdAt.toISOString(),
    anexos: (typeof r.anexos === 'string' ? (JSON.parse(r.anexos) as AnexoRow[]) : r.anexos).map((a) => ({
      id: a.id,
      nome: a.nome,
      tipo: a.tipo as AnexoTipo,
      tamanho: a.tamanho,
    })),
  }));
  return { items, total: rows[0]!.total };
}

type AnexoRow = { id: string; nome: string; tipo: string; tamanho: number };

/** One message as the caller may read it (the answer to its POST). */
export async function findMensagem(
  db: Executor,
  actor: Actor,
  ticketId: string,
  id: string,
): Promise<SacMensagem | undefined> {
  const page = await listMensagens(db, actor, ticketId, { page: 1, pageSize: 1, q: undefined }, id);
  return page?.items[0];
}

/**
 * An attachment the caller may read: the message's ticket in the caller's scope, and an internal note's files
 * only for the franqueador. Anything else answers as absent.
 */
export async function findAnexo(
  db: Executor,
  actor: Actor,
  id: string,
): Promise<{ id: string; nome: string; tipo: string; tamanho: number } | undefined> {
  const [row] = await db
    .select({ id: sacAnexos.id, nome: sacAnexos.nome, tipo: sacAnexos.tipo, tamanho: sacAnexos.tamanho })
    .from(sacAnexos)
    .innerJoin(sacMensagens, eq(sacMensagens.id, sacAnexos.mensagemId))
    .innerJoin(sacTickets, eq(sacTickets.id, sacMensagens.ticketId))
    .where(
      and(
        eq(sacAnexos.id, id),
        ticketsVisibleTo(actor),
        actor.role === 'franqueador' ? undefined : eq(sacMensagens.interna, false),
      ),
    )
    .limit(1);
  return row;
}
