import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { metasVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import { clientes, franqueadores, franquias, metas, microFranquias, users, vendedores } from '../../db/schema';
import type { MetaEtapa, MetaNivel } from '../../../shared/metas/enums';
import { type Level, type PeriodRow, foldContagens, levelOf, pagasDoMes, periodRows } from '../contagens';

/**
 * Metas' SQL (issue 48): where a unit sits in the tree, its active children, the goals of a network's month and
 * stage, and what each unit achieved -- the funnel's stages from the counters per month (modules/contagens), the
 * parcelas paid in the month from the paid parcelas per node and month (the same module).
 */

/** A unit of the tree: its level and id. */
export interface No {
  nivel: MetaNivel;
  id: string;
}

/** A unit as read: its name, whether active, its network, its ancestors' ids (top first) and its parent. */
export interface NoLido extends No {
  nome: string;
  ativo: boolean;
  franqueadorId: string;
  caminho: string[];
  pai: No | null;
}

interface NoRow {
  id: string;
  nome: string;
  ativo: boolean;
  rede: string;
  franquia: string | null;
  micro: string | null;
  vendedor: string | null;
}

/** The unit `id` at `nivel`, wherever it sits (the service decides what the caller may do with it), or undefined. */
export async function lerNo(db: Executor, nivel: MetaNivel, id: string): Promise<NoLido | undefined> {
  const query: Record<MetaNivel, SQL> = {
    rede: sql`select r.id, r.razao_social as nome, true as ativo, r.id as rede, null::uuid as franquia,
        null::uuid as micro, null::uuid as vendedor
      from ${franqueadores} r where r.id = ${id}`,
    franquia: sql`select f.id, f.razao_social as nome, f.is_active as ativo, f.franqueador_id as rede,
        null::uuid as franquia, null::uuid as micro, null::uuid as vendedor
      from ${franquias} f where f.id = ${id}`,
    micro_franquia: sql`select mf.id, mf.razao_social as nome, mf.is_active and f.is_active as ativo,
        f.franqueador_id as rede, f.id as franquia, null::uuid as micro, null::uuid as vendedor
      from ${microFranquias} mf join ${franquias} f on f.id = mf.franquia_id where mf.id = ${id}`,
    vendedor: sql`select v.id, coalesce(u.nome, u.email) as nome, v.is_active as ativo, f.franqueador_id as rede,
        f.id as franquia, mf.id as micro, null::uuid as vendedor
      from ${vendedores} v join ${users} u on u.id = v.user_id
      join ${microFranquias} mf on mf.id = v.micro_franquia_id join ${franquias} f on f.id = mf.franquia_id
      where v.id = ${id}`,
    cliente: sql`select c.id, c.nome_fantasia as nome, c.is_active as ativo, f.franqueador_id as rede,
        f.id as franquia, mf.id as micro, c.vendedor_id as vendedor
      from ${clientes} c join ${microFranquias} mf on mf.id = c.micro_franquia_id
      join ${franquias} f on f.id = mf.franquia_id where c.id = ${id}`,
  };
  const [row] = await executeRows<NoRow>(db, query[nivel]);
  if (!row) return undefined;
  const caminho = [row.rede, row.franquia, row.micro, row.vendedor].filter((v): v is string => Boolean(v));
  const pai: No | null =
    nivel === 'rede'
      ? null
      : nivel === 'franquia'
        ? { nivel: 'rede', id: row.rede }
        : nivel === 'micro_franquia'
          ? { nivel: 'franquia', id: row.franquia! }
          : nivel === 'vendedor'
            ? { nivel: 'micro_franquia', id: row.micro! }
            : row.vendedor
              ? { nivel: 'vendedor', id: row.vendedor }
              : { nivel: 'micro_franquia', id: row.micro! };
  return { nivel, id: row.id, nome: row.nome, ativo: row.ativo, franqueadorId: row.rede, caminho, pai };
}

export interface Filho extends No {
  nome: string;
}

/**
 * A unit's active children, by name: a network's franquias, a franquia's micro-franquias, a micro-franquia's
 * vendedores and the clientes it serves with no vendedor, a vendedor's clientes; a cliente has none.
 */
export async function filhosAtivos(db: Executor, no: No): Promise<Filho[]> {
  let query: SQL;
  switch (no.nivel) {
    case 'rede':
      query = sql`select 'franquia' as nivel, id, razao_social as nome from ${franquias}
        where franqueador_id = ${no.id} and is_active`;
      break;
    case 'franquia':
      query = sql`select 'micro_franquia' as nivel, id, razao_social as nome from ${microFranquias}
        where franquia_id = ${no.id} and is_active`;
      break;
    case 'micro_franquia':
      query = sql`select 'vendedor' as nivel, v.id, coalesce(u.nome, u.email) as nome from ${vendedores} v
          join ${users} u on u.id = v.user_id where v.micro_franquia_id = ${no.id} and v.is_active
        union all
        select 'cliente' as nivel, c.id, c.nome_fantasia as nome from ${clientes} c
          where c.micro_franquia_id = ${no.id} and c.vendedor_id is null and c.is_active`;
      break;
    case 'vendedor':
      query = sql`select 'cliente' as nivel, id, nome_fantasia as nome from ${clientes}
        where vendedor_id = ${no.id} and is_active`;
      break;
    case 'cliente':
      return [];
  }
  const rows = await executeRows<Filho>(db, sql`select * from (${query}) k order by lower(k.nome), k.id`);
  return rows;
}

export interface MetaRow {
  id: string;
  alvoId: string;
  nivel: MetaNivel;
  valor: number;
  travada: boolean;
}

/** The goals of these units in a month and stage, by unit. */
export async function metasDos(
  db: Executor,
  actor: Actor,
  mes: string,
  etapa: MetaEtapa,
  alvoIds: string[],
): Promise<Map<string, MetaRow>> {
  if (alvoIds.length === 0) return new Map();
  const rows = await db
    .select({ id: metas.id, alvoId: metas.alvoId, nivel: metas.nivel, valor: metas.valor, travada: metas.travada })
    .from(metas)
    .where(
      and(eq(metas.mes, `${mes}-01`), eq(metas.etapa, etapa), inArray(metas.alvoId, alvoIds), metasVisibleTo(actor)),
    );
  return new Map(rows.map((r) => [r.alvoId, { ...r, valor: Number(r.valor) }]));
}

/** A unit's goals of a month, by stage. */
export async function metasDoAlvo(
  db: Executor,
  actor: Actor,
  mes: string,
  alvoId: string,
): Promise<Map<MetaEtapa, MetaRow>> {
  const rows = await db
    .select({
      id: metas.id,
      alvoId: metas.alvoId,
      nivel: metas.nivel,
      etapa: metas.etapa,
      valor: metas.valor,
      travada: metas.travada,
    })
    .from(metas)
    .where(and(eq(metas.mes, `${mes}-01`), eq(metas.alvoId, alvoId), metasVisibleTo(actor)));
  return new Map(rows.map((r) => [r.etapa, { ...r, valor: Number(r.valor) }]));
}

/** Every goal of a network's month and stage whose unit is active, with its parent unit: the tree a cascade walks. */
export async function arvoreDeMetas(
  db: Executor,
  franqueadorId: string,
  mes: string,
  etapa: MetaEtapa,
): Promise<(MetaRow & { pai: string | null })[]> {
  const rows = await executeRows<{
    id: string;
    alvo_id: string;
    nivel: MetaNivel;
    valor: string | number;
    travada: boolean;
    pai: string | null;
  }>(
    db,
    sql`select m.id, m.alvo_id, m.nivel, m.valor, m.travada,
      case m.nivel when 'franquia' then f.franqueador_id when 'micro_franquia' then mf.franquia_id
        when 'vendedor' then v.micro_franquia_id when 'cliente' then coalesce(c.vendedor_id, c.micro_franquia_id)
        else null end as pai
    from ${metas} m
    left join ${franquias} f on m.nivel = 'franquia' and f.id = m.alvo_id
    left join ${microFranquias} mf on m.nivel = 'micro_franquia' and mf.id = m.alvo_id
    left join ${vendedores} v on m.nivel = 'vendedor' and v.id = m.alvo_id
    left join ${clientes} c on m.nivel = 'cliente' and c.id = m.alvo_id
    where m.franqueador_id = ${franqueadorId} and m.mes = ${`${mes}-01`} and m.etapa = ${etapa}
      and (m.nivel = 'rede' or f.is_active or mf.is_active or v.is_active or c.is_active)`,
  );
  return rows.map((r) => ({
    id: r.id,
    alvoId: r.alvo_id,
    nivel: r.nivel,
    valor: Number(r.valor),
    travada: r.travada,
    pai: r.pai,
  }));
}

/**
 * Serializes the goal writes of one network's month and stage (a transaction-scoped advisory lock): two edits of
 * siblings never rebalance from the same old values.
 */
export async function travarMetas(tx: Executor, franqueadorId: string, mes: string, etapa: MetaEtapa): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`metas:${franqueadorId}:${mes}:${etapa}`}, 0))`);
}

export interface MetaGravar {
  nivel: MetaNivel;
  alvoId: string;
  valor: number;
  travada: boolean;
}

/** Writes these goals (new or changed) of a network's month and stage; answers each one's id by unit. */
export async function gravarMetas(
  tx: Executor,
  franqueadorId: string,
  mes: string,
  etapa: MetaEtapa,
  linhas: MetaGravar[],
  autorId: string,
): Promise<Map<string, string>> {
  if (linhas.length === 0) return new Map();
  const rows = await tx
    .insert(metas)
    .values(
      linhas.map((l) => ({
        franqueadorId,
        mes: `${mes}-01`,
        etapa,
        nivel: l.nivel,
        alvoId: l.alvoId,
        valor: l.valor,
        travada: l.travada,
        atualizadoPorId: autorId,
      })),
    )
    .onConflictDoUpdate({
      target: [metas.alvoId, metas.mes, metas.etapa],
      set: {
        valor: sql`excluded.valor`,
        travada: sql`excluded.travada`,
        atualizadoPorId: sql`excluded.atualizado_por_id`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: metas.id, alvoId: metas.alvoId });
  return new Map(rows.map((r) => [r.alvoId, r.id]));
}

const NIVEL_LEVEL: Record<MetaNivel, Exclude<Level, 'evento'>> = {
  rede: 'franqueador',
  franquia: 'franquia',
  micro_franquia: 'micro_franquia',
  vendedor: 'vendedor',
  cliente: 'cliente',
};

const ETAPA_COLUMN: Record<Exclude<MetaEtapa, 'parcelas_pagas'>, (row: PeriodRow) => SQL> = {
  leads: (row) => row.leads,
  presencas: (row) => row.presencas,
  pre_matriculas: (row) => row.preMatriculas,
  matriculas: (row) => row.matriculas,
};

const ultimoDia = (mes: string) => {
  const [ano, m] = mes.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(ano, m, 0)).toISOString().slice(0, 10);
};

/**
 * What a unit achieved in a month at a stage, per child (a micro-franquia's clientes with a vendedor count under
 * their vendedor) and in all, read from the counters per node and month (modules/contagens): the funnel's stages
 * from the funnel's (every answered sign-up folded first, as Relatórios does); `parcelas_pagas`, in centavos, from
 * the parcelas paid per node and month (issue 48: a month's few rows, not its paid parcelas).
 */
export async function realizadoDo(
  db: Executor,
  no: No,
  mes: string,
  etapa: MetaEtapa,
): Promise<{ total: number; porFilho: Map<string, number> }> {
  const de = `${mes}-01`;
  const ate = ultimoDia(mes);
  // A network's rows by franquia, a franquia's by micro-franquia, the levels below by cliente.
  const childLevel = no.nivel === 'rede' ? 'franquia' : no.nivel === 'franquia' ? 'micro_franquia' : 'cliente';
  const key = (row: { node(level: 'vendedor' | 'cliente' | typeof childLevel): SQL }) =>
    no.nivel === 'micro_franquia'
      ? sql`coalesce(${row.node('vendedor')}, ${row.node('cliente')})`
      : row.node(childLevel);
  const under = { level: NIVEL_LEVEL[no.nivel], id: no.id };
  let source: SQL;
  if (etapa === 'parcelas_pagas') {
    source = pagasDoMes(under, childLevel, de, (row) => sql`${key(row)}::text as id, ${row.valorCentavos} as n`);
  } else {
    await foldContagens(db);
    const column = ETAPA_COLUMN[etapa];
    source = periodRows(
      { nodes: [under], de, ate },
      levelOf(childLevel),
      false,
      (row) => sql`${key(row)}::text as id, ${column(row)} as n`,
    );
  }
  const rows = await executeRows<{ id: string | null; n: string | number }>(
    db,
    sql`select s.id, sum(s.n)::bigint as n from (${source}) s group by s.id`,
  );
  const porFilho = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    if (row.id) porFilho.set(row.id, (porFilho.get(row.id) ?? 0) + n);
  }
  return { total, porFilho };
}
