import { and, eq, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/connect';
import { parcelasAbertasPorBeneficiario } from '../../db/schema';

/**
 * The open mensalidades per beneficiary (issue 44, migration 0070): `parcelas_abertas_por_beneficiario` counts, per
 * vendedor (the lead's responsável, else the event's vendedor) and micro-franquia, the mensalidades still to be paid
 * by network, franquia, curso and value, kept by triggers on parcelas, leads and matrículas. 'Minhas comissões''
 * prevista reads them: a percentage rounds per parcela, so a group of equal values gives its count times one's.
 */

const t = parcelasAbertasPorBeneficiario;

export interface ParcelasAbertasGrupo {
  franqueadorId: string | null;
  franquiaId: string | null;
  cursoId: string | null;
  valorCentavos: number;
  parcelas: number;
}

/** The beneficiary's open mensalidades, counted by network, franquia, curso and value (the stripes summed). */
export function parcelasAbertasDe(
  db: Executor,
  beneficiario: 'vendedor' | 'micro_franquia',
  beneficiarioId: string,
): Promise<ParcelasAbertasGrupo[]> {
  return executeRows<ParcelasAbertasGrupo>(
    db,
    sql`select ${t.franqueadorId} as "franqueadorId", ${t.franquiaId} as "franquiaId", ${t.cursoId} as "cursoId",
        ${t.valorCentavos} as "valorCentavos", sum(${t.parcelas})::int as parcelas
      from ${t} where ${and(eq(t.beneficiarioId, beneficiarioId), eq(t.beneficiario, beneficiario))}
      group by 1, 2, 3, 4 having sum(${t.parcelas}) <> 0`,
  );
}
