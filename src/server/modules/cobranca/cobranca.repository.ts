import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { type PathNodes, matriculasVisibleTo, parcelasVisibleTo, rowsUnderNodes } from '../../access/scope';
import { type Executor, executeRows, fixedStatement } from '../../db/connect';
import { type EntradaDaComissao, entradaDaComissao } from '../comissoes';
import { type EntradaDoRoyalty, entradaDoRoyalty } from '../royalties';
import {
  cobrancaClientes,
  cobrancaEventos,
  contratos,
  matriculas,
  parcelas,
  preMatriculas,
  renegociacoes,
  users,
} from '../../db/schema';
import { containsInSearchText } from '../../lib/pagination';
import { countOfPage, countUpToLimit, countedUpToLimit, isFirstPage } from '../../lib/list-page';
import { type KeysetOrder, cursorKeys, keysetPage, keysetWindow, pageStart } from '../../lib/keyset';
import { withoutImpliedNodes } from '../funnel';
import type { ParcelaStatus, ParcelaTipo, ProvedorCobranca } from '../../../shared/cobranca/parcelas';
import { PARCELAS_ORDEM, type ParcelasListQuery, parcelasKeyset } from '../../../shared/schemas/parcela';

/** Cobrança's SQL (issue 43, ADR 071): the plan's inputs and rows, the gateway's customers, the webhook's events. */

/** What the plan's job needs of an accepted matrícula: its contract's price and due day, and who pays. */
export async function dadosDoPlano(db: Executor, matriculaId: string) {
  const [row] = await db
    .select({
      matriculaId: matriculas.id,
      status: matriculas.status,
      franqueadorId: matriculas.franqueadorId,
      franquiaId: matriculas.franquiaId,
      anonimizadoEm: matriculas.anonimizadoEm,
      nomeAluno: matriculas.nome,
      email: matriculas.email,
      telefone: matriculas.telefone,
      cursoTitulo: matriculas.cursoTitulo,
      nomeResponsavel: preMatriculas.nomeResponsavel,
      cpfResponsavel: preMatriculas.cpfResponsavel,
      valorTotal: contratos.valorTotal,
      parcelas: contratos.parcelas,
      diaVencimento: contratos.diaVencimento,
      aceitoEm: contratos.aceitoEm,
    })
    .from(matriculas)
    .innerJoin(contratos, eq(contratos.matriculaId, matriculas.id))
    .leftJoin(preMatriculas, eq(preMatriculas.id, matriculas.preMatriculaId))
    .where(eq(matriculas.id, matriculaId));
  return row;
}

export async function clienteGuardado(db: Executor, franqueadorId: string, provedor: ProvedorCobranca, cpf: string) {
  const [row] = await db
    .select({ gatewayId: cobrancaClientes.gatewayId })
    .from(cobrancaClientes)
    .where(
      and(
        eq(cobrancaClientes.franqueadorId, franqueadorId),
        eq(cobrancaClientes.provedor, provedor),
        eq(cobrancaClientes.cpf, cpf),
      ),
    );
  return row?.gatewayId ?? null;
}

export async function guardarCliente(
  db: Executor,
  values: { franqueadorId: string; provedor: ProvedorCobranca; cpf: string; gatewayId: string },
) {
  await db.insert(cobrancaClientes).values(values).onConflictDoNothing();
}

/** The numbers of a matrícula's parcelas already written, with their gateway ids. */
export async function parcelasGravadas(db: Executor, matriculaId: string) {
  return db
    .select({ numero: parcelas.numero, gatewayId: parcelas.gatewayId })
    .from(parcelas)
    .where(eq(parcelas.matriculaId, matriculaId));
}

/**
 * A parcela written once its payment exists at the gateway, its scope, event, course and vendedor copied from the
 * matrícula in the same statement. A second write of the same number (a job run again) changes nothing.
 */
export async function gravarParcela(
  db: Executor,
  p: {
    matriculaId: string;
    numero: number;
    valorCentavos: number;
    vencimento: string;
    provedor: ProvedorCobranca;
    gatewayId: string;
    invoiceUrl: string | null;
    bankSlipUrl: string | null;
    pixCopiaECola: string | null;
    /** ADR 076: a cancellation's fee; the plan's parcelas by default. */
    tipo?: ParcelaTipo;
    /** ADR 084: the renegotiation whose plan it is; the contract's plan by default. */
    planoRenegociacaoId?: string | null;
    /** ADR 089: the royalties' split its payment carries (hundredths of a percent); none by default. */
    royaltySplitCentesimos?: number | null;
  },
  now: Date,
): Promise<boolean> {
  const em = now.toISOString();
  const rows = await executeRows<{ id: string }>(
    db,
    sql`
    insert into ${parcelas} (matricula_id, numero, valor_centavos, vencimento, provedor, gateway_id, invoice_url,
      bank_slip_url, pix_copia_e_cola, tipo, plano_renegociacao_id, royalty_split_centesimos, evento_id, curso_id, cliente_id, vendedor_id, micro_franquia_id,
      franquia_id, franqueador_id, created_at, updated_at)
    select m.id, ${p.numero}, ${p.valorCentavos}, ${p.vencimento}::date, ${p.provedor}, ${p.gatewayId},
      ${p.invoiceUrl}, ${p.bankSlipUrl}, ${p.pixCopiaECola}, ${p.tipo ?? 'mensalidade'}, ${p.planoRenegociacaoId ?? null}::uuid, ${p.royaltySplitCentesimos ?? null}::int, m.evento_id, m.curso_id,
      m.cliente_id, m.vendedor_id, m.micro_franquia_id, m.franquia_id, m.franqueador_id, ${em}::timestamptz,
      ${em}::timestamptz
    from ${matriculas} m where m.id = ${p.matriculaId}
    on conflict do nothing
    returning id`,
  );
  return rows.length > 0;
}

// --- The webhook ---------------------------------------------------------------------------------------------

/** The event, written once: null when its id was already received (a redelivery). */
export async function registrarEvento(
  db: Executor,
  e: { provedor: ProvedorCobranca; eventoId: string; tipo: string; pagamentoId: string | null; payload: unknown },
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .insert(cobrancaEventos)
    .values({
      provedor: e.provedor,
      eventoId: e.eventoId,
      tipo: e.tipo,
      gatewayPagamentoId: e.pagamentoId,
      payload: e.payload,
      resultado: 'ignorado',
      recebidoEm: now,
    })
    .onConflictDoNothing()
    .returning({ id: cobrancaEventos.id });
  return row?.id ?? null;
}

/** What the webhook's change needs of the parcela it locked: `parcelaDoPagamento`'s and `registrarNaParcela`'s columns. */
export interface ParcelaTravada {
  id: string;
  status: ParcelaStatus;
  matriculaId: string;
  numero: number;
  pagaEm: string | null;
  valorLiquidoCentavos: number | null;
  baixaEm: Date | null;
  chargebackEm: string | null;
}

export type ResultadoDoEvento = 'aplicado' | 'ignorado' | 'pagamento_desconhecido';

/**
 * The webhook's first statement (issue 43's bench): the event written once and, in the same statement, the parcela
 * holding its payment locked for its change. The event is stored with the result it will most likely have --
 * `aplicado` with its parcela, `pagamento_desconhecido` without one, `ignorado` without a payment -- so the usual
 * payment needs no second write of its row; `resultadoDoEvento` corrects it when the outcome is another. No row: the
 * id was already received (a redelivery), and nothing was locked.
 */
const registrarNaParcela = fixedStatement(
  6,
  (valores) => registroComParcela(valores, sql``),
  'cobranca_evento_registrar',
);

/**
 * `registrarNaParcela` for an event that pays (issue 43's bench): the same row, plus what the two ledgers need to
 * credit the payment in the statement that changes the parcela (`entradaDaComissao`, `entradaDoRoyalty`: they take
 * the network's and the franquia's rows in share mode, as the ledgers' own first reads do).
 */
const registrarPagamentoNaParcela = fixedStatement(
  6,
  (valores) =>
    registroComParcela(
      valores,
      sql`, p.tipo, p.valor_centavos as "valorCentavos", p.curso_id as "cursoId",
      p.franqueador_id as "franqueadorId", p.franquia_id as "franquiaId", p.micro_franquia_id as "microFranquiaId",
      p.vendedor_id as "vendedorId", p.royalty_split_centesimos as "royaltySplitCentesimos",
      ${entradaDaComissao(sql`p`)} as comissao, ${entradaDoRoyalty(sql`p`)} as royalty`,
    ),
  'cobranca_pagamento_registrar',
);

/** The two statements' text: `mais`, more columns of the locked parcela `p`. */
function registroComParcela([provedor, eventoId, tipo, pagamentoId, payload, em]: SQL[], mais: SQL): SQL {
  return sql`with alvo as (
      select p.id from ${parcelas} p where p.provedor = ${provedor}::text and p.gateway_id = ${pagamentoId}::text
    ), registro as (
      insert into ${cobrancaEventos} (provedor, evento_id, tipo, gateway_pagamento_id, payload, resultado, parcela_id,
        recebido_em)
      select ${provedor}::text, ${eventoId}::text, ${tipo}::text, ${pagamentoId}::text, ${payload}::jsonb,
        case when ${pagamentoId}::text is null then 'ignorado' when alvo.id is null then 'pagamento_desconhecido'
          else 'aplicado' end,
        alvo.id, ${em}::timestamptz
      from (select 1) as um left join alvo on true
      on conflict do nothing
      returning id, resultado, parcela_id)
    select r.id as registro, r.resultado, p.id, p.status, p.matricula_id as "matriculaId", p.numero,
      p.paga_em::text as "pagaEm", p.valor_liquido_centavos as "valorLiquidoCentavos", p.baixa_em as "baixaEm",
      p.chargeback_em::text as "chargebackEm"${mais}
    from registro r left join lateral (
      select * from ${parcelas} t where t.id = r.parcela_id for update) p on true`;
}

/** What the ledgers need of a parcela an event pays, read with its lock (`registrarPagamentoNaParcela`). */
export interface ParcelaAPagar {
  tipo: string;
  valorCentavos: number;
  cursoId: string | null;
  franqueadorId: string | null;
  franquiaId: string | null;
  microFranquiaId: string | null;
  vendedorId: string | null;
  royaltySplitCentesimos: number | null;
  comissao: EntradaDaComissao;
  royalty: EntradaDoRoyalty;
}

/**
 * The event, written once, with its parcela locked (`registrarNaParcela`): undefined when its id was already
 * received; `parcela` undefined when no parcela holds its payment (or it names none). `paga`: the event pays, and
 * the parcela comes with what its ledgers need (`aPagar`, `registrarPagamentoNaParcela`).
 */
export async function registrarEventoNaParcela(
  db: Executor,
  e: { provedor: ProvedorCobranca; eventoId: string; tipo: string; pagamentoId: string | null; payload: unknown },
  now: Date,
  paga = false,
): Promise<
  | {
      registro: string;
      resultado: ResultadoDoEvento;
      parcela: ParcelaTravada | undefined;
      aPagar: ParcelaAPagar | undefined;
    }
  | undefined
> {
  const statement = paga ? registrarPagamentoNaParcela : registrarNaParcela;
  const [row] = await executeRows<{ registro: string; resultado: ResultadoDoEvento } & ParcelaTravada & ParcelaAPagar>(
    db,
    statement([e.provedor, e.eventoId, e.tipo, e.pagamentoId, JSON.stringify(e.payload), now.toISOString()]),
  );
  if (!row) return undefined;
  const { registro, resultado, id, status, matriculaId, numero, pagaEm, valorLiquidoCentavos, baixaEm, chargebackEm } =
    row;
  if (!id) return { registro, resultado, parcela: undefined, aPagar: undefined };
  const parcela = { id, status, matriculaId, numero, pagaEm, valorLiquidoCentavos, baixaEm, chargebackEm };
  if (!paga) return { registro, resultado, parcela, aPagar: undefined };
  const { tipo, valorCentavos, cursoId, franqueadorId, franquiaId, microFranquiaId, vendedorId } = row;
  const aPagar = {
    tipo,
    valorCentavos,
    cursoId,
    franqueadorId,
    franquiaId,
    microFranquiaId,
    vendedorId,
    royaltySplitCentesimos: row.royaltySplitCentesimos,
    comissao: row.comissao,
    royalty: row.royalty,
  };
  return { registro, resultado, parcela, aPagar };
}

export async function resultadoDoEvento(
  db: Executor,
  id: string,
  resultado: 'aplicado' | 'ignorado' | 'pagamento_desconhecido',
  parcelaId: string | null,
) {
  await db.update(cobrancaEventos).set({ resultado, parcelaId }).where(eq(cobrancaEventos.id, id));
}

/** The parcela holding a gateway's payment, locked for its change (the webhook's first statement reads the same). */
export async function parcelaDoPagamento(
  db: Executor,
  provedor: ProvedorCobranca,
  gatewayId: string,
): Promise<ParcelaTravada | undefined> {
  const [row] = await db
    .select({
      id: parcelas.id,
      status: parcelas.status,
      matriculaId: parcelas.matriculaId,
      numero: parcelas.numero,
      pagaEm: parcelas.pagaEm,
      valorLiquidoCentavos: parcelas.valorLiquidoCentavos,
      baixaEm: parcelas.baixaEm,
      chargebackEm: parcelas.chargebackEm,
    })
    .from(parcelas)
    .where(and(eq(parcelas.provedor, provedor), eq(parcelas.gatewayId, gatewayId)))
    .for('update');
  return row;
}

type MudancaDaParcela = {
  status: ParcelaStatus;
  pagaEm?: string | null;
  valorLiquidoCentavos?: number | null;
  chargebackEm?: string | null;
};

export async function mudarParcela(db: Executor, id: string, values: MudancaDaParcela) {
  await db.update(parcelas).set(values).where(eq(parcelas.id, id));
}

/**
 * The change of a parcela its caller locked, and its audit row (`registro`, auditoria's), in one statement --
 * with `junto`, more writes of the same change (the ledgers' lines of a payment, issue 43), each a statement run
 * inside it.
 */
export async function mudarParcelaRegistrada(
  db: Executor,
  id: string,
  values: MudancaDaParcela,
  registro: SQL,
  junto: readonly SQL[] = [],
) {
  const muda = db.update(parcelas).set(values).where(eq(parcelas.id, id));
  const mais = junto.map((escrita, i) => sql`, ${sql.raw(`junto${i}`)} as (${escrita})`);
  await db.execute(sql`with mudou as (${muda.getSQL()})${sql.join(mais)} ${registro}`);
}

// --- Reading -------------------------------------------------------------------------------------------------

// --- Where a parcela stands in its plan (ADR 084) ----------------------------------------------------------------
// Each plan a family has is numbered on its own: the contract's 1..N, and each renegotiation's 1..N from its first
// parcela (`renegociacoes.primeiro_numero`). `parcelas.numero` stays the matrícula's running number (the gateway's
// reference, the unique key); what a family reads is the plan's. A cancellation's fee is no parcela of a plan.
/**
 * The three as SQL over a parcela's row named `p` (`sql.raw('p')` in a raw query; the table itself by default): its
 * number in its own plan, how many parcelas that plan has (the renegotiation's count, or the contract's plan's, any
 * status), and whether the plan is a renegotiation's.
 */
export function planoDaParcela(p: SQL = sql`${parcelas}`) {
  const daRenegociacao = (coluna: SQL) =>
    sql`(select ${coluna} from ${renegociacoes} r where r.id = ${p}.plano_renegociacao_id)`;
  return {
    numero: sql<number>`(case when ${p}.plano_renegociacao_id is null then ${p}.numero
      else ${p}.numero - ${daRenegociacao(sql`r.primeiro_numero`)} + 1 end)`,
    total: sql<number>`(case when ${p}.plano_renegociacao_id is null
      then (select count(*)::int from ${parcelas} t where t.matricula_id = ${p}.matricula_id and t.tipo = 'mensalidade' and t.plano_renegociacao_id is null)
      else ${daRenegociacao(sql`r.novas_parcelas`)} end)`,
    renegociacao: sql<boolean>`(${p}.plano_renegociacao_id is not null)`,
  };
}
const plano = planoDaParcela();
/** The parcela's number in its own plan. */
export const numeroNoPlano = plano.numero;
/** How many parcelas its plan has. */
export const totalDoPlano = plano.total;
/** Whether its plan is a renegotiation's. */
export const daRenegociacao = plano.renegociacao;
// Who gave a baixa manual (ADR 076): the staff member's name, or their e-mail when the account has none.
const baixaPor = sql<
  string | null
>`(select coalesce(u.nome, u.email) from ${users} u where u.id = ${parcelas.baixaPorId})`;

const parcelaSelection = {
  id: parcelas.id,
  matriculaId: parcelas.matriculaId,
  numero: numeroNoPlano,
  totalParcelas: totalDoPlano,
  renegociacao: daRenegociacao,
  valorCentavos: parcelas.valorCentavos,
  vencimento: parcelas.vencimento,
  status: parcelas.status,
  pagaEm: parcelas.pagaEm,
  valorLiquidoCentavos: parcelas.valorLiquidoCentavos,
  provedor: parcelas.provedor,
  invoiceUrl: parcelas.invoiceUrl,
  bankSlipUrl: parcelas.bankSlipUrl,
  pixCopiaECola: parcelas.pixCopiaECola,
  aluno: matriculas.nome,
  cursoTitulo: matriculas.cursoTitulo,
  tipo: parcelas.tipo,
  baixaEm: parcelas.baixaEm,
  baixaPor,
  baixaObservacao: parcelas.baixaObservacao,
};
export type ParcelaRow = Awaited<ReturnType<typeof parcelasDaMatricula>>[number];

const comMatricula = (db: Executor) =>
  db.select(parcelaSelection).from(parcelas).innerJoin(matriculas, eq(matriculas.id, parcelas.matriculaId));

/** A matrícula in the caller's scope (its visibility rules), or undefined (404). */
export async function matriculaNoEscopo(db: Executor, actor: Actor, matriculaId: string) {
  const [row] = await db
    .select({ id: matriculas.id })
    .from(matriculas)
    .where(and(eq(matriculas.id, matriculaId), matriculasVisibleTo(actor)));
  return row;
}

/** A matrícula's parcelas in order; the caller checked the matrícula's scope. */
export function parcelasDaMatricula(db: Executor, matriculaId: string) {
  return comMatricula(db).where(eq(parcelas.matriculaId, matriculaId)).orderBy(asc(parcelas.numero));
}

/** One parcela in the caller's scope. */
export async function parcelaNoEscopo(db: Executor, actor: Actor, id: string) {
  const [row] = await comMatricula(db).where(and(eq(parcelas.id, id), parcelasVisibleTo(actor)));
  return row;
}

/** The parcela's gateway and payment id (the simulated payment's event is built from them). */
export async function pagamentoDaParcela(db: Executor, id: string) {
  const [row] = await db
    .select({ provedor: parcelas.provedor, gatewayId: parcelas.gatewayId, valorCentavos: parcelas.valorCentavos })
    .from(parcelas)
    .where(eq(parcelas.id, id));
  return row;
}

/** The aluno's parcelas: of its own matrículas, by due date. */
export function parcelasDoAluno(db: Executor, actor: Actor) {
  return comMatricula(db)
    .where(parcelasVisibleTo(actor))
    .orderBy(asc(parcelas.vencimento), asc(parcelas.numero))
    .limit(500);
}

/**
 * How many matrículas a Parcelas search may name as one array (ADR 136). Past it the search finds most of the scope,
 * whose parcelas are best walked in the list's own order: it stays a subquery.
 */
export const MATRICULAS_DA_BUSCA_MAX = 10_000;

/**
 * The matrículas the caller reads that a Parcelas search finds, read before the list's statements (ADR 136): their
 * ids, or null when there are more than `max`.
 */
export async function matriculasDaBusca(
  db: Executor,
  actor: Actor,
  q: string,
  nos: PathNodes & { eventoId?: string } = {},
  max = MATRICULAS_DA_BUSCA_MAX,
): Promise<string[] | null> {
  // A parcela's path is its matrícula's (migration 0072): the list's nodes narrow the matrículas as they do the
  // parcelas, so an event's search names its own few matrículas, not the network's.
  const where = and(
    rowsUnderNodes(actor, 'matriculas', nos),
    nos.franquiaId ? eq(matriculas.franquiaId, nos.franquiaId) : undefined,
    nos.microFranquiaId ? eq(matriculas.microFranquiaId, nos.microFranquiaId) : undefined,
    nos.clienteId ? eq(matriculas.clienteId, nos.clienteId) : undefined,
    nos.eventoId ? eq(matriculas.eventoId, nos.eventoId) : undefined,
    containsInSearchText(matriculas.busca, q),
  );
  const [row] = await executeRows<{ ids: string[] }>(
    db,
    sql`select coalesce(json_agg(x.id), '[]') as ids from (select ${matriculas.id} as id from ${matriculas}
      where ${where} limit ${max + 1}) x`,
  );
  const ids = row?.ids ?? [];
  return ids.length > max ? null : ids;
}

/**
 * The search's matrículas read first (`matriculasDaBusca`), and whether the planner may see how many they are.
 * Seen, it walks the list's order and stops at the page's last match: right for the first page. Unseen (a
 * subquery's array, taken as a handful), it reads their parcelas by the matrícula's index and sorts them: right
 * for a deep page and the count, which the walk would take through most of the scope (ADR 136).
 */
export interface BuscaLida {
  ids: readonly string[];
  quantasVisiveis: boolean;
}

/**
 * The list's conditions. Without the search's matrículas read first (the export, a search that finds more than
 * MATRICULAS_DA_BUSCA_MAX) the search is a subquery of the matrículas.
 */
export function filtros(
  actor: Actor,
  q: Omit<ParcelasListQuery, 'page' | 'pageSize'>,
  busca?: BuscaLida | null,
): SQL | undefined {
  return and(
    // The caller's parcelas, or those of the node of the tree it filters by, its own checked once (ADR 128).
    rowsUnderNodes(actor, 'parcelas', q),
    q.status ? eq(parcelas.status, q.status) : undefined,
    q.vencimentoDe ? sql`${parcelas.vencimento} >= ${q.vencimentoDe}::date` : undefined,
    q.vencimentoAte ? sql`${parcelas.vencimento} <= ${q.vencimentoAte}::date` : undefined,
    q.franquiaId ? eq(parcelas.franquiaId, q.franquiaId) : undefined,
    q.microFranquiaId ? eq(parcelas.microFranquiaId, q.microFranquiaId) : undefined,
    q.clienteId ? eq(parcelas.clienteId, q.clienteId) : undefined,
    q.eventoId ? eq(parcelas.eventoId, q.eventoId) : undefined,
    q.cursoId ? eq(parcelas.cursoId, q.cursoId) : undefined,
    // q= finds the matrícula's name, e-mail or phone as the matrículas list does (its trigram index), among the
    // matrículas the caller reads: a parcela's path is its matrícula's (migration 0072), so the few matrículas found
    // lead to their parcelas, instead of every parcela of the scope being checked against the search (ADR 115).
    q.q && busca
      ? busca.quantasVisiveis
        ? sql`${parcelas.matriculaId} = any(${sql.param(busca.ids)}::uuid[])`
        : sql`${parcelas.matriculaId} = any((select ${sql.param(busca.ids)}::uuid[])::uuid[])`
      : q.q
        ? sql`${parcelas.matriculaId} in (select ${matriculas.id} from ${matriculas} where ${and(
            matriculasVisibleTo(actor),
            containsInSearchText(matriculas.busca, q.q),
          )})`
        : undefined,
  );
}

/** The staff's list order (issue 46): latest due date first, the id breaking ties; its cursors are the list's. */
const parcelasOrder: KeysetOrder = {
  lista: parcelasKeyset.lista,
  ordem: PARCELAS_ORDEM,
  keys: [
    { expr: parcelas.vencimento, type: 'date', desc: true },
    { expr: parcelas.id, type: 'uuid', desc: true },
  ],
};

/**
 * One page of the caller's parcelas, latest due date first, with the number matching (capped as the lists are). A
 * page after or before a cursor (issue 46) starts at its key, so a deep page costs what the first does.
 */
export async function listParcelas(
  db: Executor,
  actor: Actor,
  asked: ParcelasListQuery,
  maxBusca = MATRICULAS_DA_BUSCA_MAX,
) {
  const [query, buscaIds] = await Promise.all([
    withoutImpliedNodes(db, actor, asked),
    // A course's search keeps the subquery: the course's index narrows its parcelas first, and the matrículas read
    // across the network named every match's parcelas for the count (13 -> 31-38 ms of PostgreSQL, ADR 136).
    asked.q && !asked.cursoId ? matriculasDaBusca(db, actor, asked.q, asked, maxBusca) : null,
  ]);
  const window = keysetWindow(parcelasOrder, query);
  const busca = (quantasVisiveis: boolean) => buscaIds && { ids: buscaIds, quantasVisiveis };
  // The count and a deep page's first key read the search's parcelas by their matrícula; the page itself walks the
  // list's order from its first key (or the cursor's) and stops at its last match.
  const oculta = filtros(actor, query, busca(false));
  const where = filtros(actor, query, busca(true));
  // A deep page by number starts at its first row's key: only its rows have their matrícula, plan and names read.
  const start = pageStart(parcelas, oculta, parcelasOrder, window);
  const page = (extra: { contagem?: SQL<number> } = {}) =>
    db
      .select({ ...parcelaSelection, cursorChaves: cursorKeys(parcelasOrder.keys), ...extra })
      .from(parcelas)
      .innerJoin(matriculas, eq(matriculas.id, parcelas.matriculaId))
      .where(and(where, window.past, start))
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(start ? 0 : window.offset);
  // A search's count stays a statement of its own: in the page's, the network's searches for a common name spent
  // 7-15 ms more of PostgreSQL (ADR 173). Elsewhere the count rides in the page's statement: 0.5-1.4 ms less of the
  // two sides' CPU a first page of a status, measured in turns.
  if (query.q) {
    const [read, contagem] = await Promise.all([page(), countUpToLimit(db, parcelas, oculta)]);
    const { rows, cursors } = keysetPage(parcelasOrder, query, read);
    return { rows, cursors, ...contagem };
  }
  const read = await page({ contagem: countedUpToLimit(db, parcelas, oculta) });
  const { rows: counted, ...contagem } = await countOfPage(
    read as ((typeof read)[number] & { contagem: number })[],
    isFirstPage(window),
    () => countUpToLimit(db, parcelas, oculta),
  );
  const { rows, cursors } = keysetPage(parcelasOrder, query, counted);
  return { rows, cursors, ...contagem };
}
