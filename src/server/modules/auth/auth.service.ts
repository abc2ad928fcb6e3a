import { ROLE_LABELS, type Role } from '../../../shared/roles';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../shared/schemas/auth';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth';
import { HttpError } from '../../lib/http-error';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { digest, newToken } from '../../lib/tokens';
import {
  emailChangeConfirmEmail,
  emailChangedNotice,
  passwordResetEmail,
  inviteEmail,
  setPasswordEmail,
} from '../../mail/templates';
import type { Executor } from '../../db/connect';
import { assertEmailFree, updateAccount, withUniqueConflicts } from '../accounts';
import {
  consumeEmailChangeToken,
  consumeResetToken,
  findUserById,
  findUserByEmail,
  isLiveResetToken,
  replaceResetToken,
  updatePassword,
} from './auth.repository';
import { deleteUserSessions } from '../../plugins/sessions/sessions.repository';
import { alteracoesDe, audit } from '../auditoria';
import { daConta, enfileirarEmail } from '../../jobs';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The aluno's first link, 'Definir senha' (issue 23): sent when the matrícula is made, read days later. */
export const SET_PASSWORD_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a reset link still works, so its screen says so on opening (issue 23). Consumes nothing. */
export async function resetLinkIsLive(app: FastifyInstance, token: string): Promise<boolean> {
  return isLiveResetToken(app.db, digest(token), app.clock.now());
}

/** Checks e-mail and password; answers the user or throws 401 (one message for both) or 403 (inactive). */
export async function authenticate(
  app: FastifyInstance,
  email: string,
  password: string,
  address: string,
): Promise<SessionUser> {
  const account = email.trim().toLowerCase();
  await app.loginGuard.check(address, account, app.clock.now().getTime());
  const user = await findUserByEmail(app.db, email);
  const valid = user ? await verifyPassword(user.password, password) : await verifyAgainstDummy(password);
  const ator = user ? { id: user.id, role: user.role } : null;
  if (!user || !valid) {
    await app.loginGuard.failed(address, account, app.clock.now().getTime());
    // The attempt is recorded against the account it named, if any; the e-mail typed is masked (issue 17).
    await audit(app.db, {
      acao: 'auth.login_falhou',
      entidadeId: user?.id ?? null,
      ator,
      detalhes: { email: account, motivo: 'credenciais' },
    });
    throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
  }
  await app.loginGuard.succeeded(address, account, app.clock.now().getTime());
  if (!user.isActive) {
    await audit(app.db, {
      acao: 'auth.login_falhou',
      entidadeId: user.id,
      ator,
      detalhes: { email: account, motivo: 'inativo' },
    });
    throw new HttpError(403, AUTH_MESSAGES.inactiveUser);
  }
  return { id: user.id, email: user.email, nome: user.nome, role: user.role };
}

/**
 * Issues a reset token and e-mails its link, built from APP_URL only (never from the request's Host).
 * Unknown or inactive e-mails do nothing; the caller answers the same either way.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  const ator = user ? { id: user.id, role: user.role } : null;
  const pedido = { acao: 'auth.senha_esquecida', entidadeId: user?.id ?? null, ator } as const;
  if (!user || !user.isActive) {
    await audit(app.db, { ...pedido, detalhes: { email: email.trim().toLowerCase(), enviado: false } });
    return;
  }
  // The token, its audit row and the e-mail's job commit together: the link is never issued without being sent.
  await issueResetLink(app, app.db, user.id, async (tx, url) => {
    await audit(tx, { ...pedido, detalhes: { enviado: true } });
    await enfileirarEmail(app, tx, { to: user.email, ...passwordResetEmail(user.nome, url) }, daConta(user.id));
  });
}

/** Also used when an aluno account is created: the same single-use link sets its first password. */
export async function issueResetLink(
  app: FastifyInstance,
  db: Executor,
  userId: string,
  also?: (tx: Executor, url: string) => Promise<void>,
  { ttlMs = RESET_TOKEN_TTL_MS, definir = false }: { ttlMs?: number; definir?: boolean } = {},
): Promise<string> {
  const token = newToken();
  const now = app.clock.now();
  // A first password's link opens as 'Definir senha' (issue 23).
  const url = `${app.config.appUrl}/reset-password?token=${encodeURIComponent(token)}${definir ? '&definir=1' : ''}`;
  await db.transaction(async (tx) => {
    await replaceResetToken(tx, {
      userId,
      tokenDigest: digest(token),
      expiresAt: new Date(now.getTime() + ttlMs),
      now,
    });
    await also?.(tx, url);
  });
  return url;
}

/** The aluno's set-password link, issued and queued in the transaction `db` (the matrícula's). */
export async function sendSetPasswordEmail(
  app: FastifyInstance,
  db: Executor,
  user: { id: string; email: string; nome: string | null },
) {
  await issueResetLink(
    app,
    db,
    user.id,
    (tx, url) => enfileirarEmail(app, tx, { to: user.email, ...setPasswordEmail(user.nome, url) }, daConta(user.id)),
    { ttlMs: SET_PASSWORD_TOKEN_TTL_MS, definir: true },
  );
}

/** 'Enviar convite': the set-password link of a new franquia, micro-franquia, cliente or vendedor account. */
export async function sendInviteEmail(
  app: FastifyInstance,
  db: Executor,
  user: { id: string; email: string; nome: string | null; role: Role },
) {
  await issueResetLink(app, db, user.id, (tx, url) =>
    enfileirarEmail(
      app,
      tx,
      { to: user.email, ...inviteEmail(user.nome, ROLE_LABELS[user.role], url) },
      daConta(user.id),
    ),
  );
}

/** Sets the new password and ends every session of that user, in one transaction. */
export async function resetPassword(app: FastifyInstance, token: string, newPassword: string): Promise<void> {
  // A dead link is told first; a common password is refused before the link is spent, so it stays usable.
  if (!(await isLiveResetToken(app.db, digest(token), app.clock.now()))) {
    throw new HttpError(400, AUTH_MESSAGES.resetLinkInvalid);
  }
  assertUncommonPassword(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const done = await app.db.transaction(async (tx) => {
    const row = await consumeResetToken(tx, digest(token), app.clock.now());
    if (!row) return false;
    await updatePassword(tx, row.userId, passwordHash);
    await deleteUserSessions(tx, row.userId);
    const user = await findUserById(tx, row.userId);
    await audit(tx, {
      acao: 'auth.senha_redefinida',
      entidadeId: row.userId,
      ator: { id: row.userId, role: user?.role ?? null },
    });
    return true;
  });
  if (!done) throw new HttpError(400, AUTH_MESSAGES.resetLinkInvalid);
}

/**
 * The owner's own login e-mail change (TRUST.md, "Escalation by sequences of allowed calls"): confirmed by its
 * current password, then by a link sent to the new address; the old address is told once the change is made.
 * Nobody else but the franqueador changes a login e-mail.
 */
export async function requestEmailChange(
  app: FastifyInstance,
  userId: string,
  input: { email: string; password: string },
): Promise<void> {
  const user = await findUserById(app.db, userId);
  if (!user) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
  if (!(await verifyPassword(user.password, input.password))) {
    throw new HttpError(400, AUTH_MESSAGES.emailChangeWrongPassword, {
      password: AUTH_MESSAGES.emailChangeWrongPassword,
    });
  }
  const newEmail = input.email.trim().toLowerCase();
  if (newEmail === user.email.toLowerCase()) {
    throw new HttpError(400, AUTH_MESSAGES.emailChangeSame, { email: AUTH_MESSAGES.emailChangeSame });
  }
  await assertEmailFree(app.db, newEmail, user.id);
  const token = newToken();
  const now = app.clock.now();
  const url = `${app.config.appUrl}/api/user/email/confirm?token=${encodeURIComponent(token)}`;
  await app.db.transaction(async (tx) => {
    await replaceResetToken(tx, {
      userId: user.id,
      tokenDigest: digest(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      now,
      newEmail,
    });
    await enfileirarEmail(app, tx, { to: newEmail, ...emailChangeConfirmEmail(user.nome, url) }, daConta(user.id));
    await audit(tx, {
      acao: 'usuario.email_solicitado',
      entidadeId: user.id,
      alteracoes: alteracoesDe({ email: user.email }, { email: newEmail }),
    });
  });
}

/** Applies a confirmed e-mail change; the old address gets a notice. Throws 400 for a dead link, 409 if taken. */
export async function confirmEmailChange(app: FastifyInstance, token: string): Promise<void> {
  const changed = await withUniqueConflicts(() =>
    app.db.transaction(async (tx) => {
      const row = await consumeEmailChangeToken(tx, digest(token), app.clock.now());
      if (!row) return null;
      const user = await findUserById(tx, row.userId);
      if (!user) return null;
      await assertEmailFree(tx, row.newEmail, user.id);
      await updateAccount(tx, user.id, { email: row.newEmail });
      await audit(tx, {
        acao: 'usuario.email_alterado',
        entidadeId: user.id,
        ator: { id: user.id, role: user.role },
        alteracoes: alteracoesDe({ email: user.email }, { email: row.newEmail }),
      });
      await enfileirarEmail(app, tx, { to: user.email, ...emailChangedNotice(user.nome) }, daConta(user.id));
      return true;
    }),
  );
  if (!changed) throw new HttpError(400, AUTH_MESSAGES.emailChangeLinkInvalid);
}
