import { and, eq, sql } from 'drizzle-orm';
import type { PresencaLoteResultado } from '../../../shared/schemas/check-in-offline';
import type { Actor } from '../../access/actor';
import { eventosVisibleTo, leadsVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import { auditLog, eventos, leads, leadVouchers, presencasLote, users } from '../../db/schema';
import { eventoCounts } from '../eventos';

/**
 * The door without a signal (issue 49, ADR 105): the roster a device keeps, the check-ins its queue delivers
 * (`presencas_lote`, one row per client id: a batch sent twice writes nothing twice) and the conflicts between
 * devices. The presence itself is marked by inscrições (`markPresentBatch`), as at the door.
 */

/** The event when the actor checks its families in (the door's scope), else undefined: the routes answer 404. */
export async function findEventoDaPorta(db: Executor, actor: Actor, eventoId: string) {
  const [row] = await db
    .select({ id: eventos.id, nomeEscola: eventos.nomeEscola, dataEvento: eventos.dataEvento })
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), eventosVisibleTo(actor)))
    .limit(1);
  return row;
}

const instante = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The event's seated families the actor reads (neither on the waiting list nor cancelled, nor anonymised), each
 * with its voucher hashes still good at `now` -- one statement, through the seats' index (`leads_evento_vagas_idx`)
 * and each lead's vouchers by `lead_vouchers_lead_id_idx`. In lead id order, so the same families read the same.
 */
export async function findRoteiro(db: Executor, actor: Actor, eventoId: string, now: Date) {
  const rows = await executeRows<{
    id: string;
    nome_aluno: string;
    codigo_voucher: string;
    presente: boolean;
    token_hashes: string[] | string | null;
  }>(
    db,
    // No alias for leads: the scope's condition names the table itself.
    sql`select leads.id, leads.nome_aluno, leads.codigo_voucher, leads.presente_em is not null as presente,
        array(select v.token_hash from ${leadVouchers} v
          where v.lead_id = leads.id and v.expira_em > ${now.toISOString()}::timestamptz
          order by v.token_hash) as token_hashes
      from ${leads}
      where leads.evento_id = ${eventoId}::uuid and not leads.lista_espera and leads.cancelado_em is null
        and leads.anonimizado_em is null and ${leadsVisibleTo(actor)}
      order by leads.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    nomeAluno: r.nome_aluno,
    codigoVoucher: r.codigo_voucher,
    presente: r.presente,
    tokenHashes: textArray(r.token_hashes),
  }));
}

/** A text[] as a driver hands it: an array, or PostgreSQL's literal `{a,b}` (hex hashes: nothing to unquote). */
function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}

/** The check-ins already delivered under these client ids, whichever event, with their family's name. */
export async function findPresencasLote(db: Executor, idsCliente: string[]) {
  if (idsCliente.length === 0) return [];
  return db
    .select({
      idCliente: presencasLote.idCliente,
      eventoId: presencasLote.eventoId,
      leadId: presencasLote.leadId,
      resultado: presencasLote.resultado,
      motivo: presencasLote.motivo,
      nomeAluno: leads.nomeAluno,
    })
    .from(presencasLote)
    .leftJoin(leads, eq(leads.id, presencasLote.leadId))
    .where(sql`${presencasLote.idCliente} = any(${sql.param(idsCliente)}::uuid[])`);
}

/** The delivered check-ins that registered these families' presences: whose device, under which client id. */
export async function findRegistradas(db: Executor, leadIds: string[]) {
  if (leadIds.length === 0) return [];
  return db
    .select({
      idCliente: presencasLote.idCliente,
      leadId: presencasLote.leadId,
      dispositivo: presencasLote.dispositivo,
      recebidaEm: presencasLote.recebidaEm,
    })
    .from(presencasLote)
    .where(
      and(sql`${presencasLote.leadId} = any(${sql.param(leadIds)}::uuid[])`, eq(presencasLote.resultado, 'registrada')),
    );
}

export interface NovaPresencaLote {
  idCliente: string;
  eventoId: string;
  leadId: string | null;
  dispositivo: string;
  dispositivoNome: string | null;
  usuarioId: string;
  em: Date;
  resultado: PresencaLoteResultado;
  conflitoCom: string | null;
  motivo: string | null;
}

/**
 * Keeps a batch's outcomes, one row per client id, in one statement (its columns as arrays: a batch of 500 is one
 * short text to parse, not 5,000 parameters); an id some other request stored first is left as it is. Answers the
 * ids written. The outcome travels as text[] and is cast row by row: PGlite serialises an array parameter by the
 * array types it read when it opened, and a database migrated by the same process (a first start, an upgrade) has
 * made `presenca_lote_resultado[]` since.
 */
export async function insertPresencasLote(db: Executor, rows: NovaPresencaLote[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const coluna = <T>(pick: (r: NovaPresencaLote) => T) => sql.param(rows.map(pick));
  const written = await executeRows<{ id_cliente: string }>(
    db,
    sql`insert into ${presencasLote} (id_cliente, evento_id, lead_id, dispositivo, dispositivo_nome, usuario_id, em,
        resultado, conflito_com, motivo)
      select i.id_cliente, i.evento_id, i.lead_id, i.dispositivo, i.dispositivo_nome, i.usuario_id, i.em,
        i.resultado::presenca_lote_resultado, i.conflito_com, i.motivo
      from unnest(${coluna((r) => r.idCliente)}::uuid[], ${coluna((r) => r.eventoId)}::uuid[],
        ${coluna((r) => r.leadId)}::uuid[], ${coluna((r) => r.dispositivo)}::text[],
        ${coluna((r) => r.dispositivoNome)}::text[], ${coluna((r) => r.usuarioId)}::uuid[],
        ${coluna((r) => r.em.toISOString())}::timestamptz[], ${coluna((r) => r.resultado)}::text[],
        ${coluna((r) => r.conflitoCom)}::uuid[], ${coluna((r) => r.motivo)}::text[])
        as i(id_cliente, evento_id, lead_id, dispositivo, dispositivo_nome, usuario_id, em, resultado, conflito_com,
          motivo)
      on conflict (id_cliente) do nothing
      returning id_cliente`,
  );
  return new Set(written.map((r) => r.id_cliente));
}

/** The event's seated families and presences, this transaction's check-ins included (the counters' readers). */
export async function contagensDoEvento(db: Executor, eventoId: string) {
  const [row] = await db
    .select({ inscritos: eventoCounts.inscritos, presentes: eventoCounts.presentes })
    .from(eventos)
    .where(eq(eventos.id, eventoId));
  return { inscritos: Number(row?.inscritos ?? 0), presentes: Number(row?.presentes ?? 0) };
}

/**
 * The event's conflicts, newest first, with both sides: the check-in that arrived second (its device, who sent it,
 * when it was made) and the presence that counts -- the delivered check-in it lost to, or the online check-in (no
 * device; who by the audit trail's 'lead.presenca' row of the door, when by the lead's presence). Through the
 * conflicts' own index (`presencas_lote_conflitos_idx`), and only the families the actor reads.
 */
export async function listConflitos(db: Executor, actor: Actor, eventoId: string) {
  const rows = await executeRows<{
    id_cliente: string;
    lead_id: string;
    nome_aluno: string;
    dispositivo: string;
    dispositivo_nome: string | null;
    usuario_nome: string | null;
    em: Date | string;
    vencedor_dispositivo: string | null;
    vencedor_dispositivo_nome: string | null;
    vencedor_usuario_nome: string | null;
    vencedor_em: Date | string | null;
    presente_em: Date | string | null;
  }>(
    db,
    sql`select p.id_cliente, p.lead_id, leads.nome_aluno, p.dispositivo, p.dispositivo_nome, u.nome as usuario_nome, p.em,
        w.dispositivo as vencedor_dispositivo, w.dispositivo_nome as vencedor_dispositivo_nome,
        case when w.id_cliente is not null then wu.nome else (
          select au.nome from ${auditLog} a join ${users} au on au.id = a.usuario_id
          where a.entidade_id = leads.id and a.acao = 'lead.presenca'
            and coalesce(a.detalhes->>'meio', '') <> 'offline'
          order by a.em desc limit 1) end as vencedor_usuario_nome,
        w.em as vencedor_em, leads.presente_em
      from ${presencasLote} p
      join ${leads} on leads.id = p.lead_id
      left join ${users} u on u.id = p.usuario_id
      left join ${presencasLote} w on w.id_cliente = p.conflito_com
      left join ${users} wu on wu.id = w.usuario_id
      where p.evento_id = ${eventoId}::uuid and p.resultado = 'conflito' and ${leadsVisibleTo(actor)}
      order by p.recebida_em desc, p.id_cliente`,
  );
  return rows.map((r) => ({
    idCliente: r.id_cliente,
    leadId: r.lead_id,
    nomeAluno: r.nome_aluno,
    segundo: {
      dispositivo: r.dispositivo,
      dispositivoNome: r.dispositivo_nome,
      usuarioNome: r.usuario_nome,
      em: instante(r.em),
    },
    primeiro: {
      dispositivo: r.vencedor_dispositivo,
      dispositivoNome: r.vencedor_dispositivo_nome,
      usuarioNome: r.vencedor_usuario_nome,
      em: instante(r.vencedor_em ?? r.presente_em ?? r.em),
    },
  }));
}
