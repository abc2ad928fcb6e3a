import { and, desc, eq, inArray, isNotNull, notExists } from 'drizzle-orm';
import { makeCpf } from '../../../shared/brazil-ids';
import { LINK_VALIDADE_MS } from '../../../shared/contrato/aceite';
import { multaDeCancelamento, valorRestante } from '../../../shared/contrato/cancelamento';
import { fromCentavos, toCentavos } from '../../../shared/money/parcelas';
import { congelarContrato, modeloVigente } from '../../modules/contratos';
import { renderContratoPdf, sha256 } from '../../modules/contratos/contrato.pdf';
import { digest, newToken } from '../../lib/tokens';
import type { Executor, Transaction } from '../connect';
import { contratoEventos, contratos, matriculas, preMatriculas } from '../schema';
import { insertDemoCobranca } from './demo-cobranca';
import { fillMatriculaCursoSnapshots } from './matricula-curso';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

/**
 * A demo matrícula's contract (issue 42, ADR 066), frozen from the network's current version as Efetivar does, its
 * link sent (a token nobody holds: 'Reenviar link' e-mails a working one), and -- when `aceitoEm` is given --
 * accepted as the family's page records it: opened, a code sent, accepted with its PDF's SHA-256. Without it the
 * matrícula waits for acceptance. So a newcomer finds both on the Matrículas screen.
 */
export async function contratoDeDemo(
  tx: Executor,
  matriculaId: string,
  options: { aceitoEm?: Date; appUrl?: string } = {},
): Promise<void> {
  const [m] = await tx.select().from(matriculas).where(eq(matriculas.id, matriculaId));
  if (!m?.franqueadorId || m.valorTotal === null) return;
  const modelo = await modeloVigente(tx, m.franqueadorId);
  if (!modelo) return;
  const enviadoEm = m.efetivadaEm;
  const contrato = await congelarContrato(tx, m, modelo, enviadoEm);
  if (!contrato) return;
  const aceitoEm = options.aceitoEm;
  await tx
    .update(contratos)
    .set({ tokenHash: digest(newToken()), tokenExpiraEm: new Date(enviadoEm.getTime() + LINK_VALIDADE_MS) })
    .where(eq(contratos.id, contrato.id));
  const eventos: { tipo: 'enviado' | 'aberto' | 'codigo_enviado' | 'aceito'; em: Date }[] = [
    { tipo: 'enviado', em: enviadoEm },
  ];
  if (aceitoEm) {
    const aceite = { aceitoEm, aceiteIp: '198.51.100.23', aceiteCanal: 'email' };
    const pdf = renderContratoPdf({ ...contrato, ...aceite }, options.appUrl ?? '');
    await tx
      .update(contratos)
      .set({
        ...aceite,
        tokenAbertoEm: new Date(aceitoEm.getTime() - 6 * MINUTE),
        aceiteUserAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile',
        aceiteVersao: contrato.versao,
        pdfSha256: sha256(pdf),
      })
      .where(eq(contratos.id, contrato.id));
    eventos.push(
      { tipo: 'aberto', em: new Date(aceitoEm.getTime() - 6 * MINUTE) },
      { tipo: 'codigo_enviado', em: new Date(aceitoEm.getTime() - 2 * MINUTE) },
      { tipo: 'aceito', em: aceitoEm },
    );
  }
  await tx.insert(contratoEventos).values(eventos.map((e) => ({ contratoId: contrato.id, ...e })));
  await tx
    .update(matriculas)
    .set({ status: aceitoEm ? 'ativa' : 'aguardando_aceite' })
    .where(eq(matriculas.id, matriculaId));
}

/** The newest demo matrícula of a network with a course and price and no contract: one left waiting for its family. */
export async function matriculaMaisRecente(tx: Executor, franqueadorId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: matriculas.id })
    .from(matriculas)
    .where(
      and(
        eq(matriculas.franqueadorId, franqueadorId),
        isNotNull(matriculas.valorTotal),
        notExists(tx.select({ id: contratos.id }).from(contratos).where(eq(contratos.matriculaId, matriculas.id))),
      ),
    )
    .orderBy(desc(matriculas.efetivadaEm))
    .limit(1);
  return row?.id;
}

/** The demo's families whose contracts were accepted (issue 42); the e2e spec of the cancellation names Helena. */
export const DEMO_CONTRATOS = {
  /** Active: accepted 14 days ago, past the family's 7 days -- the staff may cancel it, with the fee. */
  ativa: { nome: 'Helena Duarte', responsavel: 'Roberto Duarte', email: 'helena.duarte@email.com' },
  /** Cancelled by the staff 3 days ago, with its fee. */
  cancelada: { nome: 'Otávio Ramos', responsavel: 'Luciana Ramos', email: 'otavio.ramos@email.com' },
} as const;

/**
 * Issue 42: two families of Contagem (the MG franquia) whose contracts the responsável accepted, made effective
 * under the network's current template as Efetivar makes them (congelarContrato): Helena's is active, past its 7
 * days; Otávio's the staff cancelled with the fee of 10% of what was still to pay. So a newcomer finds a
 * contract's whole life -- and a cancelled matrícula with its fee in Matrículas and Relatórios.
 */
export async function insertDemoContratos(
  tx: Transaction,
  { franqueadorId, eventoId, now, appUrl }: { franqueadorId: string; eventoId: string; now: Date; appUrl?: string },
): Promise<void> {
  const modelo = await modeloVigente(tx, franqueadorId);
  if (!modelo) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const familias = [
    { ...DEMO_CONTRATOS.ativa, cpfs: ['458120937', '569231048'], telefone: '31988887777', efetivada: ago(15) },
    { ...DEMO_CONTRATOS.cancelada, cpfs: ['670342159', '781453260'], telefone: '31977776666', efetivada: ago(20) },
  ];
  const ids: string[] = [];
  for (const f of familias) {
    const [pre] = await tx
      .insert(preMatriculas)
      .values({
        eventoId,
        nome: f.nome,
        nomeAluno: f.nome,
        cpfAluno: makeCpf(f.cpfs[0]!),
        nomeResponsavel: f.responsavel,
        cpfResponsavel: makeCpf(f.cpfs[1]!),
        email: f.email,
        telefone: f.telefone,
        cursoInteresse: 'Informática Básica',
        status: 'efetivada',
        consentidoEm: f.efetivada,
        createdAt: f.efetivada,
        updatedAt: f.efetivada,
      })
      .returning({ id: preMatriculas.id });
    const [matricula] = await tx
      .insert(matriculas)
      .values({
        preMatriculaId: pre!.id,
        eventoId,
        nome: f.nome,
        email: f.email,
        telefone: f.telefone,
        cursoInteresse: 'Informática Básica',
        efetivadaEm: f.efetivada,
        createdAt: f.efetivada,
        status: 'ativa',
      })
      .returning({ id: matriculas.id });
    ids.push(matricula!.id);
  }
  await fillMatriculaCursoSnapshots(tx);
  const rows = await tx.select().from(matriculas).where(inArray(matriculas.id, ids));
  for (const [i, f] of familias.entries()) {
    // Frozen as Efetivar does, and accepted the next day as the family's page records it (ADR 066).
    await contratoDeDemo(tx, ids[i]!, { aceitoEm: new Date(f.efetivada.getTime() + DAY_MS), appUrl });
  }
  const cancelada = rows.find((r) => r.id === ids[1])!;
  const { multa } = multaDeCancelamento(
    valorRestante(toCentavos(cancelada.valorTotal!)),
    modelo.multaCancelamentoPct,
    modelo.multaCancelamentoPct,
  );
  await tx
    .update(matriculas)
    .set({
      status: 'cancelada',
      motivoCancelamento: 'cancelamento',
      canceladaEm: ago(3),
      multaCancelamento: fromCentavos(multa),
    })
    .where(eq(matriculas.id, cancelada.id));
  // Issue 43 (ADR 076): Helena's parcelas with one paid at the school, Otávio's cancelled with the fee billed.
  await insertDemoCobranca(tx, { ativaId: ids[0]!, canceladaId: cancelada.id, franqueadorId, now });
}
