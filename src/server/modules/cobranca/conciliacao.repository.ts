import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { conciliacaoDiferencasVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import {
  cobrancaConciliacaoDiferencas,
  cobrancaConciliacaoPagamentos,
  cobrancaConciliacoes,
  cobrancaEventos,
  matriculas,
  parcelas,
} from '../../db/schema';
import type { DiferencaSituacao, DiferencaTipo } from '../../../shared/schemas/conciliacao';
import type { ProvedorCobranca } from '../../../shared/cobranca/parcelas';
import { daRenegociacao, numeroNoPlano, totalDoPlano } from './cobranca.repository';

/** The reconciliation's SQL (issue 43, ADR 080): its runs, the parcelas it compares, the differences it keeps. */

/**
 * Runs left unfinished (a crash) before `antesDe`: closed as interrupted, so the next may start; their lists of
 * compared payments go (ADR 084).
 */
export async function fecharInterrompidas(db: Executor, provedor: string, antesDe: Date) {
  const fechadas = await db
    .update(cobrancaConciliacoes)
    .set({ falha: 'interrompida' })
    .where(
      and(
        eq(cobrancaConciliacoes.provedor, provedor),
        isNull(cobrancaConciliacoes.concluidaEm),
        isNull(cobrancaConciliacoes.falha),
        lt(cobrancaConciliacoes.iniciadaEm, antesDe),
      ),
    )
    .returning({ id: cobrancaConciliacoes.id });
  if (fechadas.length === 0) return;
  await db.delete(cobrancaConciliacaoPagamentos).where(
    inArray(
      cobrancaConciliacaoPagamentos.conciliacaoId,
      fechadas.map((r) => r.id),
    ),
  );
}

/** A new run, or null while another is under way (the partial unique index). */
export async function abrirConciliacao(
  db: Executor,
  v: { provedor: string; origem: 'diaria' | 'manual'; solicitadaPorId: string | null; desde: string },
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .insert(cobrancaConciliacoes)
    .values({ ...v, iniciadaEm: now })
    .onConflictDoNothing()
    .returning({ id: cobrancaConciliacoes.id });
  return row?.id ?? null;
}

/** A run the gateway's failure stopped: kept with its reason; what it had written on the way goes (ADR 084). */
export async function falharConciliacao(db: Executor, id: string, falha: string) {
  await db.transaction(async (tx) => {
    await tx.delete(cobrancaConciliacaoDiferencas).where(eq(cobrancaConciliacaoDiferencas.conciliacaoId, id));
    await tx.delete(cobrancaConciliacaoPagamentos).where(eq(cobrancaConciliacaoPagamentos.conciliacaoId, id));
    await tx.update(cobrancaConciliacoes).set({ falha }).where(eq(cobrancaConciliacoes.id, id));
  });
}

/** A run that failed on our side: its row goes, with what it had written on the way. */
export async function apagarConciliacao(db: Executor, id: string) {
  await db.transaction(async (tx) => {
    await tx.delete(cobrancaConciliacaoDiferencas).where(eq(cobrancaConciliacaoDiferencas.conciliacaoId, id));
    await tx.delete(cobrancaConciliacoes).where(eq(cobrancaConciliacoes.id, id));
  });
}

export interface DiferencaNova {
  tipo: DiferencaTipo;
  situacao: DiferencaSituacao;
  parcelaId: string | null;
  matriculaId: string | null;
  gatewayId: string | null;
  referencia: string | null;
  statusLocal: string | null;
  statusGateway: string | null;
  valorLocalCentavos: number | null;
  valorGatewayCentavos: number | null;
  vencimento: string | null;
  /** ADR 095: a royalties charge's difference, with no matrícula, is its network's (the franqueador's) alone. */
  franqueadorId?: string | null;
}

/**
 * A batch of the run's differences, each under its matrícula's scope path (copied in the same statement). Written
 * as the run goes (ADR 084); no screen reads them before the run is finished (`ultimaConciliacao`).
 */
export async function gravarDiferencas(db: Executor, id: string, diferencas: readonly DiferencaNova[]) {
  for (let i = 0; i < diferencas.length; i += 500) {
    const lote = diferencas.slice(i, i + 500);
    const valores = sql.join(
      lote.map(
        (d) =>
          sql`(${d.tipo}, ${d.situacao}, ${d.parcelaId}::uuid, ${d.matriculaId}::uuid, ${d.gatewayId}, ${d.referencia},
            ${d.statusLocal}, ${d.statusGateway}, ${d.valorLocalCentavos}::int, ${d.valorGatewayCentavos}::int,
            ${d.vencimento}::date, ${d.franqueadorId ?? null}::uuid)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      insert into ${cobrancaConciliacaoDiferencas} (conciliacao_id, tipo, situacao, parcela_id, matricula_id, gateway_id,
        referencia, status_local, status_gateway, valor_local_centavos, valor_gateway_centavos, vencimento, cliente_id,
        vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
      select ${id}::uuid, v.tipo, v.situacao, v.parcela_id, m.id, v.gateway_id, v.referencia, v.status_local,
        v.status_gateway, v.valor_local, v.valor_gateway, v.vencimento, m.cliente_id, m.vendedor_id,
        m.micro_franquia_id, m.franquia_id, coalesce(m.franqueador_id, v.franqueador_id)
      from (values ${valores}) as v(tipo, situacao, parcela_id, matricula_id, gateway_id, referencia, status_local,
        status_gateway, valor_local, valor_gateway, vencimento, franqueador_id)
      left join ${matriculas} m on m.id = v.matricula_id`);
  }
}

/** The run finished: its counts, and its list of compared payments gone. */
export async function concluirConciliacao(
  db: Executor,
  id: string,
  contagens: { pagamentosNoGateway: number; parcelasComparadas: number; corrigidas: number; pendentes: number },
  now: Date,
) {
  await db.delete(cobrancaConciliacaoPagamentos).where(eq(cobrancaConciliacaoPagamentos.conciliacaoId, id));
  await db
    .update(cobrancaConciliacoes)
    .set({ ...contagens, concluidaEm: now })
    .where(eq(cobrancaConciliacoes.id, id));
}

/**
 * Payments the run compares now (ADR 084): written once; answers those not compared before in this run (a listing
 * by offset may repeat one when payments are created meanwhile).
 */
export async function marcarPagamentos(db: Executor, id: string, gatewayIds: readonly string[]): Promise<Set<string>> {
  if (gatewayIds.length === 0) return new Set();
  const rows = await db
    .insert(cobrancaConciliacaoPagamentos)
    .values(gatewayIds.map((gatewayId) => ({ conciliacaoId: id, gatewayId })))
    .onConflictDoNothing()
    .returning({ gatewayId: cobrancaConciliacaoPagamentos.gatewayId });
  return new Set(rows.map((r) => r.gatewayId));
}

/** Which of these payments the run already compared, or already listed as a difference. */
export async function pagamentosJaVistos(db: Executor, id: string, gatewayIds: readonly string[]) {
  if (gatewayIds.length === 0) return new Set<string>();
  const rows = await executeRows<{ gatewayId: string }>(
    db,
    sql`select gateway_id as "gatewayId" from ${cobrancaConciliacaoPagamentos}
        where conciliacao_id = ${id}::uuid and gateway_id in ${lista(gatewayIds)}
      union
      select gateway_id from ${cobrancaConciliacaoDiferencas}
        where conciliacao_id = ${id}::uuid and gateway_id in ${lista(gatewayIds)}`,
  );
  return new Set(rows.map((r) => r.gatewayId));
}

const lista = (valores: readonly string[]) =>
  sql`(${sql.join(
    valores.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** How many of the gateway's parcelas are due on or after `desde` (the window compared). */
export async function contarParcelasDaJanela(db: Executor, provedor: ProvedorCobranca, desde: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(parcelas)
    .where(and(eq(parcelas.provedor, provedor), gte(parcelas.vencimento, desde)));
  return Number(row?.n ?? 0);
}

const parcelaParaConciliar = {
  id: parcelas.id,
  matriculaId: parcelas.matriculaId,
  tipo: parcelas.tipo,
  numero: parcelas.numero,
  status: parcelas.status,
  valorCentavos: parcelas.valorCentavos,
  vencimento: parcelas.vencimento,
  gatewayId: parcelas.gatewayId,
  baixaEm: parcelas.baixaEm,
  chargebackEm: parcelas.chargebackEm,
};
export type ParcelaParaConciliar = Awaited<ReturnType<typeof parcelasDosPagamentos>>[number];

/**
 * A page of the window's parcelas (due on or after `desde`) whose payment the run has not compared -- the listing
 * lacked it -- still to be asked of the gateway: neither cancelled nor paid at the school. Keyset by id (ADR 084).
 */
export function parcelasNaoListadas(
  db: Executor,
  provedor: ProvedorCobranca,
  desde: string,
  conciliacaoId: string,
  depoisDe: string | null,
  limite: number,
) {
  return db
    .select(parcelaParaConciliar)
    .from(parcelas)
    .where(
      and(
        eq(parcelas.provedor, provedor),
        gte(parcelas.vencimento, desde),
        sql`${parcelas.status} <> 'cancelada'`,
        isNull(parcelas.baixaEm),
        depoisDe ? sql`${parcelas.id} > ${depoisDe}::uuid` : undefined,
        sql`not exists (select 1 from ${cobrancaConciliacaoPagamentos} v
          where v.conciliacao_id = ${conciliacaoId}::uuid and v.gateway_id = ${parcelas.gatewayId})`,
      ),
    )
    .orderBy(asc(parcelas.id))
    .limit(limite);
}

/** The parcelas holding these payments, wherever their due date falls. */
export function parcelasDosPagamentos(db: Executor, provedor: ProvedorCobranca, gatewayIds: readonly string[]) {
  if (gatewayIds.length === 0) return Promise.resolve([]);
  return db
    .select(parcelaParaConciliar)
    .from(parcelas)
    .where(and(eq(parcelas.provedor, provedor), inArray(parcelas.gatewayId, [...gatewayIds])));
}

/** Which of these ids are matrículas of ours (a payment's reference names one). */
export async function matriculasExistentes(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: matriculas.id })
    .from(matriculas)
    .where(inArray(matriculas.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** Webhook events stored about a payment no parcela held (ADR 071), oldest first. */
export function eventosDesconhecidos(db: Executor, provedor: ProvedorCobranca) {
  return db
    .select({
      id: cobrancaEventos.id,
      tipo: cobrancaEventos.tipo,
      gatewayPagamentoId: cobrancaEventos.gatewayPagamentoId,
      payload: cobrancaEventos.payload,
    })
    .from(cobrancaEventos)
    .where(
      and(
        eq(cobrancaEventos.provedor, provedor),
        eq(cobrancaEventos.resultado, 'pagamento_desconhecido'),
        isNotNull(cobrancaEventos.gatewayPagamentoId),
      ),
    )
    .orderBy(asc(cobrancaEventos.recebidoEm))
    .limit(5_000);
}

/** The stored event, locked, if still unknown (another run may have applied it meanwhile). */
export async function eventoAindaDesconhecido(db: Executor, id: string) {
  const [row] = await db
    .select({ id: cobrancaEventos.id })
    .from(cobrancaEventos)
    .where(and(eq(cobrancaEventos.id, id), eq(cobrancaEventos.resultado, 'pagamento_desconhecido')))
    .for('update');
  return row;
}

/** The last finished run. */
export async function ultimaConciliacao(db: Executor) {
  const [row] = await db
    .select()
    .from(cobrancaConciliacoes)
    .where(isNotNull(cobrancaConciliacoes.concluidaEm))
    .orderBy(desc(cobrancaConciliacoes.concluidaEm))
    .limit(1);
  return row;
}

/** A run's differences the actor may read: the ones still to look at first, then by due date. */
export function diferencasVisiveis(db: Executor, actor: Actor, conciliacaoId: string) {
  const d = cobrancaConciliacaoDiferencas;
  return db
    .select({
      id: d.id,
      tipo: d.tipo,
      situacao: d.situacao,
      parcelaId: d.parcelaId,
      matriculaId: d.matriculaId,
      aluno: matriculas.nome,
      parcelaTipo: parcelas.tipo,
      numero: sql<number | null>`case when ${parcelas.id} is null then null else ${numeroNoPlano} end`,
      totalParcelas: sql<number | null>`case when ${parcelas.id} is null then null else ${totalDoPlano} end`,
      renegociacao: daRenegociacao,
      gatewayId: d.gatewayId,
      statusLocal: d.statusLocal,
      statusGateway: d.statusGateway,
      valorLocalCentavos: d.valorLocalCentavos,
      valorGatewayCentavos: d.valorGatewayCentavos,
      vencimento: d.vencimento,
    })
    .from(d)
    .leftJoin(matriculas, eq(matriculas.id, d.matriculaId))
    .leftJoin(parcelas, eq(parcelas.id, d.parcelaId))
    .where(and(eq(d.conciliacaoId, conciliacaoId), conciliacaoDiferencasVisibleTo(actor)))
    .orderBy(desc(d.situacao), asc(d.vencimento), asc(d.id))
    .limit(1_000);
}
