import type { FastifyInstance } from 'fastify';
import { USUARIO_MESSAGES, type UsuarioView } from '../../../shared/schemas/usuario';
import type { Actor } from '../../access/actor';
import { badRequest, notFound } from '../../lib/http-error';
import { setAccountActive, setLinkedRowActive } from '../accounts';
import { findUsuario, setAlunoLinksActive, setAusente, toUsuarioView } from './usuarios.repository';
import { audit } from '../auditoria';

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
    const antes = toUsuarioView(user).isActive;
    if (user.role === 'aluno') {
      await setAccountActive(tx, user.id, await setAlunoLinksActive(tx, actor, user.id, isActive));
    } else {
      await setAccountActive(tx, user.id, isActive);
      await setLinkedRowActive(tx, user, isActive);
    }
    await audit(tx, {
      acao: isActive ? 'usuario.ativar' : 'usuario.desativar',
      entidadeId: user.id,
      alteracoes: antes === isActive ? null : { isActive: [antes, isActive] },
      detalhes: { papel: user.role },
    });
  });
  return toUsuarioView((await findUsuario(app.db, actor, id))!);
}

/**
 * Issue 50: a vendedor away (vacation, leave) or back. Away, the distribution of new leads skips it; it still signs
 * in and sees its leads. Refused for any other role.
 */
export async function setVendedorAusente(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  ausente: boolean,
): Promise<UsuarioView> {
  await app.db.transaction(async (tx) => {
    const user = await findUsuario(tx, actor, id);
    if (!user) throw notFound();
    if (user.role !== 'vendedor') {
      throw badRequest(USUARIO_MESSAGES.ausenteSoVendedor, { ausente: USUARIO_MESSAGES.ausenteSoVendedor });
    }
    const antes = user.ausente;
    await setAusente(tx, user.id, ausente);
    await audit(tx, {
      acao: 'usuario.ausente',
      entidadeId: user.id,
      alteracoes: antes === ausente ? null : { ausente: [antes, ausente] },
      detalhes: { papel: user.role },
    });
  });
  return toUsuarioView((await findUsuario(app.db, actor, id))!);
}
