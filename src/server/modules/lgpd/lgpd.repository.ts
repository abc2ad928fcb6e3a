import { type SQL, sql } from 'drizzle-orm';
import type { PedidoStatus, PedidoTipo } from '../../../shared/schemas/lgpd';
import type { Actor } from '../../access/actor';
import { lgpdPedidosVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import {
  consentimentos,
  franquias,
  leads,
  lgpdPedidos,
  matriculas,
  preMatriculas,
  titularTokens,
} from '../../db/schema';

/**
 * The titular's portal links (`titular_tokens`) and the LGPD requests (`lgpd_pedidos`): the SQL of
 * lgpd.service.ts (issue 18, ADR 026).
 */

export const uuidArray = (ids: string[]) =>
  ids.length
    ? sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]::uuid[]`
    : sql`'{}'::uuid[]`;

/** The networks given, as SQL that selects their uuid[] (an e-mail job's `redes`). */
export const redesSelect = (redes: string[]): SQL => sql`select ${uuidArray(redes)}`;

// ---------------------------------------------------------------------------------------------------------------
// The portal's links
// ---------------------------------------------------------------------------------------------------------------

export async function insertTitularToken(
  db: Executor,
  token: { digest: string; email: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.execute(sql`insert into ${titularTokens} (token, email, expires_at, created_at)
      values (${token.digest}, ${token.email}, ${token.expiresAt.toISOString()}::timestamptz,
        ${token.now.toISOString()}::timestamptz)`);
}

export interface TokenRow {
  id: string;
  email: string;
}

/** The live token with this digest (unused, unexpired), locked for its spending when asked. */
export async function findLiveToken(
  db: Executor,
  digest: string,
  now: Date,
  lock = false,
): Promise<TokenRow | undefined> {
  const rows = await executeRows<TokenRow>(
    db,
    sql`select id, email from ${titularTokens}
      where token = ${digest} and usado_em is null and expires_at > ${now.toISOString()}::timestamptz
      ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

export async function spendToken(db: Executor, id: string, now: Date): Promise<void> {
  await db.execute(
    sql`update ${titularTokens} set usado_em = ${now.toISOString()}::timestamptz where id = ${id}::uuid`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The requests
// ---------------------------------------------------------------------------------------------------------------

export interface PedidoRow {
  id: string;
  tipo: PedidoTipo;
  status: PedidoStatus;
  email: string;
  detalhe: string | null;
  resposta: string | null;
  prazo: Date | string;
  created_at: Date | string;
  concluido_em: Date | string | null;
  franqueador_id: string;
  franquia_id: string | null;
  franquia_nome?: string | null;
}

const PEDIDO_COLUNAS = sql`lgpd_pedidos.id, lgpd_pedidos.tipo::text as tipo, lgpd_pedidos.status::text as status, lgpd_pedidos.email, lgpd_pedidos.detalhe, lgpd_pedidos.resposta,
  lgpd_pedidos.prazo, lgpd_pedidos.created_at, lgpd_pedidos.concluido_em, lgpd_pedidos.franqueador_id, lgpd_pedidos.franquia_id`;

/** The e-mail's requests, newest first (the portal shows 100). */
export function findPedidosDoEmail(db: Executor, email: string): Promise<PedidoRow[]> {
  return executeRows<PedidoRow>(
    db,
    sql`select ${PEDIDO_COLUNAS} from ${lgpdPedidos} where lower(lgpd_pedidos.email) = ${email}
      order by lgpd_pedidos.created_at desc limit 100`,
  );
}

export async function insertPedido(
  db: Executor,
  pedido: {
    tipo: PedidoTipo;
    email: string;
    detalhe: string | null;
    prazo: Date;
    /** A revocation is concluded as it is opened. */
    concluido: boolean;
    franqueadorId: string;
    franquiaId: string | null;
  },
  now: Date,
): Promise<PedidoRow> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await executeRows<PedidoRow>(
    db,
    sql`insert into ${lgpdPedidos} (tipo, status, email, detalhe, prazo, concluido_em,
            franqueador_id, franquia_id, created_at, updated_at)
          values (${pedido.tipo}::lgpd_pedido_tipo, ${pedido.concluido ? 'concluido' : 'aberto'}::lgpd_pedido_status,
            ${pedido.email}, ${pedido.detalhe}, ${pedido.prazo.toISOString()}::timestamptz, ${pedido.concluido ? now.toISOString() : null}::timestamptz,
            ${pedido.franqueadorId}::uuid, ${pedido.franquiaId}::uuid, ${nowSql}, ${nowSql})
          returning ${PEDIDO_COLUNAS}`,
  );
  return row!;
}

/**
 * Art. 18 IX: the consents of the rows `ids` (of whichever table) marked revoked, and the rows' contact withdrawn.
 */
export async function revogarConsentimento(db: Executor, ids: string[], now: Date): Promise<void> {
  const em = sql`${now.toISOString()}::timestamptz`;
  const lista = sql`(select unnest(${uuidArray(ids)}))`;
  await db.execute(sql`update ${leads} set consentimento_revogado_em = ${em}
    where id in ${lista} and consentimento_revogado_em is null`);
  await db.execute(sql`update ${preMatriculas} set consentimento_revogado_em = ${em}
    where id in ${lista} and consentimento_revogado_em is null`);
  await db.execute(sql`update ${matriculas} set consentimento_revogado_em = ${em}
    where id in ${lista} and consentimento_revogado_em is null`);
  await db.execute(sql`update ${consentimentos} set revogado_em = ${em}
    where revogado_em is null and (lead_id in ${lista} or pre_matricula_id in ${lista})`);
}

/**
 * Issue 47: the WhatsApp consents of the rows `ids` (leads, pré-matrículas, matrículas) withdrawn -- of the records
 * themselves and of the family's records they came from -- and nothing else.
 */
export async function revogarWhatsappDe(db: Executor, ids: string[], now: Date): Promise<void> {
  const lista = sql`(select unnest(${uuidArray(ids)}))`;
  // The families' pré-matrículas and leads, each consent then found by its column's index.
  await db.execute(sql`with pres as (
      select id from ${preMatriculas} where id in ${lista}
      union select pre_matricula_id from ${matriculas} where id in ${lista} and pre_matricula_id is not null
    ), lds as (
      select id from ${leads} where id in ${lista}
      union select lead_id from ${preMatriculas} where id in (select id from pres) and lead_id is not null
    )
    update ${consentimentos} set revogado_em = ${now.toISOString()}::timestamptz
    where id in (select id from ${consentimentos} where lead_id in (select id from lds)
        union all select id from ${consentimentos} where pre_matricula_id in (select id from pres))
      and finalidade = 'whatsapp' and revogado_em is null`);
}

/** A page of the requests the actor sees, newest first, with their branch's name, and how many there are. */
export async function findPedidosPage(
  db: Executor,
  actor: Actor,
  query: { status?: PedidoStatus; atrasados: boolean; page: number; pageSize: number },
  now: Date,
): Promise<{ rows: PedidoRow[]; total: number }> {
  const conditions = [lgpdPedidosVisibleTo(actor)];
  if (query.status) conditions.push(sql`lgpd_pedidos.status = ${query.status}::lgpd_pedido_status`);
  if (query.atrasados) {
    conditions.push(
      sql`lgpd_pedidos.status in ('aberto', 'em_analise') and lgpd_pedidos.prazo < ${now.toISOString()}::timestamptz`,
    );
  }
  const where = sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` and `,
  );
  // lgpdPedidosVisibleTo names the table.
  const from = sql`lgpd_pedidos`;
  const offset = (query.page - 1) * query.pageSize;
  const [rows, count] = await Promise.all([
    executeRows<PedidoRow>(
      db,
      sql`select ${PEDIDO_COLUNAS}, f.razao_social as franquia_nome from ${from}
      left join ${franquias} f on f.id = lgpd_pedidos.franquia_id
      where ${where} order by lgpd_pedidos.created_at desc, lgpd_pedidos.id desc limit ${query.pageSize} offset ${offset}`,
    ),
    executeRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The request, if the actor sees it, locked for its update. */
export async function lockPedido(db: Executor, actor: Actor, id: string): Promise<PedidoRow | undefined> {
  const [row] = await executeRows<PedidoRow>(
    db,
    sql`select ${PEDIDO_COLUNAS} from ${lgpdPedidos}
        where lgpd_pedidos.id = ${id}::uuid and ${lgpdPedidosVisibleTo(actor)} for update`,
  );
  return row;
}

export async function updatePedido(
  db: Executor,
  id: string,
  patch: { status: PedidoStatus; resposta: string | null; atualizadoPorId: string; concluidoEm: Date | null },
  now: Date,
): Promise<PedidoRow> {
  const [updated] = await executeRows<PedidoRow>(
    db,
    sql`update ${lgpdPedidos} set status = ${patch.status}::lgpd_pedido_status,
          resposta = ${patch.resposta}, atualizado_por_id = ${patch.atualizadoPorId}::uuid,
          concluido_em = ${patch.concluidoEm ? patch.concluidoEm.toISOString() : null}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        where lgpd_pedidos.id = ${id}::uuid returning ${PEDIDO_COLUNAS}`,
  );
  return updated!;
}

/** A franquia's name (a request's branch). */
export async function franquiaNome(db: Executor, id: string): Promise<string | null> {
  const [row] = await executeRows<{ nome: string }>(
    db,
    sql`select razao_social as nome from ${franquias} where id = ${id}::uuid`,
  );
  return row?.nome ?? null;
}
