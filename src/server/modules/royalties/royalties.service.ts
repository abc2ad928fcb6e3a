import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '../../../shared/brasilia';
import { formatBRL } from '../../../shared/format';
import { periodoDe } from '../../../shared/comissoes/lancamentos';
import { fromCentesimos, toCentesimos } from '../../../shared/comissoes/regras';
import { fromCentavos, toCentavos } from '../../../shared/money/parcelas';
import {
  type Extrato,
  acordoEmVigor,
  extratoDeSomas,
  periodoAnterior,
  ultimoDiaDo,
  vencimentoDaFatura,
} from '../../../shared/royalties/extrato';
import {
  type AcordoFranquiaView,
  type AcordoInput,
  type AcordoView,
  type ContestacaoView,
  type ExtratoResumo,
  type ExtratoQuery,
  type ExtratoView,
  type ExtratosView,
  type LinhaView,
  ROYALTY_MESSAGES,
  paginaDoExtrato,
} from '../../../shared/schemas/royalties';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { enfileirar } from '../../jobs';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error';
import { pageWindow } from '../../lib/pagination';
import { audit } from '../auditoria';
import { abrirTicketNa } from '../sac';
import {
  type AcordoRow,
  type FaturaRow,
  type FechamentoRow,
  type LinhaRow,
  acordosDe,
  faturasDe,
  fechamentosDoPeriodo,
  franquiaNoAlcance,
  franquiasNoAlcance,
  franquiasParaFechar,
  inserirAcordo,
  inserirContestacao,
  inserirFatura,
  inserirFechamento,
  linhaDoExtrato,
  linhasDoPeriodo,
  somasDoPeriodo,
  travarFranquia,
} from './royalties.repository';

/**
 * Royalties e fundo de propaganda (issue 45, ADR 089): the franquias' agreements, their monthly statements (a sum
 * of the ledger's lines, frozen once closed), the closing -- by hand or by the job on the 1st -- with the charge of
 * a positive balance, and a line's contest through the SAC.
 */

const reais = fromCentavos;

/** The chave of a closed month's charge job: once per charge. */
export const chaveDaFatura = (faturaId: string) => `royalties_fatura:${faturaId}`;

// --- Agreements ---------------------------------------------------------------------------------------------------

export const toAcordoView = (a: AcordoRow): AcordoView => ({
  id: a.id,
  franquiaId: a.franquiaId,
  royalty: fromCentesimos(a.royaltyCentesimos),
  fundo: fromCentesimos(a.fundoCentesimos),
  minimo: a.minimoCentavos === null ? null : reais(a.minimoCentavos),
  inicio: a.inicio,
  modo: a.modo,
  criadoEm: a.createdAt.toISOString(),
});

function porFranquia(
  franquias: { id: string; razaoSocial: string }[],
  acordos: AcordoRow[],
  hoje: string,
): AcordoFranquiaView[] {
  return franquias.map((f) => {
    const versoes = acordos.filter((a) => a.franquiaId === f.id);
    const vigente = acordoEmVigor(versoes, hoje);
    return {
      franquiaId: f.id,
      franquia: f.razaoSocial,
      vigente: vigente ? toAcordoView(vigente) : null,
      versoes: versoes.map(toAcordoView),
    };
  });
}

/** GET /api/royalties/acordos: every franquia the caller reads, its agreement in force and its versions. */
export async function verAcordos(app: FastifyInstance, actor: Actor): Promise<AcordoFranquiaView[]> {
  const franquias = await franquiasNoAlcance(app.db, actor);
  const acordos = await acordosDe(
    app.db,
    franquias.map((f) => f.id),
  );
  return porFranquia(franquias, acordos, todayInBrasilia(app.clock.now()));
}

/** GET /api/royalties/acordos/{franquiaId}; 404 outside the caller's reach. */
export async function verAcordo(app: FastifyInstance, actor: Actor, franquiaId: string): Promise<AcordoFranquiaView> {
  const franquia = await franquiaNoAlcance(app.db, actor, franquiaId);
  if (!franquia) throw notFound(ROYALTY_MESSAGES.franquiaNaoEncontrada);
  const acordos = await acordosDe(app.db, [franquia.id]);
  return porFranquia([franquia], acordos, todayInBrasilia(app.clock.now()))[0]!;
}

/**
 * PUT /api/royalties/acordos/{franquiaId}: a new version from `inicio` (today or later: what the ledger already
 * wrote keeps its centavos). One version per start day; `split` only with the franqueador's wallet configured.
 * Audited.
 */
export async function salvarAcordo(
  app: FastifyInstance,
  actor: Actor,
  franquiaId: string,
  body: AcordoInput,
  walletId: string | null,
): Promise<AcordoFranquiaView> {
  const now = app.clock.now();
  const franquia = await franquiaNoAlcance(app.db, actor, franquiaId);
  if (!franquia) throw notFound(ROYALTY_MESSAGES.franquiaNaoEncontrada);
  if (body.inicio < todayInBrasilia(now))
    throw badRequest(ROYALTY_MESSAGES.inicioNoPassado, { inicio: ROYALTY_MESSAGES.inicioNoPassado });
  if (body.modo === 'split' && !walletId) throw conflict(ROYALTY_MESSAGES.splitSemCarteira);
  const values = {
    franqueadorId: franquia.franqueadorId,
    franquiaId: franquia.id,
    royaltyCentesimos: toCentesimos(body.royalty),
    fundoCentesimos: toCentesimos(body.fundo),
    minimoCentavos: body.minimo == null ? null : toCentavos(body.minimo),
    inicio: body.inicio,
    modo: body.modo,
    criadoPorId: actor.id,
  };
  await app.db.transaction(async (tx) => {
    await travarFranquia(tx, franquia.id, 'update');
    const id = await inserirAcordo(tx, values);
    if (!id) throw conflict(ROYALTY_MESSAGES.versaoRepetida);
    await audit(tx, {
      acao: 'royalty_acordo.criar',
      entidadeId: id,
      detalhes: {
        franquiaId: franquia.id,
        royaltyCentesimos: values.royaltyCentesimos,
        fundoCentesimos: values.fundoCentesimos,
        minimoCentavos: values.minimoCentavos,
        inicio: values.inicio,
        modo: values.modo,
      },
    });
  });
  return verAcordo(app, actor, franquia.id);
}

// --- Statements ---------------------------------------------------------------------------------------------------

const figuras = (e: Extrato) => ({
  bruto: reais(e.brutoCentavos),
  estornos: reais(e.estornosCentavos),
  base: reais(e.baseCentavos),
  royalty: reais(e.royaltyCentavos),
  fundo: reais(e.fundoCentavos),
  minimo: e.minimoCentavos === null ? null : reais(e.minimoCentavos),
  ajusteMinimo: reais(e.ajusteMinimoCentavos),
  pedido: reais(e.pedidoCentavos),
  retido: reais(e.retidoCentavos),
  saldo: reais(e.saldoCentavos),
  lancamentos: e.linhas,
});

/** A closed month's statement as it was frozen. */
const extratoFechado = (f: FechamentoRow): Extrato =>
  extratoDeSomas(
    {
      bruto: f.brutoCentavos,
      estornos: f.estornosCentavos,
      royalty: f.royaltyCentavos,
      fundo: f.fundoCentavos,
      retido: f.retidoCentavos,
      linhas: f.linhas,
    },
    { minimoCentavos: f.minimoCentavos },
  );

/**
 * A charge as the franquia reads it on `hoje`. Open past its due date it reads 'vencida', as a family's parcela does
 * (`inadimplencia.ts`), whether or not the gateway's PAYMENT_OVERDUE came: the simulated gateway sends none, and the
 * demo's September charge read 'Em aberto' weeks after its day 10.
 */
const toFatura = (f: FaturaRow, hoje: string) => ({
  id: f.id,
  valor: reais(f.valorCentavos),
  vencimento: f.vencimento,
  status: f.status === 'aberta' && f.vencimento < hoje ? ('vencida' as const) : f.status,
  invoiceUrl: f.invoiceUrl,
  pagaEm: f.pagaEm,
});

interface Resumo {
  view: ExtratoResumo;
  extrato: Extrato;
  acordo: AcordoRow | null;
}

/**
 * The statements of these franquias for `mes`: a closed one as it closed, an open one (a preview) as its lines add
 * up now under the agreement in force on the month's last day.
 */
async function resumos(
  db: Executor,
  franquias: { id: string; razaoSocial: string }[],
  mes: string,
  hoje: string,
): Promise<Resumo[]> {
  const ids = franquias.map((f) => f.id);
  const [somas, fechamentos, acordos] = await Promise.all([
    somasDoPeriodo(db, ids, mes),
    fechamentosDoPeriodo(db, ids, mes),
    acordosDe(db, ids),
  ]);
  const faturas = await faturasDe(
    db,
    fechamentos.map((f) => f.id),
  );
  const ultimoDia = ultimoDiaDo(mes);
  return franquias.map((f) => {
    const fechamento = fechamentos.find((x) => x.franquiaId === f.id);
    const acordo = acordoEmVigor(
      acordos.filter((a) => a.franquiaId === f.id),
      ultimoDia,
    );
    const s = somas.find((x) => x.franquiaId === f.id);
    const extrato = fechamento
      ? extratoFechado(fechamento)
      : extratoDeSomas(
          {
            bruto: Number(s?.bruto ?? 0),
            estornos: Number(s?.estornos ?? 0),
            royalty: Number(s?.royalty ?? 0),
            fundo: Number(s?.fundo ?? 0),
            retido: Number(s?.retido ?? 0),
            linhas: Number(s?.linhas ?? 0),
          },
          acordo,
        );
    const fatura = fechamento ? faturas.find((x) => x.fechamentoId === fechamento.id) : undefined;
    return {
      extrato,
      acordo: fechamento ? (acordos.find((a) => a.id === fechamento.acordoId) ?? acordo) : acordo,
      view: {
        franquiaId: f.id,
        franquia: f.razaoSocial,
        mes,
        status: fechamento ? 'fechado' : 'aberto',
        modo: fechamento ? fechamento.modo : (acordo?.modo ?? null),
        ...figuras(extrato),
        fechamentoId: fechamento?.id ?? null,
        fechadoEm: fechamento ? fechamento.fechadoEm.toISOString() : null,
        fatura: fatura ? toFatura(fatura, hoje) : null,
      },
    };
  });
}

const somaDe = (extratos: Extrato[]): Extrato => {
  const t: Extrato = {
    brutoCentavos: 0,
    estornosCentavos: 0,
    baseCentavos: 0,
    royaltyCentavos: 0,
    fundoCentavos: 0,
    minimoCentavos: null,
    ajusteMinimoCentavos: 0,
    pedidoCentavos: 0,
    retidoCentavos: 0,
    saldoCentavos: 0,
    linhas: 0,
  };
  for (const e of extratos) {
    t.brutoCentavos += e.brutoCentavos;
    t.estornosCentavos += e.estornosCentavos;
    t.baseCentavos += e.baseCentavos;
    t.royaltyCentavos += e.royaltyCentavos;
    t.fundoCentavos += e.fundoCentavos;
    if (e.minimoCentavos !== null) t.minimoCentavos = (t.minimoCentavos ?? 0) + e.minimoCentavos;
    t.ajusteMinimoCentavos += e.ajusteMinimoCentavos;
    t.pedidoCentavos += e.pedidoCentavos;
    t.retidoCentavos += e.retidoCentavos;
    t.saldoCentavos += e.saldoCentavos;
    t.linhas += e.linhas;
  }
  return t;
};

/** GET /api/royalties/extratos?mes=: every franquia the caller reads, and their total (always their sum). */
export async function verExtratos(app: FastifyInstance, actor: Actor, mes: string): Promise<ExtratosView> {
  const franquias = await franquiasNoAlcance(app.db, actor);
  const rs = await resumos(app.db, franquias, mes, todayInBrasilia(app.clock.now()));
  return { mes, total: figuras(somaDe(rs.map((r) => r.extrato))), itens: rs.map((r) => r.view) };
}

const toLinhaView = (r: LinhaRow): LinhaView => ({
  id: r.id,
  tipo: r.tipo,
  parcelaId: r.parcelaId,
  parcelaNumero: r.parcelaNumero,
  matriculaId: r.matriculaId,
  aluno: r.aluno,
  curso: r.curso,
  base: reais(r.baseCentavos),
  royalty: reais(r.royaltyCentavos),
  fundo: reais(r.fundoCentavos),
  split: r.splitCentesimos === null ? null : fromCentesimos(r.splitCentesimos),
  retido: reais(r.retidoCentavos),
  ocorridoEm: r.ocorridoEm,
  contestacao:
    r.contestacaoId && r.ticketId && r.motivo && r.contestadaEm
      ? {
          id: r.contestacaoId,
          linhaId: r.id,
          motivo: r.motivo,
          ticketId: r.ticketId,
          ticketStatus: r.ticketStatus ?? 'em_andamento',
          criadaEm: r.contestadaEm.toISOString(),
        }
      : null,
});

/**
 * GET /api/royalties/extratos/{franquiaId}/{mes}: the statement, its agreement and its lines -- every one, or the page
 * asked for (`page`, `pageSize`), with how many the month holds; 404 outside reach.
 */
export async function verExtrato(
  app: FastifyInstance,
  actor: Actor,
  franquiaId: string,
  mes: string,
  query: ExtratoQuery = {},
): Promise<ExtratoView> {
  const pagina = paginaDoExtrato(query);
  const franquia = await franquiaNoAlcance(app.db, actor, franquiaId);
  if (!franquia) throw notFound(ROYALTY_MESSAGES.extratoNaoEncontrado);
  const [[r], linhas] = await Promise.all([
    resumos(app.db, [franquia], mes, todayInBrasilia(app.clock.now())),
    linhasDoPeriodo(app.db, franquia.id, mes, pagina ? pageWindow(pagina) : undefined),
  ]);
  return {
    ...r!.view,
    acordo: r!.acordo ? toAcordoView(r!.acordo) : null,
    linhas: linhas.map(toLinhaView),
    // The statement's count of lines: an open month's as its lines add up now, a closed one's as frozen (the
    // database refuses a line in a closed month, so both are the lines it holds).
    total: r!.extrato.linhas,
    page: pagina?.page ?? 1,
    pageSize: pagina?.pageSize ?? null,
  };
}

// --- Closing ------------------------------------------------------------------------------------------------------

/**
 * A franquia's month closed -- by the franqueador (`actor`) or by the job (null): its figures frozen (the database
 * refuses a new line in it and any change to them), audited, and a positive balance charged to the franquia, due on
 * day 10, by a job through the billing's gateway. The franquia's row is locked: a payment in flight finishes first,
 * one after it lands in the next month. Answers the closing's id.
 */
export async function fecharNa(
  tx: Executor,
  franquia: { id: string; franqueadorId: string },
  mes: string,
  actor: Actor | null,
  now: Date,
): Promise<string> {
  await travarFranquia(tx, franquia.id, 'update');
  if ((await fechamentosDoPeriodo(tx, [franquia.id], mes)).length > 0) throw conflict(ROYALTY_MESSAGES.jaFechado);
  const acordo = acordoEmVigor(await acordosDe(tx, [franquia.id]), ultimoDiaDo(mes));
  if (!acordo) throw conflict(ROYALTY_MESSAGES.semAcordo);
  const [s] = await somasDoPeriodo(tx, [franquia.id], mes);
  const e = extratoDeSomas(
    {
      bruto: Number(s?.bruto ?? 0),
      estornos: Number(s?.estornos ?? 0),
      royalty: Number(s?.royalty ?? 0),
      fundo: Number(s?.fundo ?? 0),
      retido: Number(s?.retido ?? 0),
      linhas: Number(s?.linhas ?? 0),
    },
    acordo,
  );
  const id = await inserirFechamento(tx, {
    franqueadorId: franquia.franqueadorId,
    franquiaId: franquia.id,
    periodo: mes,
    acordoId: acordo.id,
    modo: acordo.modo,
    brutoCentavos: e.brutoCentavos,
    estornosCentavos: e.estornosCentavos,
    baseCentavos: e.baseCentavos,
    royaltyCentavos: e.royaltyCentavos,
    fundoCentavos: e.fundoCentavos,
    minimoCentavos: e.minimoCentavos,
    ajusteMinimoCentavos: e.ajusteMinimoCentavos,
    retidoCentavos: e.retidoCentavos,
    saldoCentavos: e.saldoCentavos,
    linhas: e.linhas,
    fechadoEm: now,
    fechadoPorId: actor?.id ?? null,
  });
  if (!id) throw conflict(ROYALTY_MESSAGES.jaFechado);
  await audit(tx, {
    acao: 'royalty_fechamento.fechar',
    entidadeId: id,
    ...(actor ? {} : { ator: null }),
    detalhes: {
      franquiaId: franquia.id,
      mes,
      modo: acordo.modo,
      royaltyCentavos: e.royaltyCentavos,
      fundoCentavos: e.fundoCentavos,
      ajusteMinimoCentavos: e.ajusteMinimoCentavos,
      retidoCentavos: e.retidoCentavos,
      saldoCentavos: e.saldoCentavos,
      linhas: e.linhas,
    },
  });
  if (e.saldoCentavos > 0) {
    const faturaId = await inserirFatura(tx, {
      fechamentoId: id,
      franqueadorId: franquia.franqueadorId,
      franquiaId: franquia.id,
      valorCentavos: e.saldoCentavos,
      vencimento: vencimentoDaFatura(mes, todayInBrasilia(now)),
    });
    if (faturaId)
      await enfileirar(
        tx,
        {
          tipo: 'royalties_fatura',
          payload: { faturaId },
          chave: chaveDaFatura(faturaId),
          franqueadorId: franquia.franqueadorId,
          registroId: franquia.id,
        },
        now,
      );
  }
  return id;
}

/** POST /api/royalties/extratos/{franquiaId}/{mes}/fechar: a month that has ended, closed by the franqueador. */
export async function fecharExtrato(
  app: FastifyInstance,
  actor: Actor,
  franquiaId: string,
  mes: string,
): Promise<ExtratoView> {
  const now = app.clock.now();
  const franquia = await franquiaNoAlcance(app.db, actor, franquiaId);
  if (!franquia) throw notFound(ROYALTY_MESSAGES.extratoNaoEncontrado);
  if (mes >= periodoDe(todayInBrasilia(now))) throw badRequest(ROYALTY_MESSAGES.mesEmAberto);
  await app.db.transaction((tx) => fecharNa(tx, franquia, mes, actor, now));
  return verExtrato(app, actor, franquia.id, mes);
}

/**
 * The daily job (ADR 065): the previous month closed for every franquia with an agreement in force by its end and
 * no closing yet -- on the 1st it closes them all; a later day catches up a run that failed. Each franquia in its
 * own transaction. Answers how many it closed.
 */
export async function fecharMesAnterior(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const mes = periodoAnterior(periodoDe(todayInBrasilia(now)));
  const ids = await franquiasParaFechar(app.db, mes, ultimoDiaDo(mes));
  let fechados = 0;
  for (const franquiaId of ids) {
    try {
      await app.db.transaction(async (tx) => {
        const franquia = await travarFranquia(tx, franquiaId, 'update');
        if (franquia) await fecharNa(tx, franquia, mes, null, now);
      });
      fechados += 1;
    } catch (error) {
      // Closed meanwhile by hand: nothing left to do for it.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
    }
  }
  return fechados;
}

// --- Contests -----------------------------------------------------------------------------------------------------

/**
 * POST .../linhas/{linhaId}/contestar {motivo}: the franquia contests a line of its statement -- a SAC ticket opened
 * in the same transaction, linked to the line; the statement shows it and the ticket's status. Once per line.
 */
export async function contestarLinha(
  app: FastifyInstance,
  actor: Actor,
  params: { franquiaId: string; mes: string; linhaId: string },
  motivo: string,
): Promise<ContestacaoView> {
  const now = app.clock.now();
  const franquia = await franquiaNoAlcance(app.db, actor, params.franquiaId);
  if (!franquia) throw notFound(ROYALTY_MESSAGES.extratoNaoEncontrado);
  const linha = await linhaDoExtrato(app.db, franquia.id, params.mes, params.linhaId);
  if (!linha) throw notFound(ROYALTY_MESSAGES.linhaNaoEncontrada);
  const valor = formatBRL(reais(Math.abs(linha.baseCentavos)));
  return app.db.transaction(async (tx) => {
    const ticketId = await abrirTicketNa(
      app,
      tx,
      actor,
      {
        titulo: `Contestação de royalties - ${params.mes}`,
        descricao: `Linha contestada do extrato de ${params.mes}: ${linha.tipo === 'receita' ? 'receita' : 'estorno'} de ${valor} em ${linha.ocorridoEm} (parcela ${linha.parcelaId}).\n\nMotivo: ${motivo}`,
        departamento: 'administrativo',
        prioridade: 'media',
      },
      now,
      // One act, one row: the contest's, naming its ticket.
      { auditar: false },
    );
    const c = await inserirContestacao(tx, {
      linhaId: linha.id,
      franquiaId: franquia.id,
      ticketId,
      motivo,
      criadoPorId: actor.id,
      createdAt: now,
    });
    if (!c) throw conflict(ROYALTY_MESSAGES.jaContestada);
    await audit(tx, {
      acao: 'royalty_linha.contestar',
      entidadeId: c.id,
      detalhes: { linhaId: linha.id, mes: params.mes, ticketId },
    });
    return {
      id: c.id,
      linhaId: linha.id,
      motivo,
      ticketId,
      ticketStatus: 'em_andamento',
      criadaEm: c.createdAt.toISOString(),
    };
  });
}
