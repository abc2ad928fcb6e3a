import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { passwordResetTokens, users } from '../../db/schema';

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

export async function findUserById(db: Executor, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function updatePassword(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
}

/** A new token voids every older one of the same user. */
export async function replaceResetToken(
  db: Executor,
  values: { userId: string; tokenDigest: string; expiresAt: Date; now: Date; newEmail?: string },
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ used: true })
    .where(and(eq(passwordResetTokens.userId, values.userId), eq(passwordResetTokens.used, false)));
  await db.insert(passwordResetTokens).values({
    userId: values.userId,
    token: values.tokenDigest,
    expiresAt: values.expiresAt,
    createdAt: values.now,
    newEmail: values.newEmail ?? null,
  });
}

/** True while a reset token is live for an active user (read only: the reset itself consumes it atomically). */
export async function isLiveResetToken(db: Executor, tokenDigest: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.token, tokenDigest),
        eq(passwordResetTokens.used, false),
        gt(passwordResetTokens.expiresAt, now),
        isNull(passwordResetTokens.newEmail),
        sql`exists (select 1 from ${users} where ${users.id} = ${passwordResetTokens.userId} and ${users.isActive})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Marks a live token used and answers its user; undefined when the token is unknown, used or expired, or its
 * user is switched off.
 */
export async function consumeResetToken(db: Executor, tokenDigest: string, now: Date) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ used: true })
    .where(
      and(
        eq(passwordResetTokens.token, tokenDigest),
        eq(passwordResetTokens.used, false),
        gt(passwordResetTokens.expiresAt, now),
        isNull(passwordResetTokens.newEmail),
        sql`exists (select 1 from ${users} where ${users.id} = ${passwordResetTokens.userId} and ${users.isActive})`,
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

/** Marks a live e-mail change token used and answers its user and new e-mail, for an active user only. */
export async function consumeEmailChangeToken(db: Executor, tokenDigest: string, now: Date) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ used: true })
    .where(
      and(
        eq(passwordResetTokens.token, tokenDigest),
        eq(passwordResetTokens.used, false),
        gt(passwordResetTokens.expiresAt, now),
        isNotNull(passwordResetTokens.newEmail),
        sql`exists (select 1 from ${users} where ${users.id} = ${passwordResetTokens.userId} and ${users.isActive})`,
      ),
    )
    .returning({ userId: passwordResetTokens.userId, newEmail: passwordResetTokens.newEmail });
  return row as { userId: string; newEmail: string } | undefined;
}

/** Minha conta's own data of a user (issue 17). */
export async function findPerfil(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, nome: users.nome, telefone: users.telefone, chavePix: users.chavePix })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Sets the fields given (undefined leaves one as it is). */
export async function updatePerfil(
  db: Executor,
  userId: string,
  change: { nome?: string; telefone?: string | null; chavePix?: string | null },
): Promise<void> {
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, userId));
}
