import type { FastifyInstance } from 'fastify';
import {
  CUSTO_MESSAGES,
  REDE_ALCANCE,
  type CampanhaCustoInput,
  type CampanhaCustoView,
  type CampanhaCustosQuery,
  type CampanhaCustosResposta,
  type EventoCustoInput,
  type EventoCustoView,
  type EventoCustosResposta,
} from '../../../shared/schemas/custos';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { forbidden, notFound } from '../../lib/http-error';
import { alteracoesDe, audit } from '../auditoria';
import {
  type CampanhaCustoRow,
  type EventoCustoRow,
  deleteCampanhaCusto,
  deleteEventoCusto,
  findCampanhaCusto,
  findEventoCusto,
  findEventoVisivel,
  findFranqueadorDaFranquia,
  insertCampanhaCusto,
  insertEventoCusto,
  listCampanhaCustos,
  listEventoCustos,
} from './custos.repository';

/**
 * Custos (issue 48). An event's costs are read by whoever reads the event and written by the roles that edit it
 * (permissions.ts), always inside the caller's scope (404 outside it). A campaign's costs are the franqueador's
 * (the network's, `franquiaId` null) or a franquia's own: who entered it decides, never the body. Every write is
 * audited in its transaction; a cost typed wrong is removed (audited with what it was) and entered again.
 */

const toEventoCustoView = (r: EventoCustoRow): EventoCustoView => ({
  id: r.id,
  eventoId: r.eventoId,
  categoria: r.categoria,
  descricao: r.descricao,
  valorCentavos: r.valorCentavos,
  criadoPor: r.criadoPor,
  criadoEm: r.criadoEm,
});

const toCampanhaCustoView = (r: CampanhaCustoRow): CampanhaCustoView => ({
  id: r.id,
  utmCampaign: r.utmCampaign,
  data: r.data,
  categoria: r.categoria,
  descricao: r.descricao,
  valorCentavos: r.valorCentavos,
  franquiaId: r.franquiaId,
  alcance: r.franquia ?? REDE_ALCANCE,
  criadoPor: r.criadoPor,
  criadoEm: r.criadoEm,
});

/** What the trail keeps of a cost. */
const auditavel = (r: { categoria: string; descricao: string | null; valorCentavos: number }) => ({
  categoria: r.categoria,
  descricao: r.descricao,
  valorCentavos: r.valorCentavos,
});

export async function verEventoCustos(
  app: FastifyInstance,
  actor: Actor,
  eventoId: string,
): Promise<EventoCustosResposta> {
  if (!(await findEventoVisivel(app.db, actor, eventoId))) throw notFound(CUSTO_MESSAGES.eventoNaoEncontrado);
  const custos = (await listEventoCustos(app.db, actor, eventoId)).map(toEventoCustoView);
  return { custos, totalCentavos: custos.reduce((sum, c) => sum + c.valorCentavos, 0) };
}

export async function adicionarEventoCusto(
  app: FastifyInstance,
  actor: Actor,
  eventoId: string,
  input: EventoCustoInput,
): Promise<EventoCustoView> {
  return app.db.transaction(async (tx) => {
    if (!(await findEventoVisivel(tx, actor, eventoId))) throw notFound(CUSTO_MESSAGES.eventoNaoEncontrado);
    const valores = {
      categoria: input.categoria,
      descricao: input.descricao ?? null,
      valorCentavos: input.valorCentavos,
    };
    const id = await insertEventoCusto(tx, { ...valores, eventoId, criadoPorId: actor.id, createdAt: app.clock.now() });
    await audit(tx, {
      acao: 'evento.custo_adicionar',
      entidadeId: eventoId,
      alteracoes: alteracoesDe(null, auditavel(valores)),
      detalhes: { custoId: id },
    });
    return toEventoCustoView((await findEventoCusto(tx, actor, eventoId, id))!);
  });
}

export async function removerEventoCusto(
  app: FastifyInstance,
  actor: Actor,
  eventoId: string,
  custoId: string,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const custo = await findEventoCusto(tx, actor, eventoId, custoId);
    if (!custo) throw notFound(CUSTO_MESSAGES.custoNaoEncontrado);
    await deleteEventoCusto(tx, custoId);
    await audit(tx, {
      acao: 'evento.custo_remover',
      entidadeId: eventoId,
      alteracoes: alteracoesDe(auditavel(custo), null),
      detalhes: { custoId },
    });
  });
}

/** `db`: the request's read database (`request.dbLeitura`). */
export async function verCampanhaCustos(
  db: Executor,
  actor: Actor,
  query: CampanhaCustosQuery,
): Promise<{ resposta: CampanhaCustosResposta; total: number }> {
  const { rows, total, totalCentavos } = await listCampanhaCustos(db, actor, query);
  return { resposta: { custos: rows.map(toCampanhaCustoView), totalCentavos }, total };
}

/** The franqueador's cost is the network's; a franquia's, its own (under its network). */
async function alcanceDe(app: FastifyInstance, actor: Actor) {
  if (actor.role === 'franqueador' && actor.franqueadorId) {
    return { franqueadorId: actor.franqueadorId, franquiaId: null };
  }
  if (actor.role === 'franquia' && actor.franquiaId) {
    const franqueadorId = await findFranqueadorDaFranquia(app.db, actor.franquiaId);
    if (franqueadorId) return { franqueadorId, franquiaId: actor.franquiaId };
  }
  throw forbidden();
}

export async function criarCampanhaCusto(
  app: FastifyInstance,
  actor: Actor,
  input: CampanhaCustoInput,
): Promise<CampanhaCustoView> {
  const alcance = await alcanceDe(app, actor);
  const valores = {
    utmCampaign: input.utmCampaign,
    data: input.data,
    categoria: input.categoria,
    descricao: input.descricao ?? null,
    valorCentavos: input.valorCentavos,
  };
  return app.db.transaction(async (tx) => {
    const id = await insertCampanhaCusto(tx, {
      ...alcance,
      ...valores,
      criadoPorId: actor.id,
      createdAt: app.clock.now(),
    });
    await audit(tx, {
      acao: 'campanha_custo.criar',
      entidadeId: id,
      alteracoes: alteracoesDe(null, { ...valores, franquiaId: alcance.franquiaId }),
    });
    return toCampanhaCustoView((await findCampanhaCusto(tx, actor, id))!);
  });
}

export async function removerCampanhaCusto(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const custo = await findCampanhaCusto(tx, actor, id);
    if (!custo) throw notFound(CUSTO_MESSAGES.custoNaoEncontrado);
    // The trail finds the cost's place in the tree by its row: written before the row goes.
    await audit(tx, {
      acao: 'campanha_custo.remover',
      entidadeId: id,
      alteracoes: alteracoesDe(
        { utmCampaign: custo.utmCampaign, data: custo.data, ...auditavel(custo), franquiaId: custo.franquiaId },
        null,
      ),
    });
    await deleteCampanhaCusto(tx, id);
  });
}
