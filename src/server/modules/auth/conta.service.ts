import type { FastifyInstance } from 'fastify';
import {
  CONTA_MESSAGES,
  type AlterarSenhaInput,
  type Perfil,
  type PerfilInput,
  type Sessao,
  dispositivoDe,
} from '../../../shared/schemas/conta';
import type { Executor } from '../../db/connect';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { HttpError, notFound } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { digest } from '../../lib/tokens';
import { deleteOtherSessions, deleteSessionOf, listUserSessions } from '../../plugins/sessions/sessions.repository';
import { findPerfil, findUserById, updatePassword, updatePerfil } from './auth.repository';

/**
 * Minha conta (issue 17): what a signed-in person changes of their own account. Every call acts on the caller's
 * own user and sessions; an id of anything else answers as unknown.
 */

/** A session named without its secret: the session row's id is the digest of the cookie; this is a digest of it. */
const publicId = (sessionId: string) => digest(sessionId).slice(0, 32);

export async function getPerfil(db: Executor, userId: string): Promise<Perfil> {
  const perfil = await findPerfil(db, userId);
  if (!perfil) throw notFound();
  return perfil;
}

export async function editPerfil(db: Executor, userId: string, input: PerfilInput): Promise<Perfil> {
  await updatePerfil(db, userId, { nome: input.nome, telefone: input.telefone });
  return getPerfil(db, userId);
}

/**
 * A new password under the reset's rules, confirmed by the current one; every other session of the person ends
 * (a password changed because it leaked must lock the thief out), this one goes on.
 */
export async function alterarSenha(
  app: FastifyInstance,
  userId: string,
  sessionId: string,
  input: AlterarSenhaInput,
): Promise<void> {
  const user = await findUserById(app.db, userId);
  if (!user || !(await verifyPassword(user.password, input.senhaAtual))) {
    throw new HttpError(400, CONTA_MESSAGES.senhaAtualIncorreta, { senhaAtual: CONTA_MESSAGES.senhaAtualIncorreta });
  }
  assertUncommonPassword(input.novaSenha, 'novaSenha');
  const passwordHash = await hashPassword(input.novaSenha);
  await app.db.transaction(async (tx) => {
    await updatePassword(tx, userId, passwordHash);
    await deleteOtherSessions(tx, userId, sessionId);
  });
}

export async function listSessoes(app: FastifyInstance, userId: string, sessionId: string): Promise<Sessao[]> {
  const rows = await listUserSessions(app.db, userId, app.clock.now());
  return rows.map((row) => ({
    id: publicId(row.id),
    criadaEm: row.createdAt.toISOString(),
    ultimoUsoEm: row.lastUsedAt.toISOString(),
    ip: row.ip,
    dispositivo: dispositivoDe(row.userAgent),
    atual: row.id === sessionId,
  }));
}

/** Ends one of the caller's sessions by its public id; another person's, or an unknown one, is 404. */
export async function encerrarSessao(app: FastifyInstance, userId: string, id: string): Promise<void> {
  const rows = await listUserSessions(app.db, userId, app.clock.now());
  const session = rows.find((row) => publicId(row.id) === id);
  if (!session || !(await deleteSessionOf(app.db, userId, session.id))) {
    throw notFound(CONTA_MESSAGES.sessaoNaoEncontrada);
  }
}

export async function encerrarOutras(app: FastifyInstance, userId: string, sessionId: string): Promise<void> {
  await deleteOtherSessions(app.db, userId, sessionId);
}
