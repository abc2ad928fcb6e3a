import { and, desc, eq, sql } from 'drizzle-orm';
import type { ParcelasFilter } from '../../../shared/schemas/parcela';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { eventos, matriculas, parcelas } from '../../db/schema';
import type { KeysetCursor } from '../funnel';
import { daRenegociacao, filtros, numeroNoPlano, totalDoPlano } from './cobranca.repository';

/** One batch after a cursor: (vencimento, id) descending, as the list reads. */
export function parcelasExportBatch(db: Executor, actor: Actor, filter: ParcelasFilter) {
  return (after: KeysetCursor | null, limit: number) =>
    db
      .select({
        id: parcelas.id,
        cursorAt: sql<string>`${parcelas.vencimento}::text`,
        aluno: matriculas.nome,
        email: matriculas.email,
        cursoTitulo: matriculas.cursoTitulo,
        nomeEscola: eventos.nomeEscola,
        tipo: parcelas.tipo,
        numero: numeroNoPlano,
        totalParcelas: totalDoPlano,
        renegociacao: daRenegociacao,
        vencimento: parcelas.vencimento,
        valorCentavos: parcelas.valorCentavos,
        status: parcelas.status,
        pagaEm: parcelas.pagaEm,
        valorLiquidoCentavos: parcelas.valorLiquidoCentavos,
        invoiceUrl: parcelas.invoiceUrl,
      })
      .from(parcelas)
      .innerJoin(matriculas, eq(matriculas.id, parcelas.matriculaId))
      .innerJoin(eventos, eq(eventos.id, parcelas.eventoId))
      .where(
        and(
          filtros(actor, filter),
          after ? sql`(${parcelas.vencimento}, ${parcelas.id}) < (${after.at}::date, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(parcelas.vencimento), desc(parcelas.id))
      .limit(limit);
}
