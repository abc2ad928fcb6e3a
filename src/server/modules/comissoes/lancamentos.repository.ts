import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../access/actor';
import { comissaoFechamentosVisibleTo, comissaoLancamentosVisibleTo, comissaoSomasVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import {
  comissaoFechamentos,
  comissaoLancamentos,
  comissaoRegras,
  comissaoSomas,
  franqueadores,
  franquias,
  leads,
  matriculas,
  microFranquias,
  parcelas,
  users,
  vendedores,
} from '../../db/schema';
import { type CursorQuery, type KeysetOrder, cursorKeys, keysetPage, keysetWindow } from '../../lib/keyset';
import { pageWindow } from '../../lib/pagination';
import { countUpToLimit } from '../../lib/list-page';
import type { Beneficiario } from '../../../shared/comissoes/regras';
import type { EstadoLancamento, TipoLancamento } from '../../../shared/comissoes/lancamentos';
import { type LancamentosListQuery, MINHAS_ORDEM, minhasLancamentosKeyset } from '../../../shared/schemas/comissao';

/** Comissões' ledger SQL (issue 44, ADR 082): its lines, their states, the closings and the payout. */

const l = comissaoLancamentos;

// --- Writing ---------------------------------------------------------------------------------------------------

/**
 * What the ledger reads of parcelas: their value, day, reach, whom they would pay and whether they have lines. The
 * same statement takes each one's network row in share mode (`travarRede`'s lock, where a payment needs it first):
 * the rules and closed months are then read by a later statement, which sees any closing that committed before it.
 */
export async function parcelasParaComissao(db: Executor, parcelaIds: string[]) {
  if (parcelaIds.length === 0) return [];
  return db
    .select({
      id: parcelas.id,
      status: parcelas.status,
      tipo: parcelas.tipo,
      valorCentavos: parcelas.valorCentavos,
      pagaEm: parcelas.pagaEm,
      matriculaId: parcelas.matriculaId,
      cursoId: parcelas.cursoId,
      franqueadorId: parcelas.franqueadorId,
      franquiaId: parcelas.franquiaId,
      microFranquiaId: parcelas.microFranquiaId,
      vendedorId: parcelas.vendedorId,
      // The lead's vendedor responsável; the event's vendedor when the lead names none.
      vendedorResponsavelId: sql<
        string | null
      >`coalesce((select ${leads.responsavelId} from ${leads} where ${leads.id} = ${matriculas.leadId}), ${parcelas.vendedorId})`,
      // The matrícula's first paid parcela: no other of its plan paid (or paid and refunded) before it, by day and
      // number. A later-processed earlier payment may claim it too: the fixed credit's unique key keeps it once.
      primeiraPaga: sql<boolean>`not exists (select 1 from ${parcelas} o where o.matricula_id = ${parcelas.matriculaId}
        and o.id <> ${parcelas.id} and o.tipo = 'mensalidade' and o.paga_em is not null
        and o.status in ('paga', 'estornada') and (o.paga_em, o.numero) < (${parcelas.pagaEm}, ${parcelas.numero}))`,
      temLinhas: sql<boolean>`exists (select 1 from ${l} x where x.parcela_id = ${parcelas}.id)`,
      redeTravada: sql<boolean | null>`(select true from ${franqueadores} f where f.id = ${parcelas}.franqueador_id
        for share)`,
    })
    .from(parcelas)
    .innerJoin(matriculas, eq(matriculas.id, parcelas.matriculaId))
    .where(inArray(parcelas.id, parcelaIds))
    .orderBy(asc(parcelas.pagaEm), asc(parcelas.matriculaId), asc(parcelas.numero));
}

/**
 * The network's row, locked: shared by each ledger write (they run side by side), exclusive for a closing -- so a
 * closing waits for the payments in flight, and a payment after it sees the month closed.
 */
export async function travarRede(db: Executor, franqueadorId: string, modo: 'share' | 'update') {
  const [row] = await db
    .select({ id: franqueadores.id, franquiaFecha: franqueadores.comissaoFranquiaFecha })
    .from(franqueadores)
    .where(eq(franqueadores.id, franqueadorId))
    .for(modo === 'share' ? 'share' : 'update');
  return row;
}

export function regrasDaRede(db: Executor, franqueadorId: string) {
  return db.select().from(comissaoRegras).where(eq(comissaoRegras.franqueadorId, franqueadorId));
}

/** What a line needs of a rule: whom and what it reaches, when, and how much. */
export interface RegraDoLedger {
  id: string;
  beneficiario: string;
  franquiaId: string | null;
  cursoId: string | null;
  tipo: string;
  percentualCentesimos: number | null;
  valorCentavos: number | null;
  inicio: string;
  fim: string | null;
}

/**
 * The rules that can reach `franquiaId`'s parcelas (the network's and its own) and the closed periods that hold its
 * subtree's lines, in one statement: a payment's second, after `parcelasParaComissao` locked the network.
 */
export async function regrasEFechados(
  db: Executor,
  franqueadorId: string,
  franquiaId: string | null,
): Promise<{ regras: RegraDoLedger[]; fechados: Set<string> }> {
  const r = comissaoRegras;
  const f = comissaoFechamentos;
  const daRede = (franqueador: SQL, franquia: SQL) =>
    sql`${franqueador} = ${franqueadorId}::uuid and (${franquia} is null or ${franquia} = ${franquiaId}::uuid)`;
  const [row] = await executeRows<{ regras: RegraDoLedger[]; fechados: string[] }>(
    db,
    sql`select
      coalesce((select json_agg(json_build_object('id', ${r.id}, 'beneficiario', ${r.beneficiario},
          'franquiaId', ${r.franquiaId}, 'cursoId', ${r.cursoId}, 'tipo', ${r.tipo},
          'percentualCentesimos', ${r.percentualCentesimos}, 'valorCentavos', ${r.valorCentavos},
          'inicio', ${r.inicio}, 'fim', ${r.fim}))
        from ${r} where ${daRede(sql`${r.franqueadorId}`, sql`${r.franquiaId}`)}), '[]'::json) as regras,
      array(select ${f.periodo} from ${f} where ${daRede(sql`${f.franqueadorId}`, sql`${f.franquiaId}`)}) as fechados`,
  );
  return { regras: row?.regras ?? [], fechados: new Set(row?.fechados ?? []) };
}

/** The closed periods from `desde` on that hold a line of `franquiaId`'s subtree: the network's and its own. */
export async function periodosFechados(
  db: Executor,
  franqueadorId: string,
  franquiaId: string | null,
  desde: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ periodo: comissaoFechamentos.periodo })
    .from(comissaoFechamentos)
    .where(
      and(
        eq(comissaoFechamentos.franqueadorId, franqueadorId),
        sql`${comissaoFechamentos.periodo} >= ${desde}`,
        sql`(${comissaoFechamentos.franquiaId} is null or ${comissaoFechamentos.franquiaId} = ${franquiaId}::uuid)`,
      ),
    );
  return new Set(rows.map((r) => r.periodo));
}

export type NovoLancamento = typeof comissaoLancamentos.$inferInsert;

/**
 * What the ledger needs of a parcela being paid (issue 43's webhook), to read inside the statement that locks it: a
 * json value over the parcela's row `p` -- whom it would pay (the lead's vendedor responsável, else the event's), the
 * matrícula's earliest other paid parcela (`primeiraOutra`: its day and number; the fixed credit goes to the first),
 * whether it has lines already, the branch's rules and closed months -- and its network's row taken in share mode,
 * as `parcelasParaComissao` takes it. The rules and months are read by the same statement that waits for the lock:
 * a closing that commits while the payment waits is not seen, and the line written into its month is refused by
 * `comissao_lancamentos_periodo_aberto` -- the caller runs the payment again (`periodoFechadoNaCorrida`).
 */
export function entradaDaComissao(p: SQL): SQL {
  const r = comissaoRegras;
  const f = comissaoFechamentos;
  const daRede = (franqueador: SQL, franquia: SQL) =>
    sql`${franqueador} = ${p}.franqueador_id and (${franquia} is null or ${franquia} = ${p}.franquia_id)`;
  return sql`json_build_object(
    'redeTravada', (select true from ${franqueadores} fq where fq.id = ${p}.franqueador_id for share),
    'vendedorResponsavelId', coalesce((select ld.responsavel_id from ${matriculas} mm join ${leads} ld
      on ld.id = mm.lead_id where mm.id = ${p}.matricula_id), ${p}.vendedor_id),
    'primeiraOutra', (select json_build_object('pagaEm', o.paga_em, 'numero', o.numero) from ${parcelas} o
      where o.matricula_id = ${p}.matricula_id and o.id <> ${p}.id and o.tipo = 'mensalidade'
        and o.paga_em is not null and o.status in ('paga', 'estornada')
      order by o.paga_em, o.numero limit 1),
    'temLinhas', exists (select 1 from ${l} x where x.parcela_id = ${p}.id),
    'regras', coalesce((select json_agg(json_build_object('id', ${r.id}, 'beneficiario', ${r.beneficiario},
        'franquiaId', ${r.franquiaId}, 'cursoId', ${r.cursoId}, 'tipo', ${r.tipo},
        'percentualCentesimos', ${r.percentualCentesimos}, 'valorCentavos', ${r.valorCentavos},
        'inicio', ${r.inicio}, 'fim', ${r.fim}))
      from ${r} where ${daRede(sql`${r.franqueadorId}`, sql`${r.franquiaId}`)}), '[]'::json),
    'fechados', array(select ${f.periodo} from ${f} where ${daRede(sql`${f.franqueadorId}`, sql`${f.franquiaId}`)}))`;
}

/** What `entradaDaComissao` reads, as the driver hands it back. */
export interface EntradaDaComissao {
  vendedorResponsavelId: string | null;
  primeiraOutra: { pagaEm: string; numero: number } | null;
  temLinhas: boolean;
  regras: RegraDoLedger[];
  fechados: string[];
}

/**
 * The lines `linhas` (their JSON text, one parameter) written once, as `inserirLancamentos` writes them, as a statement
 * to run inside another (a WITH: the webhook's payment). Its text does not depend on how many lines there are.
 */
export function lancamentosInsert(linhas: string): SQL {
  return sql`insert into ${l} (franqueador_id, franquia_id, micro_franquia_id, vendedor_id, beneficiario,
      beneficiario_id, regra_id, regra_tipo, parcela_id, matricula_id, tipo, base_centavos, valor_centavos, periodo,
      ocorrido_em, ciclo)
    select x."franqueadorId", x."franquiaId", x."microFranquiaId", x."vendedorId", x.beneficiario, x."beneficiarioId",
      x."regraId", x."regraTipo", x."parcelaId", x."matriculaId", x.tipo, x."baseCentavos", x."valorCentavos",
      x.periodo, x."ocorridoEm", coalesce(x.ciclo, 0)
    from json_to_recordset(${linhas}::json) as x("franqueadorId" uuid, "franquiaId" uuid, "microFranquiaId" uuid,
      "vendedorId" uuid, beneficiario text, "beneficiarioId" uuid, "regraId" uuid, "regraTipo" text, "parcelaId" uuid,
      "matriculaId" uuid, tipo text, "baseCentavos" integer, "valorCentavos" integer, periodo varchar, "ocorridoEm" date,
      ciclo smallint)
    on conflict do nothing`;
}

/** Lines written once: a redelivered event, a job run again, finds its line and writes nothing. */
export async function inserirLancamentos(db: Executor, linhas: NovoLancamento[]): Promise<number> {
  if (linhas.length === 0) return 0;
  const rows = await db.insert(l).values(linhas).onConflictDoNothing().returning({ id: l.id });
  return rows.length;
}

/** A parcela's credit lines no reversal of their round (ADR 093) has answered yet. */
export function creditosSemEstorno(db: Executor, parcelaId: string) {
  return db
    .select()
    .from(l)
    .where(
      and(
        eq(l.parcelaId, parcelaId),
        eq(l.tipo, 'credito'),
        sql`not exists (select 1 from ${comissaoLancamentos} e where e.parcela_id = ${l.parcelaId}
          and e.beneficiario = ${l.beneficiario} and e.tipo = 'estorno' and e.ciclo = ${l.ciclo})`,
      ),
    );
}

/** The lines the parcelas already have (ADR 093: a parcela paid again after a chargeback reads its last round). */
export function linhasDasParcelas(db: Executor, parcelaIds: string[]) {
  if (parcelaIds.length === 0) return Promise.resolve([]);
  return db.select().from(l).where(inArray(l.parcelaId, parcelaIds)).orderBy(asc(l.ciclo), asc(l.beneficiario));
}

// --- Reading ---------------------------------------------------------------------------------------------------

interface Ramo {
  franqueadorId: SQL;
  franquiaId: SQL;
  periodo: SQL;
}

/** The closing that holds a line of this network, franquia and month: its franquia's own, else the network's (at
 * most one holds it: ADR 082). `campos` of it, as a one-row select. */
const fechamentoQueSegura = (r: Ramo, campos: SQL) =>
  sql`select ${campos} from ${comissaoFechamentos} f where f.franqueador_id = ${r.franqueadorId}
    and f.periodo = ${r.periodo} and (f.franquia_id = ${r.franquiaId} or f.franquia_id is null)
    order by f.franquia_id nulls last limit 1`;

/** A line's state: reversed; else from its closing -- none (liberada), not paid out (fechada), paid out (paga). */
const estadoDe = (estorno: SQL, fechamentoId: SQL, pagoEm: SQL) =>
  sql<EstadoLancamento>`case when ${estorno} then 'estornada' when ${fechamentoId} is null then 'liberada'
    when ${pagoEm} is null then 'fechada' else 'paga' end`;

const ramoDaLinha: Ramo = {
  franqueadorId: sql`${l.franqueadorId}`,
  franquiaId: sql`${l.franquiaId}`,
  periodo: sql`${l.periodo}`,
};
export const estadoDaLinha = estadoDe(
  sql`${l.tipo} = 'estorno'`,
  sql`(${fechamentoQueSegura(ramoDaLinha, sql`f.id`)})`,
  sql`(${fechamentoQueSegura(ramoDaLinha, sql`f.pago_em`)})`,
);

/** The beneficiary's name: the vendedor's person, the micro-franquia's or franquia's company. */
const nomeDe = (beneficiario: SQL, beneficiarioId: SQL) => sql<string>`case ${beneficiario}
  when 'vendedor' then (select coalesce(u.nome, u.email) from ${vendedores} v join ${users} u on u.id = v.user_id where v.id = ${beneficiarioId})
  when 'micro_franquia' then (select m.razao_social from ${microFranquias} m where m.id = ${beneficiarioId})
  else (select f.razao_social from ${franquias} f where f.id = ${beneficiarioId}) end`;
const nomeDoBeneficiario = nomeDe(sql`${l.beneficiario}`, sql`${l.beneficiarioId}`);

const cs = comissaoSomas;

/**
 * The closing that holds a branch's lines -- its franquia's own, else the network's (at most one of each:
 * `comissao_fechamentos_key`) -- as two left joins on the closings, which the planner hashes: the few closings read
 * once per statement, not looked up once per group (1,953 lookups for a month of the benchmark's network). `estado`:
 * the branch's state, as `estadoDe` gives a line's.
 */
function fechamentoDoRamo(r: Ramo, estorno: SQL): { joins: SQL; estado: SQL<EstadoLancamento> } {
  const f = comissaoFechamentos;
  return {
    joins: sql`left join ${f} fq on fq.franqueador_id = ${r.franqueadorId} and fq.periodo = ${r.periodo}
        and fq.franquia_id = ${r.franquiaId}
      left join ${f} fr on fr.franqueador_id = ${r.franqueadorId} and fr.periodo = ${r.periodo}
        and fr.franquia_id is null`,
    estado: estadoDe(
      estorno,
      sql`coalesce(fq.id, fr.id)`,
      sql`(case when fq.id is not null then fq.pago_em else fr.pago_em end)`,
    ),
  };
}

/**
 * The sums and counts of the lines in `where` (over `comissao_somas`, the sums the lines' trigger keeps: ADR 097),
 * grouped by what decides their state -- the network, the franquia, the month, reversed or not -- and by `chaves`,
 * with each group's state (`estadoDe`, as a line's, its closing joined once per group). The rows carry `estado`,
 * `valor` (centavos) and `linhas`, and the `chaves` as named.
 */
function gruposComEstado(where: SQL | undefined, chaves: Record<string, SQL>): SQL {
  const colunas = Object.entries(chaves).map(([nome, coluna]) => sql`, ${coluna} as ${sql.identifier(nome)}`);
  const nomes = Object.keys(chaves).map((nome) => sql`, ${sql.identifier(nome)}`);
  const ramo: Ramo = { franqueadorId: sql`g.franqueador_id`, franquiaId: sql`g.franquia_id`, periodo: sql`g.periodo` };
  const { joins, estado } = fechamentoDoRamo(ramo, sql`g.estorno`);
  return sql`select g.*, ${estado} as estado
    from (select ${cs.franqueadorId} as franqueador_id, ${cs.franquiaId} as franquia_id, ${cs.periodo} as periodo,
        ${cs.estorno} as estorno${sql.join(colunas)},
        sum(${cs.valorCentavos})::bigint as valor, sum(${cs.linhas})::int as linhas
      from ${cs} where ${where}
      group by ${cs.franqueadorId}, ${cs.franquiaId}, ${cs.periodo}, ${cs.estorno}${sql.join(nomes)}) g
    ${joins}`;
}

const linhaSelection = {
  id: l.id,
  beneficiario: sql<Beneficiario>`${l.beneficiario}`,
  beneficiarioId: l.beneficiarioId,
  nomeBeneficiario: nomeDoBeneficiario,
  regraId: l.regraId,
  regraTipo: l.regraTipo,
  parcelaId: l.parcelaId,
  matriculaId: l.matriculaId,
  tipo: sql<TipoLancamento>`${l.tipo}`,
  baseCentavos: l.baseCentavos,
  valorCentavos: l.valorCentavos,
  periodo: l.periodo,
  ocorridoEm: l.ocorridoEm,
  estado: estadoDaLinha,
  createdAt: l.createdAt,
  aluno: matriculas.nome,
  curso: matriculas.cursoTitulo,
  parcelaNumero: parcelas.numero,
};
export type LinhaRow = Awaited<ReturnType<typeof listLancamentos>>['rows'][number];

/**
 * The list's orders, each ending on the line's id in the same direction. By period (and the list's default), the
 * order of the lines' indexes (`comissao_lancamentos_franqueador_periodo_idx`, `_franquia_periodo_idx`): a page is
 * the next few keys of the index, not a sort of the network's ledger (1,281,819 lines on the benchmark's network).
 */
const ORDEM = {
  periodo: [l.periodo, l.createdAt],
  valor: [l.valorCentavos],
  criadoEm: [l.createdAt],
} as const;

const cf = comissaoFechamentos;

/**
 * `estado = …` as a filter on the line's own columns: the closings the caller reads (comissaoFechamentosVisibleTo,
 * the few that can hold its lines) read once, as sets the planner hashes. The same state as `estadoDaLinha` -- the
 * franquia's own closing first, else the network's -- without its two lookups per line, which made a filtered page
 * walk the whole ledger (14 s of PostgreSQL for the franqueador on the benchmark's network).
 */
function estadoFiltro(actor: Actor, estado: EstadoLancamento): SQL {
  if (estado === 'estornada') return sql`${l.tipo} = 'estorno'`;
  const visiveis = comissaoFechamentosVisibleTo(actor);
  const pagos = (so: boolean) => (so ? sql` and ${cf.pagoEm} is not null` : sql``);
  const daRede = (soPagos: boolean) =>
    sql`${l.periodo} in (select ${cf.periodo} from ${cf} where ${visiveis} and ${cf.franquiaId} is null${pagos(soPagos)})`;
  const daFranquia = (soPagos: boolean) =>
    sql`(${l.franquiaId} is not null and (${l.franquiaId}, ${l.periodo}) in (select ${cf.franquiaId}, ${cf.periodo}
      from ${cf} where ${visiveis} and ${cf.franquiaId} is not null${pagos(soPagos)}))`;
  const segura = sql`(${daFranquia(false)} or ${daRede(false)})`;
  const pago = sql`(${daFranquia(true)} or (not ${daFranquia(false)} and ${daRede(true)}))`;
  const credito = sql`${l.tipo} <> 'estorno'`;
  switch (estado) {
    case 'liberada':
      return sql`${credito} and not ${segura}`;
    case 'fechada':
      return sql`${credito} and ${segura} and not ${pago}`;
    case 'paga':
      return sql`${credito} and ${pago}`;
  }
}

/**
 * One page of the caller's lines with the list's filters, newest period first unless sorted; and how many match,
 * counted up to the lists' limit (issue 46). The page's keys are found first and only its rows are read whole: the
 * state, the beneficiary's name, the parcela and the student for 50 lines, not for every line a deep page skips.
 */
export async function listLancamentos(db: Executor, actor: Actor, q: LancamentosListQuery) {
  const where = and(
    comissaoLancamentosVisibleTo(actor),
    q.periodo ? eq(l.periodo, q.periodo) : undefined,
    q.beneficiarioId ? eq(l.beneficiarioId, q.beneficiarioId) : undefined,
    q.estado ? estadoFiltro(actor, q.estado) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const direcao = q.sort?.direction === 'asc' ? asc : desc;
  const ordem = [...(q.sort ? ORDEM[q.sort.key] : ORDEM.periodo), l.id].map((c) => direcao(c));
  const pagina = db
    .select({ id: l.id })
    .from(l)
    .where(where)
    .orderBy(...ordem)
    .limit(limit)
    .offset(offset)
    .as('pagina');
  const [rows, contagem] = await Promise.all([
    db
      .select(linhaSelection)
      .from(pagina)
      .innerJoin(l, eq(l.id, pagina.id))
      .innerJoin(parcelas, eq(parcelas.id, l.parcelaId))
      .innerJoin(matriculas, eq(matriculas.id, l.matriculaId))
      .orderBy(...ordem),
    q.estado ? linhasNoEstado(db, actor, q, q.estado) : countUpToLimit(db, l, where),
  ]);
  return { rows, ...contagem };
}

/**
 * How many lines are in a state, exactly, from the ledger's sums (every filter of the list is one of their keys):
 * their groups, not the lines. Counted from the lines, the lines of a rare state would be walked to the last one.
 */
async function linhasNoEstado(db: Executor, actor: Actor, q: LancamentosListQuery, estado: EstadoLancamento) {
  const where = and(
    comissaoSomasVisibleTo(actor),
    q.periodo ? eq(cs.periodo, q.periodo) : undefined,
    q.beneficiarioId ? eq(cs.beneficiarioId, q.beneficiarioId) : undefined,
  );
  const [row] = await executeRows<{ total: number }>(
    db,
    sql`select coalesce(sum(e.linhas), 0)::int as total from (${gruposComEstado(where, {})}) e where e.estado = ${estado}`,
  );
  return { total: Number(row?.total ?? 0), exact: true };
}

/** A beneficiary's sums of a month, by state, in centavos; `lancamentos`: how many lines. */
export interface ResumoRow {
  beneficiario: Beneficiario;
  beneficiarioId: string;
  nome: string | null;
  liberada: number;
  fechada: number;
  paga: number;
  estornada: number;
  saldo: number;
  lancamentos: number;
}

/**
 * A period's totals per beneficiary in the caller's scope, by state: one page of them, the largest total first, and
 * -- in the same statement -- how many there are and the period's sums over all of them. Every beneficiary's sums are
 * read (the order is by their total), but only the page's rows look up their name.
 */
export async function resumoDoPeriodo(
  db: Executor,
  actor: Actor,
  periodo: string,
  pagina: { page: number; pageSize: number },
): Promise<{ itens: ResumoRow[]; total: number; somas: Omit<ResumoRow, 'beneficiario' | 'beneficiarioId' | 'nome'> }> {
  const porEstado = (estado: EstadoLancamento) =>
    sql`coalesce(sum(e.valor) filter (where e.estado = ${estado}), 0)::bigint as ${sql.identifier(estado)}`;
  // Each sum row with its branch's state, summed per beneficiary at once: sums add up across their stripes and
  // branches, so no group of groups is needed.
  const ramo: Ramo = {
    franqueadorId: sql`${cs.franqueadorId}`,
    franquiaId: sql`${cs.franquiaId}`,
    periodo: sql`${cs.periodo}`,
  };
  const { joins, estado } = fechamentoDoRamo(ramo, sql`${cs.estorno}`);
  const linhasComEstado = sql`select ${cs.beneficiario} as beneficiario, ${cs.beneficiarioId} as beneficiario_id,
      ${cs.valorCentavos} as valor, ${cs.linhas} as linhas, ${estado} as estado
    from ${cs} ${joins}
    where ${and(comissaoSomasVisibleTo(actor), eq(cs.periodo, periodo))}`;
  const { limit, offset } = pageWindow(pagina);
  const somaDe = (coluna: string) => sql`coalesce(sum(${sql.identifier(coluna)}), 0)::bigint`;
  const rows = await executeRows<{
    n: number;
    t_liberada: string;
    t_fechada: string;
    t_paga: string;
    t_estornada: string;
    t_saldo: string;
    t_lancamentos: string;
    beneficiario: Beneficiario | null;
    beneficiarioId: string | null;
    nome: string | null;
    liberada: string | null;
    fechada: string | null;
    paga: string | null;
    estornada: string | null;
    saldo: string | null;
    lancamentos: string | null;
  }>(
    db,
    sql`with b as materialized (
        select e.beneficiario, e.beneficiario_id,
          ${porEstado('liberada')}, ${porEstado('fechada')}, ${porEstado('paga')}, ${porEstado('estornada')},
          coalesce(sum(e.valor), 0)::bigint as saldo, coalesce(sum(e.linhas), 0)::bigint as lancamentos
        from (${linhasComEstado}) e
        group by e.beneficiario, e.beneficiario_id),
      t as (select count(*)::int as n, ${somaDe('liberada')} as t_liberada, ${somaDe('fechada')} as t_fechada,
          ${somaDe('paga')} as t_paga, ${somaDe('estornada')} as t_estornada, ${somaDe('saldo')} as t_saldo,
          ${somaDe('lancamentos')} as t_lancamentos
        from b)
      select t.*, p.beneficiario, p.beneficiario_id as "beneficiarioId",
        case when p.beneficiario is not null then ${nomeDe(sql`p.beneficiario`, sql`p.beneficiario_id`)} end as nome,
        p.liberada, p.fechada, p.paga, p.estornada, p.saldo, p.lancamentos
      from t left join lateral (select * from b order by b.saldo desc, b.beneficiario_id
        limit ${limit} offset ${offset}) p on true`,
  );
  const first = rows[0];
  return {
    total: Number(first?.n ?? 0),
    somas: {
      liberada: Number(first?.t_liberada ?? 0),
      fechada: Number(first?.t_fechada ?? 0),
      paga: Number(first?.t_paga ?? 0),
      estornada: Number(first?.t_estornada ?? 0),
      saldo: Number(first?.t_saldo ?? 0),
      lancamentos: Number(first?.t_lancamentos ?? 0),
    },
    itens: rows
      .filter((r) => r.beneficiario !== null)
      .map((r) => ({
        beneficiario: r.beneficiario!,
        beneficiarioId: r.beneficiarioId!,
        nome: r.nome,
        liberada: Number(r.liberada),
        fechada: Number(r.fechada),
        paga: Number(r.paga),
        estornada: Number(r.estornada),
        saldo: Number(r.saldo),
        lancamentos: Number(r.lancamentos),
      })),
  };
}

/**
 * The caller's own lines' order (vendedor, micro-franquia): newest month first, then newest line -- the order of
 * `comissao_lancamentos_beneficiario_idx` after the beneficiary -- the id breaking ties. Its cursors are
 * `minhasLancamentosKeyset`'s.
 */
const minhasOrder: KeysetOrder = {
  lista: minhasLancamentosKeyset.lista,
  ordem: MINHAS_ORDEM,
  keys: [
    { expr: l.periodo, type: 'text', desc: true },
    { expr: l.createdAt, type: 'timestamptz', desc: true },
    { expr: l.id, type: 'uuid', desc: true },
  ],
};

/**
 * A page of the caller's own lines (vendedor, micro-franquia), newest first, of a month or of all: by number, or
 * after or before a cursor; and the cursors of the pages beside it. The page's keys are found first, on the
 * beneficiary's index, and only its rows are read whole: a deep page by number skips thousands of keys, not
 * thousands of lines' states, names and parcelas.
 */
export async function linhasProprias(db: Executor, actor: Actor, query: CursorQuery & { periodo?: string }) {
  const window = keysetWindow(minhasOrder, query);
  const pagina = db
    .select({ id: l.id })
    .from(l)
    .where(
      and(comissaoLancamentosVisibleTo(actor), query.periodo ? eq(l.periodo, query.periodo) : undefined, window.past),
    )
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset)
    .as('pagina');
  // Each line's state from its branch's closings joined once (`fechamentoDoRamo`'s), not looked up twice per line.
  const fq = alias(comissaoFechamentos, 'fq');
  const fr = alias(comissaoFechamentos, 'fr');
  const read = await db
    .select({
      ...linhaSelection,
      estado: estadoDe(
        sql`${l.tipo} = 'estorno'`,
        sql`coalesce(${fq.id}, ${fr.id})`,
        sql`(case when ${fq.id} is not null then ${fq.pagoEm} else ${fr.pagoEm} end)`,
      ),
      cursorChaves: cursorKeys(minhasOrder.keys),
    })
    .from(pagina)
    .innerJoin(l, eq(l.id, pagina.id))
    .innerJoin(parcelas, eq(parcelas.id, l.parcelaId))
    .innerJoin(matriculas, eq(matriculas.id, l.matriculaId))
    .leftJoin(
      fq,
      and(eq(fq.franqueadorId, l.franqueadorId), eq(fq.periodo, l.periodo), eq(fq.franquiaId, l.franquiaId)),
    )
    .leftJoin(fr, and(eq(fr.franqueadorId, l.franqueadorId), eq(fr.periodo, l.periodo), sql`${fr.franquiaId} is null`))
    .orderBy(...window.orderBy);
  return keysetPage(minhasOrder, query, read);
}

/** How many of the caller's own lines there are, of a month or of all: from the ledger's sums (ADR 097). */
export async function quantasLinhasProprias(db: Executor, actor: Actor, periodo?: string): Promise<number> {
  const [row] = await executeRows<{ n: string | null }>(
    db,
    sql`select sum(${cs.linhas}) as n from ${cs}
      where ${and(comissaoSomasVisibleTo(actor), periodo ? eq(cs.periodo, periodo) : undefined)}`,
  );
  return Number(row?.n ?? 0);
}

/** The caller's totals by state and period, and their lines (every line, however many: the statement is their sum). */
export function totaisProprios(db: Executor, actor: Actor) {
  return executeRows<{ periodo: string; estado: EstadoLancamento; valorCentavos: number; linhas: number }>(
    db,
    sql`select e.periodo, e.estado, sum(e.valor)::int as "valorCentavos", sum(e.linhas)::int as linhas
      from (${gruposComEstado(comissaoSomasVisibleTo(actor), {})}) e
      group by e.periodo, e.estado order by e.periodo desc`,
  );
}

/**
 * The open parcelas (mensalidades still to be paid) whose commission would go to the beneficiary: the prevista's.
 * The vendedor's are those of the leads it is responsável for, and the event's when the lead names none --
 * `coalesce(responsável, vendedor)`, written as two branches each an index can find (the responsável's leads; the
 * event vendedor's parcelas whose lead names no one else), so a seller's few thousand parcelas are read, not the
 * network's half million. The event vendedor's are counted per matrícula before their lead is read: one lookup of a
 * matrícula and its lead for its ten or twelve parcelas, not one per parcela (a scalar subquery: as a join, the
 * planner hashed all the matrículas). Each row carries `n`, how many parcelas it stands for.
 */
function abertasDe(beneficiario: Beneficiario, beneficiarioId: string): SQL {
  const colunas = sql`p.franqueador_id, p.franquia_id, p.curso_id, p.valor_centavos, p.matricula_id`;
  const aPagar = sql`p.status in ('aberta', 'vencida') and p.tipo = 'mensalidade'`;
  if (beneficiario === 'vendedor')
    return sql`select a.* from (select ${colunas}, count(*)::int as n from ${parcelas} p
          where ${aPagar} and p.vendedor_id = ${beneficiarioId}::uuid group by 1, 2, 3, 4, 5) a
        where coalesce((select ld.responsavel_id from ${matriculas} m join ${leads} ld on ld.id = m.lead_id
          where m.id = a.matricula_id), ${beneficiarioId}::uuid) = ${beneficiarioId}::uuid
      union all
      select ${colunas}, count(*)::int as n from ${leads} ld join ${matriculas} m on m.lead_id = ld.id
        join ${parcelas} p on p.matricula_id = m.id
        where ${aPagar} and ld.responsavel_id = ${beneficiarioId}::uuid
          and p.vendedor_id is distinct from ${beneficiarioId}::uuid
        group by 1, 2, 3, 4, 5`;
  const coluna = beneficiario === 'micro_franquia' ? sql`p.micro_franquia_id` : sql`p.franquia_id`;
  return sql`select ${colunas}, 1 as n from ${parcelas} p where ${aPagar} and ${coluna} = ${beneficiarioId}::uuid`;
}

/**
 * The prevista's parcelas counted by what decides their rule and amount -- network, franquia, curso and value: a
 * percentage of equal values rounds equally, so each group's amount is its count times one parcela's.
 */
export function previstasPorGrupo(db: Executor, beneficiario: Beneficiario, beneficiarioId: string) {
  return executeRows<{
    franqueadorId: string | null;
    franquiaId: string | null;
    cursoId: string | null;
    valorCentavos: number;
    parcelas: number;
  }>(
    db,
    sql`select a.franqueador_id as "franqueadorId", a.franquia_id as "franquiaId", a.curso_id as "cursoId",
        a.valor_centavos as "valorCentavos", sum(a.n)::int as parcelas
      from (${abertasDe(beneficiario, beneficiarioId)}) a group by 1, 2, 3, 4`,
  );
}

/**
 * The matrículas among the prevista's with no parcela paid yet (a fixed amount is paid on the first one), counted
 * by network, franquia and curso.
 */
export function matriculasSemPagamento(db: Executor, beneficiario: Beneficiario, beneficiarioId: string) {
  return executeRows<{
    franqueadorId: string | null;
    franquiaId: string | null;
    cursoId: string | null;
    matriculas: number;
  }>(
    db,
    sql`select a.franqueador_id as "franqueadorId", a.franquia_id as "franquiaId", a.curso_id as "cursoId",
        count(distinct a.matricula_id)::int as matriculas
      from (${abertasDe(beneficiario, beneficiarioId)}) a
      where not exists (select 1 from ${parcelas} o where o.matricula_id = a.matricula_id
        and o.tipo = 'mensalidade' and o.paga_em is not null and o.status in ('paga', 'estornada'))
      group by 1, 2, 3`,
  );
}

// --- Closing ---------------------------------------------------------------------------------------------------

/** The lines a closing takes: the period's in its reach, less those a franquia's own closing already holds. */
function linhasDoFechamento(franqueadorId: string, franquiaId: string | null, periodo: string): SQL {
  return and(
    eq(l.franqueadorId, franqueadorId),
    eq(l.periodo, periodo),
    franquiaId
      ? eq(l.franquiaId, franquiaId)
      : sql`not exists (select 1 from ${comissaoFechamentos} f where f.franqueador_id = ${l.franqueadorId}
          and f.periodo = ${l.periodo} and f.franquia_id = ${l.franquiaId})`,
  )!;
}

/** The closings that hold `periodo` for this reach: the network's, or the franquia's own. */
export async function fechamentoExistente(
  db: Executor,
  franqueadorId: string,
  franquiaId: string | null,
  periodo: string,
) {
  const [row] = await db
    .select({ id: comissaoFechamentos.id, franquiaId: comissaoFechamentos.franquiaId })
    .from(comissaoFechamentos)
    .where(
      and(
        eq(comissaoFechamentos.franqueadorId, franqueadorId),
        eq(comissaoFechamentos.periodo, periodo),
        franquiaId
          ? sql`(${comissaoFechamentos.franquiaId} is null or ${comissaoFechamentos.franquiaId} = ${franquiaId}::uuid)`
          : sql`${comissaoFechamentos.franquiaId} is null`,
      ),
    );
  return row;
}

export async function totaisParaFechar(
  db: Executor,
  franqueadorId: string,
  franquiaId: string | null,
  periodo: string,
) {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${l.valorCentavos}), 0)::int`,
      linhas: sql<number>`count(*)::int`,
    })
    .from(l)
    .where(linhasDoFechamento(franqueadorId, franquiaId, periodo));
  return { total: Number(row?.total ?? 0), linhas: Number(row?.linhas ?? 0) };
}

export async function inserirFechamento(db: Executor, values: typeof comissaoFechamentos.$inferInsert) {
  const [row] = await db.insert(comissaoFechamentos).values(values).returning({ id: comissaoFechamentos.id });
  return row!.id;
}

const fechamentoSelection = {
  id: comissaoFechamentos.id,
  franqueadorId: comissaoFechamentos.franqueadorId,
  franquiaId: comissaoFechamentos.franquiaId,
  franquia: franquias.razaoSocial,
  periodo: comissaoFechamentos.periodo,
  totalCentavos: comissaoFechamentos.totalCentavos,
  lancamentos: comissaoFechamentos.lancamentos,
  fechadoEm: comissaoFechamentos.fechadoEm,
  pagoEm: comissaoFechamentos.pagoEm,
};
export type FechamentoRow = Awaited<ReturnType<typeof listFechamentos>>[number];

/** The closings the caller reads, newest period first. */
export function listFechamentos(db: Executor, actor: Actor) {
  return db
    .select(fechamentoSelection)
    .from(comissaoFechamentos)
    .leftJoin(franquias, eq(franquias.id, comissaoFechamentos.franquiaId))
    .where(comissaoFechamentosVisibleTo(actor))
    .orderBy(desc(comissaoFechamentos.periodo), sql`${comissaoFechamentos.franquiaId} nulls first`);
}

/**
 * The caller's closing of `periodo`: its own reach's (the franqueador's network closing, a franquia's own) --
 * locked when `travar`. Undefined: none (404).
 */
export async function fechamentoDoAtor(db: Executor, actor: Actor, periodo: string, travar = false) {
  const query = db
    .select(fechamentoSelection)
    .from(comissaoFechamentos)
    .leftJoin(franquias, eq(franquias.id, comissaoFechamentos.franquiaId))
    .where(
      and(
        comissaoFechamentosVisibleTo(actor),
        eq(comissaoFechamentos.periodo, periodo),
        actor.role === 'franquia'
          ? eq(comissaoFechamentos.franquiaId, actor.franquiaId ?? '00000000-0000-0000-0000-000000000000')
          : sql`${comissaoFechamentos.franquiaId} is null`,
      ),
    );
  const [row] = travar ? await query.for('update', { of: comissaoFechamentos }) : await query;
  return row;
}

export async function marcarPago(db: Executor, id: string, porId: string, em: Date) {
  await db.update(comissaoFechamentos).set({ pagoEm: em, pagoPorId: porId }).where(eq(comissaoFechamentos.id, id));
}

export interface PagamentoRow {
  beneficiario: Beneficiario;
  beneficiario_id: string;
  nome: string | null;
  documento: string | null;
  chave_pix: string | null;
  valor_centavos: number;
}

/** The payout: one row per beneficiary owed by the closing's lines, their sum, its CPF or CNPJ and PIX key. */
export function pagamentosDoFechamento(
  db: Executor,
  f: { franqueadorId: string; franquiaId: string | null; periodo: string },
) {
  return executeRows<PagamentoRow>(
    db,
    sql`select s.beneficiario, s.beneficiario_id, s.valor_centavos::int as valor_centavos,
        case s.beneficiario
          when 'vendedor' then (select coalesce(u.nome, u.email) from ${vendedores} v join ${users} u on u.id = v.user_id where v.id = s.beneficiario_id)
          when 'micro_franquia' then (select m.razao_social from ${microFranquias} m where m.id = s.beneficiario_id)
          else (select f.razao_social from ${franquias} f where f.id = s.beneficiario_id) end as nome,
        case s.beneficiario
          when 'vendedor' then (select u.cpf from ${vendedores} v join ${users} u on u.id = v.user_id where v.id = s.beneficiario_id)
          when 'micro_franquia' then (select m.cnpj from ${microFranquias} m where m.id = s.beneficiario_id)
          else (select f.cnpj from ${franquias} f where f.id = s.beneficiario_id) end as documento,
        case s.beneficiario
          when 'vendedor' then (select u.chave_pix from ${vendedores} v join ${users} u on u.id = v.user_id where v.id = s.beneficiario_id)
          when 'micro_franquia' then (select u.chave_pix from ${microFranquias} m join ${users} u on u.id = m.user_id where m.id = s.beneficiario_id)
          else (select u.chave_pix from ${franquias} f join ${users} u on u.id = f.user_id where f.id = s.beneficiario_id) end as chave_pix
      from (select ${l.beneficiario} as beneficiario, ${l.beneficiarioId} as beneficiario_id,
          sum(${l.valorCentavos}) as valor_centavos
        from ${comissaoLancamentos}
        where ${linhasDoFechamento(f.franqueadorId, f.franquiaId, f.periodo)}
        group by 1, 2
        -- Only what is owed: a beneficiary whose month nets to nothing or less (a reversal of an earlier month's
        -- credit) is no transfer; its statement shows it.
        having sum(${l.valorCentavos}) > 0) s
      order by nome, s.beneficiario_id`,
  );
}
