import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '../../../shared/brasilia';
import type { ProvedorCobranca } from '../../../shared/cobranca/parcelas';
import { fromCentavos, toCentavos } from '../../../shared/money/parcelas';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { PARCELA_MESSAGES } from '../../../shared/schemas/parcela';
import { audit, auditInsert } from '../auditoria';
import { creditosDoPagamento, estornarComissoes, lancamentosInsert, lancarComissoes } from '../comissoes';
import {
  aplicarEventoNaFatura,
  estornarRoyalties,
  lancarRoyalties,
  linhasInsert,
  receitaDoPagamento,
} from '../royalties';
import {
  type ParcelaAPagar,
  type ParcelaTravada,
  type ResultadoDoEvento,
  mudarParcelaRegistrada,
  pagamentoDaParcela,
  parcelaDoPagamento,
  parcelaNoEscopo,
  registrarEventoNaParcela,
  resultadoDoEvento,
} from './cobranca.repository';
import type { EventoDoGateway } from './gateway';
import { STATUS_DO_EVENTO, transicaoDoEvento } from '../../../shared/cobranca/transicoes';
import { gatewayDe } from './gateway-da-app';
import { controleDoSimulado } from './simulado.gateway';

/**
 * The gateway's webhook (issue 43, ADR 071): each event id applied once, in one transaction with its record -- the
 * route answers 200 only after it commits, so an event the gateway sees acknowledged is never lost, and one it
 * delivers again finds its id and changes nothing. A payment no parcela holds is stored for the reconciliation.
 */

export type Desfecho = 'aplicado' | 'ignorado' | 'repetido' | 'pagamento_desconhecido';

/** Whose change the audit row records: the gateway's, a simulated payment's (the staff's), the reconciliation's. */
const ACAO_DE = {
  gateway: 'parcela.status_gateway',
  simulacao: 'parcela.simular_pagamento',
  conciliacao: 'parcela.status_conciliacao',
} as const;

const sha = (texto: string) => createHash('sha256').update(texto).digest();

/** `asaas-access-token` against ASAAS_WEBHOOK_TOKEN in constant time (their digests: any length compares alike). */
export function tokenConfere(esperado: string | undefined, recebido: string | string[] | undefined): boolean {
  if (!esperado || typeof recebido !== 'string') return false;
  return timingSafeEqual(sha(esperado), sha(recebido));
}

/** The day the family paid, as the gateway says it, else today in Brasília. */
function diaDoPagamento(evento: EventoDoGateway, now: Date): string {
  const p = evento.payment;
  const dia = p?.paymentDate ?? p?.clientPaymentDate ?? p?.confirmedDate;
  return typeof dia === 'string' && /^\d{4}-\d{2}-\d{2}/.test(dia) ? dia.slice(0, 10) : todayInBrasilia(now);
}

/**
 * Issue 43: the ledgers' writes of a parcela's first payment, as statements for the one that pays it -- the lines
 * `lancarComissoes` and `lancarRoyalties` would write, computed from what the statement that locked it read. Null when
 * either ledger has lines of it already (a dispute won): then they write on their own.
 */
function linhasDoPagamento(
  parcela: ParcelaTravada,
  aPagar: ParcelaAPagar,
  pago: { pagaEm: string; valorLiquidoCentavos: number | null },
) {
  const creditos = creditosDoPagamento(
    { ...aPagar, id: parcela.id, matriculaId: parcela.matriculaId, numero: parcela.numero },
    pago.pagaEm,
    aPagar.comissao,
  );
  const receita = receitaDoPagamento(
    {
      id: parcela.id,
      valorCentavos: aPagar.valorCentavos,
      valorLiquidoCentavos: pago.valorLiquidoCentavos,
      franqueadorId: aPagar.franqueadorId,
      franquiaId: aPagar.franquiaId,
      splitCentesimos: aPagar.royaltySplitCentesimos,
    },
    pago.pagaEm,
    aPagar.royalty,
  );
  if (!creditos || !receita) return null;
  return [
    ...(creditos.length ? [lancamentosInsert(JSON.stringify(creditos))] : []),
    ...(receita.length ? [linhasInsert(JSON.stringify(receita))] : []),
  ];
}

/**
 * Applies one event in the caller's transaction. Its change is audited as the gateway's (no user), or -- a payment
 * simulated in development -- as the staff member's who simulated it: one row either way. The event is stored and
 * its parcela locked in one statement (with, for an event that pays, what both ledgers need, and their locks), the
 * parcela's change, its audit row and a first payment's ledger lines in another (issue 43's bench): with BEGIN and
 * COMMIT, four round trips where a payment took ten.
 */
export async function aplicarEventoNa(
  tx: Executor,
  provedor: ProvedorCobranca,
  evento: EventoDoGateway,
  now: Date,
  quem: 'gateway' | 'simulacao' = 'gateway',
): Promise<Desfecho> {
  const pagamentoId = evento.payment?.id ?? null;
  // An event that pays reads, with its parcela, what the ledgers need to credit it (issue 43).
  const paga = pagamentoId !== null && STATUS_DO_EVENTO[evento.event] === 'paga';
  const registrado = await registrarEventoNaParcela(
    tx,
    { provedor, eventoId: evento.id, tipo: evento.event, pagamentoId, payload: evento },
    now,
    paga,
  );
  if (!registrado) return 'repetido';
  if (!pagamentoId) return 'ignorado';
  const { registro, resultado, parcela, aPagar } = registrado;
  return aplicarNaParcela(
    tx,
    provedor,
    evento,
    registro,
    parcela,
    now,
    quem,
    null,
    { resultado, parcelaId: parcela?.id ?? null },
    aPagar,
  );
}

/**
 * An event already stored (`registro`), applied to the parcela holding its payment: by the webhook as it arrives,
 * or by the reconciliation (ADR 080) -- an event stored as `pagamento_desconhecido` whose payment a parcela now
 * holds, or the event a lost webhook would have carried.
 */
export async function aplicarRegistrado(
  tx: Executor,
  provedor: ProvedorCobranca,
  evento: EventoDoGateway,
  registro: string,
  now: Date,
  quem: 'gateway' | 'simulacao' | 'conciliacao' = 'gateway',
  conciliacaoId?: string | null,
): Promise<Desfecho> {
  const parcela = await parcelaDoPagamento(tx, provedor, evento.payment?.id ?? '');
  return aplicarNaParcela(tx, provedor, evento, registro, parcela, now, quem, conciliacaoId ?? null, null);
}

/**
 * The event `registro` applied to `parcela` (locked by the caller; undefined: no parcela holds its payment). The
 * event's row is written again only when its result is not the one it was stored with (`gravado`; null: unknown).
 */
async function aplicarNaParcela(
  tx: Executor,
  provedor: ProvedorCobranca,
  evento: EventoDoGateway,
  registro: string,
  parcela: ParcelaTravada | undefined,
  now: Date,
  quem: 'gateway' | 'simulacao' | 'conciliacao',
  conciliacaoId: string | null,
  gravado: { resultado: ResultadoDoEvento; parcelaId: string | null } | null,
  aPagar?: ParcelaAPagar,
): Promise<Desfecho> {
  const resultado = async (r: ResultadoDoEvento, parcelaId: string | null) => {
    if (gravado?.resultado !== r || gravado.parcelaId !== parcelaId)
      await resultadoDoEvento(tx, registro, r, parcelaId);
    return r;
  };
  const pagamentoId = evento.payment?.id ?? '';
  if (!parcela) {
    // ADR 089: a royalties charge to a franquia is no parcela: its event moves the charge.
    const fatura = await aplicarEventoNaFatura(
      tx,
      provedor,
      pagamentoId,
      evento.event,
      diaDoPagamento(evento, now),
      now,
    );
    if (fatura !== null) return resultado(fatura ? 'aplicado' : 'ignorado', null);
    return resultado('pagamento_desconhecido', null);
  }
  // A parcela paid at the school (ADR 076): its payment at the gateway is cancelled (or, paid there too, refunded)
  // by the baixa's job, and nothing the gateway says of it afterwards changes the cash payment.
  const transicao = parcela.baixaEm ? null : transicaoDoEvento(parcela, evento.event);
  if (!transicao) return resultado('ignorado', parcela.id);
  const { status, chargeback } = transicao;
  // A dispute won (ADR 093) pays the parcela again as it was paid: its day and net value stay the first payment's.
  const pago =
    status === 'paga' && chargeback !== 'ganhar'
      ? {
          pagaEm: diaDoPagamento(evento, now),
          valorLiquidoCentavos:
            typeof evento.payment?.netValue === 'number' ? toCentavos(evento.payment.netValue) : null,
        }
      : {};
  const chargebackEm = chargeback === 'abrir' ? todayInBrasilia(now) : chargeback ? null : undefined;
  // ADR 082, 089: the ledgers move with the parcela, in this transaction. A first payment whose ledgers' inputs
  // came with the parcela (issue 43) writes its lines in the statement that pays it; otherwise (a dispute won, the
  // reconciliation) the ledgers read and write on their own, after the change.
  const linhas = aPagar && status === 'paga' && pago.pagaEm ? linhasDoPagamento(parcela, aPagar, pago) : null;
  // The change and its audit row in one statement: one row per applied change.
  await mudarParcelaRegistrada(
    tx,
    parcela.id,
    { status, ...pago, ...(chargebackEm === undefined ? {} : { chargebackEm }) },
    auditInsert({
      acao: ACAO_DE[quem],
      entidadeId: parcela.id,
      ...(quem === 'simulacao' ? {} : { ator: null }),
      alteracoes: {
        status: [parcela.status, status],
        ...(pago.pagaEm ? { pagaEm: [parcela.pagaEm, pago.pagaEm] } : {}),
        ...(chargebackEm === undefined ? {} : { chargebackEm: [parcela.chargebackEm, chargebackEm] }),
      },
      detalhes: {
        evento: evento.event,
        provedor,
        matriculaId: parcela.matriculaId,
        numero: parcela.numero,
        ...(conciliacaoId ? { conciliacaoId } : {}),
      },
    }),
    linhas ?? [],
  );
  // ADR 082: the commission ledger moves with the parcela, in this transaction -- a chargeback reverses its lines
  // as a refund does, a dispute won writes them again as new lines (ADR 093); a refund made final writes nothing.
  const estorna = status === 'estornada' && chargeback !== 'encerrar';
  const lanca = status === 'paga' && !linhas;
  if (lanca) await lancarComissoes(tx, parcela.id, now);
  if (estorna) await estornarComissoes(tx, parcela.id, now);
  // ADR 089: and the royalties' ledger, in the same transaction.
  if (lanca) await lancarRoyalties(tx, parcela.id, now);
  if (estorna) await estornarRoyalties(tx, parcela.id, now);
  await resultado('aplicado', parcela.id);
  return 'aplicado';
}

/**
 * A ledger's line refused because its month was closed while the payment waited for the closing's lock (SQLSTATE
 * 23514 from `comissao_lancamentos_periodo_aberto` or `royalty_lancamentos_periodo_aberto`): the payment read the
 * closed months with the lock, in one statement (`registrarPagamentoNaParcela`), before the closing committed.
 */
function periodoFechadoNaCorrida(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '23514' && typeof message === 'string' && /período .* está fechado/.test(message)) return true;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return false;
}

/**
 * `aplicar` in a transaction, run again from the start when a month closed under it (`periodoFechadoNaCorrida`):
 * nothing of the first run was kept, and the second reads the closing and writes the lines in the next open month.
 */
async function emTransacao<T>(app: FastifyInstance, aplicar: (tx: Executor) => Promise<T>): Promise<T> {
  for (let tentativa = 1; ; tentativa++) {
    try {
      return await app.db.transaction(aplicar);
    } catch (error) {
      if (tentativa >= 3 || !periodoFechadoNaCorrida(error)) throw error;
    }
  }
}

/** POST /api/webhooks/asaas: the event, applied once, committed before the answer. */
export function receberEvento(app: FastifyInstance, provedor: ProvedorCobranca, evento: EventoDoGateway) {
  return emTransacao(app, (tx) => aplicarEventoNa(tx, provedor, evento, app.clock.now()));
}

/**
 * POST /api/parcelas/:id/simular-pagamento (development, simulated gateway only): the payment the gateway would
 * report, as its webhook event, through the webhook's own code -- in one transaction with the staff's audit row.
 */
export async function simularPagamento(app: FastifyInstance, actor: Actor, parcelaId: string, semAviso = false) {
  if (app.config.env === 'production') throw new HttpError(403, PARCELA_MESSAGES.simulacaoEmProducao);
  const visivel = await parcelaNoEscopo(app.db, actor, parcelaId);
  if (!visivel) throw notFound(PARCELA_MESSAGES.parcelaNaoEncontrada);
  const pagamento = await pagamentoDaParcela(app.db, parcelaId);
  if (!pagamento || pagamento.provedor !== 'simulado') throw conflict(PARCELA_MESSAGES.simulacaoSoSimulado);
  if (visivel.status !== 'aberta' && visivel.status !== 'vencida') throw conflict(PARCELA_MESSAGES.simulacaoStatus);
  const now = app.clock.now();
  if (semAviso) {
    // ADR 080: paid at the simulated gateway, its webhook lost -- the parcela stays as it is until reconciled.
    const controle = controleDoSimulado(gatewayDe(app));
    if (!controle?.receberSemAviso(pagamento.gatewayId)) throw conflict(PARCELA_MESSAGES.simulacaoSoSimulado);
    await audit(app.db, {
      acao: 'parcela.simular_pagamento',
      entidadeId: parcelaId,
      detalhes: { semAviso: true, matriculaId: visivel.matriculaId, numero: visivel.numero },
    });
    return visivel;
  }
  const hoje = todayInBrasilia(now);
  const evento: EventoDoGateway = {
    id: `evt_sim_${randomUUID()}`,
    event: 'PAYMENT_RECEIVED',
    dateCreated: now.toISOString(),
    payment: {
      object: 'payment',
      id: pagamento.gatewayId,
      status: 'RECEIVED',
      value: fromCentavos(pagamento.valorCentavos),
      // The simulated gateway charges no fee.
      netValue: fromCentavos(pagamento.valorCentavos),
      paymentDate: hoje,
      clientPaymentDate: hoje,
    },
  };
  await emTransacao(app, async (tx) => {
    const desfecho = await aplicarEventoNa(tx, 'simulado', evento, now, 'simulacao');
    if (desfecho !== 'aplicado') throw conflict(PARCELA_MESSAGES.simulacaoStatus);
  });
  return (await parcelaNoEscopo(app.db, actor, parcelaId))!;
}
