import type { FastifyInstance } from 'fastify';
import { USUARIO_MESSAGES, type UsuarioView } from '../../../shared/schemas/usuario';
import type { Actor } from '../../access/actor';
import { badRequest, notFound } from '../../lib/http-error';
import { setAccountActive, setLinkedRowActive } from '../accounts';
import { findUsuario, toUsuarioView } from './usuarios.repository';

/**
 * Switching a user off ends its sessions and takes its franquia/micro-franquia/cliente/vendedor row along, so
 * the other screens agree; nobody switches themself off.
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
    await setAccountActive(tx, user.id, isActive);
    await setLinkedRowActive(tx, user, isActive);
  });
  return toUsuarioView((await findUsuario(app.db, actor, id))!);
}
