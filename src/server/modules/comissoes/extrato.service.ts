import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '../../../shared/brasilia';
import { type EstadoLancamento, type Extrato, periodoDe } from '../../../shared/comissoes/lancamentos';
import { type Beneficiario, type RegraAlcance, regraAplicavel } from '../../../shared/comissoes/regras';
import { fromCentavos } from '../../../shared/money/parcelas';
import {
  type FechamentoView,
  LANCAMENTO_MESSAGES,
  type LancamentoView,
  type LancamentosListQuery,
  MINHAS_PAGINA,
  type MinhasLancamentosQuery,
  type MinhasView,
  type ResumoQuery,
  type ResumoView,
} from '../../../shared/schemas/comissao';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { audit } from '../auditoria';
import { parcelasAbertasDe } from '../contagens';
import { franquiaNoEscopo } from './comissoes.repository';
import {
  type FechamentoRow,
  type LinhaRow,
  fechamentoDoAtor,
  fechamentoExistente,
  inserirFechamento,
  linhasProprias,
  listFechamentos,
  listLancamentos,
  marcarPago,
  pagamentosDoFechamento,
  matriculasSemPagamento,
  previstasPorGrupo,
  quantasLinhasProprias,
  regrasDaRede,
  resumoDoPeriodo,
  totaisParaFechar,
  totaisProprios,
  travarRede,
} from './lancamentos.repository';
import { valorDaRegra } from './lancamentos.service';

/**
 * The ledger as its readers see it (issue 44, ADR 082): the list and a period's totals for the franqueador and the
 * franquia, each vendedor's and micro-franquia's own statement, and the monthly closing with its payout file. Every
 * total is a sum of lines, computed in the same statement that reads them.
 */

const reais = fromCentavos;

export const toLancamentoView = (r: LinhaRow): LancamentoView => ({
  id: r.id,
  beneficiario: r.beneficiario,
  beneficiarioId: r.beneficiarioId,
  nomeBeneficiario: r.nomeBeneficiario ?? null,
  regraId: r.regraId,
  tipo: r.tipo,
  base: reais(r.baseCentavos),
  valor: reais(r.valorCentavos),
  periodo: r.periodo,
  ocorridoEm: r.ocorridoEm,
  estado: r.estado,
  matriculaId: r.matriculaId,
  parcelaId: r.parcelaId,
  parcelaNumero: r.parcelaNumero,
  aluno: r.aluno,
  curso: r.curso,
  criadoEm: new Date(r.createdAt).toISOString(),
});

const extratoVazio = (): Extrato => ({ liberada: 0, fechada: 0, paga: 0, estornada: 0, saldo: 0 });
const emReais = (e: Extrato) => ({
  liberada: reais(e.liberada),
  fechada: reais(e.fechada),
  paga: reais(e.paga),
  estornada: reais(e.estornada),
  saldo: reais(e.saldo),
});

/** `db`: the request's read database (`request.dbLeitura`). */
export async function verLancamentos(db: Executor, actor: Actor, query: LancamentosListQuery) {
  const { rows, total, exact } = await listLancamentos(db, actor, query);
  return { items: rows.map(toLancamentoView), total, exact };
}

/**
 * GET /api/comissoes/resumo?periodo=: a page of the period's beneficiaries, each with its lines summed by state; the
 * period's sums over all of them; how many there are.
 */
export async function verResumo(app: FastifyInstance, actor: Actor, query: ResumoQuery): Promise<ResumoView> {
  const { itens, total, somas } = await resumoDoPeriodo(app.db, actor, query.periodo, query);
  return {
    periodo: query.periodo,
    ...emReais(somas),
    total,
    page: query.page,
    pageSize: query.pageSize,
    itens: itens.map((i) => ({
      beneficiario: i.beneficiario,
      beneficiarioId: i.beneficiarioId,
      nome: i.nome ?? null,
      ...emReais(i),
      lancamentos: i.lancamentos,
    })),
  };
}

/** Whom the caller is in the ledger: a vendedor or a micro-franquia, by its own id. */
function beneficiarioDo(actor: Actor): { beneficiario: Beneficiario; id: string } {
  if (actor.role === 'vendedor' && actor.vendedorId) return { beneficiario: 'vendedor', id: actor.vendedorId };
  if (actor.role === 'micro_franquia' && actor.microFranquiaId)
    return { beneficiario: 'micro_franquia', id: actor.microFranquiaId };
  throw forbidden();
}

/**
 * What the caller's open parcelas would give under today's rules (the prevista): each parcela's percentage, and a
 * fixed amount once per matrícula not paid yet (on its first open parcela). Read as groups of equal rule and value:
 * the same centavos as parcela by parcela, each percentage rounded per parcela. A vendedor's and a micro-franquia's
 * groups are the counters' (`parcelasAbertasDe`, kept by triggers: a few rows, not its thousands of parcelas); the
 * matrículas a fixed amount still waits on are read from the rows, and only when a fixed rule applies.
 */
async function prevista(app: FastifyInstance, beneficiario: Beneficiario, id: string): Promise<number> {
  const hoje = todayInBrasilia(app.clock.now());
  const regrasPorRede = new Map<string, (Awaited<ReturnType<typeof regrasDaRede>>[number] & RegraAlcance)[]>();
  const regraDo = async (g: { franqueadorId: string; franquiaId: string | null; cursoId: string | null }) => {
    let regras = regrasPorRede.get(g.franqueadorId);
    if (!regras) {
      regras = (await regrasDaRede(app.db, g.franqueadorId)).map((r) => ({
        ...r,
        beneficiario: r.beneficiario as Beneficiario,
      }));
      regrasPorRede.set(g.franqueadorId, regras);
    }
    return regraAplicavel(regras, { beneficiario, franquiaId: g.franquiaId, cursoId: g.cursoId, dia: hoje });
  };
  let total = 0;
  let algumFixo = false;
  const grupos =
    beneficiario === 'franquia'
      ? await previstasPorGrupo(app.db, beneficiario, id)
      : await parcelasAbertasDe(app.db, beneficiario, id);
  for (const g of grupos) {
    if (!g.franqueadorId) continue;
    const regra = await regraDo({ ...g, franqueadorId: g.franqueadorId });
    if (regra?.tipo === 'fixo') algumFixo = true;
    else if (regra) total += g.parcelas * valorDaRegra(regra, Number(g.valorCentavos), false);
  }
  // A fixed amount: once per matrícula with no parcela paid yet.
  if (algumFixo) {
    for (const g of await matriculasSemPagamento(app.db, beneficiario, id)) {
      if (!g.franqueadorId) continue;
      const regra = await regraDo({ ...g, franqueadorId: g.franqueadorId });
      if (regra?.tipo === 'fixo') total += g.matriculas * valorDaRegra(regra, 0, true);
    }
  }
  return total;
}

/**
 * GET /api/comissoes/minhas: the caller's statement -- prevista, its lines' sums by state and month, its newest
 * lines (the first page, MINHAS_PAGINA) and the cursor of the older ones.
 */
export async function verMinhas(app: FastifyInstance, actor: Actor): Promise<MinhasView> {
  const quem = beneficiarioDo(actor);
  const [totais, linhas, previstaCentavos] = await Promise.all([
    totaisProprios(app.db, actor),
    linhasProprias(app.db, actor, { page: 1, pageSize: MINHAS_PAGINA }),
    prevista(app, quem.beneficiario, quem.id),
  ]);
  const geral = extratoVazio();
  const porPeriodo = new Map<string, Extrato>();
  let totalLancamentos = 0;
  for (const t of totais) {
    const valor = Number(t.valorCentavos);
    const estado = t.estado as EstadoLancamento;
    const doMes = porPeriodo.get(t.periodo) ?? extratoVazio();
    doMes[estado] += valor;
    doMes.saldo += valor;
    porPeriodo.set(t.periodo, doMes);
    geral[estado] += valor;
    geral.saldo += valor;
    totalLancamentos += Number(t.linhas);
  }
  return {
    beneficiario: quem.beneficiario,
    prevista: reais(previstaCentavos),
    ...emReais(geral),
    periodos: [...porPeriodo.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([periodo, e]) => ({ periodo, ...emReais(e) })),
    lancamentos: linhas.rows.map(toLancamentoView),
    proximo: linhas.cursors.next,
    totalLancamentos,
  };
}

/**
 * GET /api/comissoes/minhas/lancamentos: a page of the caller's own lines, newest first (of a month, when asked), by
 * number or by cursor; how many there are.
 */
export async function verMinhasLancamentos(app: FastifyInstance, actor: Actor, query: MinhasLancamentosQuery) {
  beneficiarioDo(actor);
  const [{ rows, cursors }, total] = await Promise.all([
    linhasProprias(app.db, actor, query),
    quantasLinhasProprias(app.db, actor, query.periodo),
  ]);
  return { items: rows.map(toLancamentoView), total, cursors };
}

// --- Closing -----------------------------------------------------------------------------------------------------

export const toFechamentoView = (f: FechamentoRow): FechamentoView => ({
  id: f.id,
  periodo: f.periodo,
  franquiaId: f.franquiaId,
  franquia: f.franquia ?? null,
  total: reais(f.totalCentavos),
  lancamentos: f.lancamentos,
  fechadoEm: f.fechadoEm.toISOString(),
  pagoEm: f.pagoEm ? f.pagoEm.toISOString() : null,
});

export async function verFechamentos(app: FastifyInstance, actor: Actor): Promise<FechamentoView[]> {
  return (await listFechamentos(app.db, actor)).map((row) => {
    const view = toFechamentoView(row);
    // A franquia reads that the network closed the month, not the network's total: other franquias' money.
    return actor.role === 'franquia' && row.franquiaId === null ? { ...view, total: null, lancamentos: null } : view;
  });
}

/** The network and the reach of the caller's closings: the franqueador's whole network, a franquia's subtree. */
async function alcanceDoFechamento(app: FastifyInstance, actor: Actor) {
  if (actor.role === 'franqueador' && actor.franqueadorId)
    return { franqueadorId: actor.franqueadorId, franquiaId: null };
  if (actor.role === 'franquia' && actor.franquiaId) {
    const franquia = await franquiaNoEscopo(app.db, actor, actor.franquiaId);
    if (franquia) return { franqueadorId: franquia.franqueadorId, franquiaId: franquia.id };
  }
  throw forbidden();
}

/**
 * POST /api/comissoes/fechamentos: a month that has ended, closed for the caller's reach -- its lines frozen (the
 * database refuses a new line in it), its total kept, audited. The network's row is locked: a payment in flight
 * finishes first, one after it lands in the next month.
 */
export async function fecharPeriodo(app: FastifyInstance, actor: Actor, periodo: string): Promise<FechamentoView> {
  const now = app.clock.now();
  if (periodo >= periodoDe(todayInBrasilia(now)))
    throw badRequest(LANCAMENTO_MESSAGES.periodoEmAberto, { periodo: LANCAMENTO_MESSAGES.periodoEmAberto });
  const { franqueadorId, franquiaId } = await alcanceDoFechamento(app, actor);
  const id = await app.db.transaction(async (tx) => {
    const rede = await travarRede(tx, franqueadorId, 'update');
    if (franquiaId && !rede?.franquiaFecha) throw forbidden(LANCAMENTO_MESSAGES.franquiaNaoFecha);
    if (await fechamentoExistente(tx, franqueadorId, franquiaId, periodo))
      throw conflict(LANCAMENTO_MESSAGES.periodoFechado);
    const { total, linhas } = await totaisParaFechar(tx, franqueadorId, franquiaId, periodo);
    const novo = await inserirFechamento(tx, {
      franqueadorId,
      franquiaId,
      periodo,
      totalCentavos: total,
      lancamentos: linhas,
      fechadoEm: now,
      fechadoPorId: actor.id,
    });
    await audit(tx, {
      acao: 'comissao_fechamento.fechar',
      entidadeId: novo,
      detalhes: { periodo, totalCentavos: total, lancamentos: linhas },
    });
    return novo;
  });
  const [feito] = (await listFechamentos(app.db, actor)).filter((f) => f.id === id);
  return toFechamentoView(feito!);
}

/** POST /api/comissoes/fechamentos/{periodo}/pago: the payout confirmed; its lines are 'paga'. Once. */
export async function confirmarPagamento(app: FastifyInstance, actor: Actor, periodo: string): Promise<FechamentoView> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const f = await fechamentoDoAtor(tx, actor, periodo, true);
    if (!f) throw notFound(LANCAMENTO_MESSAGES.fechamentoNaoEncontrado);
    if (f.pagoEm) throw conflict(LANCAMENTO_MESSAGES.jaPago);
    await marcarPago(tx, f.id, actor.id, now);
    await audit(tx, {
      acao: 'comissao_fechamento.pagar',
      entidadeId: f.id,
      alteracoes: { pagoEm: [null, now.toISOString()] },
      detalhes: { periodo, totalCentavos: f.totalCentavos },
    });
  });
  return toFechamentoView((await fechamentoDoAtor(app.db, actor, periodo))!);
}

/** The payout file's rows (one per beneficiary), audited as the download of the closing's file. */
export async function pagamentosDoPeriodo(app: FastifyInstance, actor: Actor, periodo: string) {
  const f = await fechamentoDoAtor(app.db, actor, periodo);
  if (!f) throw notFound(LANCAMENTO_MESSAGES.fechamentoNaoEncontrado);
  const rows = await pagamentosDoFechamento(app.db, f);
  await audit(app.db, {
    acao: 'comissao_fechamento.exportar',
    entidadeId: f.id,
    detalhes: { periodo, linhas: rows.length },
  });
  return rows;
}
