import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../access/actor';
import { camposDesconhecidos } from '../../../shared/contrato/modelo';
import { CONTRATO_MESSAGES, type ModeloPatch, type ModeloView } from '../../../shared/schemas/contrato';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { alteracoesDe, audit } from '../auditoria';
import { findModelo, insertRascunho, publicarRascunho, toModeloView, updateRascunho } from './contratos.repository';

/**
 * Modelos de contrato (issue 42, ADR 064): a network has at most one draft, which the franqueador writes and
 * publishes as the next immutable version. Every write is audited in its transaction; the audit keeps the title,
 * the fee and the text's length, never the text.
 */

/** The fee is at most the network's cap (CANCELAMENTO_MULTA_MAX_PCT). */
function conferirMulta(app: FastifyInstance, multa: number | undefined) {
  const max = app.config.cancelamentoMultaMaxPct;
  if (multa !== undefined && multa > max) {
    const message = CONTRATO_MESSAGES.multaAcimaDoLimite(max);
    throw badRequest(message, { multaCancelamentoPct: message });
  }
}

const auditavel = (m: { titulo: string; texto: string; multaCancelamentoPct: number }) => ({
  titulo: m.titulo,
  multaCancelamentoPct: m.multaCancelamentoPct,
  caracteres: m.texto.length,
});

export async function criarRascunho(
  app: FastifyInstance,
  actor: Actor,
  input: { titulo: string; texto: string; multaCancelamentoPct: number },
): Promise<ModeloView> {
  conferirMulta(app, input.multaCancelamentoPct);
  const franqueadorId = actor.franqueadorId;
  // A franqueador user without its network row has nowhere to write (the scope reads nothing for it either).
  if (!franqueadorId) throw notFound(CONTRATO_MESSAGES.naoEncontrado);
  return app.db.transaction(async (tx) => {
    const id = await insertRascunho(tx, { ...input, franqueadorId, criadoPorId: actor.id, now: app.clock.now() });
    if (!id) throw conflict(CONTRATO_MESSAGES.rascunhoExiste);
    await audit(tx, {
      acao: 'contrato_modelo.criar',
      entidadeId: id,
      alteracoes: alteracoesDe(null, auditavel(input)),
    });
    return toModeloView((await findModelo(tx, actor, id))!);
  });
}

export async function alterarRascunho(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  patch: ModeloPatch,
): Promise<ModeloView> {
  return app.db.transaction(async (tx) => {
    const antes = await findModelo(tx, actor, id, true);
    if (!antes) throw notFound(CONTRATO_MESSAGES.naoEncontrado);
    if (antes.versao !== null) throw conflict(CONTRATO_MESSAGES.jaPublicado);
    conferirMulta(app, patch.multaCancelamentoPct);
    const values = {
      ...(patch.titulo !== undefined ? { titulo: patch.titulo } : {}),
      ...(patch.texto !== undefined ? { texto: patch.texto } : {}),
      ...(patch.multaCancelamentoPct !== undefined ? { multaCancelamentoPct: patch.multaCancelamentoPct } : {}),
    };
    if (!(await updateRascunho(tx, id, values, app.clock.now()))) throw conflict(CONTRATO_MESSAGES.jaPublicado);
    const depois = (await findModelo(tx, actor, id))!;
    await audit(tx, {
      acao: 'contrato_modelo.editar',
      entidadeId: id,
      alteracoes: alteracoesDe(auditavel(antes), auditavel(depois)),
    });
    return toModeloView(depois);
  });
}

/**
 * Publishes the draft as the network's next version: refused while it names a placeholder the product does not
 * know (400, naming it), or while its fee is above today's cap; a published version answers 409.
 */
export async function publicarModelo(app: FastifyInstance, actor: Actor, id: string): Promise<ModeloView> {
  return app.db.transaction(async (tx) => {
    const modelo = await findModelo(tx, actor, id, true);
    if (!modelo) throw notFound(CONTRATO_MESSAGES.naoEncontrado);
    if (modelo.versao !== null) throw conflict(CONTRATO_MESSAGES.jaPublicado);
    const desconhecidos = camposDesconhecidos(modelo.texto);
    if (desconhecidos.length > 0) {
      const message = CONTRATO_MESSAGES.campoDesconhecido(desconhecidos);
      throw badRequest(message, { texto: message });
    }
    conferirMulta(app, modelo.multaCancelamentoPct);
    const versao = await publicarRascunho(tx, modelo.franqueadorId, id, actor.id, app.clock.now());
    if (versao === null) throw conflict(CONTRATO_MESSAGES.jaPublicado);
    await audit(tx, {
      acao: 'contrato_modelo.publicar',
      entidadeId: id,
      alteracoes: { versao: [null, versao] },
      detalhes: { titulo: modelo.titulo, multaCancelamentoPct: modelo.multaCancelamentoPct },
    });
    return toModeloView((await findModelo(tx, actor, id))!);
  });
}
