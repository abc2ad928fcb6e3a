import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FAIXAS_ATRASO, FAIXA_DIAS, type SomaInadimplencia, somaVazia } from '../../../shared/money/inadimplencia';
import type { AgrupamentoInadimplencia } from '../../../shared/schemas/inadimplencia';
import type { Actor } from '../../access/actor';
import { parcelasVisibleTo } from '../../access/scope';
import { type Executor, executeRows, planejadaACadaChamada, withoutParallelWorkers } from '../../db/connect';
import { eventos, parcelas } from '../../db/schema';
import {
  type Level,
  type ReportRows,
  type VencimentoLevel,
  isVencimentoLevel,
  vencimentoPeriodRows,
} from '../contagens';
import { groupLabel } from '../relatorios';

/**
 * Inadimplência's SQL (issue 43, ADR 077): the parcelas of the caller's scope (parcelasVisibleTo, as the Parcelas
 * list) under the report's nodes, due in the period, summed in centavos per group -- from the counters of the parcelas
 * per node, due day and status (`vencimentoPeriodRows`, migration 0069) when the question is about the tree above the
 * event, from the rows otherwise. The rule is shared/money/inadimplencia.ts's `contarParcela`, written once more as SQL
 * (and once more as the counters' stretches of due days):
 * - due: not cancelled nor refunded, and due on or before today -- or already called overdue by the gateway;
 * - overdue: the gateway's 'vencida', or still 'aberta' past its due date;
 * - its bucket: the days since its due date, at least 1.
 */

const PATH_COLUMN = {
  franqueador: parcelas.franqueadorId,
  franquia: parcelas.franquiaId,
  micro_franquia: parcelas.microFranquiaId,
  vendedor: parcelas.vendedorId,
  cliente: parcelas.clienteId,
  evento: parcelas.eventoId,
} as const satisfies Record<Level, AnyPgColumn>;

const GROUP_KEY: Record<AgrupamentoInadimplencia, AnyPgColumn> = {
  franquia: parcelas.franquiaId,
  micro_franquia: parcelas.microFranquiaId,
  vendedor: parcelas.vendedorId,
  cliente: parcelas.clienteId,
  evento: parcelas.eventoId,
};

function onde(actor: Actor, rows: ReportRows, hoje: string): SQL | undefined {
  const place = rows.estado || rows.cidade;
  return and(
    parcelasVisibleTo(actor),
    ...rows.nodes.map((node) => eq(PATH_COLUMN[node.level], node.id)),
    sql`${parcelas.vencimento} >= ${rows.de}::date`,
    sql`${parcelas.vencimento} <= ${rows.ate}::date`,
    sql`${parcelas.status} in ('aberta', 'paga', 'vencida')`,
    sql`(${parcelas.vencimento} <= ${hoje}::date or ${parcelas.status} = 'vencida')`,
    place
      ? sql`${parcelas.eventoId} in (select ${eventos.id} from ${eventos} where ${and(
          rows.estado ? eq(eventos.estado, rows.estado) : undefined,
          rows.cidade ? sql`lower(${eventos.cidade}) = lower(${rows.cidade})` : undefined,
        )})`
      : undefined,
  );
}

/** The sums every row of the answer carries, as SQL over the base's columns `v` (centavos), `vencida`, `dias`. */
const MEDIDAS = sql.raw(
  [
    'coalesce(sum(b.v), 0)::bigint::text as devido',
    'count(*)::int as n_devidas',
    'coalesce(sum(b.v) filter (where b.vencida), 0)::bigint::text as vencido',
    'count(*) filter (where b.vencida)::int as n_vencidas',
    ...FAIXAS_ATRASO.map((faixa, i) => {
      const { de, ate } = FAIXA_DIAS[faixa];
      const cond = `b.vencida and b.dias >= ${de}${ate === null ? '' : ` and b.dias <= ${ate}`}`;
      return `coalesce(sum(b.v) filter (where ${cond}), 0)::bigint::text as f${i}_v, count(*) filter (where ${cond})::int as f${i}_n`;
    }),
  ].join(', '),
);

/**
 * The same sums over the counters' rows (`vencimentoPeriodRows`: `v` centavos and `n` parcelas due, signed, `vencida`,
 * `faixa`): a group is there when something in it is due, as a group of the rows is.
 */
const MEDIDAS_CONTADAS = sql.raw(
  [
    'coalesce(sum(b.v), 0)::bigint::text as devido',
    'coalesce(sum(b.n), 0)::int as n_devidas',
    'coalesce(sum(b.v) filter (where b.vencida), 0)::bigint::text as vencido',
    'coalesce(sum(b.n) filter (where b.vencida), 0)::int as n_vencidas',
    ...FAIXAS_ATRASO.map((_, i) => {
      const cond = `b.vencida and b.faixa = ${i}`;
      return `coalesce(sum(b.v) filter (where ${cond}), 0)::bigint::text as f${i}_v, coalesce(sum(b.n) filter (where ${cond}), 0)::int as f${i}_n`;
    }),
  ].join(', '),
);

/**
 * The groups' sums, one row per group: from the counters of the parcelas per node, due day and status (issue 43) --
 * a period's few rows per node instead of its every parcela --, or from the parcelas themselves when the question is
 * about events (a grouping by event, an event's filter: an event's parcelas are few) or a place (the counters keep
 * neither).
 */
function grupos(actor: Actor, rows: ReportRows, agrupar: AgrupamentoInadimplencia, hoje: string): SQL {
  const nodes = rows.nodes.filter((node): node is { level: VencimentoLevel; id: string } =>
    isVencimentoLevel(node.level),
  );
  if (!rows.estado && !rows.cidade && isVencimentoLevel(agrupar) && nodes.length === rows.nodes.length) {
    const contadas = vencimentoPeriodRows({ ...rows, nodes }, hoje, agrupar);
    return sql`select b.id, ${MEDIDAS_CONTADAS} from (${contadas}) b group by b.id having coalesce(sum(b.n), 0) > 0`;
  }
  const base = sql`select ${GROUP_KEY[agrupar]}::text as id, ${parcelas.valorCentavos}::bigint as v,
      (${parcelas.status} = 'vencida' or (${parcelas.status} = 'aberta' and ${parcelas.vencimento} < ${hoje}::date)) as vencida,
      greatest(1, ${hoje}::date - ${parcelas.vencimento}) as dias
    from ${parcelas} where ${onde(actor, rows, hoje)}`;
  return sql`select b.id, ${MEDIDAS} from (${base}) b group by b.id`;
}

interface MedidasRow {
  devido: string;
  n_devidas: number;
  vencido: string;
  n_vencidas: number;
  [faixa: `f${number}_${'v' | 'n'}`]: string | number;
}

function soma(row: MedidasRow | undefined): SomaInadimplencia {
  const out = somaVazia();
  if (!row) return out;
  out.devidoCentavos = Number(row.devido);
  out.parcelasDevidas = Number(row.n_devidas);
  out.vencidoCentavos = Number(row.vencido);
  out.parcelasVencidas = Number(row.n_vencidas);
  FAIXAS_ATRASO.forEach((faixa, i) => {
    out.faixas[faixa] = { valorCentavos: Number(row[`f${i}_v`]), quantidade: Number(row[`f${i}_n`]) };
  });
  return out;
}

export interface GrupoInadimplenciaRow extends SomaInadimplencia {
  id: string | null;
  rotulo: string;
}

/** Every column MEDIDAS names, summed over the groups: the totals are their groups' sums (each is additive). */
const MEDIDAS_TOTAIS = sql.raw(
  ['devido', 'vencido', ...FAIXAS_ATRASO.map((_, i) => `f${i}_v`)]
    .map((c) => `coalesce(sum(g.${c}::bigint), 0)::bigint::text as ${c}`)
    .concat(
      ['n_devidas', 'n_vencidas', ...FAIXAS_ATRASO.map((_, i) => `f${i}_n`)].map(
        (c) => `coalesce(sum(g.${c}), 0)::int as ${c}`,
      ),
    )
    .join(', '),
);

/**
 * One page of groups, most overdue first, with the number of groups and the totals over every parcela counted, in
 * one reading of the parcelas: the groups are summed once, the page is read from them and the totals are their sums
 * (a parcela is in exactly one group). Read twice, the franqueador's year of parcelas cost twice the time. The property
 * test holds page and totals to the shared rule.
 */
export async function findInadimplencia(
  db: Executor,
  actor: Actor,
  rows: ReportRows,
  query: { agrupar: AgrupamentoInadimplencia; hoje: string; limit: number; offset: number; semVendedor: string },
): Promise<{ grupos: GrupoInadimplenciaRow[]; count: number; totais: SomaInadimplencia }> {
  const label = groupLabel(query.agrupar, query.semVendedor);
  // `pagina` is null on the totals' row, and each row of the page's place in the whole order.
  const lidas = await withoutParallelWorkers(db, (tx) =>
    executeRows<MedidasRow & { pagina: number | null; id: string | null; rotulo: string | null; grupos: number }>(
      tx,
      planejadaACadaChamada(sql`with g as materialized (${grupos(actor, rows, query.agrupar, query.hoje)})
        select null::int as pagina, null::text as id, null::text as rotulo, ${MEDIDAS_TOTAIS}, count(*)::int as grupos
        from g
        union all
        select p.ordem, p.id, ${label(sql.raw('p.id'))}, p.devido, p.vencido, ${sql.raw(
          FAIXAS_ATRASO.map((_, i) => `p.f${i}_v`).join(', '),
        )}, p.n_devidas, p.n_vencidas, ${sql.raw(FAIXAS_ATRASO.map((_, i) => `p.f${i}_n`).join(', '))}, null
        from (select g.*, row_number() over (
            order by g.vencido::bigint desc, g.devido::bigint desc, g.id asc nulls last)::int as ordem
          from g order by ordem limit ${query.limit} offset ${query.offset}) p
        order by pagina nulls first`),
    ),
  );
  const totais = lidas.find((row) => row.pagina === null);
  const pagina = lidas.filter((row) => row.pagina !== null);
  return {
    grupos: pagina.map((row) => ({ id: row.id, rotulo: row.rotulo ?? row.id ?? query.semVendedor, ...soma(row) })),
    count: Number(totais?.grupos ?? 0),
    totais: soma(totais),
  };
}
