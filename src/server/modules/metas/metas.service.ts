import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '../../../shared/brasilia';
import { diasUteisDoMes, projecaoDoMes } from '../../../shared/dias-uteis';
import { DivisaoRecusada, type NoMeta, cascatear, distribuir, reequilibrar } from '../../../shared/metas/divisao';
import { META_ETAPAS, META_NIVEIS, type MetaEtapa, type MetaNivel } from '../../../shared/metas/enums';
import {
  type DistribuirInput,
  METAS_MESSAGES,
  type MetaInput,
  type MetaNoView,
  type MetasPainelView,
  type MetasQuery,
  type MetasView,
  type RankingItemView,
  type RankingView,
} from '../../../shared/schemas/metas';
import type { Actor } from '../../access/actor';
import { scopeNodeOf } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { alteracoesDe, audit } from '../auditoria';
import {
  type Filho,
  type MetaGravar,
  type MetaRow,
  type No,
  type NoLido,
  arvoreDeMetas,
  filhosAtivos,
  gravarMetas,
  lerNo,
  metasDoAlvo,
  metasDos,
  realizadoDo,
  travarMetas,
} from './metas.repository';

/**
 * Metas e rankings (issue 48): a goal per month, stage and unit of the tree, set by the level right above the
 * unit and split down (shared/metas/divisao.ts: the children always sum to the parent); what each unit achieved,
 * its % and its projection to the month's end by working days (shared/dias-uteis.ts); and the ranking inside a
 * scope by % of the goal. A unit outside the caller's subtree answers 404; its own unit, one above it or one more
 * than a level below, 403.
 */

const NIVEL_DA_COLUNA = {
  franqueadorId: 'rede',
  franquiaId: 'franquia',
  microFranquiaId: 'micro_franquia',
  vendedorId: 'vendedor',
  clienteId: 'cliente',
} as const satisfies Record<NonNullable<ReturnType<typeof scopeNodeOf>>['column'], MetaNivel>;

/** The caller's own unit (its company's node of the tree). */
async function unidadeDo(db: Executor, actor: Actor): Promise<NoLido> {
  const node = scopeNodeOf(actor);
  if (!node) throw forbidden();
  const no = await lerNo(db, NIVEL_DA_COLUNA[node.column], node.id);
  if (!no) throw notFound(METAS_MESSAGES.naoEncontrado);
  return no;
}

const percentual = (realizado: number, meta: number | null) =>
  meta ? Math.round((realizado * 1000) / meta) / 10 : null;

const diasDo = (app: FastifyInstance, mes: string) => diasUteisDoMes(mes, todayInBrasilia(app.clock.now()));

function view(
  no: No & { nome: string },
  meta: MetaRow | undefined,
  realizado: number,
  dias: { total: number; decorridos: number },
): MetaNoView {
  const valor = meta?.valor ?? null;
  return {
    nivel: no.nivel,
    alvoId: no.id,
    nome: no.nome,
    meta: valor,
    travada: meta?.travada ?? false,
    realizado,
    percentual: percentual(realizado, valor),
    projecao: projecaoDoMes(realizado, dias),
  };
}

/** GET /api/metas: the caller's goal and its active children's, with achieved, % and projection. */
export async function verMetas(app: FastifyInstance, actor: Actor, query: MetasQuery): Promise<MetasView> {
  return metasDaUnidade(app, app.db, actor, query.mes, query.etapa);
}

async function metasDaUnidade(
  app: FastifyInstance,
  db: Executor,
  actor: Actor,
  mes: string,
  etapa: MetaEtapa,
): Promise<MetasView> {
  const no = await unidadeDo(db, actor);
  const filhos = await filhosAtivos(db, no);
  const metas = await metasDos(db, actor, mes, etapa, [no.id, ...filhos.map((f) => f.id)]);
  const realizado = await realizadoDo(db, no, mes, etapa);
  const dias = diasDo(app, mes);
  return {
    mes,
    etapa,
    diasUteis: dias,
    no: view(no, metas.get(no.id), realizado.total, dias),
    filhos: filhos.map((f) => view(f, metas.get(f.id), realizado.porFilho.get(f.id) ?? 0, dias)),
    defineFilhos: no.nivel !== 'cliente',
    defineProprio: no.nivel === 'rede',
  };
}

/**
 * GET /api/metas/painel: the caller's own goals of a month, each stage that has one (every staff dashboard). `db`: the
 * request's read database (`request.dbLeitura`), as for the ranking.
 */
export async function verPainel(
  app: FastifyInstance,
  db: Executor,
  actor: Actor,
  mes: string,
): Promise<MetasPainelView> {
  const no = await unidadeDo(db, actor);
  const metas = await metasDoAlvo(db, actor, mes, no.id);
  const dias = diasDo(app, mes);
  const etapas: MetasPainelView['etapas'] = [];
  for (const etapa of META_ETAPAS) {
    const meta = metas.get(etapa);
    if (!meta) continue;
    const { total } = await realizadoDo(db, no, mes, etapa);
    etapas.push({
      etapa,
      meta: meta.valor,
      realizado: total,
      percentual: percentual(total, meta.valor),
      projecao: projecaoDoMes(total, dias),
    });
  }
  return { mes, diasUteis: dias, etapas };
}

/**
 * The unit a write names, checked against the caller's place: outside its subtree (another network, a sibling's
 * branch) 404; its own unit, an ancestor, or deeper than its children 403. `proprio`: the caller's own unit only (a
 * unit splits its own goal); `filho`: its children's (and the franqueador's network goal).
 */
function unidadeAlvo(ator: NoLido, alvo: NoLido | undefined, regra: 'filho' | 'proprio'): NoLido {
  if (!alvo || alvo.franqueadorId !== ator.franqueadorId) throw notFound(METAS_MESSAGES.naoEncontrado);
  const abaixo = alvo.caminho.includes(ator.id);
  const acimaOuProprio = alvo.id === ator.id || ator.caminho.includes(alvo.id);
  if (!abaixo && !acimaOuProprio) throw notFound(METAS_MESSAGES.naoEncontrado);
  if (!alvo.ativo) throw notFound(METAS_MESSAGES.naoEncontrado);
  const permitido =
    regra === 'proprio'
      ? alvo.id === ator.id
      : alvo.pai?.id === ator.id || (ator.nivel === 'rede' && alvo.id === ator.id);
  if (!permitido) throw forbidden(METAS_MESSAGES.semPermissao);
  return alvo;
}

/** A unit by id alone (the distribution's body names no level): the first level that has it. */
async function lerNoPorId(db: Executor, id: string): Promise<NoLido | undefined> {
  for (const nivel of META_NIVEIS) {
    const no = await lerNo(db, nivel, id);
    if (no) return no;
  }
  return undefined;
}

type Arvore = Awaited<ReturnType<typeof arvoreDeMetas>>;

/** The goals' tree of a network's month and stage: each unit's goal, and its children's. */
function indexar(arvore: Arvore) {
  const porAlvo = new Map(arvore.map((m) => [m.alvoId, m]));
  const filhosDe = new Map<string, Arvore>();
  for (const m of arvore) {
    if (!m.pai) continue;
    const lista = filhosDe.get(m.pai) ?? [];
    lista.push(m);
    filhosDe.set(m.pai, lista);
  }
  const subarvore = (alvoId: string, valor: number, travada: boolean): NoMeta => ({
    id: alvoId,
    valor,
    travada,
    filhos: (filhosDe.get(alvoId) ?? []).map((f) => subarvore(f.alvoId, f.valor, f.travada)),
  });
  return { porAlvo, subarvore };
}

/**
 * The siblings' new goals (every active child of `pai`), each cascaded down its own subtree where it changed,
 * as the rows to write.
 */
function escritas(
  arvore: Arvore,
  filhos: Filho[],
  valores: number[],
  travadas: Map<string, boolean>,
): Map<string, MetaGravar> {
  const { porAlvo, subarvore } = indexar(arvore);
  const out = new Map<string, MetaGravar>();
  filhos.forEach((filho, i) => {
    const valor = valores[i]!;
    const atual = porAlvo.get(filho.id);
    const travada = travadas.get(filho.id) ?? atual?.travada ?? false;
    if (atual && atual.valor === valor && atual.travada === travada) return;
    out.set(filho.id, { nivel: filho.nivel, alvoId: filho.id, valor, travada });
    if (!atual || atual.valor === valor) return;
    const alterados = new Map<string, number>();
    cascatear(subarvore(filho.id, atual.valor, atual.travada), valor, alterados);
    for (const [alvoId, novo] of alterados) {
      if (alvoId === filho.id) continue;
      const meta = porAlvo.get(alvoId)!;
      out.set(alvoId, { nivel: meta.nivel, alvoId, valor: novo, travada: meta.travada });
    }
  });
  return out;
}

const recusada = (error: unknown): never => {
  if (error instanceof DivisaoRecusada) throw badRequest(error.message, { valor: error.message });
  throw error;
};

/**
 * PUT /api/metas: a unit's goal, by the level right above it (the franqueador's network goal by itself). Its parent
 * needs a goal first; its unlocked siblings share the rest of the parent's goal; every goal that changed cascades
 * to its own children with goals. One transaction, one audit row.
 */
export async function definirMeta(app: FastifyInstance, actor: Actor, body: MetaInput): Promise<MetasView> {
  const ator = await unidadeDo(app.db, actor);
  const alvo = unidadeAlvo(ator, await lerNo(app.db, body.nivel, body.alvoId), 'filho');
  await app.db.transaction(async (tx) => {
    await travarMetas(tx, ator.franqueadorId, body.mes, body.etapa);
    const arvore = await arvoreDeMetas(tx, ator.franqueadorId, body.mes, body.etapa);
    const antes = arvore.find((m) => m.alvoId === alvo.id);
    const travada = body.travada ?? antes?.travada ?? false;
    let linhas: Map<string, MetaGravar>;
    if (!alvo.pai) {
      // The network's goal: no siblings, its children rescaled.
      linhas = escritas(
        arvore,
        [{ nivel: 'rede', id: alvo.id, nome: alvo.nome }],
        [body.valor],
        new Map([[alvo.id, travada]]),
      );
    } else {
      const pai = arvore.find((m) => m.alvoId === alvo.pai!.id);
      if (!pai) throw badRequest(METAS_MESSAGES.paiSemMeta(ator.nome), { valor: METAS_MESSAGES.paiSemMeta(ator.nome) });
      const filhos = await filhosAtivos(tx, ator);
      const porAlvo = new Map(arvore.map((m) => [m.alvoId, m]));
      let valores: number[] = [];
      try {
        valores = reequilibrar(
          pai.valor,
          filhos.map((f) => ({
            id: f.id,
            valor: porAlvo.get(f.id)?.valor ?? null,
            travada: porAlvo.get(f.id)?.travada ?? false,
          })),
          alvo.id,
          body.valor,
        );
      } catch (error) {
        recusada(error);
      }
      linhas = escritas(arvore, filhos, valores, new Map([[alvo.id, travada]]));
    }
    const ids = await gravarMetas(tx, ator.franqueadorId, body.mes, body.etapa, [...linhas.values()], actor.id);
    const metaId = ids.get(alvo.id) ?? antes?.id ?? null;
    await audit(tx, {
      acao: 'meta.definir',
      entidadeId: metaId,
      alteracoes: alteracoesDe(antes ? { valor: antes.valor, travada: antes.travada } : null, {
        valor: body.valor,
        travada,
      }),
      detalhes: {
        mes: body.mes,
        etapa: body.etapa,
        nivel: alvo.nivel,
        alvoId: alvo.id,
        unidade: alvo.nome,
        ajustadas: [...linhas.keys()].filter((id) => id !== alvo.id).length,
      },
    });
  });
  return metasDaUnidade(app, app.db, actor, body.mes, body.etapa);
}

/** The same month a year before ('2026-03' -> '2025-03'). */
const mesDoAnoAnterior = (mes: string) => `${Number(mes.slice(0, 4)) - 1}${mes.slice(4)}`;

/**
 * POST /api/metas/distribuir: the caller's own goal split among its active children -- evenly, or by their share
 * of the same month last year (all zero: evenly); the locked ones keep theirs. Each changed goal cascades down.
 */
export async function distribuirMeta(app: FastifyInstance, actor: Actor, body: DistribuirInput): Promise<MetasView> {
  const ator = await unidadeDo(app.db, actor);
  const alvo = unidadeAlvo(ator, await lerNoPorId(app.db, body.alvoId), 'proprio');
  await app.db.transaction(async (tx) => {
    await travarMetas(tx, ator.franqueadorId, body.mes, body.etapa);
    const arvore = await arvoreDeMetas(tx, ator.franqueadorId, body.mes, body.etapa);
    const meta = arvore.find((m) => m.alvoId === alvo.id);
    if (!meta) throw badRequest(METAS_MESSAGES.semMeta, { alvoId: METAS_MESSAGES.semMeta });
    const filhos = await filhosAtivos(tx, alvo);
    if (filhos.length === 0) throw badRequest(METAS_MESSAGES.semFilhos, { alvoId: METAS_MESSAGES.semFilhos });
    const historico =
      body.criterio === 'historico' ? await realizadoDo(tx, alvo, mesDoAnoAnterior(body.mes), body.etapa) : null;
    const porAlvo = new Map(arvore.map((m) => [m.alvoId, m]));
    let valores: number[] = [];
    try {
      valores = distribuir(
        meta.valor,
        filhos.map((f) => ({
          id: f.id,
          valor: porAlvo.get(f.id)?.valor ?? null,
          travada: porAlvo.get(f.id)?.travada ?? false,
        })),
        filhos.map((f) => historico?.porFilho.get(f.id) ?? 0),
      );
    } catch (error) {
      recusada(error);
    }
    const linhas = escritas(arvore, filhos, valores, new Map());
    await gravarMetas(tx, ator.franqueadorId, body.mes, body.etapa, [...linhas.values()], actor.id);
    await audit(tx, {
      acao: 'meta.distribuir',
      entidadeId: meta.id,
      detalhes: {
        mes: body.mes,
        etapa: body.etapa,
        criterio: body.criterio,
        unidade: alvo.nome,
        filhos: filhos.length,
        ajustadas: linhas.size,
      },
    });
  });
  return metasDaUnidade(app, app.db, actor, body.mes, body.etapa);
}

/**
 * GET /api/metas/ranking: the units of the caller's scope by % of the goal achieved (units without a goal last):
 * the network's franquias, a franquia's micro-franquias, a micro-franquia's vendedores; a vendedor reads its
 * micro-franquia's vendedores -- its own figures, and only the names and positions of its peers.
 */
export async function verRanking(
  app: FastifyInstance,
  db: Executor,
  actor: Actor,
  query: MetasQuery,
): Promise<RankingView> {
  const ator = await unidadeDo(db, actor);
  if (ator.nivel === 'cliente') throw forbidden();
  const base = ator.nivel === 'vendedor' ? await lerNo(db, 'micro_franquia', ator.pai!.id) : ator;
  if (!base) throw notFound(METAS_MESSAGES.naoEncontrado);
  const filhos = (await filhosAtivos(db, base)).filter((f) => f.nivel !== 'cliente');
  const metas = await metasDos(
    db,
    actor,
    query.mes,
    query.etapa,
    filhos.map((f) => f.id),
  );
  const realizado = await realizadoDo(db, base, query.mes, query.etapa);
  const linhas = filhos.map((f) => {
    const meta = metas.get(f.id)?.valor ?? null;
    const feito = realizado.porFilho.get(f.id) ?? 0;
    return { filho: f, meta, realizado: feito, percentual: percentual(feito, meta) };
  });
  linhas.sort((a, b) => {
    if (a.percentual === null || b.percentual === null) {
      if (a.percentual !== b.percentual) return a.percentual === null ? 1 : -1;
    } else if (a.percentual !== b.percentual) return b.percentual - a.percentual;
    if (a.realizado !== b.realizado) return b.realizado - a.realizado;
    return a.filho.nome.localeCompare(b.filho.nome, 'pt-BR');
  });
  const soPosicoes = ator.nivel === 'vendedor';
  const itens: RankingItemView[] = linhas.map((l, i) => {
    const voce = l.filho.id === ator.id;
    if (soPosicoes && !voce) return { posicao: i + 1, nome: l.filho.nome, voce };
    return {
      posicao: i + 1,
      nome: l.filho.nome,
      voce,
      alvoId: l.filho.id,
      meta: l.meta,
      realizado: l.realizado,
      percentual: l.percentual,
    };
  });
  const nivel: MetaNivel =
    base.nivel === 'rede' ? 'franquia' : base.nivel === 'franquia' ? 'micro_franquia' : 'vendedor';
  return { mes: query.mes, etapa: query.etapa, nivel, itens };
}
