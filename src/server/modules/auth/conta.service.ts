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
import { alteracoesDe, audit } from '../auditoria';

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
  return db.transaction(async (tx) => {
    const antes = await getPerfil(tx, userId);
    await updatePerfil(tx, userId, { nome: input.nome, telefone: input.telefone, chavePix: input.chavePix });
    const depois = await getPerfil(tx, userId);
    await audit(tx, { acao: 'usuario.perfil_alterado', entidadeId: userId, alteracoes: alteracoesDe(antes, depois) });
    return depois;
  });
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
    const encerradas = await deleteOtherSessions(tx, userId, sessionId);
    await audit(tx, { acao: 'auth.senha_alterada', entidadeId: userId, detalhes: { sessoesEncerradas: encerradas } });
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
  const ended =
    session &&
    (await app.db.transaction(async (tx) => {
      if (!(await deleteSessionOf(tx, userId, session.id))) return false;
      await audit(tx, {
        acao: 'sessao.encerrada',
        detalhes: { sessao: id, dispositivo: dispositivoDe(session.userAgent), ip: session.ip },
      });
      return true;
    }));
  if (!ended) throw notFound(CONTA_MESSAGES.sessaoNaoEncontrada);
}

export async function encerrarOutras(app: FastifyInstance, userId: string, sessionId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const encerradas = await deleteOtherSessions(tx, userId, sessionId);
    await audit(tx, { acao: 'sessao.encerrar_outras', detalhes: { sessoesEncerradas: encerradas } });
  });
}
