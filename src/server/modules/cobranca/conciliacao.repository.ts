import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { conciliacaoDiferencasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import {
  cobrancaConciliacaoDiferencas,
  cobrancaConciliacoes,
  cobrancaEventos,
  matriculas,
  parcelas,
} from '../../db/schema';
import type { DiferencaSituacao, DiferencaTipo } from '../../../shared/schemas/conciliacao';
import type { ProvedorCobranca } from '../../../shared/cobranca/parcelas';
import { daRenegociacao, numeroNoPlano, totalDoPlano } from './cobranca.repository';

/** The reconciliation's SQL (issue 43, ADR 080): its runs, the parcelas it compares, the differences it keeps. */

/** Runs left unfinished (a crash) before `antesDe`: closed as interrupted, so the next may start. */
export async function fecharInterrompidas(db: Executor, provedor: string, antesDe: Date) {
  await db
    .update(cobrancaConciliacoes)
    .set({ falha: 'interrompida' })
    .where(
      and(
        eq(cobrancaConciliacoes.provedor, provedor),
        isNull(cobrancaConciliacoes.concluidaEm),
        isNull(cobrancaConciliacoes.falha),
        lt(cobrancaConciliacoes.iniciadaEm, antesDe),
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

export async function falharConciliacao(db: Executor, id: string, falha: string) {
  await db.update(cobrancaConciliacoes).set({ falha }).where(eq(cobrancaConciliacoes.id, id));
}

/** A run that failed on our side: its row goes, as nothing else of it was kept. */
export async function apagarConciliacao(db: Executor, id: string) {
  await db.delete(cobrancaConciliacoes).where(eq(cobrancaConciliacoes.id, id));
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
}

/** The run's differences, each under its matrícula's scope path (copied in the same statement), and its counts. */
export async function concluirConciliacao(
  db: Executor,
  id: string,
  diferencas: readonly DiferencaNova[],
  contagens: { pagamentosNoGateway: number; parcelasComparadas: number; corrigidas: number; pendentes: number },
  now: Date,
) {
  for (let i = 0; i < diferencas.length; i += 500) {
    const lote = diferencas.slice(i, i + 500);
    const valores = sql.join(
      lote.map(
        (d) =>
          sql`(${d.tipo}, ${d.situacao}, ${d.parcelaId}::uuid, ${d.matriculaId}::uuid, ${d.gatewayId}, ${d.referencia},
            ${d.statusLocal}, ${d.statusGateway}, ${d.valorLocalCentavos}::int, ${d.valorGatewayCentavos}::int,
            ${d.vencimento}::date)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      insert into ${cobrancaConciliacaoDiferencas} (conciliacao_id, tipo, situacao, parcela_id, matricula_id, gateway_id,
        referencia, status_local, status_gateway, valor_local_centavos, valor_gateway_centavos, vencimento, cliente_id,
        vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
      select ${id}::uuid, v.tipo, v.situacao, v.parcela_id, m.id, v.gateway_id, v.referencia, v.status_local,
        v.status_gateway, v.valor_local, v.valor_gateway, v.vencimento, m.cliente_id, m.vendedor_id,
        m.micro_franquia_id, m.franquia_id, m.franqueador_id
      from (values ${valores}) as v(tipo, situacao, parcela_id, matricula_id, gateway_id, referencia, status_local,
        status_gateway, valor_local, valor_gateway, vencimento)
      left join ${matriculas} m on m.id = v.matricula_id`);
  }
  await db
    .update(cobrancaConciliacoes)
    .set({ ...contagens, concluidaEm: now })
    .where(eq(cobrancaConciliacoes.id, id));
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
};
export type ParcelaParaConciliar = Awaited<ReturnType<typeof parcelasParaConciliar>>[number];

/** The gateway's parcelas due on or after `desde` (the window compared). */
export function parcelasParaConciliar(db: Executor, provedor: ProvedorCobranca, desde: string) {
  return db
    .select(parcelaParaConciliar)
    .from(parcelas)
    .where(and(eq(parcelas.provedor, provedor), gte(parcelas.vencimento, desde)));
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
