import { and, eq } from 'drizzle-orm';
import type { VendedorView } from '../../../shared/schemas/vendedor';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { users, vendedores } from '../../db/schema';

export async function insertVendedor(db: Executor, values: typeof vendedores.$inferInsert): Promise<string> {
  const [row] = await db.insert(vendedores).values(values).returning({ id: vendedores.id });
  return row!.id;
}

/** A vendedor of the caller's micro-franquia, with its account; undefined otherwise. */
export async function findVendedor(db: Executor, actor: Actor, id: string) {
  if (!actor.microFranquiaId) return undefined;
  const [row] = await db
    .select({
      id: vendedores.id,
      userId: vendedores.userId,
      microFranquiaId: vendedores.microFranquiaId,
      isActive: vendedores.isActive,
      createdAt: vendedores.createdAt,
      user: { nome: users.nome, email: users.email },
    })
    .from(vendedores)
    .innerJoin(users, eq(users.id, vendedores.userId))
    .where(and(eq(vendedores.id, id), eq(vendedores.microFranquiaId, actor.microFranquiaId)))
    .limit(1);
  return row;
}

export function toVendedorView({
  user,
  createdAt,
  ...row
}: NonNullable<Awaited<ReturnType<typeof findVendedor>>>): VendedorView {
  return { ...row, nome: user.nome, email: user.email, createdAt: createdAt.toISOString() };
}
