import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '../../../shared/brasilia';
import { PARCELA_STATUS_LABELS } from '../../../shared/cobranca/parcelas';
import { BAIXA_MESSAGES, type BaixaBody, problemaNaDataDaBaixa } from '../../../shared/schemas/parcela-baixa';
import { PARCELA_MESSAGES } from '../../../shared/schemas/parcela';
import type { Actor } from '../../access/actor';
import { enfileirar } from '../../jobs';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit } from '../auditoria';
import { lancarComissoes } from '../comissoes';
import { lancarRoyalties } from '../royalties';
import { parcelaNoEscopo } from './cobranca.repository';
import { parcelaParaBaixa, registrarBaixa } from './encerramento.repository';

/**
 * POST /api/parcelas/:id/baixa (issue 43, ADR 076): a parcela paid at the school, in cash, marked paid by staff
 * with the day and a note. In one transaction: the parcela locked and checked (in scope, open or overdue, the day
 * neither in the future nor before the matrícula), marked paid as a baixa (who, when, note), audited with the
 * note, and the job that cancels its payment at the gateway written -- after the commit, durable, so a gateway out
 * of reach cancels it later and the family is never charged twice.
 */

export const chaveDaBaixa = (parcelaId: string) => `cobranca_baixa:${parcelaId}`;

export async function darBaixa(app: FastifyInstance, actor: Actor, parcelaId: string, body: BaixaBody) {
  const now = app.clock.now();
  const hoje = todayInBrasilia(now);
  const pagaEm = body.pagaEm ?? hoje;
  const observacao = body.observacao.trim();
  await app.db.transaction(async (tx) => {
    const p = await parcelaParaBaixa(tx, actor, parcelaId);
    if (!p) throw notFound(PARCELA_MESSAGES.parcelaNaoEncontrada);
    if (p.status !== 'aberta' && p.status !== 'vencida') {
      throw conflict(BAIXA_MESSAGES.statusNaoPermite(PARCELA_STATUS_LABELS[p.status]));
    }
    const problema = problemaNaDataDaBaixa(pagaEm, hoje, todayInBrasilia(p.matriculaCriadaEm));
    if (problema) throw badRequest(problema, { pagaEm: problema });
    const feita = await registrarBaixa(tx, p.id, {
      pagaEm,
      em: now,
      porId: actor.id,
      observacao,
      // Cash at the school: the network receives the whole value, no gateway fee.
      valorLiquidoCentavos: p.valorCentavos,
    });
    if (!feita) throw conflict(BAIXA_MESSAGES.statusNaoPermite(PARCELA_STATUS_LABELS[p.status]));
    // ADR 082: paid at the school is paid: its commission lines in this transaction.
    await lancarComissoes(tx, p.id);
    // ADR 089: and its royalties' line (no split: the gateway's payment is cancelled).
    await lancarRoyalties(tx, p.id);
    await audit(tx, {
      acao: 'parcela.baixa',
      entidadeId: p.id,
      alteracoes: { status: [p.status, 'paga'], pagaEm: [null, pagaEm] },
      detalhes: { observacao, matriculaId: p.matriculaId, numero: p.numero, tipo: p.tipo },
    });
    await enfileirar(
      tx,
      { tipo: 'cobranca_baixa', payload: { parcelaId: p.id }, chave: chaveDaBaixa(p.id), registroId: p.matriculaId },
      now,
    );
  });
  return (await parcelaNoEscopo(app.db, actor, parcelaId))!;
}
