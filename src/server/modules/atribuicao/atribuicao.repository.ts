import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { eventosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { eventos, vendedores } from '../../db/schema';

/** The share link's code of the vendedor signed in (issue 48): its own row only, active or not. */
export async function findCodigoDoVendedor(db: Executor, vendedorId: string): Promise<string | null> {
  const [row] = await db
    .select({ codigo: vendedores.codigoIndicacao })
    .from(vendedores)
    .where(eq(vendedores.id, vendedorId));
  return row?.codigo ?? null;
}

/** An event's share link's code, when the event is in the caller's scope; null otherwise (the route's 404). */
export async function findCodigoDoEvento(db: Executor, actor: Actor, eventoId: string): Promise<string | null> {
  const [row] = await db
    .select({ codigo: eventos.codigoIndicacao })
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), eventosVisibleTo(actor)));
  return row?.codigo ?? null;
}
