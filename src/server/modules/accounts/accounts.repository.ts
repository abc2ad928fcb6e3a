import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/roles';
import { USUARIO_MESSAGES } from '../../../shared/schemas/usuario';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { clientes, franquias, microFranquias, passwordResetTokens, users, vendedores } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { deleteUserSessions } from '../../plugins/sessions/sessions.repository';

/**
 * The accounts behind the network's rows (DESIGN §4.2): every franquia, micro-franquia, cliente and vendedor
 * has one user, created, edited and switched on or off together with its row.
 */

const UNIQUE_VIOLATION = '23505';

const conflict = (field: 'email' | 'cnpj') => {
  const message = field === 'email' ? USUARIO_MESSAGES.emailTaken : USUARIO_MESSAGES.cnpjTaken;
  return new HttpError(409, message, { [field]: message });
};

/** The constraint a unique violation names; drizzle wraps the driver's error (pg and PGlite both carry `code`). */
function violatedConstraint(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
}

/**
 * Runs a write and turns a unique violation into the 409 a pre-check would have given: two requests racing
 * past the check still get the same answer, never a 500.
 */
export async function withUniqueConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === undefined) throw error;
    if (constraint.includes('email')) throw conflict('email');
    if (constraint.includes('cnpj')) throw conflict('cnpj');
    throw error;
  }
}

/** 409 'Email já cadastrado' when another user has the e-mail, whatever its case. */
/**
 * A login e-mail is the key to its account's password reset: changing another account's e-mail would let the
 * editor reset that password and sign in as it (TRUST.md, "Escalation by sequences of allowed calls"). Only the
 * franqueador may change it on an edit; anyone else keeps it as it is (403).
 */
export function assertMayChangeEmail(actor: Actor, currentEmail: string, nextEmail: string): void {
  if (currentEmail.toLowerCase() === nextEmail.trim().toLowerCase()) return;
  if (actor.role !== 'franqueador')
    throw new HttpError(403, USUARIO_MESSAGES.emailChangeForbidden, { email: USUARIO_MESSAGES.emailChangeForbidden });
}

export async function assertEmailFree(db: Executor, email: string, exceptUserId?: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptUserId ? ne(users.id, exceptUserId) : undefined),
    )
    .limit(1);
  if (row) throw conflict('email');
}

export type CnpjTable = PgTable & { id: AnyPgColumn; cnpj: AnyPgColumn };

/** 409 'CNPJ já cadastrado' when another row of the same table has the CNPJ. */
export async function assertCnpjFree(db: Executor, table: CnpjTable, cnpj: string, exceptId?: string): Promise<void> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.cnpj, cnpj), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  if (row) throw conflict('cnpj');
}

export interface AccountValues {
  email: string;
  /** An invited account's is `unusablePasswordHash()` until its set-password link is used. */
  passwordHash: string;
  role: Exclude<Role, 'franqueador' | 'aluno'>;
  nome: string;
  cpf: string;
  dataNascimento?: string | null;
  telefone: string;
  endereco: string;
  microFranquiaId?: string | null;
  /** ADR 088: a unit's PIX key, set with its record. */
  chavePix?: string | null;
}

export async function insertAccount(db: Executor, values: AccountValues): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      password: values.passwordHash,
      role: values.role,
      nome: values.nome,
      cpf: values.cpf,
      dataNascimento: values.dataNascimento ?? null,
      telefone: values.telefone,
      endereco: values.endereco,
      microFranquiaId: values.microFranquiaId ?? null,
      chavePix: values.chavePix ?? null,
    })
    .returning({ id: users.id });
  return row!.id;
}

export type AccountUpdate = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'email'
    | 'nome'
    | 'cpf'
    | 'dataNascimento'
    | 'telefone'
    | 'endereco'
    | 'chavePix'
    | 'franquiaId'
    | 'microFranquiaId'
    | 'clienteId'
  >
>;

/**
 * Voids every live reset link of a user: its login e-mail changed (the link went to the old mailbox) or it was
 * switched off (a later reactivation must not hand the account to whoever kept the link). It lives here, not in
 * auth/, because only an account change voids links this way, and auth/ already depends on this module.
 */
async function voidResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ used: true })
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.used, false)));
}

/** Updates a user's account; a changed login e-mail voids the reset links sent to the old one. */
export async function updateAccount(db: Executor, userId: string, values: AccountUpdate): Promise<void> {
  if (values.email !== undefined) {
    const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (before && before.email.toLowerCase() !== values.email.toLowerCase()) await voidResetTokens(db, userId);
  }
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Switches a user on or off; switching off ends its sessions at once (DESIGN §4.1). */
export async function setAccountActive(db: Executor, userId: string, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive }).where(eq(users.id, userId));
  if (!isActive) {
    await deleteUserSessions(db, userId);
    await voidResetTokens(db, userId);
  }
}

/** A user switched on or off from Usuários takes its franquia, micro-franquia, cliente or vendedor row along. */
export async function setLinkedRowActive(db: Executor, user: { id: string; role: Role }, isActive: boolean) {
  switch (user.role) {
    case 'franquia':
      return db.update(franquias).set({ isActive }).where(eq(franquias.userId, user.id));
    case 'micro_franquia':
      return db.update(microFranquias).set({ isActive }).where(eq(microFranquias.userId, user.id));
    case 'cliente':
      return db.update(clientes).set({ isActive }).where(eq(clientes.userId, user.id));
    case 'vendedor':
      return db.update(vendedores).set({ isActive }).where(eq(vendedores.userId, user.id));
    default:
      return undefined;
  }
}
