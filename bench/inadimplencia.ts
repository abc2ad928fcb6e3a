/**
 * Issue 43's report scenarios for `npm run bench` (ADR 077): Inadimplência over the year's due dates of the
 * national dataset's parcelas (bench:data's 'parcelas' step), as the franqueador by franquia, the busiest franquia
 * by micro-franquia and the busiest cliente by event, each checked against a row-by-row sum of the parcelas in
 * centavos (not the report's own query). Target: Relatórios' (p99 <= 100 ms).
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/server/access/actor';
import { type Database, executeRows } from '../src/server/db/connect';
import { toCentavos } from '../src/shared/money/parcelas';
import type { InadimplenciaResposta } from '../src/shared/schemas/inadimplencia';
import { addDays, todayInBrasilia } from '../src/shared/brasilia';
import type { ReportScenario } from './relatorios';

const COLUMN: Record<string, string> = {
  franquia: 'franquia_id',
  micro_franquia: 'micro_franquia_id',
  evento: 'evento_id',
};

function scope(actor: Actor): { column: string; id: string } {
  if (actor.role === 'franqueador') return { column: 'franqueador_id', id: actor.franqueadorId! };
  if (actor.role === 'franquia') return { column: 'franquia_id', id: actor.franquiaId! };
  return { column: 'cliente_id', id: actor.clienteId! };
}

/** Due and overdue per group, summed parcela by parcela in centavos. */
async function naive(db: Database, actor: Actor, agrupar: string, de: string, hoje: string) {
  const { column, id } = scope(actor);
  const rows = await executeRows<{ g: string | null; devido: string; vencido: string }>(
    db,
    sql`select p.${sql.raw(COLUMN[agrupar]!)}::text as g, sum(p.valor_centavos)::bigint::text as devido,
        coalesce(sum(p.valor_centavos) filter (where p.status = 'vencida'
          or (p.status = 'aberta' and p.vencimento < ${hoje}::date)), 0)::bigint::text as vencido
      from parcelas p
      where p.${sql.raw(column)} = ${id} and p.vencimento between ${de}::date and ${hoje}::date
        and p.status in ('aberta', 'paga', 'vencida') and (p.vencimento <= ${hoje}::date or p.status = 'vencida')
      group by 1`,
  );
  return new Map(rows.map((r) => [r.g, [Number(r.devido), Number(r.vencido)] as const]));
}

export function inadimplenciaScenarios(now: Date): ReportScenario[] {
  const hoje = todayInBrasilia(now);
  const de = addDays(hoje, -364);
  const exact =
    (agrupar: string, whole: boolean) =>
    async (db: Database, actor: Actor, answer: unknown): Promise<string> => {
      const expected = await naive(db, actor, agrupar, de, hoje);
      const resposta = answer as InadimplenciaResposta;
      let wrong = 0;
      for (const g of resposta.grupos) {
        const [devido, vencido] = expected.get(g.id) ?? [0, 0];
        if (toCentavos(g.valorDevido) !== devido || toCentavos(g.valorVencido) !== vencido) wrong++;
      }
      const total = [...expected.values()].reduce((s, [d, v]) => [s[0]! + d, s[1]! + v], [0, 0]);
      const totalOk =
        toCentavos(resposta.totais.valorDevido) === total[0] && toCentavos(resposta.totais.valorVencido) === total[1];
      const groupsOk = !whole || resposta.grupos.length === expected.size;
      return wrong === 0 && totalOk && groupsOk
        ? `${resposta.grupos.length} groups and the total exact to the centavo`
        : `${wrong} groups ≠ the row-by-row sum${totalOk ? '' : '; the total differs'}${groupsOk ? '' : '; groups missing'}`;
    };
  return [
    {
      name: 'inadimplência franquia · franqueador, 365 d',
      path: `/api/relatorios/inadimplencia?agrupar=franquia&pageSize=500`,
      account: 'franqueador',
      connections: 8,
      target: { p99: 100 },
      exact: exact('franquia', true),
    },
    {
      name: 'inadimplência micro_franquia · franquia, 365 d',
      path: `/api/relatorios/inadimplencia?agrupar=micro_franquia&pageSize=500`,
      account: 'franquia',
      connections: 8,
      target: { p99: 100 },
      exact: exact('micro_franquia', true),
    },
    {
      name: 'inadimplência evento, page 1 · cliente, 365 d',
      path: `/api/relatorios/inadimplencia?agrupar=evento`,
      account: 'cliente',
      connections: 8,
      target: { p99: 100 },
      exact: exact('evento', false),
    },
  ];
}
