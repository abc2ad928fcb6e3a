import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { sessions, users, vendedores } from '../../db/schema';
import type { Actor } from '../../access/actor';

/**
 * Told synchronously when this process ends sessions, so a cache in the same process never serves one after the
 * statement that ended it (other processes hear it from the database at commit, migration 0002).
 */
type EndedSessions = { sessionId: string } | { userId: string };
const endedSessionListeners = new Set<(ended: EndedSessions) => void>();

export function onSessionsEnded(listener: (ended: EndedSessions) => void): () => void {
  endedSessionListeners.add(listener);
  return () => endedSessionListeners.delete(listener);
}

function sessionsEnded(ended: EndedSessions) {
  for (const listener of endedSessionListeners) listener(ended);
}

export interface SessionRow {
  actor: Actor;
  isActive: boolean;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  lastUsedAt: Date;
}

/** One indexed lookup per request: the session, its user and the user's place in the tree. */
export async function findSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      nome: users.nome,
      role: users.role,
      franqueadorId: users.franqueadorId,
      franquiaId: users.franquiaId,
      microFranquiaId: users.microFranquiaId,
      clienteId: users.clienteId,
      vendedorId: vendedores.id,
      isActive: users.isActive,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(vendedores, eq(vendedores.userId, users.id))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return undefined;
  const { isActive, expiresAt, absoluteExpiresAt, lastUsedAt, ...actor } = row;
  return { actor, isActive, expiresAt, absoluteExpiresAt, lastUsedAt };
}

export async function insertSession(
  db: Executor,
  values: {
    id: string;
    userId: string;
    now: Date;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    userAgent?: string;
    ip?: string;
  },
): Promise<void> {
  await db.insert(sessions).values({
    id: values.id,
    userId: values.userId,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: values.expiresAt,
    absoluteExpiresAt: values.absoluteExpiresAt,
    userAgent: values.userAgent?.slice(0, 300),
    ip: values.ip?.slice(0, 64),
  });
}

export async function touchSession(db: Executor, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  sessionsEnded({ sessionId: id });
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user: password reset, deactivation. */
export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  sessionsEnded({ userId });
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user but one (the one that changed the password, or asked to end the others). */
/** Ends every session of a user but one; answers how many ended. */
export async function deleteOtherSessions(db: Executor, userId: string, keepId: string): Promise<number> {
  sessionsEnded({ userId });
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends one session of a user; false when the user has no such session. */
export async function deleteSessionOf(db: Executor, userId: string, id: string): Promise<boolean> {
  sessionsEnded({ sessionId: id });
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** A user's live sessions, most recently used first. */
export async function listUserSessions(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), sessions.id)
    .limit(200);
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)));
}
