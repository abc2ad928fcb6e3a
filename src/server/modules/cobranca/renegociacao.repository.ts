import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { matriculasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import {
  clientes,
  franqueadores,
  franquias,
  matriculas,
  microFranquias,
  parcelas,
  renegociacoes,
  users,
} from '../../db/schema';
import type { ParcelaDoPlano } from '../../../shared/cobranca/parcelas';

/**
 * Issue 43 (ADR 079): the SQL of a renegotiation -- the matrícula and its open parcelas locked, the record written,
 * the old parcelas cancelled with their link to it, the history, and the network's cap on the discount.
 */

/** A matrícula in the caller's scope, locked for its renegotiation, with its network's cap on the discount. */
export async function matriculaParaRenegociar(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({
      id: matriculas.id,
      status: matriculas.status,
      franqueadorId: matriculas.franqueadorId,
      descontoMaximoPct: franqueadores.descontoMaximoRenegociacaoPct,
    })
    .from(matriculas)
    .leftJoin(franqueadores, eq(franqueadores.id, matriculas.franqueadorId))
    .where(and(eq(matriculas.id, id), matriculasVisibleTo(actor)))
    .for('update', { of: matriculas });
  return row;
}

/** The plan's parcelas still to be paid (open or overdue), locked: what a renegotiation replaces. */
export function parcelasAbertasParaRenegociar(db: Executor, matriculaId: string) {
  return db
    .select({
      id: parcelas.id,
      numero: parcelas.numero,
      status: parcelas.status,
      valorCentavos: parcelas.valorCentavos,
    })
    .from(parcelas)
    .where(
      and(
        eq(parcelas.matriculaId, matriculaId),
        eq(parcelas.tipo, 'mensalidade'),
        inArray(parcelas.status, ['aberta', 'vencida']),
      ),
    )
    .orderBy(asc(parcelas.numero))
    .for('update');
}

/** The number after the matrícula's last parcela (of any kind): the new plan's first. */
export async function proximoNumeroDeParcela(db: Executor, matriculaId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${parcelas.numero}), 0)::int` })
    .from(parcelas)
    .where(eq(parcelas.matriculaId, matriculaId));
  return Number(row?.max ?? 0) + 1;
}

export async function gravarRenegociacao(
  db: Executor,
  r: {
    matriculaId: string;
    porId: string | null;
    em: Date;
    parcelasAnteriores: number;
    valorAnteriorCentavos: number;
    descontoCentavos: number;
    novoTotalCentavos: number;
    novasParcelas: number;
    primeiroVencimento: string;
    plano: ParcelaDoPlano[];
  },
): Promise<string> {
  const [row] = await db
    .insert(renegociacoes)
    .values({ ...r, primeiroNumero: r.plano[0]!.numero })
    .returning({ id: renegociacoes.id });
  return row!.id;
}

/** The old parcelas cancelled by the renegotiation (only while still open or overdue); answers how many. */
export async function cancelarParcelasRenegociadas(
  db: Executor,
  ids: string[],
  renegociacaoId: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(parcelas)
    .set({ status: 'cancelada', renegociacaoId, updatedAt: now })
    .where(and(inArray(parcelas.id, ids), inArray(parcelas.status, ['aberta', 'vencida'])))
    .returning({ id: parcelas.id });
  return rows.length;
}

const porNome = sql<
  string | null
>`(select coalesce(u.nome, u.email) from ${users} u where u.id = ${renegociacoes.porId})`;

const selection = {
  id: renegociacoes.id,
  matriculaId: renegociacoes.matriculaId,
  em: renegociacoes.em,
  por: porNome,
  parcelasAnteriores: renegociacoes.parcelasAnteriores,
  valorAnteriorCentavos: renegociacoes.valorAnteriorCentavos,
  descontoCentavos: renegociacoes.descontoCentavos,
  novoTotalCentavos: renegociacoes.novoTotalCentavos,
  novasParcelas: renegociacoes.novasParcelas,
  primeiroVencimento: renegociacoes.primeiroVencimento,
  concluidaEm: renegociacoes.concluidaEm,
};
export type RenegociacaoRow = Awaited<ReturnType<typeof renegociacoesDaMatricula>>[number];

/** A matrícula's renegotiations, newest first; the caller checked the matrícula's scope. */
export function renegociacoesDaMatricula(db: Executor, matriculaId: string) {
  return db
    .select(selection)
    .from(renegociacoes)
    .where(eq(renegociacoes.matriculaId, matriculaId))
    .orderBy(desc(renegociacoes.em), desc(renegociacoes.id));
}

export async function renegociacaoPorId(db: Executor, id: string) {
  const [row] = await db
    .select({ ...selection, plano: renegociacoes.plano })
    .from(renegociacoes)
    .where(eq(renegociacoes.id, id));
  return row;
}

export async function concluirRenegociacao(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(renegociacoes)
    .set({ concluidaEm: now })
    .where(and(eq(renegociacoes.id, id), sql`${renegociacoes.concluidaEm} is null`));
}

/** The old parcelas a renegotiation cancelled, as the gateway's job reads them. */
export function parcelasCanceladasPelaRenegociacao(db: Executor, renegociacaoId: string) {
  return db
    .select({
      id: parcelas.id,
      numero: parcelas.numero,
      status: parcelas.status,
      provedor: parcelas.provedor,
      gatewayId: parcelas.gatewayId,
      baixaEm: parcelas.baixaEm,
    })
    .from(parcelas)
    .where(eq(parcelas.renegociacaoId, renegociacaoId))
    .orderBy(asc(parcelas.numero));
}

// --- The network's setting -------------------------------------------------------------------------------------

/** The network (franqueador) the caller belongs to, up its tree; null when none. */
export async function redeDoAtor(db: Executor, actor: Actor): Promise<string | null> {
  if (actor.franqueadorId) return actor.franqueadorId;
  const micro = actor.microFranquiaId
    ? sql`${actor.microFranquiaId}::uuid`
    : actor.clienteId
      ? sql`(select ${clientes.microFranquiaId} from ${clientes} where ${clientes.id} = ${actor.clienteId}::uuid)`
      : sql`null::uuid`;
  const franquia = actor.franquiaId
    ? sql`${actor.franquiaId}::uuid`
    : sql`(select ${microFranquias.franquiaId} from ${microFranquias} where ${microFranquias.id} = ${micro})`;
  const [row] = await db
    .select({ id: franquias.franqueadorId })
    .from(franquias)
    .where(sql`${franquias.id} = ${franquia}`);
  return row?.id ?? null;
}

export async function descontoMaximoDaRede(db: Executor, franqueadorId: string) {
  const [row] = await db
    .select({ pct: franqueadores.descontoMaximoRenegociacaoPct })
    .from(franqueadores)
    .where(eq(franqueadores.id, franqueadorId));
  return row?.pct;
}

/** The new cap, answering the one it replaced (undefined: no such network). */
export async function mudarDescontoMaximoDaRede(db: Executor, franqueadorId: string, pct: number, now: Date) {
  const [antes] = await db
    .select({ pct: franqueadores.descontoMaximoRenegociacaoPct })
    .from(franqueadores)
    .where(eq(franqueadores.id, franqueadorId))
    .for('update');
  if (!antes) return undefined;
  await db
    .update(franqueadores)
    .set({ descontoMaximoRenegociacaoPct: pct, updatedAt: now })
    .where(eq(franqueadores.id, franqueadorId));
  return antes.pct;
}
