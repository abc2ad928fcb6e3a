import type { FastifyInstance } from 'fastify';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { toCentavos } from '../../../shared/money/parcelas';
import type { Executor } from '../../db/connect';
import { enfileirar, FalhaDefinitiva, type JobRow } from '../../jobs';
import { audit } from '../auditoria';
import { estornarComissoes } from '../comissoes';
import { estornarRoyalties } from '../royalties';
import { dadosDoPlano, gravarParcela, mudarParcela, parcelaDoPagamento } from './cobranca.repository';
import {
  dadosDaTaxa,
  estornarBaixasDaMatricula,
  parcelaParaEncerrar,
  parcelasParaEncerrar,
} from './encerramento.repository';
import type { CobrancaNoGateway, GatewayDeCobranca } from './gateway';
import { gatewayDe } from './gateway-da-app';
import { clienteDoGateway, referenciaDaParcela, splitDaParcela } from './plano.service';
import { novoStatus } from '../../../shared/cobranca/transicoes';
import type { ProvedorCobranca } from '../../../shared/cobranca/parcelas';

/**
 * Issue 43 (ADR 076): what happens at the gateway when a parcela stops being billed -- a baixa manual (paid at the
 * school), the family's withdrawal within 7 days (unpaid parcelas cancelled, paid ones refunded) and the staff's
 * cancellation after them (unpaid parcelas cancelled, the fee billed as one charge). Each is a durable job written
 * in the transaction of the act, keyed so it is written once; each asks the gateway what it holds before acting, so
 * a run again after a crash cancels or refunds nothing twice. The local status follows the gateway's answer (or its
 * webhook, whichever comes first), through the forward-only transitions of transicoes.ts.
 */

/** ADR 079: `renegociacao` closes a parcela a renegotiation replaced, as a baixa's (refunded if paid there). */
export type MotivoDoEncerramento = 'baixa' | 'desistencia' | 'cancelamento' | 'renegociacao';

/** The days a cancellation's fee is due after the cancellation (Brasília). */
export const PRAZO_DA_TAXA_DIAS = 10;

/** The `externalReference` of a cancellation's fee: one per matrícula. */
export const referenciaDaTaxa = (matriculaId: string) => `taxa_cancelamento:${matriculaId}`;
export const chaveDoEncerramento = (matriculaId: string) => `cobranca_encerramento:${matriculaId}`;
export const chaveDaTaxa = (matriculaId: string) => `cobranca_taxa:${matriculaId}`;

const PAGO_NO_GATEWAY = new Set(['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH']);
const ESTORNO_NO_GATEWAY = new Set(['REFUNDED', 'REFUND_REQUESTED', 'REFUND_IN_PROGRESS']);

interface ParcelaAEncerrar {
  id: string;
  status: string;
  provedor: string;
  gatewayId: string;
  baixaEm: Date | null;
}

/** What the gateway was asked, and the event its answer amounts to for the local parcela (null: wait for the webhook). */
interface Desfecho {
  pedido: 'cancelada' | 'estornada' | null;
  evento: 'PAYMENT_DELETED' | 'PAYMENT_REFUNDED' | null;
}

async function estornar(gateway: GatewayDeCobranca, id: string): Promise<Desfecho> {
  await gateway.estornarCobranca(id);
  // A PIX refund may be 'requested' first: the parcela is refunded locally when the gateway says REFUNDED.
  const depois = await gateway.consultarCobranca(id);
  return { pedido: 'estornada', evento: depois?.status === 'REFUNDED' ? 'PAYMENT_REFUNDED' : null };
}

/** The payment's state at the gateway decides the request: never a second cancel or refund of one payment. */
async function pedirAoGateway(
  gateway: GatewayDeCobranca,
  p: ParcelaAEncerrar,
  motivo: MotivoDoEncerramento,
): Promise<Desfecho> {
  const c: CobrancaNoGateway | null = await gateway.consultarCobranca(p.gatewayId);
  const estornada = c !== null && ESTORNO_NO_GATEWAY.has(c.status);
  if (estornada) return { pedido: null, evento: c.status === 'REFUNDED' ? 'PAYMENT_REFUNDED' : null };
  if (motivo === 'baixa' || motivo === 'renegociacao') {
    if (!c || c.deleted) return { pedido: null, evento: null };
    // Paid at the gateway as well as at the school: the family is never charged twice -- the gateway's is refunded.
    if (PAGO_NO_GATEWAY.has(c.status)) return estornar(gateway, p.gatewayId);
    await gateway.cancelarCobranca(p.gatewayId);
    return { pedido: 'cancelada', evento: null };
  }
  // Paid here (the webhook applied it): a withdrawal refunds it.
  if (p.status === 'paga')
    return motivo === 'desistencia' ? estornar(gateway, p.gatewayId) : { pedido: null, evento: null };
  if (!c || c.deleted) return { pedido: null, evento: 'PAYMENT_DELETED' };
  if (PAGO_NO_GATEWAY.has(c.status)) {
    // Paid meanwhile: a withdrawal refunds it; after a cancellation it stays paid (its webhook makes it 'paga').
    return motivo === 'desistencia' ? estornar(gateway, p.gatewayId) : { pedido: null, evento: null };
  }
  await gateway.cancelarCobranca(p.gatewayId);
  return { pedido: 'cancelada', evento: 'PAYMENT_DELETED' };
}

/**
 * Closes one parcela's payment at the gateway and applies the answer: in one transaction, the parcela locked, its
 * status moved forward only (a webhook that came first already did it), audited as the system's act.
 */
export async function fecharNoGateway(
  app: FastifyInstance,
  gateway: GatewayDeCobranca,
  p: ParcelaAEncerrar,
  motivo: MotivoDoEncerramento,
): Promise<Desfecho> {
  if (p.provedor !== gateway.provedor) {
    throw new FalhaDefinitiva(`the parcela is billed by ${p.provedor}, the app's gateway is ${gateway.provedor}`);
  }
  const desfecho = await pedirAoGateway(gateway, p, motivo);
  await app.db.transaction(async (tx) => {
    const atual = await parcelaDoPagamento(tx, p.provedor as ProvedorCobranca, p.gatewayId);
    if (!atual) return;
    const status = desfecho.evento && !atual.baixaEm ? novoStatus(atual.status, desfecho.evento) : null;
    if (status) await mudarParcela(tx, atual.id, { status });
    // ADR 082: a refunded payment's commission is reversed in the refund's transaction.
    if (status === 'estornada') await estornarComissoes(tx, atual.id, app.clock.now());
    // ADR 089: and its royalties' line, as a negative line in the refund's month.
    if (status === 'estornada') await estornarRoyalties(tx, atual.id, app.clock.now());
    if (!status && !desfecho.pedido) return;
    await audit(tx, {
      acao: 'parcela.gateway_encerrada',
      entidadeId: atual.id,
      ator: null,
      alteracoes: status ? { status: [atual.status, status] } : {},
      detalhes: {
        motivo,
        pedido: desfecho.pedido,
        provedor: p.provedor,
        matriculaId: atual.matriculaId,
        numero: atual.numero,
      },
    });
  });
  return desfecho;
}

/**
 * Called in the transaction of a withdrawal (`desistencia`) or a cancellation (`cancelamento`), after the matrícula
 * is cancelled: writes the job that closes its parcelas at the gateway, and a cancellation's fee job when it has a
 * fee. A withdrawal's parcelas paid at the school are refunded by the school: marked so here, audited.
 */
export async function encerrarCobrancaDaMatricula(
  tx: Executor,
  matriculaId: string,
  motivo: 'desistencia' | 'cancelamento',
  now: Date,
  { multaCentavos = 0 }: { multaCentavos?: number } = {},
): Promise<void> {
  if (motivo === 'desistencia') {
    for (const p of await estornarBaixasDaMatricula(tx, matriculaId, now)) {
      await estornarComissoes(tx, p.id, now);
      await estornarRoyalties(tx, p.id, now);
      await audit(tx, {
        acao: 'parcela.estorno_na_escola',
        entidadeId: p.id,
        alteracoes: { status: ['paga', 'estornada'] },
        detalhes: { matriculaId, numero: p.numero, motivo },
      });
    }
  }
  await enfileirar(
    tx,
    {
      tipo: 'cobranca_encerramento',
      payload: { matriculaId, motivo },
      chave: chaveDoEncerramento(matriculaId),
      registroId: matriculaId,
    },
    now,
  );
  if (motivo === 'cancelamento' && multaCentavos > 0) {
    await enfileirar(
      tx,
      { tipo: 'cobranca_taxa', payload: { matriculaId }, chave: chaveDaTaxa(matriculaId), registroId: matriculaId },
      now,
    );
  }
}

/**
 * The withdrawal's or cancellation's job: every parcela of the plan still billed is cancelled at the gateway (a
 * withdrawal refunds the paid ones), and a payment the plan's job created but never stored (a crash between the
 * gateway's answer and our write) is found by its reference and closed too. Nothing billed: nothing to do.
 */
export async function executarEncerramento(app: FastifyInstance, job: Pick<JobRow, 'payload'>): Promise<void> {
  const { matriculaId, motivo } = job.payload as { matriculaId: string; motivo: 'desistencia' | 'cancelamento' };
  const locais = (await parcelasParaEncerrar(app.db, matriculaId)).filter((p) => p.tipo === 'mensalidade');
  const gateway = gatewayDe(app);
  if (!gateway) {
    if (locais.some((p) => p.status === 'aberta' || p.status === 'vencida' || (p.status === 'paga' && !p.baixaEm))) {
      throw new FalhaDefinitiva('billing is off: the parcelas cannot be closed at their gateway');
    }
    return;
  }
  for (const p of locais) {
    if (p.baixaEm) continue;
    const fechar = p.status === 'aberta' || p.status === 'vencida' || (p.status === 'paga' && motivo === 'desistencia');
    if (fechar) await fecharNoGateway(app, gateway, p, motivo);
  }
  const plano = await dadosDoPlano(app.db, matriculaId);
  const gravadas = new Set(locais.map((p) => p.numero));
  for (let numero = 1; numero <= (plano?.parcelas ?? 0); numero++) {
    if (gravadas.has(numero)) continue;
    const orfa = await gateway.cobrancaPorReferencia(referenciaDaParcela(matriculaId, numero));
    if (!orfa) continue;
    if (orfa.status === 'PENDING' || orfa.status === 'OVERDUE') await gateway.cancelarCobranca(orfa.id);
    else if (motivo === 'desistencia' && PAGO_NO_GATEWAY.has(orfa.status)) await gateway.estornarCobranca(orfa.id);
  }
}

/** The baixa's job: its parcela's payment cancelled at the gateway (refunded if the family paid it there too). */
export async function executarBaixaNoGateway(app: FastifyInstance, job: Pick<JobRow, 'payload'>): Promise<void> {
  const { parcelaId } = job.payload as { parcelaId: string };
  const p = await parcelaParaEncerrar(app.db, parcelaId);
  if (!p?.baixaEm) return;
  const gateway = gatewayDe(app);
  if (!gateway) throw new FalhaDefinitiva('billing is off: the payment cannot be cancelled at its gateway');
  await fecharNoGateway(app, gateway, p, 'baixa');
}

/**
 * The cancellation's fee as one charge at the gateway, due PRAZO_DA_TAXA_DIAS after the cancellation (or today,
 * when the job runs later than that), found by its reference before it is created, stored as a parcela of tipo
 * `taxa_cancelamento` (one per matrícula). Answers whether this run stored it.
 */
export async function cobrarTaxa(app: FastifyInstance, matriculaId: string): Promise<boolean> {
  const gateway = gatewayDe(app);
  if (!gateway) return false;
  const t = await dadosDaTaxa(app.db, matriculaId);
  if (!t || t.status !== 'cancelada' || t.motivoCancelamento !== 'cancelamento' || !t.canceladaEm) return false;
  const valorCentavos = toCentavos(t.multaCancelamento ?? 0);
  if (valorCentavos <= 0 || t.taxaGravada) return false;
  const d = await dadosDoPlano(app.db, matriculaId);
  if (!d?.franqueadorId || d.anonimizadoEm) return false;
  const cliente = await clienteDoGateway(app, gateway, { ...d, franqueadorId: d.franqueadorId });
  const hoje = todayInBrasilia(app.clock.now());
  const prazo = addDays(todayInBrasilia(t.canceladaEm), PRAZO_DA_TAXA_DIAS);
  const referencia = referenciaDaTaxa(matriculaId);
  const vencimento = prazo < hoje ? hoje : prazo;
  const split = await splitDaParcela(app, d.franquiaId, vencimento);
  const cobranca =
    (await gateway.cobrancaPorReferencia(referencia)) ??
    (await gateway.criarCobranca({
      cliente,
      valorCentavos,
      vencimento,
      referencia,
      descricao: `${d.cursoTitulo ?? 'Curso'} - multa de cancelamento (${d.nomeAluno})`,
      ...(split ? { split: [split] } : {}),
    }));
  const pix = await gateway.pixCopiaECola(cobranca.id).catch(() => null);
  return gravarParcela(
    app.db,
    {
      matriculaId,
      numero: Number(t.proximoNumero),
      valorCentavos: cobranca.valorCentavos,
      vencimento: cobranca.vencimento,
      provedor: gateway.provedor,
      gatewayId: cobranca.id,
      invoiceUrl: cobranca.invoiceUrl,
      bankSlipUrl: cobranca.bankSlipUrl,
      pixCopiaECola: pix,
      tipo: 'taxa_cancelamento',
      royaltySplitCentesimos: split?.percentualCentesimos ?? null,
    },
    app.clock.now(),
  );
}

export async function executarTaxa(app: FastifyInstance, job: Pick<JobRow, 'payload'>): Promise<void> {
  await cobrarTaxa(app, (job.payload as { matriculaId: string }).matriculaId);
}
