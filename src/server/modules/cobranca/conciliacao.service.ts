import type { FastifyInstance } from 'fastify';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { type ParcelaStatus, type ParcelaTipo, tituloDaParcela } from '../../../shared/cobranca/parcelas';
import { fromCentavos } from '../../../shared/money/parcelas';
import {
  CONCILIACAO_JANELA_DIAS,
  CONCILIACAO_MESSAGES,
  type ConciliacaoView,
  type DiferencaSituacao,
  type DiferencaTipo,
} from '../../../shared/schemas/conciliacao';
import type { Actor } from '../../access/actor';
import { HttpError, conflict } from '../../lib/http-error';
import { audit } from '../auditoria';
import {
  type DiferencaNova,
  type ParcelaParaConciliar,
  abrirConciliacao,
  concluirConciliacao,
  diferencasVisiveis,
  eventoAindaDesconhecido,
  eventosDesconhecidos,
  apagarConciliacao,
  contarParcelasDaJanela,
  falharConciliacao,
  fecharInterrompidas,
  gravarDiferencas,
  marcarPagamentos,
  matriculasExistentes,
  pagamentosJaVistos,
  parcelasDosPagamentos,
  parcelasNaoListadas,
  ultimaConciliacao,
} from './conciliacao.repository';
import { parcelaDoPagamento, registrarEvento } from './cobranca.repository';
import { gatewayDe } from './gateway-da-app';
import { type CobrancaNoGateway, type EventoDoGateway, FalhaNoGateway, type GatewayDeCobranca } from './gateway';
import { transicaoDoEvento } from '../../../shared/cobranca/transicoes';
import { aplicarRegistrado } from './webhook.service';
import { statusDaFaturaDoPagamento } from '../royalties';
import type { StatusFaturaRoyalty } from '../../../shared/royalties/extrato';

/**
 * The reconciliation with the gateway (issue 43, ADR 080). The webhook may lose an event (an outage on either side,
 * a payment before its parcela was written); once a day, and when the franqueador asks, the gateway's payments due in
 * the last 90 days (and after) are compared with the parcelas. What the webhook would have done is done now, through
 * its own code (forward only, audited); everything else -- a payment no parcela holds, a parcela whose payment the
 * gateway lacks, a value that differs, a status that would have to move backwards -- is listed for a person.
 */

/** The gateway's listing page (Asaas answers at most 100). */
const PAGINA = 100;
/** At most this many pages a run (1,000,000 payments): a larger account needs the listing split first. */
const MAX_PAGINAS = 10_000;
/** The window's parcelas read at a time, and the differences written at a time (ADR 084: a run's memory). */
const LOTE = 500;
/** A run unfinished after this long was interrupted (a crash): the next closes it and starts. */
const INTERROMPIDA_MS = 30 * 60_000;

/** What the parcela's status should be for the gateway's payment; null for a status we do not map. */
export function statusEsperados(c: Pick<CobrancaNoGateway, 'status' | 'deleted'>): readonly ParcelaStatus[] | null {
  if (c.deleted) return ['cancelada'];
  switch (c.status) {
    case 'PENDING':
      return ['aberta'];
    case 'OVERDUE':
      return ['vencida'];
    case 'RECEIVED':
    case 'CONFIRMED':
    case 'RECEIVED_IN_CASH':
      return ['paga'];
    case 'REFUNDED':
      return ['estornada'];
    // A refund asked and not yet done (PIX): paid until its webhook says refunded (ADR 076).
    case 'REFUND_REQUESTED':
    case 'REFUND_IN_PROGRESS':
      return ['paga', 'estornada'];
    // ADR 093: a chargeback refunds the parcela; its dispute won pays it again.
    case 'CHARGEBACK_REQUESTED':
    case 'CHARGEBACK_DISPUTE':
      return ['estornada'];
    case 'AWAITING_CHARGEBACK_REVERSAL':
      return ['paga'];
    default:
      return null;
  }
}

/** ADR 093: the event a lost webhook carried for a chargeback's statuses (they are no refund's). */
const EVENTO_DO_GATEWAY: Partial<Record<string, string>> = {
  CHARGEBACK_REQUESTED: 'PAYMENT_CHARGEBACK_REQUESTED',
  CHARGEBACK_DISPUTE: 'PAYMENT_CHARGEBACK_DISPUTE',
  AWAITING_CHARGEBACK_REVERSAL: 'PAYMENT_AWAITING_CHARGEBACK_REVERSAL',
};

/** The webhook event that brings a parcela to each status. */
const EVENTO_DO_STATUS: Partial<Record<ParcelaStatus, string>> = {
  paga: 'PAYMENT_RECEIVED',
  vencida: 'PAYMENT_OVERDUE',
  estornada: 'PAYMENT_REFUNDED',
  cancelada: 'PAYMENT_DELETED',
};

/** The matrícula a payment's reference names (`parcela:<matrícula>:<n>`, `taxa_cancelamento:<matrícula>`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function matriculaDaReferencia(referencia: string | null | undefined): string | null {
  const partes = (referencia ?? '').split(':');
  const id = partes[0] === 'parcela' || partes[0] === 'taxa_cancelamento' ? partes[1] : undefined;
  return id && UUID.test(id) ? id.toLowerCase() : null;
}

const statusNoGateway = (c: Pick<CobrancaNoGateway, 'status' | 'deleted'>) => (c.deleted ? 'DELETED' : c.status);

/** The gateway's payments due from `vencimentoDesde` on, a page at a time (ADR 084: never the whole listing). */
async function* paginasDeCobrancas(gateway: GatewayDeCobranca, vencimentoDesde: string, limite: number) {
  for (let pagina = 0; pagina < MAX_PAGINAS; pagina++) {
    const { cobrancas, temMais } = await gateway.listarCobrancas({ vencimentoDesde, offset: pagina * limite, limite });
    if (cobrancas.length > 0) yield cobrancas;
    if (!temMais || cobrancas.length === 0) return;
  }
}

/** Page sizes of a run: the gateway's listing, and the window's parcelas and differences (tests use small ones). */
export interface PaginasDaConciliacao {
  gateway?: number;
  lote?: number;
}

export interface ResultadoDaConciliacao {
  conciliacaoId: string;
  corrigidas: number;
  pendentes: number;
}

/**
 * One run (the daily job's or 'Conciliar agora'). One at a time: a second while one is under way is refused (409).
 * Each fix is its own transaction with its stored event and audit row, through the webhook's code; the differences,
 * the counts and the run's audit row commit together at the end. A run again changes nothing it already fixed.
 */
export async function executarConciliacao(
  app: FastifyInstance,
  origem: 'diaria' | 'manual',
  actor: Actor | null,
  paginas: PaginasDaConciliacao = {},
): Promise<ResultadoDaConciliacao> {
  const paginaDoGateway = paginas.gateway ?? PAGINA;
  const lote = paginas.lote ?? LOTE;
  const gateway = gatewayDe(app);
  if (!gateway) throw conflict(CONCILIACAO_MESSAGES.semGateway);
  const provedor = gateway.provedor;
  const now = app.clock.now();
  const desde = addDays(todayInBrasilia(now), -CONCILIACAO_JANELA_DIAS);
  await fecharInterrompidas(app.db, provedor, new Date(now.getTime() - INTERROMPIDA_MS));
  const id = await abrirConciliacao(app.db, { provedor, origem, solicitadaPorId: actor?.id ?? null, desde }, now);
  if (!id) throw conflict(CONCILIACAO_MESSAGES.emAndamento);
  const conciliacaoId: string = id;

  try {
    // The differences are written a batch at a time as the run goes (ADR 084); only their counts stay in memory.
    let diferencas: DiferencaNova[] = [];
    let corrigidas = 0;
    let pendentes = 0;
    let semMatricula = 0;
    const gravar = async () => {
      if (diferencas.length === 0) return;
      await gravarDiferencas(app.db, conciliacaoId, diferencas);
      diferencas = [];
    };
    const diferenca = (d: Partial<DiferencaNova> & { tipo: DiferencaTipo; situacao: DiferencaSituacao }) => {
      if (d.situacao === 'corrigida') corrigidas += 1;
      else pendentes += 1;
      if (!d.matriculaId && !d.franqueadorId) semMatricula += 1;
      diferencas.push({
        parcelaId: null,
        matriculaId: null,
        gatewayId: null,
        referencia: null,
        statusLocal: null,
        statusGateway: null,
        valorLocalCentavos: null,
        valorGatewayCentavos: null,
        vencimento: null,
        ...d,
      });
    };

    // 1. Webhooks stored about a payment no parcela held: applied now if a parcela holds it (the webhook's path).
    for (const e of await eventosDesconhecidos(app.db, provedor)) {
      const evento = e.payload as EventoDoGateway;
      const aplicado = await app.db.transaction(async (tx) => {
        if (!(await eventoAindaDesconhecido(tx, e.id))) return null;
        const parcela = await parcelaDoPagamento(tx, provedor, e.gatewayPagamentoId!);
        if (!parcela) return null;
        const desfecho = await aplicarRegistrado(
          tx,
          provedor,
          evento,
          e.id,
          app.clock.now(),
          'conciliacao',
          conciliacaoId,
        );
        return desfecho === 'aplicado' ? parcela : null;
      });
      if (aplicado) {
        diferenca({
          tipo: 'status_diverge',
          situacao: 'corrigida',
          parcelaId: aplicado.id,
          matriculaId: aplicado.matriculaId,
          gatewayId: e.gatewayPagamentoId,
          referencia: evento.payment?.externalReference ?? null,
          statusLocal: aplicado.status,
          statusGateway: typeof evento.payment?.status === 'string' ? evento.payment.status : e.tipo,
        });
      }
    }

    // 2. The gateway's payments, a page at a time, against the parcelas holding them (whatever their due date).
    let pagamentosNoGateway = 0;
    let comparadasForaDaJanela = 0;
    /**
     * The event a lost webhook would have carried for the gateway's payment, stored and applied through the
     * webhook's own path (a parcela's or a royalties charge's), in one transaction. Answers whether it applied.
     */
    async function comoOWebhook(c: CobrancaNoGateway, tipoDoEvento: string): Promise<boolean> {
      const evento: EventoDoGateway = {
        id: `conciliacao:${conciliacaoId}:${c.id}`,
        event: tipoDoEvento,
        dateCreated: now.toISOString(),
        payment: {
          id: c.id,
          status: statusNoGateway(c),
          value: fromCentavos(c.valorCentavos),
          netValue: c.valorLiquidoCentavos == null ? null : fromCentavos(c.valorLiquidoCentavos),
          paymentDate: c.pagaEm ?? null,
          externalReference: c.referencia,
        },
      };
      const desfecho = await app.db.transaction(async (tx) => {
        const registro = await registrarEvento(
          tx,
          { provedor, eventoId: evento.id, tipo: evento.event, pagamentoId: c.id, payload: evento },
          app.clock.now(),
        );
        if (!registro) return 'repetido' as const;
        return aplicarRegistrado(tx, provedor, evento, registro, app.clock.now(), 'conciliacao', conciliacaoId);
      });
      return desfecho === 'aplicado';
    }

    /** A parcela and its payment compared: fixed through the webhook's path when it only moves forward. */
    async function comparar(p: ParcelaParaConciliar, c: CobrancaNoGateway) {
      const base = {
        parcelaId: p.id,
        matriculaId: p.matriculaId,
        gatewayId: c.id,
        referencia: c.referencia,
        statusLocal: p.status,
        statusGateway: statusNoGateway(c),
        valorLocalCentavos: p.valorCentavos,
        valorGatewayCentavos: c.valorCentavos,
        vencimento: p.vencimento,
      };
      // A parcela paid at the school: its payment is the baixa's job's to close; the gateway never changes it.
      if (p.baixaEm) return;
      if (!c.deleted && c.valorCentavos !== p.valorCentavos) {
        diferenca({ ...base, tipo: 'valor_diverge', situacao: 'pendente' });
      }
      const esperados = statusEsperados(c);
      if (esperados?.includes(p.status)) return;
      const alvo = esperados?.[0];
      const tipoDoEvento = alvo ? (EVENTO_DO_GATEWAY[c.status] ?? EVENTO_DO_STATUS[alvo]) : undefined;
      if (tipoDoEvento && transicaoDoEvento(p, tipoDoEvento) && (await comoOWebhook(c, tipoDoEvento))) {
        diferenca({ ...base, tipo: 'status_diverge', situacao: 'corrigida' });
        return;
      }
      diferenca({ ...base, tipo: 'status_diverge', situacao: 'pendente' });
    }

    /**
     * A royalties charge and its payment (ADR 095): a status the webhook would have moved forward is moved now,
     * through the webhook's path (the charge's event, stored and audited as the gateway's); one that would have to
     * move backwards is listed. A charge is the franqueador's: its difference names no matrícula.
     */
    async function compararFatura(
      { status, franqueadorId }: { status: StatusFaturaRoyalty; franqueadorId: string },
      c: CobrancaNoGateway,
    ) {
      const esperados = statusEsperados(c);
      if (!esperados || (esperados as readonly string[]).includes(status)) return;
      const alvo = esperados[0]!;
      const base = {
        franqueadorId,
        gatewayId: c.id,
        referencia: c.referencia,
        statusLocal: status,
        statusGateway: statusNoGateway(c),
        valorGatewayCentavos: c.valorCentavos,
        vencimento: c.vencimento,
      };
      const tipoDoEvento = EVENTO_DO_GATEWAY[c.status] ?? EVENTO_DO_STATUS[alvo];
      if (tipoDoEvento && (await comoOWebhook(c, tipoDoEvento))) {
        diferenca({ ...base, tipo: 'status_diverge', situacao: 'corrigida' });
        return;
      }
      diferenca({ ...base, tipo: 'status_diverge', situacao: 'pendente' });
    }

    for await (const pagina of paginasDeCobrancas(gateway, desde, paginaDoGateway)) {
      const novas = await marcarPagamentos(
        app.db,
        conciliacaoId,
        pagina.map((c) => c.id),
      );
      const cobrancas = pagina.filter((c) => novas.delete(c.id));
      pagamentosNoGateway += cobrancas.length;
      const locais = new Map<string, ParcelaParaConciliar>();
      for (const p of await parcelasDosPagamentos(
        app.db,
        provedor,
        cobrancas.map((c) => c.id),
      )) {
        locais.set(p.gatewayId, p);
        if (p.vencimento < desde) comparadasForaDaJanela += 1;
      }
      const referidas = await matriculasExistentes(app.db, [
        ...new Set(cobrancas.map((c) => matriculaDaReferencia(c.referencia)).filter((m): m is string => !!m)),
      ]);
      for (const c of cobrancas) {
        const p = locais.get(c.id);
        if (p) {
          await comparar(p, c);
          continue;
        }
        // ADR 095: a franquia's royalties charge is no parcela, and no unknown payment either.
        const fatura = await statusDaFaturaDoPagamento(app.db, provedor, c.id);
        if (fatura) {
          await compararFatura(fatura, c);
          continue;
        }
        const matricula = matriculaDaReferencia(c.referencia);
        diferenca({
          tipo: 'ausente_local',
          situacao: 'pendente',
          matriculaId: matricula && referidas.has(matricula) ? matricula : null,
          gatewayId: c.id,
          referencia: c.referencia,
          statusGateway: statusNoGateway(c),
          valorGatewayCentavos: c.valorCentavos,
          vencimento: c.vencimento,
        });
      }
      if (diferencas.length >= lote) await gravar();
    }

    // 3. The window's parcelas the listing lacks (a deleted payment is not listed), a page at a time: each asked of
    // the gateway. A parcela cancelled or paid at the school has its payment deleted, as expected. The simulation
    // forgets its payments at a restart (ADR 071): it is never asked about one it did not list.
    const parcelasComparadas = (await contarParcelasDaJanela(app.db, provedor, desde)) + comparadasForaDaJanela;
    if (provedor !== 'simulado') {
      let depoisDe: string | null = null;
      for (;;) {
        const pagina = await parcelasNaoListadas(app.db, provedor, desde, conciliacaoId, depoisDe, lote);
        if (pagina.length === 0) break;
        depoisDe = pagina.at(-1)!.id;
        for (const p of pagina) {
          // Marked first: a parcela holding a payment asked already (two parcelas, one payment) is asked once.
          if (!(await marcarPagamentos(app.db, conciliacaoId, [p.gatewayId])).size) continue;
          const c = await gateway.consultarCobranca(p.gatewayId);
          if (c) {
            await comparar(p, c);
            continue;
          }
          diferenca({
            tipo: 'ausente_gateway',
            situacao: 'pendente',
            parcelaId: p.id,
            matriculaId: p.matriculaId,
            gatewayId: p.gatewayId,
            statusLocal: p.status,
            valorLocalCentavos: p.valorCentavos,
            vencimento: p.vencimento,
          });
        }
        if (diferencas.length >= lote) await gravar();
        if (pagina.length < lote) break;
      }
    }
    await gravar();

    // 4. What the webhook stored about payments still held by no parcela, and not listed by the gateway either.
    const desconhecidos = await eventosDesconhecidos(app.db, provedor);
    const jaListados = await pagamentosJaVistos(
      app.db,
      conciliacaoId,
      desconhecidos.map((e) => e.gatewayPagamentoId!),
    );
    for (const e of desconhecidos) {
      const pagamento = e.gatewayPagamentoId!;
      if (jaListados.has(pagamento)) continue;
      jaListados.add(pagamento);
      const p = (e.payload as EventoDoGateway).payment;
      const matricula = matriculaDaReferencia(p?.externalReference);
      const existe = matricula ? (await matriculasExistentes(app.db, [matricula])).has(matricula) : false;
      diferenca({
        tipo: 'ausente_local',
        situacao: 'pendente',
        matriculaId: existe ? matricula : null,
        gatewayId: pagamento,
        referencia: p?.externalReference ?? null,
        statusGateway: typeof p?.status === 'string' ? p.status : e.tipo,
        valorGatewayCentavos: typeof p?.value === 'number' ? Math.round(p.value * 100) : null,
      });
    }

    if (semMatricula) app.log.warn({ conciliacaoId: id, semMatricula }, 'gateway payments no matrícula holds');
    const contagens = { pagamentosNoGateway, parcelasComparadas, corrigidas, pendentes };
    await app.db.transaction(async (tx) => {
      await gravarDiferencas(tx, id, diferencas);
      await concluirConciliacao(tx, id, contagens, app.clock.now());
      await audit(tx, {
        acao: 'cobranca.conciliar',
        entidadeId: null,
        ...(actor ? {} : { ator: null }),
        detalhes: { conciliacaoId: id, origem, provedor, desde, ...contagens },
      });
    });
    return { conciliacaoId: id, corrigidas, pendentes };
  } catch (error) {
    if (!(error instanceof FalhaNoGateway)) {
      // Our own failure (the database, an audit row refused): every fix's transaction was undone with it, and so
      // is the run's row -- the run never happened.
      await apagarConciliacao(app.db, conciliacaoId);
      throw error;
    }
    // The gateway out: the run is kept as failed (its reason, no secret: the adapter keeps only status and codes).
    await falharConciliacao(app.db, conciliacaoId, error.message.slice(0, 500));
    if (origem === 'diaria') throw error;
    app.log.warn({ err: error, conciliacaoId }, 'reconciliation failed: the gateway did not answer');
    throw new HttpError(502, CONCILIACAO_MESSAGES.gatewayIndisponivel);
  }
}

/** GET /api/cobranca/conciliacao: the last finished run, its counts and differences as the caller's scope reads them. */
export async function verConciliacao(app: FastifyInstance, actor: Actor): Promise<ConciliacaoView> {
  const run = await ultimaConciliacao(app.db);
  if (!run || !run.concluidaEm) return { execucao: null, diferencas: [] };
  const rows = await diferencasVisiveis(app.db, actor, run.id);
  const diferencas = rows.map((d) => ({
    id: d.id,
    tipo: d.tipo as DiferencaTipo,
    situacao: d.situacao as DiferencaSituacao,
    parcelaId: d.parcelaId,
    matriculaId: d.matriculaId,
    aluno: d.aluno,
    parcela:
      d.numero === null || d.totalParcelas === null
        ? null
        : tituloDaParcela({
            tipo: d.parcelaTipo as ParcelaTipo,
            numero: Number(d.numero),
            totalParcelas: Number(d.totalParcelas),
            renegociacao: Boolean(d.renegociacao),
          }),
    gatewayId: d.gatewayId,
    statusLocal: d.statusLocal,
    statusGateway: d.statusGateway,
    valorLocal: d.valorLocalCentavos === null ? null : fromCentavos(d.valorLocalCentavos),
    valorGateway: d.valorGatewayCentavos === null ? null : fromCentavos(d.valorGatewayCentavos),
    vencimento: d.vencimento,
  }));
  return {
    execucao: {
      id: run.id,
      origem: run.origem as 'diaria' | 'manual',
      iniciadaEm: run.iniciadaEm.toISOString(),
      concluidaEm: run.concluidaEm.toISOString(),
      desde: run.desde,
      pagamentosNoGateway: run.pagamentosNoGateway,
      parcelasComparadas: run.parcelasComparadas,
      corrigidas: diferencas.filter((d) => d.situacao === 'corrigida').length,
      pendentes: diferencas.filter((d) => d.situacao === 'pendente').length,
    },
    diferencas,
  };
}
