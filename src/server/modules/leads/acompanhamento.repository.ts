import { type SQL, and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  type AcompanhamentoResumo,
  type HistoricoEntry,
  LEAD_STATUSES_ABERTOS,
  type LeadStatus,
  type MotivoPerda,
  type ResponsavelOpcao,
} from '../../../shared/schemas/acompanhamento';
import { contatoSelection } from '../lgpd';
import { wellFormed } from '../../../shared/schemas/fields';
import type { LeadsFilter } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import {
  leadsVisibleTo,
  matriculasVisibleTo,
  preMatriculasVisibleTo,
  scopeNodeOf,
  vendedoresVisibleTo,
} from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import { clientes, eventos, leadHistorico, leads, matriculas, preMatriculas, users, vendedores } from '../../db/schema';
import { countedStatusTotal } from '../contagens';
import { eventoSelection, origemSelection } from '../funnel';

/**
 * The follow-up of a lead (issue 16): its row's follow-up columns, the history staff write, and the history read
 * from the funnel's own rows (the sign-up, pré-matrículas, matrículas), so every lead has one from its sign-up on.
 */

/** `status in (open ones)`, as a literal list: the planner matches it with the retorno indexes' predicate. */
export const leadIsOpen: SQL = sql.raw(
  `"leads"."status" in (${LEAD_STATUSES_ABERTOS.map((s) => `'${s}'`).join(', ')})`,
);

/** A validated status as a literal, so a status filter proves the partial index's `status <> 'novo'`. */
function statusIs(status: LeadStatus): SQL {
  return sql.raw(`"leads"."status" = '${status}'`);
}

/** The responsável's name: the vendedor's user. One indexed lookup per row of a page. */
export function responsavelNome(responsavelId: SQL | typeof leads.responsavelId = leads.responsavelId) {
  // Aliased: inside a select without a table (findResponsavel), drizzle leaves column names unqualified.
  return sql<string | null>`(select rv_u.nome from ${vendedores} rv
    join ${users} rv_u on rv_u.id = rv.user_id where rv.id = ${responsavelId})`;
}

export function toResponsavel(id: string | null, nome: string | null) {
  return id ? { id, nome: nome ?? '' } : null;
}

const HOURS_48 = 48 * 60 * 60 * 1000;

/** The moment before which an uncontacted lead counts as 'sem contato há mais de 48 h'. */
export const semContatoAntesDe = (now: Date) => new Date(now.getTime() - HOURS_48);

/** The follow-up filters of Leads and Interesses and their export; `today` is Brasília's. */
export function followUpFilters(actor: Actor, filter: LeadsFilter, today: string, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status) conditions.push(statusIs(filter.status));
  if (filter.responsavelId === 'eu') {
    conditions.push(actor.vendedorId ? eq(leads.responsavelId, actor.vendedorId) : sql`false`);
  } else if (filter.responsavelId === 'nenhum') {
    conditions.push(isNull(leads.responsavelId));
  } else if (filter.responsavelId) {
    conditions.push(eq(leads.responsavelId, filter.responsavelId));
  }
  if (filter.retorno === 'hoje') conditions.push(eq(leads.proximoContatoEm, today), leadIsOpen);
  if (filter.retorno === 'atrasados') conditions.push(lt(leads.proximoContatoEm, today), leadIsOpen);
  if (filter.abertos === 'sim') conditions.push(leadIsOpen);
  if (filter.abertos === 'nao') conditions.push(sql`not ${leadIsOpen}`);
  if (filter.semContato) {
    // Never contacted and open is 'novo' (see countedSemContato).
    conditions.push(statusIs('novo'), isNull(leads.primeiroContatoEm));
    if (filter.semContato === '48h') conditions.push(lt(leads.createdAt, semContatoAntesDe(now)));
  }
  return conditions.length ? and(...conditions) : undefined;
}

export function hasFollowUpFilter(filter: LeadsFilter): boolean {
  return Boolean(filter.status || filter.responsavelId || filter.retorno || filter.semContato || filter.abertos);
}

const PAST_NOVO = sql.raw(`"leads"."status" in ('em_contato', 'interessado', 'sem_interesse', 'convertido')`);

/**
 * Open leads nobody has contacted, signed up before `before` when given, counted without reading the scope's
 * rows. They are exactly the 'novo' ones: a contact, or a move to em_contato or interessado, dates the first
 * contact and moves a lead on, and a contacted lead never goes back. So: the node's 'novo' leads (counters) less
 * those signed up since `before` (a short index range).
 */
export function countedSemContato(actor: Actor, scopeId: string, before?: Date): SQL<number> {
  if (!before) return countedStatusTotal(scopeId, 'novo');
  const visible = leadsVisibleTo(actor);
  const since = sql`${leads.createdAt} >= ${before.toISOString()}::timestamptz`;
  return sql<number>`(${countedStatusTotal(scopeId, 'novo')} - (select count(*) from ${leads}
    where ${visible} and ${since}) + (select count(*) from ${leads} where ${visible} and ${PAST_NOVO} and ${since}))::int`;
}

/** The lead as PATCH and the contacts need it, locked for the transaction, or null outside the scope. */
export async function lockLeadInScope(tx: Executor, actor: Actor, id: string) {
  const [row] = await tx
    .select({
      id: leads.id,
      eventoId: leads.eventoId,
      email: leads.email,
      nomeAluno: leads.nomeAluno,
      microFranquiaId: leads.microFranquiaId,
      status: leads.status,
      motivoPerda: leads.motivoPerda,
      responsavelId: leads.responsavelId,
      proximoContatoEm: leads.proximoContatoEm,
      primeiroContatoEm: leads.primeiroContatoEm,
    })
    .from(leads)
    .where(and(eq(leads.id, id), leadsVisibleTo(actor)))
    .for('update')
    .limit(1);
  return row ?? null;
}
export type LockedLead = NonNullable<Awaited<ReturnType<typeof lockLeadInScope>>>;

export async function leadExistsInScope(db: Executor, actor: Actor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, id), leadsVisibleTo(actor)))
    .limit(1);
  return Boolean(row);
}

export interface LeadFollowUpChange {
  status?: LeadStatus;
  motivoPerda?: MotivoPerda | null;
  responsavelId?: string | null;
  proximoContatoEm?: string | null;
  primeiroContatoEm?: Date;
}

export async function updateLeadFollowUp(tx: Executor, id: string, change: LeadFollowUpChange): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await tx.update(leads).set(change).where(eq(leads.id, id));
}

export interface NewHistoricoEntry {
  leadId: string;
  tipo: 'reinscricao' | 'contato' | 'status' | 'responsavel' | 'nota';
  em: Date;
  autorId: string | null;
  dados: Record<string, unknown>;
}

export async function insertHistorico(tx: Executor, entry: NewHistoricoEntry) {
  const [row] = await tx.insert(leadHistorico).values(entry).returning({ id: leadHistorico.id });
  return row!;
}

/** A family's WhatsApp message keeps at most this many characters on the lead's history. */
const WHATSAPP_TEXTO_MAX = 1000;

/**
 * A family's WhatsApp message (issue 47, ADR 103), on its lead's history, and the lead marked contacted: its first
 * contact dated, and 'novo' put 'em_contato' (with its status entry, by nobody), as a staff contact would. One
 * statement; a lead anonymised or gone writes nothing.
 */
export async function recordMensagemWhatsapp(db: Executor, leadId: string, em: Date, texto: string): Promise<void> {
  const quando = em.toISOString();
  await db.execute(sql`with lead as (
      select id, status from ${leads} where id = ${leadId}::uuid and anonimizado_em is null for update
    ), contatado as (
      update ${leads} l set primeiro_contato_em = coalesce(l.primeiro_contato_em, ${quando}::timestamptz),
        status = case when l.status = 'novo' then 'em_contato' else l.status end
      from lead where l.id = lead.id
    ), status as (
      insert into ${leadHistorico} (lead_id, tipo, em, dados)
      select id, 'status', ${quando}::timestamptz, '{"status":["novo","em_contato"]}'::jsonb from lead where status = 'novo'
    )
    insert into ${leadHistorico} (lead_id, tipo, em, dados)
    select id, 'whatsapp', ${quando}::timestamptz,
      jsonb_build_object('texto', ${wellFormed(texto.slice(0, WHATSAPP_TEXTO_MAX))}::text) from lead`);
}

/** A repeat sign-up leaves at most this many entries on a lead: a flood of repeats stops growing its history. */
const REINSCRICOES_MAX = 20;

/** A repeat sign-up the dedupe absorbed (DESIGN §4.4), kept on the lead's history, one statement. */
export async function recordReinscricao(
  db: Executor,
  leadId: string,
  em: Date,
  dados: { nomeResponsavel: string; telefone: string },
): Promise<void> {
  await db.execute(sql`insert into ${leadHistorico} (lead_id, tipo, em, dados)
    select ${leadId}::uuid, 'reinscricao', ${em.toISOString()}::timestamptz, ${JSON.stringify({ nomeResponsavel: wellFormed(dados.nomeResponsavel), telefone: dados.telefone })}::jsonb
    where (select count(*) from ${leadHistorico}
      where ${leadHistorico.leadId} = ${leadId}::uuid and ${leadHistorico.tipo} = 'reinscricao') < ${REINSCRICOES_MAX}`);
}

/** Vendedor found in the caller's view: its micro-franquia and whether it may still sign in. */
export async function findVendedorVisible(db: Executor, actor: Actor, vendedorId: string) {
  const [row] = await db
    .select({ id: vendedores.id, microFranquiaId: vendedores.microFranquiaId, isActive: vendedores.isActive })
    .from(vendedores)
    .where(and(eq(vendedores.id, vendedorId), vendedoresVisibleTo(actor)))
    .limit(1);
  return row ?? null;
}

export async function findResponsavel(db: Executor, vendedorId: string | null) {
  if (!vendedorId) return null;
  const [row] = await db.select({ nome: responsavelNome(sql`${vendedorId}::uuid`) }).from(sql`(select 1) as one`);
  return toResponsavel(vendedorId, row?.nome ?? null);
}

/** The active vendedores of a micro-franquia, by name: whom its leads may be assigned to. */
export async function listResponsaveisOf(
  db: Executor,
  actor: Actor,
  microFranquiaId: string,
): Promise<ResponsavelOpcao[]> {
  const rows = await db
    .select({ id: vendedores.id, nome: users.nome, email: users.email })
    .from(vendedores)
    .innerJoin(users, eq(users.id, vendedores.userId))
    .where(
      and(eq(vendedores.microFranquiaId, microFranquiaId), eq(vendedores.isActive, true), vendedoresVisibleTo(actor)),
    )
    .orderBy(users.nome, vendedores.id)
    .limit(500);
  return rows.map((r) => ({ id: r.id, nome: r.nome ?? r.email }));
}

export async function leadMicroFranquiaInScope(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({ microFranquiaId: leads.microFranquiaId })
    .from(leads)
    .where(and(eq(leads.id, id), leadsVisibleTo(actor)))
    .limit(1);
  return row ?? null;
}

/** Whether a matrícula came of this lead: its status stays 'convertido'. */
export async function leadHasMatricula(db: Executor, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: matriculas.id })
    .from(matriculas)
    .where(
      or(
        eq(matriculas.leadId, leadId),
        sql`${matriculas.preMatriculaId} in (select ${preMatriculas.id} from ${preMatriculas} where ${preMatriculas.leadId} = ${leadId})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The lead's row as the panel shows it, or null outside the scope. */
export async function findLeadDetalheRow(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({
      id: leads.id,
      eventoId: leads.eventoId,
      nomeAluno: leads.nomeAluno,
      nomeResponsavel: leads.nomeResponsavel,
      ...contatoSelection(leads),
      /** The e-mail on record, for the history's links only (never answered when the consent was revoked). */
      emailRegistro: leads.email,
      createdAt: leads.createdAt,
      consentidoEm: leads.consentidoEm,
      status: leads.status,
      motivoPerda: leads.motivoPerda,
      responsavelId: leads.responsavelId,
      responsavelNome: responsavelNome(),
      proximoContatoEm: leads.proximoContatoEm,
      primeiroContatoEm: leads.primeiroContatoEm,
      evento: eventoSelection,
      clienteNome: clientes.nomeFantasia,
      origem: origemSelection(leads),
    })
    .from(leads)
    .innerJoin(eventos, eq(eventos.id, leads.eventoId))
    .leftJoin(clientes, eq(clientes.id, eventos.clienteId))
    .where(and(eq(leads.id, id), leadsVisibleTo(actor)))
    .limit(1);
  return row ?? null;
}

/** A lead's history holds at most this many written entries (newest); a lead is followed for weeks, not years. */
const HISTORICO_LIMIT = 500;

interface HistoricoRow {
  id: string;
  tipo: HistoricoEntry['tipo'];
  em: Date | string;
  autor_id: string | null;
  autor_nome: string | null;
  dados: Record<string, unknown> | string;
}

/**
 * The lead's whole history, newest first: the entries written for it, and those read from the funnel -- its
 * sign-up, the pré-matrículas linked to it or made at its event with its e-mail, and their matrículas (not for
 * the vendedor, who does not see matrículas).
 */
export async function listHistorico(
  db: Executor,
  actor: Actor,
  lead: { id: string; eventoId: string; email: string; createdAt: Date },
): Promise<HistoricoEntry[]> {
  // Found by the lead and by its event and e-mail (two indexed lookups), then held to the caller's scope. The
  // `offset 0` keeps the planner from walking the scope's whole page index instead (a franqueador's is a network).
  const pres = sql`select ${preMatriculas.id} from ${preMatriculas} where ${preMatriculas.leadId} = ${lead.id}
    union select ${preMatriculas.id} from ${preMatriculas}
      where ${preMatriculas.eventoId} = ${lead.eventoId} and lower(${preMatriculas.email}) = lower(${lead.email})`;
  const rows = await executeRows<HistoricoRow>(
    db,
    sql`(select h.id, h.tipo::text as tipo, h.em, h.autor_id, coalesce(u.nome, u.email) as autor_nome, h.dados
        from ${leadHistorico} h left join ${users} u on u.id = h.autor_id
        where h.lead_id = ${lead.id}
        order by h.em desc limit ${HISTORICO_LIMIT})
      union all
      (select ${preMatriculas.id}, 'pre_matricula', ${preMatriculas.createdAt}, null, null,
          jsonb_build_object('id', ${preMatriculas.id}, 'status', ${preMatriculas.status}, 'nomeAluno', ${preMatriculas.nomeAluno})
        from (select * from ${preMatriculas} where ${preMatriculas.id} in (${pres}) offset 0) as ${preMatriculas}
        where ${preMatriculasVisibleTo(actor)})
      union all
      (select ${matriculas.id}, 'matricula', ${matriculas.efetivadaEm}, null, null,
          jsonb_build_object('id', ${matriculas.id}, 'cursoInteresse', ${matriculas.cursoInteresse})
        from (select * from ${matriculas} where ${matriculas.leadId} = ${lead.id}
          union select * from ${matriculas} where ${matriculas.preMatriculaId} in (${pres}) offset 0) as ${matriculas}
        where ${matriculasVisibleTo(actor)})`,
  );
  const entries: HistoricoEntry[] = rows.map((r) => ({
    id: r.id,
    tipo: r.tipo,
    em: new Date(r.em).toISOString(),
    autor: r.autor_id ? { id: r.autor_id, nome: r.autor_nome ?? '' } : null,
    dados: typeof r.dados === 'string' ? (JSON.parse(r.dados) as Record<string, unknown>) : r.dados,
  }));
  entries.push({ id: lead.id, tipo: 'inscricao', em: lead.createdAt.toISOString(), autor: null, dados: {} });
  // Newest first; at one instant the later step first (a matrícula after its pré-matrícula after the sign-up).
  const order = ['inscricao', 'reinscricao', 'pre_matricula', 'matricula', 'contato', 'nota', 'responsavel', 'status'];
  return entries.sort((a, b) => b.em.localeCompare(a.em) || order.indexOf(b.tipo) - order.indexOf(a.tipo));
}

/** The lead the efetivação converts: the pré-matrícula's own, else its event's lead of that e-mail. */
export async function convertLeadOf(
  tx: Executor,
  pre: { leadId: string | null; eventoId: string; email: string; nomeAluno: string | null },
  autorId: string,
  em: Date,
): Promise<void> {
  const target = pre.leadId
    ? sql`${pre.leadId}::uuid`
    : sql`(select ${leads.id} from ${leads} where ${leads.eventoId} = ${pre.eventoId}
        and lower(${leads.email}) = lower(${pre.email})
        order by (lower(${leads.nomeAluno}) = lower(${pre.nomeAluno ?? ''})) desc, ${leads.createdAt} desc limit 1)`;
  const changed = await executeRows<{ id: string; status: LeadStatus; motivo_perda: MotivoPerda | null }>(
    tx,
    sql`with antes as (
        select id, status, motivo_perda from ${leads} where id = ${target} and status <> 'convertido' for update
      )
      update ${leads} l set status = 'convertido', motivo_perda = null
      from antes where l.id = antes.id
      returning antes.id, antes.status, antes.motivo_perda`,
  );
  for (const row of changed) {
    const dados: Record<string, unknown> = { status: [row.status, 'convertido'] };
    if (row.motivo_perda) dados.motivoPerda = [row.motivo_perda, null];
    await insertHistorico(tx, { leadId: row.id, tipo: 'status', em, autorId, dados });
  }
}

/** The vendedor's or cliente's follow-up due today, overdue, and never contacted after 48 hours. */
export async function countAcompanhamento(
  db: Executor,
  actor: Actor,
  today: string,
  now: Date,
): Promise<AcompanhamentoResumo> {
  const visible = leadsVisibleTo(actor);
  const scope = scopeNodeOf(actor);
  const count = (where: SQL | undefined) => sql<number>`(select count(*) from ${leads} where ${where})::int`;
  const [row] = await db
    .select({
      retornosHoje: count(and(visible, eq(leads.proximoContatoEm, today), leadIsOpen)),
      atrasados: count(and(visible, lt(leads.proximoContatoEm, today), leadIsOpen)),
      semContato48h: scope ? countedSemContato(actor, scope.id, semContatoAntesDe(now)) : sql<number>`0`,
    })
    .from(sql`(select 1) as one`);
  return {
    retornosHoje: Number(row?.retornosHoje ?? 0),
    atrasados: Number(row?.atrasados ?? 0),
    semContato48h: Number(row?.semContato48h ?? 0),
  };
}

/**
 * Issue 49: the first of the follow-up due -- the open leads whose return is `today` or overdue, the most overdue
 * first -- for the agenda beside countAcompanhamento's counts (the Leads list's `retorno=hoje|atrasados` hold them
 * all).
 */
export async function listRetornosDevidos(db: Executor, actor: Actor, today: string, limit: number) {
  return db
    .select({
      id: leads.id,
      nomeAluno: leads.nomeAluno,
      nomeResponsavel: leads.nomeResponsavel,
      proximoContatoEm: leads.proximoContatoEm,
      status: leads.status,
    })
    .from(leads)
    .where(and(leadsVisibleTo(actor), lte(leads.proximoContatoEm, today), leadIsOpen))
    .orderBy(asc(leads.proximoContatoEm), asc(leads.id))
    .limit(limit);
}
