import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { parcelasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { matriculas, parcelas } from '../../db/schema';

/**
 * Issue 43 (ADR 076): the SQL of what changes a parcela after billing -- the baixa manual, and the parcelas a
 * withdrawal or a cancellation closes at the gateway, with a cancellation's fee.
 */

/** A parcela in the caller's scope, locked for its baixa, with the day its matrícula was made. */
export async function parcelaParaBaixa(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({
      id: parcelas.id,
      status: parcelas.status,
      matriculaId: parcelas.matriculaId,
      numero: parcelas.numero,
      tipo: parcelas.tipo,
      valorCentavos: parcelas.valorCentavos,
      matriculaCriadaEm: matriculas.createdAt,
    })
    .from(parcelas)
    .innerJoin(matriculas, eq(matriculas.id, parcelas.matriculaId))
    .where(and(eq(parcelas.id, id), parcelasVisibleTo(actor)))
    .for('update', { of: parcelas });
  return row;
}

/** Marks an open or overdue parcela paid at the school; false when it is neither any more. */
export async function registrarBaixa(
  db: Executor,
  id: string,
  b: { pagaEm: string; em: Date; porId: string; observacao: string; valorLiquidoCentavos: number },
): Promise<boolean> {
  const rows = await db
    .update(parcelas)
    .set({
      status: 'paga',
      pagaEm: b.pagaEm,
      valorLiquidoCentavos: b.valorLiquidoCentavos,
      baixaEm: b.em,
      baixaPorId: b.porId,
      baixaObservacao: b.observacao,
      updatedAt: b.em,
    })
    .where(and(eq(parcelas.id, id), inArray(parcelas.status, ['aberta', 'vencida'])))
    .returning({ id: parcelas.id });
  return rows.length > 0;
}

const encerrarSelection = {
  id: parcelas.id,
  matriculaId: parcelas.matriculaId,
  numero: parcelas.numero,
  tipo: parcelas.tipo,
  status: parcelas.status,
  provedor: parcelas.provedor,
  gatewayId: parcelas.gatewayId,
  baixaEm: parcelas.baixaEm,
};

/** One parcela as a gateway's job reads it. */
export async function parcelaParaEncerrar(db: Executor, id: string) {
  const [row] = await db.select(encerrarSelection).from(parcelas).where(eq(parcelas.id, id));
  return row;
}

/** A matrícula's parcelas as the withdrawal's or cancellation's job reads them, in order. */
export function parcelasParaEncerrar(db: Executor, matriculaId: string) {
  return db
    .select(encerrarSelection)
    .from(parcelas)
    .where(eq(parcelas.matriculaId, matriculaId))
    .orderBy(asc(parcelas.numero));
}

/**
 * A withdrawal (ADR 076): the parcelas paid at the school are refunded by the school, not the gateway -- marked
 * refunded with the withdrawal, in its transaction; answers them for the audit.
 */
export function estornarBaixasDaMatricula(db: Executor, matriculaId: string, now: Date) {
  return db
    .update(parcelas)
    .set({ status: 'estornada', updatedAt: now })
    .where(and(eq(parcelas.matriculaId, matriculaId), eq(parcelas.status, 'paga'), isNotNull(parcelas.baixaEm)))
    .returning({ id: parcelas.id, numero: parcelas.numero });
}

/** What the family has paid of the contract's plan (paid parcelas, at the gateway or the school), in centavos. */
export async function pagoDaMatricula(db: Executor, matriculaId: string): Promise<number[]> {
  const rows = await db
    .select({ valor: parcelas.valorCentavos })
    .from(parcelas)
    .where(and(eq(parcelas.matriculaId, matriculaId), eq(parcelas.tipo, 'mensalidade'), eq(parcelas.status, 'paga')));
  return rows.map((r) => r.valor);
}

/** The cancellation a fee is billed for: the matrícula's status, reason, fee (reais) and day. */
export async function dadosDaTaxa(db: Executor, matriculaId: string) {
  const [row] = await db
    .select({
      status: matriculas.status,
      motivoCancelamento: matriculas.motivoCancelamento,
      multaCancelamento: matriculas.multaCancelamento,
      canceladaEm: matriculas.canceladaEm,
      // Aliased: a single table's select names its columns unqualified, which a subquery would read as its own.
      proximoNumero: sql<number>`(select coalesce(max(t.numero), 0) + 1 from ${parcelas} t where t.matricula_id = ${matriculas}.id)`,
      taxaGravada: sql<boolean>`exists (select 1 from ${parcelas} t where t.matricula_id = ${matriculas}.id and t.tipo = 'taxa_cancelamento')`,
    })
    .from(matriculas)
    .where(eq(matriculas.id, matriculaId));
  return row;
}
