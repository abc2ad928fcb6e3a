import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { VendedorCreate, VendedorView } from '../../../shared/schemas/vendedor';
import type { Actor } from '../../access/actor';
import { users, vendedores } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { assertEmailFree, insertAccount, withUniqueConflicts } from '../usuarios';

/** A vendedor account and its row, in one transaction, under the caller's micro-franquia (DESIGN §4.1). */
export async function createVendedor(app: FastifyInstance, actor: Actor, input: VendedorCreate): Promise<VendedorView> {
  const microFranquiaId = actor.microFranquiaId;
  if (!microFranquiaId) throw forbidden();
  assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return withUniqueConflicts(() =>
    app.db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      const userId = await insertAccount(tx, {
        email: input.email,
        passwordHash,
        role: 'vendedor',
        nome: input.nome,
        cpf: input.cpf,
        dataNascimento: input.dataNascimento,
        telefone: input.telefone,
        endereco: input.endereco,
        microFranquiaId,
      });
      const [row] = await tx
        .insert(vendedores)
        .values({ microFranquiaId, userId })
        .returning({ id: vendedores.id, isActive: vendedores.isActive, createdAt: vendedores.createdAt });
      const [user] = await tx.select({ nome: users.nome, email: users.email }).from(users).where(eq(users.id, userId));
      return {
        id: row!.id,
        userId,
        microFranquiaId,
        nome: user!.nome,
        email: user!.email,
        isActive: row!.isActive,
        createdAt: row!.createdAt.toISOString(),
      };
    }),
  );
}
