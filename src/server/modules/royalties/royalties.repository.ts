import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { royaltyFranquiasVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import {
  franquias,
  matriculas,
  parcelas,
  royaltyAcordos,
  royaltyContestacoes,
  royaltyFaturas,
  royaltyFechamentos,
  royaltyLancamentos,
  royaltySomas,
  sacTickets,
  users,
} from '../../db/schema';
import type { ModoRoyalty, StatusFaturaRoyalty, TipoLinhaRoyalty } from '../../../shared/royalties/extrato';
import type { TicketStatus } from '../../../shared/enums';

/** Royalties' SQL (issue 45, ADR 089): the agreements, the ledger, the closed months, their charges and contests. */

const l = royaltyLancamentos;

// --- Franquias and agreements -------------------------------------------------------------------------------------

/** A franquia the caller reads (its network's for the franqueador, itself for a franquia), or undefined (404). */
export async function franquiaNoAlcance(db: Executor, actor: Actor, franquiaId: string) {
  const [row] = await db
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId, razaoSocial: franquias.razaoSocial })
    .from(franquias)
    .where(and(eq(franquias.id, franquiaId), royaltyFranquiasVisibleTo(actor)));
  return row;
}

/** Every franquia the caller reads, by name. */
export function franquiasNoAlcance(db: Executor, actor: Actor) {
  return db
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId, razaoSocial: franquias.razaoSocial })
    .from(franquias)
    .where(royaltyFranquiasVisibleTo(actor))
    .orderBy(asc(franquias.razaoSocial), asc(franquias.id));
}

/**
 * The franquia's row, locked: shared by each ledger write (they run side by side), exclusive for a closing or a new
 * agreement version -- so a closing waits for the payments in flight, and a payment after it sees the month closed.
 */
export async function travarFranquia(db: Executor, franquiaId: string, modo: 'share' | 'update') {
  const [row] = await db
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId })
    .from(franquias)
    .where(eq(franquias.id, franquiaId))
    .for(modo === 'share' ? 'share' : 'update');
  return row;
}

export type AcordoRow = typeof royaltyAcordos.$inferSelect & { modo: ModoRoyalty };

/** The agreements' versions of these franquias, newest start first. */
export async function acordosDe(db: Executor, franquiaIds: readonly string[]): Promise<AcordoRow[]> {
  if (franquiaIds.length === 0) return [];
  const rows = await db
    .select()
    .from(royaltyAcordos)
    .where(inArray(royaltyAcordos.franquiaId, [...franquiaIds]))
    .orderBy(asc(royaltyAcordos.franquiaId), desc(royaltyAcordos.inicio));
  return rows.map((r) => ({ ...r, modo: r.modo as ModoRoyalty }));
}

/** A new version; undefined when the franquia already has one starting that day. */
export async function inserirAcordo(db: Executor, values: typeof royaltyAcordos.$inferInsert) {
  const [row] = await db
    .insert(royaltyAcordos)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: royaltyAcordos.id });
  return row?.id;
}

// --- Writing the ledger -------------------------------------------------------------------------------------------

/**
 * What the ledger reads of parcelas: value, net value, day, franquia, the split their payments carried and whether
 * they have lines. The same statement takes each one's franquia row in share mode (`travarFranquia`'s lock, where a
 * payment needs it first): the agreements and closed months are then read by a later statement, which sees any
 * closing that committed before it.
 */
export async function parcelasParaRoyalty(db: Executor, parcelaIds: readonly string[]) {
  if (parcelaIds.length === 0) return [];
  return db
    .select({
      id: parcelas.id,
      status: parcelas.status,
      valorCentavos: parcelas.valorCentavos,
      valorLiquidoCentavos: parcelas.valorLiquidoCentavos,
      pagaEm: parcelas.pagaEm,
      franqueadorId: parcelas.franqueadorId,
      franquiaId: parcelas.franquiaId,
      // Paid at the school (a baixa, ADR 076): the gateway's payment is cancelled and retains nothing.
      splitCentesimos: sql<
        number | null
      >`case when ${parcelas.baixaEm} is null then ${parcelas.royaltySplitCentesimos} end`,
      // Named with their table: a select from one table writes its columns bare, and inside these subqueries a bare
      // name is the subquery's own column.
      temLinhas: sql<boolean>`exists (select 1 from ${l} x where x.parcela_id = ${parcelas}.id)`,
      franquiaTravada: sql<boolean | null>`(select true from ${franquias} f where f.id = ${parcelas}.franquia_id
        for share)`,
    })
    .from(parcelas)
    .where(inArray(parcelas.id, [...parcelaIds]))
    .orderBy(asc(parcelas.pagaEm), asc(parcelas.id));
}

/** What a line needs of an agreement's version. */
export type AcordoDoLedger = Pick<AcordoRow, 'id' | 'royaltyCentesimos' | 'fundoCentesimos' | 'inicio'>;

/**
 * The franquia's agreements and closed periods, in one statement: a payment's second, after `parcelasParaRoyalty`
 * locked the franquia.
 */
export async function acordosEFechados(
  db: Executor,
  franquiaId: string,
): Promise<{ acordos: AcordoDoLedger[]; fechados: Set<string> }> {
  const a = royaltyAcordos;
  const f = royaltyFechamentos;
  const [row] = await executeRows<{ acordos: AcordoDoLedger[]; fechados: string[] }>(
    db,
    sql`select
      coalesce((select json_agg(json_build_object('id', ${a.id}, 'royaltyCentesimos', ${a.royaltyCentesimos},
          'fundoCentesimos', ${a.fundoCentesimos}, 'inicio', ${a.inicio}))
        from ${a} where ${a.franquiaId} = ${franquiaId}::uuid), '[]'::json) as acordos,
      array(select ${f.periodo} from ${f} where ${f.franquiaId} = ${franquiaId}::uuid) as fechados`,
  );
  return { acordos: row?.acordos ?? [], fechados: new Set(row?.fechados ?? []) };
}

/** The franquia's closed periods from `desde` on. */
export async function periodosFechados(db: Executor, franquiaId: string, desde: string): Promise<Set<string>> {
  const rows = await db
    .select({ periodo: royaltyFechamentos.periodo })
    .from(royaltyFechamentos)
    .where(and(eq(royaltyFechamentos.franquiaId, franquiaId), sql`${royaltyFechamentos.periodo} >= ${desde}`));
  return new Set(rows.map((r) => r.periodo));
}

export type NovaLinha = typeof royaltyLancamentos.$inferInsert;

/** Lines written once: a redelivered event, a job run again, finds its line and writes nothing. */
export async function inserirLinhas(db: Executor, linhas: NovaLinha[]): Promise<number> {
  if (linhas.length === 0) return 0;
  const rows = await db.insert(l).values(linhas).onConflictDoNothing().returning({ id: l.id });
  return rows.length;
}

/**
 * What the ledger needs of a parcela being paid (issue 43's webhook), to read inside the statement that locks it: a
 * json value over the parcela's row `p` -- whether it has lines already, its franquia's agreements and closed months
 * -- and its franquia's row taken in share mode, as `parcelasParaRoyalty` takes it. A closing that commits while the
 * payment waits for the row is not seen by this statement; the line written into its month is refused by
 * `royalty_lancamentos_periodo_aberto`, and the caller runs the payment again.
 */
export function entradaDoRoyalty(p: SQL): SQL {
  const a = royaltyAcordos;
  const f = royaltyFechamentos;
  return sql`json_build_object(
    'franquiaTravada', (select true from ${franquias} fr where fr.id = ${p}.franquia_id for share),
    'temLinhas', exists (select 1 from ${l} x where x.parcela_id = ${p}.id),
    'acordos', coalesce((select json_agg(json_build_object('id', ${a.id}, 'royaltyCentesimos', ${a.royaltyCentesimos},
        'fundoCentesimos', ${a.fundoCentesimos}, 'inicio', ${a.inicio}))
      from ${a} where ${a.franquiaId} = ${p}.franquia_id), '[]'::json),
    'fechados', array(select ${f.periodo} from ${f} where ${f.franquiaId} = ${p}.franquia_id))`;
}

/** What `entradaDoRoyalty` reads, as the driver hands it back. */
export interface EntradaDoRoyalty {
  temLinhas: boolean;
  acordos: AcordoDoLedger[];
  fechados: string[];
}

/**
 * The lines `linhas` (their JSON text, one parameter) written once, as `inserirLinhas` writes them, as a statement to
 * run inside another (a WITH: the webhook's payment). Its text does not depend on how many lines there are.
 */
export function linhasInsert(linhas: string): SQL {
  return sql`insert into ${l} (franqueador_id, franquia_id, parcela_id, acordo_id, tipo, base_centavos,
      royalty_centavos, fundo_centavos, retido_centavos, split_centesimos, periodo, ocorrido_em, ciclo)
    select x."franqueadorId", x."franquiaId", x."parcelaId", x."acordoId", x.tipo, x."baseCentavos",
      x."royaltyCentavos", x."fundoCentavos", x."retidoCentavos", x."splitCentesimos", x.periodo, x."ocorridoEm",
      coalesce(x.ciclo, 0)
    from json_to_recordset(${linhas}::json) as x("franqueadorId" uuid, "franquiaId" uuid, "parcelaId" uuid,
      "acordoId" uuid, tipo text, "baseCentavos" integer, "royaltyCentavos" integer, "fundoCentavos" integer,
      "retidoCentavos" integer, "splitCentesimos" integer, periodo varchar, "ocorridoEm" date, ciclo smallint)
    on conflict do nothing`;
}

/** A parcela's receita line no estorno has answered yet. */
export async function receitaSemEstorno(db: Executor, parcelaId: string) {
  const [row] = await db
    .select()
    .from(l)
    .where(
      and(
        eq(l.parcelaId, parcelaId),
        eq(l.tipo, 'receita'),
        sql`not exists (select 1 from ${royaltyLancamentos} e where e.parcela_id = ${l.parcelaId} and e.tipo = 'estorno'
          and e.ciclo = ${l.ciclo})`,
      ),
    )
    .orderBy(desc(l.ciclo))
    .limit(1);
  return row;
}

/** The lines the parcelas already have (ADR 093: a parcela paid again after a chargeback reads its last round). */
export function linhasDasParcelas(db: Executor, parcelaIds: readonly string[]) {
  if (parcelaIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(l)
    .where(inArray(l.parcelaId, [...parcelaIds]))
    .orderBy(asc(l.ciclo));
}

// --- Reading statements -------------------------------------------------------------------------------------------

/** Each franquia's sums of a period's lines (the statement is their sum, computed where they are read). */
export function somasDoPeriodo(db: Executor, franquiaIds: readonly string[], periodo: string) {
  if (franquiaIds.length === 0) return Promise.resolve([]);
  // The sums the lines' trigger keeps (ADR 097): a few rows per franquia, however many lines its month holds.
  const s = royaltySomas;
  return db
    .select({
      franquiaId: s.franquiaId,
      bruto: sql<number>`coalesce(sum(${s.baseCentavos}) filter (where ${s.tipo} = 'receita'), 0)::bigint`,
      estornos: sql<number>`coalesce(sum(${s.baseCentavos}) filter (where ${s.tipo} = 'estorno'), 0)::bigint`,
      royalty: sql<number>`coalesce(sum(${s.royaltyCentavos}), 0)::bigint`,
      fundo: sql<number>`coalesce(sum(${s.fundoCentavos}), 0)::bigint`,
      retido: sql<number>`coalesce(sum(${s.retidoCentavos}), 0)::bigint`,
      linhas: sql<number>`coalesce(sum(${s.linhas}), 0)::int`,
    })
    .from(s)
    .where(and(inArray(s.franquiaId, [...franquiaIds]), eq(s.periodo, periodo)))
    .groupBy(s.franquiaId);
}

export type FechamentoRow = typeof royaltyFechamentos.$inferSelect & { modo: ModoRoyalty };

export async function fechamentosDoPeriodo(
  db: Executor,
  franquiaIds: readonly string[],
  periodo: string,
): Promise<FechamentoRow[]> {
  if (franquiaIds.length === 0) return [];
  const rows = await db
    .select()
    .from(royaltyFechamentos)
    .where(and(inArray(royaltyFechamentos.franquiaId, [...franquiaIds]), eq(royaltyFechamentos.periodo, periodo)));
  return rows.map((r) => ({ ...r, modo: r.modo as ModoRoyalty }));
}

export type FaturaRow = typeof royaltyFaturas.$inferSelect & { status: StatusFaturaRoyalty };

export async function faturasDe(db: Executor, fechamentoIds: readonly string[]): Promise<FaturaRow[]> {
  if (fechamentoIds.length === 0) return [];
  const rows = await db
    .select()
    .from(royaltyFaturas)
    .where(inArray(royaltyFaturas.fechamentoId, [...fechamentoIds]));
  return rows.map((r) => ({ ...r, status: r.status as StatusFaturaRoyalty }));
}

/** A franquia's lines of a period, each with its parcela and its contest (and the contest's ticket status). */
export async function linhasDoPeriodo(
  db: Executor,
  franquiaId: string,
  periodo: string,
  janela?: { limit: number; offset: number },
) {
  const query = db
    .select({
      id: l.id,
      tipo: l.tipo,
      parcelaId: l.parcelaId,
      parcelaNumero: parcelas.numero,
      matriculaId: parcelas.matriculaId,
      aluno: matriculas.nome,
      curso: matriculas.cursoTitulo,
      baseCentavos: l.baseCentavos,
      royaltyCentavos: l.royaltyCentavos,
      fundoCentavos: l.fundoCentavos,
      splitCentesimos: l.splitCentesimos,
      retidoCentavos: l.retidoCentavos,
      ocorridoEm: l.ocorridoEm,
      contestacaoId: royaltyContestacoes.id,
      motivo: royaltyContestacoes.motivo,
      ticketId: royaltyContestacoes.ticketId,
      ticketStatus: sacTickets.status,
      contestadaEm: royaltyContestacoes.createdAt,
    })
    .from(l)
    .innerJoin(parcelas, eq(parcelas.id, l.parcelaId))
    .innerJoin(matriculas, eq(matriculas.id, parcelas.matriculaId))
    .leftJoin(royaltyContestacoes, eq(royaltyContestacoes.linhaId, l.id))
    .leftJoin(sacTickets, eq(sacTickets.id, royaltyContestacoes.ticketId))
    .where(and(eq(l.franquiaId, franquiaId), eq(l.periodo, periodo)))
    .orderBy(asc(l.ocorridoEm), asc(l.createdAt), asc(l.id))
    .$dynamic();
  const rows = await (janela ? query.limit(janela.limit).offset(janela.offset) : query);
  return rows.map((r) => ({
    ...r,
    tipo: r.tipo as TipoLinhaRoyalty,
    ticketStatus: r.ticketStatus as TicketStatus | null,
  }));
}
export type LinhaRow = Awaited<ReturnType<typeof linhasDoPeriodo>>[number];

// --- Closing ------------------------------------------------------------------------------------------------------

export async function inserirFechamento(db: Executor, values: typeof royaltyFechamentos.$inferInsert) {
  const [row] = await db
    .insert(royaltyFechamentos)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: royaltyFechamentos.id });
  return row?.id;
}

export async function inserirFatura(db: Executor, values: typeof royaltyFaturas.$inferInsert) {
  const [row] = await db
    .insert(royaltyFaturas)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: royaltyFaturas.id });
  return row?.id;
}

/**
 * The franquias with an agreement in force by the period's last day and no closing of it yet: what the job on the
 * 1st closes.
 */
export async function franquiasParaFechar(db: Executor, periodo: string, ultimoDia: string) {
  const rows = await db
    .selectDistinct({ franquiaId: royaltyAcordos.franquiaId })
    .from(royaltyAcordos)
    .where(
      and(
        sql`${royaltyAcordos.inicio} <= ${ultimoDia}`,
        sql`not exists (select 1 from ${royaltyFechamentos} f where f.franquia_id = ${royaltyAcordos.franquiaId} and f.periodo = ${periodo})`,
      ),
    );
  return rows.map((r) => r.franquiaId);
}

// --- Charges (fatura mode) ----------------------------------------------------------------------------------------

/** A charge to create at the gateway: its value, due day, the franquia as the gateway's customer. */
export async function faturaParaCobrar(db: Executor, faturaId: string) {
  const [row] = await db
    .select({
      id: royaltyFaturas.id,
      status: royaltyFaturas.status,
      valorCentavos: royaltyFaturas.valorCentavos,
      vencimento: royaltyFaturas.vencimento,
      franqueadorId: royaltyFaturas.franqueadorId,
      franquiaId: royaltyFaturas.franquiaId,
      periodo: royaltyFechamentos.periodo,
      razaoSocial: franquias.razaoSocial,
      cnpj: franquias.cnpj,
      email: users.email,
      celular: users.telefone,
    })
    .from(royaltyFaturas)
    .innerJoin(royaltyFechamentos, eq(royaltyFechamentos.id, royaltyFaturas.fechamentoId))
    .innerJoin(franquias, eq(franquias.id, royaltyFaturas.franquiaId))
    .innerJoin(users, eq(users.id, franquias.userId))
    .where(eq(royaltyFaturas.id, faturaId));
  return row;
}

/** The charge's payment, once the gateway has it: `pendente` -> `aberta`. Once. */
export async function registrarPagamentoDaFatura(
  db: Executor,
  faturaId: string,
  values: { provedor: string; gatewayId: string; invoiceUrl: string | null },
  now: Date,
) {
  const rows = await db
    .update(royaltyFaturas)
    .set({ ...values, status: 'aberta', updatedAt: now })
    .where(and(eq(royaltyFaturas.id, faturaId), eq(royaltyFaturas.status, 'pendente')))
    .returning({ id: royaltyFaturas.id });
  return rows.length > 0;
}

/** The charge holding a gateway's payment, locked for its event. */
export async function faturaDoPagamento(db: Executor, provedor: string, gatewayId: string) {
  const [row] = await db
    .select({ id: royaltyFaturas.id, status: royaltyFaturas.status, chargebackEm: royaltyFaturas.chargebackEm })
    .from(royaltyFaturas)
    .where(and(eq(royaltyFaturas.provedor, provedor), eq(royaltyFaturas.gatewayId, gatewayId)))
    .for('update');
  return row ? { ...row, status: row.status as StatusFaturaRoyalty } : undefined;
}

/** The status and network of the charge holding a gateway's payment, or undefined (none holds it). Read only. */
export async function statusDaFaturaDoPagamento(db: Executor, provedor: string, gatewayId: string) {
  const [row] = await db
    .select({ status: royaltyFaturas.status, franqueadorId: royaltyFaturas.franqueadorId })
    .from(royaltyFaturas)
    .where(and(eq(royaltyFaturas.provedor, provedor), eq(royaltyFaturas.gatewayId, gatewayId)));
  return row ? { status: row.status as StatusFaturaRoyalty, franqueadorId: row.franqueadorId } : undefined;
}

export async function mudarFatura(
  db: Executor,
  faturaId: string,
  set: { status: StatusFaturaRoyalty; pagaEm?: string; chargebackEm?: string | null },
  now: Date,
) {
  await db
    .update(royaltyFaturas)
    .set({ ...set, updatedAt: now })
    .where(eq(royaltyFaturas.id, faturaId));
}

// --- Reminders (ADR 095) ------------------------------------------------------------------------------------------

/**
 * The charges a reminder may be due for: at the gateway and unpaid (`aberta`, `vencida`), due between `desde` and
 * `ate` (YYYY-MM-DD), with the franquia's login e-mail and the steps already sent. Few rows (one per franquia and
 * month at most), read by the due-date window.
 */
export async function faturasParaLembrar(db: Executor, desde: string, ate: string) {
  return db
    .select({
      id: royaltyFaturas.id,
      franqueadorId: royaltyFaturas.franqueadorId,
      valorCentavos: royaltyFaturas.valorCentavos,
      vencimento: royaltyFaturas.vencimento,
      invoiceUrl: royaltyFaturas.invoiceUrl,
      lembretes: royaltyFaturas.lembretes,
      periodo: royaltyFechamentos.periodo,
      razaoSocial: franquias.razaoSocial,
      email: users.email,
    })
    .from(royaltyFaturas)
    .innerJoin(royaltyFechamentos, eq(royaltyFechamentos.id, royaltyFaturas.fechamentoId))
    .innerJoin(franquias, eq(franquias.id, royaltyFaturas.franquiaId))
    .innerJoin(users, eq(users.id, franquias.userId))
    .where(
      and(
        inArray(royaltyFaturas.status, ['aberta', 'vencida']),
        sql`${royaltyFaturas.vencimento} between ${desde}::date and ${ate}::date`,
      ),
    )
    .orderBy(asc(royaltyFaturas.vencimento), asc(royaltyFaturas.id));
}

/**
 * Marks a reminder step sent, in the e-mail's transaction: only on a charge still unpaid and only once (a run
 * that lost the race, or a charge paid since the read, marks nothing). Answers whether it marked.
 */
export async function marcarLembrete(db: Executor, faturaId: string, etapa: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(royaltyFaturas)
    .set({ lembretes: sql`array_append(${royaltyFaturas.lembretes}, ${etapa}::text)`, updatedAt: now })
    .where(
      and(
        eq(royaltyFaturas.id, faturaId),
        inArray(royaltyFaturas.status, ['aberta', 'vencida']),
        sql`not (${etapa}::text = any(${royaltyFaturas.lembretes}))`,
      ),
    )
    .returning({ id: royaltyFaturas.id });
  return rows.length > 0;
}

// --- Contests -----------------------------------------------------------------------------------------------------

/** A line of the franquia's period, for its contest; undefined: none (404). */
export async function linhaDoExtrato(db: Executor, franquiaId: string, periodo: string, linhaId: string) {
  const [row] = await db
    .select({ id: l.id, tipo: l.tipo, parcelaId: l.parcelaId, baseCentavos: l.baseCentavos, ocorridoEm: l.ocorridoEm })
    .from(l)
    .where(and(eq(l.id, linhaId), eq(l.franquiaId, franquiaId), eq(l.periodo, periodo)));
  return row;
}

export async function inserirContestacao(db: Executor, values: typeof royaltyContestacoes.$inferInsert) {
  const [row] = await db
    .insert(royaltyContestacoes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: royaltyContestacoes.id, createdAt: royaltyContestacoes.createdAt });
  return row;
}
