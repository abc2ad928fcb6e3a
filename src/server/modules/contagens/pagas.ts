import { type SQL, and, eq, sql } from 'drizzle-orm';
import { parcelasPagasMes } from '../../db/schema';
import type { Level, PathNode } from './periods';

/**
 * The parcelas paid per node and month (issue 48, migration 0066): `parcelas_pagas_mes` holds, for every prefix of a
 * parcela's own scope path (franqueador ... cliente, `nivel` 0..4), the centavos of the parcelas paid in a month,
 * kept by a trigger on parcelas (a payment adds, a refund or chargeback takes away). A question reads the rows of ONE
 * level under a node in a month, as the funnel's counters are read.
 */

type PagasLevel = Exclude<Level, 'evento'>;
const PAGAS_COLUMN = {
  franqueador: parcelasPagasMes.franqueadorId,
  franquia: parcelasPagasMes.franquiaId,
  micro_franquia: parcelasPagasMes.microFranquiaId,
  vendedor: parcelasPagasMes.vendedorId,
  cliente: parcelasPagasMes.clienteId,
} as const;
const PAGAS_LEVELS: PagasLevel[] = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'];

/** One row of the paid parcelas per node and month: its node at a level (above the event) and its centavos. */
export interface PagasRow {
  node(level: PagasLevel): SQL;
  valorCentavos: SQL;
}

/**
 * The parcelas paid in month `mes` (its 1st, `YYYY-MM-01`) as `select ...` over the rows of level `nivel` under the
 * node `under`, with the columns the caller picks from a row. Exact in centavos: the sum of its rows' stripes.
 */
export function pagasDoMes(
  under: PathNode & { level: PagasLevel },
  nivel: PagasLevel,
  mes: string,
  pick: (row: PagasRow) => SQL,
): SQL {
  const row: PagasRow = {
    node: (level) => sql`${PAGAS_COLUMN[level]}`,
    valorCentavos: sql`${parcelasPagasMes.valorCentavos}`,
  };
  return sql`select ${pick(row)} from ${parcelasPagasMes} where ${and(
    eq(PAGAS_COLUMN[under.level], under.id),
    eq(parcelasPagasMes.nivel, PAGAS_LEVELS.indexOf(nivel)),
    eq(parcelasPagasMes.mes, mes),
  )}`;
}
