import type { FastifyInstance } from 'fastify';
import { type ComissaoConfiguracao, LANCAMENTO_MESSAGES } from '../../../shared/schemas/comissao';
import type { Actor } from '../../access/actor';
import { notFound } from '../../lib/http-error';
import { audit } from '../auditoria';
import { franquiaFechaDaRede, franquiaNoEscopo, mudarFranquiaFecha } from './comissoes.repository';

/**
 * The network's commission setting (issue 44, ADR 088): whether its franquias close their own subtree's months
 * (ADR 082's `comissao_franquia_fecha`). The franqueador reads and sets it; a franquia reads its network's, so its
 * screen offers closing only when the network allows it.
 */

async function redeDoAtor(app: FastifyInstance, actor: Actor): Promise<string | null> {
  if (actor.role === 'franqueador') return actor.franqueadorId ?? null;
  if (actor.role === 'franquia' && actor.franquiaId)
    return (await franquiaNoEscopo(app.db, actor, actor.franquiaId))?.franqueadorId ?? null;
  return null;
}

export async function verConfiguracao(app: FastifyInstance, actor: Actor): Promise<ComissaoConfiguracao> {
  const rede = await redeDoAtor(app, actor);
  const franquiaFecha = rede ? await franquiaFechaDaRede(app.db, rede) : undefined;
  if (franquiaFecha === undefined) throw notFound(LANCAMENTO_MESSAGES.redeNaoEncontrada);
  return { franquiaFecha };
}

/** PUT /api/comissoes/configuracao: the franqueador's network only; audited, with the change when there is one. */
export async function salvarConfiguracao(
  app: FastifyInstance,
  actor: Actor,
  { franquiaFecha }: ComissaoConfiguracao,
): Promise<ComissaoConfiguracao> {
  const franqueadorId = actor.role === 'franqueador' ? actor.franqueadorId : null;
  if (!franqueadorId) throw notFound(LANCAMENTO_MESSAGES.redeNaoEncontrada);
  await app.db.transaction(async (tx) => {
    const antes = await mudarFranquiaFecha(tx, franqueadorId, franquiaFecha, app.clock.now());
    if (antes === undefined) throw notFound(LANCAMENTO_MESSAGES.redeNaoEncontrada);
    await audit(tx, {
      acao: 'rede.configurar_comissoes',
      entidadeId: franqueadorId,
      alteracoes: antes === franquiaFecha ? {} : { franquiaFecha: [antes, franquiaFecha] },
    });
  });
  return { franquiaFecha };
}
