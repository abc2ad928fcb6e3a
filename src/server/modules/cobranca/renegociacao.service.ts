import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '../../../shared/brasilia';
import type { ParcelaDoPlano } from '../../../shared/cobranca/parcelas';
import { fromCentavos, toCentavos } from '../../../shared/money/parcelas';
import {
  RENEGOCIACAO_MESSAGES,
  type RenegociacaoItem,
  type RenegociarBody,
  descontoMaximoCentavos,
  planoDaRenegociacao,
} from '../../../shared/schemas/renegociacao';
import type { Actor } from '../../access/actor';
import { enfileirar, FalhaDefinitiva, type JobRow } from '../../jobs';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit } from '../auditoria';
import { dadosDoPlano, gravarParcela, parcelasGravadas } from './cobranca.repository';
import { fecharNoGateway } from './encerramento.service';
import { gatewayDe } from './gateway-da-app';
import { clienteDoGateway, referenciaDaParcela, splitDaParcela } from './plano.service';
import {
  type RenegociacaoRow,
  cancelarParcelasRenegociadas,
  concluirRenegociacao,
  descontoMaximoDaRede,
  gravarRenegociacao,
  matriculaParaRenegociar,
  mudarDescontoMaximoDaRede,
  parcelasAbertasParaRenegociar,
  parcelasCanceladasPelaRenegociacao,
  proximoNumeroDeParcela,
  redeDoAtor,
  renegociacaoPorId,
} from './renegociacao.repository';

/**
 * Renegociação (issue 43, ADR 079): staff replace a matrícula's open parcelas (open or overdue, of the plan) with a
 * new plan -- a count, a first due date, a discount within the network's cap. In one transaction: the matrícula and
 * its open parcelas locked and checked, the renegotiation recorded with its plan, the old parcelas cancelled with
 * the link to it, audited, and the durable job written that closes the old payments at the gateway and bills the
 * new ones (each found again by its reference before it is created: a run again after a crash bills nothing twice).
 * A parcela already paid is never touched.
 */

export const chaveDaRenegociacao = (renegociacaoId: string) => `cobranca_renegociacao:${renegociacaoId}`;

export const renegociacaoView = (r: RenegociacaoRow): RenegociacaoItem => ({
  id: r.id,
  matriculaId: r.matriculaId,
  em: r.em.toISOString(),
  por: r.por,
  parcelasAnteriores: r.parcelasAnteriores,
  valorAnterior: fromCentavos(r.valorAnteriorCentavos),
  desconto: fromCentavos(r.descontoCentavos),
  novoTotal: fromCentavos(r.novoTotalCentavos),
  novasParcelas: r.novasParcelas,
  primeiroVencimento: r.primeiroVencimento,
  concluida: r.concluidaEm !== null,
});

export async function renegociar(app: FastifyInstance, actor: Actor, matriculaId: string, body: RenegociarBody) {
  const now = app.clock.now();
  const hoje = todayInBrasilia(now);
  const descontoCentavos = toCentavos(body.desconto ?? 0);
  if (!gatewayDe(app)) throw conflict(RENEGOCIACAO_MESSAGES.cobrancaDesligada);
  const id = await app.db.transaction(async (tx) => {
    const m = await matriculaParaRenegociar(tx, actor, matriculaId);
    if (!m) throw notFound(RENEGOCIACAO_MESSAGES.matriculaNaoEncontrada);
    if (m.status !== 'ativa') throw conflict(RENEGOCIACAO_MESSAGES.matriculaNaoAtiva);
    const abertas = await parcelasAbertasParaRenegociar(tx, m.id);
    if (abertas.length === 0) throw conflict(RENEGOCIACAO_MESSAGES.semParcelasAbertas);
    if (body.primeiroVencimento < hoje) {
      throw badRequest(RENEGOCIACAO_MESSAGES.primeiroVencimentoPassado, {
        primeiroVencimento: RENEGOCIACAO_MESSAGES.primeiroVencimentoPassado,
      });
    }
    const saldo = abertas.reduce((soma, p) => soma + p.valorCentavos, 0);
    const pct = m.descontoMaximoPct ?? 0;
    const maximo = descontoMaximoCentavos(saldo, pct);
    if (descontoCentavos > maximo) {
      const message = RENEGOCIACAO_MESSAGES.descontoAcimaDoLimite(maximo, pct);
      throw badRequest(message, { desconto: message });
    }
    const novoTotal = saldo - descontoCentavos;
    // Never a parcela of zero: each new one holds at least a centavo.
    if (novoTotal < body.parcelas) {
      throw badRequest(RENEGOCIACAO_MESSAGES.descontoDeixaPoucoSaldo, {
        desconto: RENEGOCIACAO_MESSAGES.descontoDeixaPoucoSaldo,
      });
    }
    const plano = planoDaRenegociacao(
      novoTotal,
      body.parcelas,
      body.primeiroVencimento,
      await proximoNumeroDeParcela(tx, m.id),
    );
    const renegociacaoId = await gravarRenegociacao(tx, {
      matriculaId: m.id,
      porId: actor.id,
      em: now,
      parcelasAnteriores: abertas.length,
      valorAnteriorCentavos: saldo,
      descontoCentavos,
      novoTotalCentavos: novoTotal,
      novasParcelas: plano.length,
      primeiroVencimento: body.primeiroVencimento,
      plano,
    });
    await cancelarParcelasRenegociadas(
      tx,
      abertas.map((p) => p.id),
      renegociacaoId,
      now,
    );
    await audit(tx, {
      acao: 'matricula.renegociar',
      entidadeId: m.id,
      alteracoes: {},
      detalhes: {
        renegociacaoId,
        parcelasCanceladas: abertas.map((p) => p.numero),
        valorAnterior: fromCentavos(saldo),
        desconto: fromCentavos(descontoCentavos),
        novoTotal: fromCentavos(novoTotal),
        novasParcelas: plano.map((p) => ({
          numero: p.numero,
          valor: fromCentavos(p.valorCentavos),
          vencimento: p.vencimento,
        })),
      },
    });
    await enfileirar(
      tx,
      {
        tipo: 'cobranca_renegociacao',
        payload: { renegociacaoId },
        chave: chaveDaRenegociacao(renegociacaoId),
        registroId: m.id,
      },
      now,
    );
    return renegociacaoId;
  });
  return (await renegociacaoPorId(app.db, id))!;
}

/**
 * The renegotiation's job: each old payment closed at the gateway (cancelled; refunded if the family paid it there
 * meanwhile -- the debt it was part of is now the new plan's), then each new parcela billed -- its payment found
 * by its reference before it is created, stored once -- and the renegotiation marked done. A matrícula no longer
 * active bills nothing more (its withdrawal's or cancellation's job closes what exists).
 */
export async function executarRenegociacao(app: FastifyInstance, job: Pick<JobRow, 'payload'>): Promise<void> {
  const { renegociacaoId } = job.payload as { renegociacaoId: string };
  const r = await renegociacaoPorId(app.db, renegociacaoId);
  if (!r || r.concluidaEm) return;
  const gateway = gatewayDe(app);
  if (!gateway) throw new FalhaDefinitiva('billing is off: the renegotiation cannot reach its gateway');
  for (const p of await parcelasCanceladasPelaRenegociacao(app.db, renegociacaoId)) {
    if (p.baixaEm) continue;
    await fecharNoGateway(app, gateway, p, 'renegociacao');
  }
  const plano = r.plano as ParcelaDoPlano[];
  const gravadas = new Set((await parcelasGravadas(app.db, r.matriculaId)).map((p) => p.numero));
  const d = await dadosDoPlano(app.db, r.matriculaId);
  if (!d?.franqueadorId || d.anonimizadoEm) throw new FalhaDefinitiva('the matrícula cannot be billed');
  let cliente: string | null = null;
  for (const p of plano) {
    if (gravadas.has(p.numero)) continue;
    if ((await dadosDoPlano(app.db, r.matriculaId))?.status !== 'ativa') return;
    cliente ??= await clienteDoGateway(app, gateway, { ...d, franqueadorId: d.franqueadorId });
    const referencia = referenciaDaParcela(r.matriculaId, p.numero);
    const split = await splitDaParcela(app, d.franquiaId, p.vencimento);
    const cobranca =
      (await gateway.cobrancaPorReferencia(referencia)) ??
      (await gateway.criarCobranca({
        cliente,
        valorCentavos: p.valorCentavos,
        vencimento: p.vencimento,
        referencia,
        descricao: `${d.cursoTitulo ?? 'Curso'} - renegociação, parcela ${p.numero - plano[0]!.numero + 1} de ${plano.length} (${d.nomeAluno})`,
        ...(split ? { split: [split] } : {}),
      }));
    const pix = await gateway.pixCopiaECola(cobranca.id).catch(() => null);
    await gravarParcela(
      app.db,
      {
        matriculaId: r.matriculaId,
        numero: p.numero,
        valorCentavos: p.valorCentavos,
        vencimento: p.vencimento,
        provedor: gateway.provedor,
        gatewayId: cobranca.id,
        invoiceUrl: cobranca.invoiceUrl,
        bankSlipUrl: cobranca.bankSlipUrl,
        pixCopiaECola: pix,
        planoRenegociacaoId: r.id,
        royaltySplitCentesimos: split?.percentualCentesimos ?? null,
      },
      app.clock.now(),
    );
  }
  await concluirRenegociacao(app.db, renegociacaoId, app.clock.now());
}

// --- The network's cap ----------------------------------------------------------------------------------------

export async function configuracaoDaCobranca(app: FastifyInstance, actor: Actor) {
  const rede = await redeDoAtor(app.db, actor);
  const pct = rede ? await descontoMaximoDaRede(app.db, rede) : undefined;
  if (pct === undefined) throw notFound('Rede não encontrada');
  return { descontoMaximoRenegociacaoPct: pct };
}

export async function salvarConfiguracaoDaCobranca(app: FastifyInstance, actor: Actor, pct: number) {
  const franqueadorId = actor.franqueadorId;
  if (!franqueadorId) throw notFound('Rede não encontrada');
  await app.db.transaction(async (tx) => {
    const antes = await mudarDescontoMaximoDaRede(tx, franqueadorId, pct, app.clock.now());
    if (antes === undefined) throw notFound('Rede não encontrada');
    await audit(tx, {
      acao: 'rede.configurar_cobranca',
      entidadeId: franqueadorId,
      alteracoes: antes === pct ? {} : { descontoMaximoRenegociacaoPct: [antes, pct] },
    });
  });
  return { descontoMaximoRenegociacaoPct: pct };
}
