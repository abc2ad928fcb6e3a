import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../connect';
import { franqueadores, users } from '../schema';
import { hashPassword } from '../../lib/password';
import { findUserByEmail } from '../../modules/auth/auth.repository';

/** Creates the franqueador named by FRANQUEADOR_EMAIL/PASSWORD when no franqueador exists yet. */
export async function bootstrapFranqueador(db: Database, config: Config): Promise<'created' | 'skipped'> {
  const account = config.franqueador;
  if (!account) return 'skipped';
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'franqueador')).limit(1);
  if (existing) return 'skipped';
  if (await findUserByEmail(db, account.email)) {
    throw new Error(`FRANQUEADOR_EMAIL ${account.email} already belongs to another account`);
  }
  const password = await hashPassword(account.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: account.email, password, role: 'franqueador', nome: account.nome })
      .returning({ id: users.id });
    const [franqueador] = await tx
      .insert(franqueadores)
      .values({ userId: user!.id, razaoSocial: account.nome })
      .returning({ id: franqueadores.id });
    await tx.update(users).set({ franqueadorId: franqueador!.id }).where(eq(users.id, user!.id));
  });
  return 'created';
}
