import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Inscrito } from '../../../shared/schemas/inscricao';
import type { Actor } from '../../access/actor';
import { eventosVisibleTo, leadsVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import { auditLog, consentimentos, eventos, leads, leadVouchers, users } from '../../db/schema';
import { searchAny } from '../../lib/pagination';
import { eventoCounts } from '../eventos';

/**
 * The seats of an event (issue 20, ADR 025). A seat is a lead neither on the waiting list nor cancelled; the
 * sign-up and the cancellation count them under the event row's lock, so two of them never both take the last.
 */

export const eventoDoVoucherColumns = {
  id: eventos.id,
  nomeEscola: eventos.nomeEscola,
  dataEvento: eventos.dataEvento,
  horario: eventos.horario,
  local: eventos.local,
  // The street address (issue 51): the voucher, its e-mail and its .ics carry it.
  logradouro: eventos.logradouro,
  numero: eventos.numero,
  complemento: eventos.complemento,
  bairro: eventos.bairro,
  cep: eventos.cep,
  cidade: eventos.cidade,
  estado: eventos.estado,
};

/** The event's row for a sign-up or a cancellation, locked until the transaction ends. */
export async function lockEventoForSeats(db: Executor, eventoId: string) {
  const [row] = await db
    .select({ ...eventoDoVoucherColumns, vagas: eventos.vagas, inscricoesAte: eventos.inscricoesAte })
    .from(eventos)
    .where(eq(eventos.id, eventoId))
    .for('update');
  return row;
}

/**
 * The event's seated families, read under its lock: the count the event keeps (migration 0030, ADR 045), or, for
 * an event without seats or one that has just got them, counted from its leads (up to `vagas`: every caller only
 * compares the count with the seats).
 */
export async function countSeated(db: Executor, eventoId: string, vagas: number): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select evento_sentados(${eventoId}::uuid, ${vagas}::int) as n`,
  );
  return Number(row?.n ?? 0);
}

/** The first lead of the waiting list, first come first served. */
export async function firstOnWaitingList(db: Executor, eventoId: string) {
  const [row] = await db
    .select({
      id: leads.id,
      nomeAluno: leads.nomeAluno,
      email: leads.email,
      telefone: leads.telefone,
      codigoVoucher: leads.codigoVoucher,
    })
    .from(leads)
    .where(and(eq(leads.eventoId, eventoId), eq(leads.listaEspera, true), isNull(leads.canceladoEm)))
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(1);
  return row;
}

export async function takeSeat(db: Executor, leadId: string): Promise<void> {
  await db.update(leads).set({ listaEspera: false }).where(eq(leads.id, leadId));
}

export interface NovoVoucher {
  token: string;
  tokenHash: string;
  expiraEm: Date;
}

/** The lead and event of a voucher still valid at `now`. */
export async function findVoucher(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      leadId: leads.id,
      nomeAluno: leads.nomeAluno,
      listaEspera: leads.listaEspera,
      canceladoEm: leads.canceladoEm,
      presenteEm: leads.presenteEm,
      codigoVoucher: leads.codigoVoucher,
      evento: eventoDoVoucherColumns,
    })
    .from(leadVouchers)
    .innerJoin(leads, eq(leads.id, leadVouchers.leadId))
    .innerJoin(eventos, eq(eventos.id, leads.eventoId))
    .where(and(eq(leadVouchers.tokenHash, tokenHash), gt(leadVouchers.expiraEm, now)))
    .limit(1);
  return row;
}

/** Cancels the lead unless it was cancelled already; answers whether it held a seat. */
export async function cancelLead(db: Executor, leadId: string, now: Date) {
  const [row] = await db
    .update(leads)
    .set({ canceladoEm: now })
    .where(and(eq(leads.id, leadId), isNull(leads.canceladoEm)))
    .returning({ listaEspera: leads.listaEspera });
  return row;
}

/** Whether the actor may read the event (the check-in's scope). */
export async function isVisibleEvento(db: Executor, actor: Actor, eventoId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventos.id })
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), eventosVisibleTo(actor)))
    .limit(1);
  return row !== undefined;
}

/** The event's sign-up, waiting-list and presence counts, when the actor may read it (the check-in's answer). */
export async function findVisibleEventoCounts(db: Executor, actor: Actor, eventoId: string) {
  const [row] = await db
    .select({ id: eventos.id, ...eventoCounts })
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), eventosVisibleTo(actor)))
    .limit(1);
  return row;
}

const leadAtDoor = {
  id: leads.id,
  nomeAluno: leads.nomeAluno,
  listaEspera: leads.listaEspera,
  canceladoEm: leads.canceladoEm,
  presenteEm: leads.presenteEm,
};

/** How the door names a family: its voucher (valid at `now`), the voucher's short code (issue 51), or its id. */
export type NaPorta = { tokenHash: string; now: Date } | { codigo: string } | { leadId: string };

/** The lead of `by` other than by its voucher: its id, or its event's code (the caller adds the event). */
const porLinha = (by: { codigo: string } | { leadId: string }) =>
  'leadId' in by ? eq(leads.id, by.leadId) : eq(leads.codigoVoucher, by.codigo);

/** The event's lead by its voucher (valid at `now`), its code or its id; scoped to what the actor reads. */
export async function findLeadAtDoor(db: Executor, actor: Actor, eventoId: string, by: NaPorta) {
  const base = and(eq(leads.eventoId, eventoId), leadsVisibleTo(actor));
  if (!('tokenHash' in by)) {
    const [row] = await db
      .select(leadAtDoor)
      .from(leads)
      .where(and(base, porLinha(by)))
      .limit(1)
      .for('update');
    return row;
  }
  const [row] = await db
    .select(leadAtDoor)
    .from(leadVouchers)
    .innerJoin(leads, eq(leads.id, leadVouchers.leadId))
    .where(and(base, eq(leadVouchers.tokenHash, by.tokenHash), gt(leadVouchers.expiraEm, by.now)))
    .limit(1)
    .for('update', { of: leads });
  return row;
}

/**
 * Marks the event's lead present, by its voucher (valid at `now`) or its id, when the actor reads it and it is a
 * seated family not yet in -- in one statement with `registro(lead)`, the audit row's insert, which it runs only when
 * a lead was marked -- and answers the lead with its event's counts, this check-in included; undefined when nothing
 * was marked (findLeadAtDoor says why). One statement is atomic without a transaction, and one round trip where
 * BEGIN, the update, the audit row, COMMIT and the counts took five (ADR 042).
 */
export async function markPresentAtDoor(
  db: Executor,
  actor: Actor,
  eventoId: string,
  by: NaPorta,
  now: Date,
  registro: (lead: { id: SQL; marcado: SQL }) => SQL,
): Promise<{ id: string; nomeAluno: string; presenteEm: Date; inscritos: number; presentes: number } | undefined> {
  const byLead = !('tokenHash' in by)
    ? porLinha(by)
    : sql`${leads.id} = (select ${leadVouchers.leadId} from ${leadVouchers} where ${leadVouchers.tokenHash} = ${by.tokenHash} and ${leadVouchers.expiraEm} > ${by.now.toISOString()}::timestamptz)`;
  const marca = db
    .update(leads)
    .set({ presenteEm: now })
    .where(
      and(
        byLead,
        eq(leads.eventoId, eventoId),
        leadsVisibleTo(actor),
        isNull(leads.presenteEm),
        isNull(leads.canceladoEm),
        eq(leads.listaEspera, false),
      ),
    )
    .returning({ id: leads.id, nomeAluno: leads.nomeAluno, eventoId: leads.eventoId });
  // The counts are read in the statement's snapshot, before its own check-in: its presence is the + 1.
  const [row] = await executeRows<{ id: string; nome_aluno: string; inscritos: number; presentes: number }>(
    db,
    sql`with marcado as (${marca.getSQL()}),
      registro as (${registro({ id: sql`(select id from marcado)`, marcado: sql`exists (select 1 from marcado)` })})
    select m.id, m.nome_aluno, c.inscritos, c.presentes + 1 as presentes
    from marcado m cross join lateral (
      select ${eventoCounts.inscritos} as inscritos, ${eventoCounts.presentes} as presentes from ${eventos}
      where eventos.id = m.evento_id) c`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    nomeAluno: row.nome_aluno,
    presenteEm: now,
    inscritos: Number(row.inscritos),
    presentes: Number(row.presentes),
  };
}

/**
 * The door's families of a batch of check-ins made offline (issue 49): the event's leads the actor reads, named by
 * the hashes of their vouchers (each with when the voucher expires: a check-in made before that counts) or by their
 * ids -- in one statement, whatever the batch's size. Answers each lead once per name it was given (`chave`: the
 * hash or the id), with what the door needs to say whether it may come in.
 */
export async function findLeadsAtDoor(
  db: Executor,
  actor: Actor,
  eventoId: string,
  by: { tokenHashes: string[]; leadIds: string[] },
) {
  // No alias for leads: the scope's condition names the table itself.
  const colunas = sql`leads.id, leads.nome_aluno, leads.lista_espera, leads.cancelado_em, leads.presente_em,
    leads.anonimizado_em`;
  const escopo = sql`leads.evento_id = ${eventoId}::uuid and ${leadsVisibleTo(actor)}`;
  const partes: SQL[] = [];
  if (by.tokenHashes.length > 0) {
    partes.push(sql`select v.token_hash as chave, v.expira_em, ${colunas}
      from ${leadVouchers} v join ${leads} on leads.id = v.lead_id
      where v.token_hash = any(${sql.param(by.tokenHashes)}::text[]) and ${escopo}`);
  }
  if (by.leadIds.length > 0) {
    partes.push(sql`select leads.id::text as chave, null::timestamptz as expira_em, ${colunas}
      from ${leads} where leads.id = any(${sql.param(by.leadIds)}::uuid[]) and ${escopo}`);
  }
  if (partes.length === 0) return [];
  const rows = await executeRows<{
    chave: string;
    expira_em: Date | string | null;
    id: string;
    nome_aluno: string;
    lista_espera: boolean;
    cancelado_em: Date | string | null;
    presente_em: Date | string | null;
    anonimizado_em: Date | string | null;
  }>(db, sql.join(partes, sql` union all `));
  const instante = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    chave: r.chave,
    expiraEm: instante(r.expira_em),
    id: r.id,
    nomeAluno: r.nome_aluno,
    listaEspera: r.lista_espera,
    canceladoEm: instante(r.cancelado_em),
    presenteEm: instante(r.presente_em),
    anonimizadoEm: instante(r.anonimizado_em),
  }));
}

/**
 * Marks a batch's families present (issue 49), each at its own instant, when the actor reads it and it is a seated
 * family of the event not yet in -- the condition of `markPresentAtDoor`, so a check-in at the door and one from a
 * device's queue racing for a family cannot both win -- in one statement with `registro(marcados)`, the audit rows'
 * insert, handed a query of the rows marked as `entidade_id`, `alteracoes` ({presenteEm: [null, instant]}) and
 * `detalhes` ({idCliente}). The counters follow as for any check-in (the presence triggers, ADR 042). Answers the
 * leads marked with the client id that marked each.
 */
export async function markPresentBatch(
  db: Executor,
  actor: Actor,
  eventoId: string,
  marcas: { leadId: string; em: Date; idCliente: string }[],
  registro: (marcados: SQL) => SQL,
): Promise<{ leadId: string; idCliente: string }[]> {
  if (marcas.length === 0) return [];
  const emTexto = marcas.map((m) => m.em.toISOString());
  const rows = await executeRows<{ id: string; id_cliente: string }>(
    db,
    sql`with v as (
        select * from unnest(${sql.param(marcas.map((m) => m.leadId))}::uuid[], ${sql.param(emTexto)}::text[],
          ${sql.param(marcas.map((m) => m.idCliente))}::uuid[]) as v(lead_id, em, id_cliente)
      ), marcado as (
        update ${leads} set presente_em = v.em::timestamptz from v
        where ${and(
          sql`${leads.id} = v.lead_id`,
          eq(leads.eventoId, eventoId),
          leadsVisibleTo(actor),
          isNull(leads.presenteEm),
          isNull(leads.canceladoEm),
          eq(leads.listaEspera, false),
        )}
        returning ${leads.id} as id, v.em, v.id_cliente
      ), registro as (${registro(sql`select m.id as entidade_id,
          jsonb_build_object('presenteEm', jsonb_build_array(null, m.em)) as alteracoes,
          jsonb_build_object('idCliente', m.id_cliente) as detalhes
        from marcado m`)})
      select id, id_cliente from marcado`,
  );
  return rows.map((r) => ({ leadId: r.id, idCliente: r.id_cliente }));
}

const INSCRITOS_MAX = 30;

/** The check-in's name search over the event's families: student's or guardian's name. */
export async function searchInscritos(db: Executor, actor: Actor, eventoId: string, q: string | undefined) {
  const rows = await db
    .select({
      id: leads.id,
      nomeAluno: leads.nomeAluno,
      nomeResponsavel: leads.nomeResponsavel,
      listaEspera: leads.listaEspera,
      presenteEm: leads.presenteEm,
    })
    .from(leads)
    .where(
      and(
        eq(leads.eventoId, eventoId),
        leadsVisibleTo(actor),
        isNull(leads.canceladoEm),
        searchAny(q, [leads.nomeAluno, leads.nomeResponsavel]),
      ),
    )
    .orderBy(asc(leads.nomeAluno), asc(leads.id))
    .limit(INSCRITOS_MAX);
  return rows.map((r): Inscrito => ({ ...r, presenteEm: r.presenteEm ? r.presenteEm.toISOString() : null }));
}

/**
 * Whether a lead the actor reads, of another event than `eventoId`, holds the code: what the door says when a code
 * is not this event's (issue 51). Codes are unique per event only; any such lead is enough.
 */
export async function isCodigoDeOutroEvento(
  db: Executor,
  actor: Actor,
  eventoId: string,
  codigo: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.codigoVoucher, codigo), sql`${leads.eventoId} <> ${eventoId}::uuid`, leadsVisibleTo(actor)))
    .limit(1);
  return row !== undefined;
}

/** Writes a voucher for the lead. */
export async function insertVoucher(db: Executor, voucher: NovoVoucher, leadId: string): Promise<void> {
  await db.insert(leadVouchers).values({ leadId, tokenHash: voucher.tokenHash, expiraEm: voucher.expiraEm });
}

/** The network of a lead, as SQL that selects it (an e-mail job's `rede`). */
export const redeDoLead = (leadId: string): SQL => sql`select franqueador_id from ${leads} where id = ${leadId}::uuid`;

/** The first name of who registered the lead's presence at the door, from the audit trail; null when it is gone. */
export async function findQuemRegistrouPresenca(db: Executor, leadId: string): Promise<string | null> {
  const [row] = await db
    .select({ nome: users.nome })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.usuarioId))
    .where(and(eq(auditLog.entidadeId, leadId), eq(auditLog.acao, 'lead.presenca')))
    .orderBy(sql`${auditLog.em} desc`)
    .limit(1);
  return row?.nome?.trim().split(/\s+/)[0] || null;
}

/**
 * The families to remind on the eve of their event (issue 47): seated (not waiting, not cancelled, not yet present)
 * for an event of `dia` that is not cancelled, whose WhatsApp consent stands and whose data was not anonymised --
 * the next `limite` after the lead `depois`, so a day of a thousand events is read a batch at a time.
 */
export async function familiasDaVespera(db: Executor, dia: string, depois: string | null, limite: number) {
  return db
    .select({
      id: leads.id,
      nomeAluno: leads.nomeAluno,
      email: leads.email,
      telefone: leads.telefone,
      codigoVoucher: leads.codigoVoucher,
      evento: eventoDoVoucherColumns,
    })
    .from(leads)
    .innerJoin(eventos, eq(eventos.id, leads.eventoId))
    .where(
      and(
        eq(eventos.dataEvento, dia),
        sql`${eventos.status} <> 'cancelado'`,
        eq(leads.listaEspera, false),
        isNull(leads.canceladoEm),
        isNull(leads.presenteEm),
        isNull(leads.anonimizadoEm),
        depois ? gt(leads.id, depois) : undefined,
        sql`exists (select 1 from ${consentimentos} c where c.lead_id = ${leads.id}
          and c.finalidade = 'whatsapp' and c.revogado_em is null)`,
      ),
    )
    .orderBy(asc(leads.id))
    .limit(limite);
}
