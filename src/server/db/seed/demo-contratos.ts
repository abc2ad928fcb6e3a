import { eq, inArray } from 'drizzle-orm';
import { makeCpf } from '../../../shared/brazil-ids';
import { multaDeCancelamento, valorRestante } from '../../../shared/contrato/cancelamento';
import { fromCentavos, toCentavos } from '../../../shared/money/parcelas';
import { congelarContrato, modeloVigente } from '../../modules/contratos';
import type { Transaction } from '../connect';
import { contratos, matriculas, preMatriculas } from '../schema';
import { fillMatriculaCursoSnapshots } from './matricula-curso';

const DAY_MS = 86_400_000;

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
  { franqueadorId, eventoId, now }: { franqueadorId: string; eventoId: string; now: Date },
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
    const m = rows.find((r) => r.id === ids[i])!;
    await congelarContrato(tx, m, modelo, f.efetivada);
    // The responsável accepted the next day.
    await tx
      .update(contratos)
      .set({ aceitoEm: new Date(f.efetivada.getTime() + DAY_MS) })
      .where(eq(contratos.matriculaId, m.id));
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
}
