import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../access/actor';
import { formatBRL, formatDateTime } from '../../../shared/format';
import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import {
  dentroDoArrependimento,
  multaDeCancelamento,
  ultimoDiaDoArrependimento,
  valorRestante,
} from '../../../shared/contrato/cancelamento';
import { fromCentavos, toCentavos } from '../../../shared/money/parcelas';
import {
  CANCELAMENTO_MESSAGES,
  type CancelamentoFeito,
  type CancelamentoPreview,
  type CancelamentoSituacao,
} from '../../../shared/schemas/cancelamento';
import { CONTRATO_MESSAGES } from '../../../shared/schemas/contrato';
import { MOTIVO_CANCELAMENTO_LABELS } from '../../../shared/schemas/matricula';
import { enfileirarEmail } from '../../jobs';
import { conflict, notFound } from '../../lib/http-error';
import { alteracoesDe, audit } from '../auditoria';
import { encerrarCobrancaDaMatricula, pagoDaMatricula } from '../cobranca';
import { extratoDoCancelamentoEmail } from './cancelamento.mail';
import { type MatriculaComContrato, cancelarMatriculaAtiva, findMatriculaComContrato } from './cancelamento.repository';

/**
 * Issue 42: the staff's cancellation of an accepted contract. Within 7 days of acceptance (Brasília, to the end of
 * the 7th day) the family withdraws itself, free of charge; after that the staff cancel with a fee of the
 * contract's percentage of the value still to pay, capped by CANCELAMENTO_MULTA_MAX_PCT (the rules:
 * src/shared/contrato/cancelamento.ts). The preview and the cancellation compute the fee the same way.
 */

type ComContrato = MatriculaComContrato & {
  contratoId: string;
  contratoVersao: number;
  contratoTitulo: string;
  valorTotal: number;
  parcelas: number;
  valorParcela: number;
  valorUltimaParcela: number;
  multaCancelamentoPct: number;
};

const temContrato = (m: MatriculaComContrato): m is ComContrato => m.contratoId !== null;

const dia = (d: Date) => formatDateTime(d, { timeZone: BRASILIA_TIME_ZONE });

/**
 * Where the matrícula stands and what a cancellation would charge now, in centavos. `pagamentos`: the parcelas of
 * its plan paid so far (ADR 076), at the gateway or the school; none before its plan is billed.
 */
function avaliar(m: ComContrato, now: Date, capPct: number, pagamentos: number[]) {
  const totalCentavos = toCentavos(m.valorTotal);
  const restante = valorRestante(totalCentavos, pagamentos);
  const { pct, multa } = multaDeCancelamento(restante, m.multaCancelamentoPct, capPct);
  const situacao: CancelamentoSituacao =
    m.status === 'cancelada'
      ? 'cancelada'
      : m.status === 'aguardando_aceite' || m.aceitoEm === null
        ? 'aguardando_aceite'
        : dentroDoArrependimento(m.aceitoEm, now)
          ? 'arrependimento'
          : 'cancelavel';
  return { situacao, totalCentavos, pagoCentavos: totalCentavos - restante, restante, pct, multa };
}

function mensagem(m: ComContrato, a: ReturnType<typeof avaliar>): string {
  switch (a.situacao) {
    case 'cancelavel':
      return CANCELAMENTO_MESSAGES.cancelavel(fromCentavos(a.multa), a.pct, fromCentavos(a.restante));
    case 'arrependimento':
      return CANCELAMENTO_MESSAGES.noArrependimento(ultimoDiaDoArrependimento(m.aceitoEm!));
    case 'aguardando_aceite':
      return CANCELAMENTO_MESSAGES.aguardandoAceite;
    case 'cancelada': {
      const motivo = m.motivoCancelamento ? ` (${MOTIVO_CANCELAMENTO_LABELS[m.motivoCancelamento]})` : '';
      const multa = m.multaCancelamento !== null ? ` Multa cobrada: ${formatBRL(m.multaCancelamento)}.` : '';
      return `Matrícula cancelada em ${m.canceladaEm ? dia(m.canceladaEm) : '-'}${motivo}.${multa}`;
    }
  }
}

/** GET /api/matriculas/:id/cancelamento: out of scope 404; without a contract, 404 as its contract's route. */
export async function previewCancelamento(
  app: FastifyInstance,
  actor: Actor,
  id: string,
): Promise<CancelamentoPreview> {
  const m = await findMatriculaComContrato(app.db, actor, id);
  if (!m) throw notFound(CANCELAMENTO_MESSAGES.matriculaNaoEncontrada);
  if (!temContrato(m)) throw notFound(CONTRATO_MESSAGES.contratoNaoEncontrado);
  const a = avaliar(m, app.clock.now(), app.config.cancelamentoMultaMaxPct, await pagoDaMatricula(app.db, m.id));
  return {
    matriculaId: m.id,
    situacao: a.situacao,
    podeCancelar: a.situacao === 'cancelavel',
    mensagem: mensagem(m, a),
    status: m.status,
    motivoCancelamento: m.motivoCancelamento,
    contratoVersao: m.contratoVersao,
    aceitoEm: m.aceitoEm ? m.aceitoEm.toISOString() : null,
    arrependimentoAte: m.aceitoEm ? ultimoDiaDoArrependimento(m.aceitoEm) : null,
    valorTotal: fromCentavos(a.totalCentavos),
    parcelas: m.parcelas,
    valorPago: fromCentavos(a.pagoCentavos),
    valorRestante: fromCentavos(a.restante),
    multaPct: a.pct,
    multa: a.situacao === 'cancelada' ? m.multaCancelamento : fromCentavos(a.multa),
    canceladaEm: m.canceladaEm ? m.canceladaEm.toISOString() : null,
  };
}

/**
 * POST /api/matriculas/:id/cancelar: in one transaction, the matrícula locked, checked, cancelled as
 * `cancelamento` with its fee and date, audited with the reason, and the family's statement queued. Refusals: 404
 * out of scope; 409 without an accepted contract, already cancelled, not accepted yet, or within the 7 days.
 */
export async function cancelarMatricula(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  { motivo }: { motivo: string },
): Promise<CancelamentoFeito> {
  const now = app.clock.now();
  const capPct = app.config.cancelamentoMultaMaxPct;
  return app.db.transaction(async (tx) => {
    const m = await findMatriculaComContrato(tx, actor, id, true);
    if (!m) throw notFound(CANCELAMENTO_MESSAGES.matriculaNaoEncontrada);
    if (m.status === 'cancelada') throw conflict(CANCELAMENTO_MESSAGES.jaCancelada);
    if (!temContrato(m)) throw conflict(CANCELAMENTO_MESSAGES.semContrato);
    const a = avaliar(m, now, capPct, await pagoDaMatricula(tx, m.id));
    if (a.situacao === 'aguardando_aceite') throw conflict(CANCELAMENTO_MESSAGES.aguardandoAceite);
    if (a.situacao === 'arrependimento') {
      throw conflict(CANCELAMENTO_MESSAGES.noArrependimento(ultimoDiaDoArrependimento(m.aceitoEm!)));
    }
    const multa = fromCentavos(a.multa);
    const feito = await cancelarMatriculaAtiva(tx, m.id, { multa, now });
    if (!feito) throw conflict(CANCELAMENTO_MESSAGES.jaCancelada);
    // ADR 076: the parcelas still unpaid cancelled at the gateway, and the fee billed as one charge, by jobs after
    // the commit.
    await encerrarCobrancaDaMatricula(tx, m.id, 'cancelamento', now, { multaCentavos: a.multa });
    await audit(tx, {
      acao: 'matricula.cancelar',
      entidadeId: m.id,
      alteracoes: alteracoesDe(
        { status: m.status, motivoCancelamento: null, multaCancelamento: null },
        { status: 'cancelada', motivoCancelamento: 'cancelamento', multaCancelamento: multa },
      ),
      detalhes: {
        motivo,
        contratoVersao: m.contratoVersao,
        aceitoEm: m.aceitoEm!.toISOString(),
        valorTotal: fromCentavos(a.totalCentavos),
        valorPago: fromCentavos(a.pagoCentavos),
        valorRestante: fromCentavos(a.restante),
        multaPct: a.pct,
        multaMaximaPct: capPct,
      },
    });
    // The family's statement (an anonymised titular has no address left to write to).
    if (!m.anonimizadoEm) {
      const extrato = extratoDoCancelamentoEmail({
        responsavel: m.nomeResponsavel,
        aluno: m.nomeAluno ?? m.nome,
        curso: m.cursoTitulo,
        versao: m.contratoVersao,
        titulo: m.contratoTitulo,
        aceitoEm: m.aceitoEm!,
        canceladaEm: now,
        valorTotal: m.valorTotal,
        parcelas: m.parcelas,
        valorParcela: m.valorParcela,
        valorUltimaParcela: m.valorUltimaParcela,
        valorPago: fromCentavos(a.pagoCentavos),
        valorRestante: fromCentavos(a.restante),
        multa,
        multaPct: a.pct,
        motivo,
      });
      await enfileirarEmail(app, tx, { to: m.email, ...extrato }, { rede: m.franqueadorId, registroId: m.id });
    }
    return {
      message: CANCELAMENTO_MESSAGES.cancelada,
      matricula: {
        id: m.id,
        status: 'cancelada',
        motivoCancelamento: 'cancelamento',
        canceladaEm: feito.canceladaEm.toISOString(),
        multaCancelamento: feito.multaCancelamento,
      },
    };
  });
}
