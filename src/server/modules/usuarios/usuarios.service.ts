import type { FastifyInstance } from 'fastify';
import { USUARIO_MESSAGES, type UsuarioView } from '../../../shared/schemas/usuario';
import type { Actor } from '../../access/actor';
import { badRequest, notFound } from '../../lib/http-error';
import { setAccountActive, setLinkedRowActive } from '../accounts';
import { findUsuario, setAlunoLinksActive, toUsuarioView } from './usuarios.repository';

/**
 * Switching a user off ends its sessions and takes its franquia/micro-franquia/cliente/vendedor row along, so
 * the other screens agree; nobody switches themself off. An aluno is switched for the caller's network only: its
 * login stops (and its sessions end) once no network keeps it active (ADR 019).
 */
export async function setUsuarioActive(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<UsuarioView> {
  await app.db.transaction(async (tx) => {
    const user = await findUsuario(tx, actor, id);
    if (!user) throw notFound();
    if (user.id === actor.id && !isActive) throw badRequest(USUARIO_MESSAGES.selfDeactivation);
    if (user.role === 'aluno') {
      await setAccountActive(tx, user.id, await setAlunoLinksActive(tx, actor, user.id, isActive));
      return;
    }
    await setAccountActive(tx, user.id, isActive);
    await setLinkedRowActive(tx, user, isActive);
  });
  return toUsuarioView((await findUsuario(app.db, actor, id))!);
}
