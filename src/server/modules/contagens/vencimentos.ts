import { type SQL, and, eq, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/brasilia';
import { FAIXAS_ATRASO, FAIXA_DIAS } from '../../../shared/money/inadimplencia';
import { parcelasVencimentoDia, parcelasVencimentoMes } from '../../db/schema';
import { type Level, type ReportRows, levelOf, splitPeriod } from './periods';

/**
 * The parcelas per node, due day and status (issue 43, migration 0069): `parcelas_vencimento_dia` and
 * `parcelas_vencimento_mes` hold, for every prefix of a parcela's path (franqueador ... cliente, `nivel` 0..4, keyed as
 * funnel_dia is; not the event: an event's few parcelas are read from the rows), the centavos and the number of the parcelas someone owes ('aberta', 'paga', 'vencida') due that
 * day or month in each status, kept by a trigger on parcelas. Whether a parcela is due, overdue and how late is a
 * function of its due day and status for a given today (shared/money/inadimplencia.ts's `contarParcela`), constant
 * over each of these stretches of due days:
 * - before today: overdue unless paid, one stretch per aging bucket (`FAIXA_DIAS`: 1-30, 31-60, 61-90 and 91 days
 *   or more before today);
 * - today: due; overdue only when the gateway called it so ('vencida', 1 day);
 * - after today: due and overdue (1 day) only when the gateway already called it so.
 * So a period is read stretch by stretch, each as whole months and loose days (`splitPeriod`), and every row read
 * carries its stretch's verdict. The place of a parcela's event is not kept (a question about places reads the rows).
 */

type VencimentoTable = typeof parcelasVencimentoDia | typeof parcelasVencimentoMes;
const COLUMN = {
  franqueador: 'franqueadorId',
  franquia: 'franquiaId',
  micro_franquia: 'microFranquiaId',
  vendedor: 'vendedorId',
  cliente: 'clienteId',
} as const satisfies Record<VencimentoLevel, keyof VencimentoTable['_']['columns']>;

/** The levels the counters keep: the event's few parcelas are read from the rows. */
export type VencimentoLevel = Exclude<Level, 'evento'>;
export const isVencimentoLevel = (level: Level): level is VencimentoLevel => level !== 'evento';

/** A stretch of due days and how the parcelas due in it count. */
interface Trecho {
  de: string;
  ate: string;
  /** Before today (overdue unless paid, in bucket `faixa`), today, or after today. */
  quando: 'antes' | 'hoje' | 'depois';
  /** The aging bucket's index (FAIXAS_ATRASO) of an overdue parcela due in the stretch. */
  faixa: number;
}

/** The stretches of `[de, ate]` as `hoje` sees them, empty ones left out. */
function trechos(de: string, ate: string, hoje: string): Trecho[] {
  // Before today, one stretch per aging bucket: due `de` to `ate` days before today (FAIXA_DIAS, the rule's own).
  const antes: Trecho[] = FAIXAS_ATRASO.map((faixa, i) => {
    const dias = FAIXA_DIAS[faixa];
    const de = dias.ate === null ? '0001-01-01' : addDays(hoje, -dias.ate);
    return { de, ate: addDays(hoje, -dias.de), quando: 'antes', faixa: i };
  });
  const all: Trecho[] = [
    ...antes,
    { de: hoje, ate: hoje, quando: 'hoje', faixa: 0 },
    { de: addDays(hoje, 1), ate: '9999-12-31', quando: 'depois', faixa: 0 },
  ];
  return all
    .map((t) => ({ ...t, de: t.de > de ? t.de : de, ate: t.ate < ate ? t.ate : ate }))
    .filter((t) => t.de <= t.ate);
}

/**
 * The parcelas due in the question's period under its nodes, counted as on `hoje`, as `select id, v, n, vencida,
 * faixa` over the rows of level `nivel`: `id` the row's node at level `grupo` (text), `v` its centavos and `n` its
 * parcelas due (negated for the days a month is read less), `vencida` whether they are overdue, `faixa` their aging
 * bucket's index when they are. Rows of parcelas not due on `hoje` are left out. The caller sums per `id`; a group
 * whose `n` sums to 0 has nothing due.
 */
export function vencimentoPeriodRows(
  rows: Pick<ReportRows, 'de' | 'ate'> & { nodes: { level: VencimentoLevel; id: string }[] },
  hoje: string,
  grupo: VencimentoLevel,
): SQL {
  const nivel = Math.max(levelOf(grupo), ...rows.nodes.map((node) => levelOf(node.level)));
  const piece = (table: VencimentoTable, period: SQL, from: string, to: string, sign: number, t: Trecho) => {
    const where = and(
      eq(table.nivel, nivel),
      ...rows.nodes.map((node) => eq(table[COLUMN[node.level]], node.id)),
      t.quando === 'depois' ? sql`${table.status} = 'vencida'` : undefined,
    );
    const v = sign < 0 ? sql`-${table.valorCentavos}` : sql`${table.valorCentavos}`;
    const n = sign < 0 ? sql`-${table.parcelas}` : sql`${table.parcelas}`;
    const vencida =
      t.quando === 'antes'
        ? sql`${table.status} <> 'paga'`
        : t.quando === 'hoje'
          ? sql`${table.status} = 'vencida'`
          : sql`true`;
    return sql`select ${table[COLUMN[grupo]]}::text as id, ${v} as v, ${n} as n, ${vencida} as vencida, ${sql.raw(
      String(t.faixa),
    )} as faixa from ${table} where ${where} and ${period} between ${from} and ${to}`;
  };
  const list: SQL[] = [];
  for (const t of trechos(rows.de, rows.ate, hoje)) {
    const split = splitPeriod(t.de, t.ate);
    if (split.months) {
      list.push(piece(parcelasVencimentoMes, sql`${parcelasVencimentoMes.mes}`, ...split.months, 1, t));
    }
    for (const { from, to, sign } of split.days) {
      list.push(piece(parcelasVencimentoDia, sql`${parcelasVencimentoDia.dia}`, from, to, sign, t));
    }
  }
  return list.length > 0
    ? sql.join(list, sql` union all `)
    : sql`select null::text as id, 0::bigint as v, 0 as n, false as vencida, 0 as faixa where false`;
}
