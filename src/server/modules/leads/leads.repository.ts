import { type SQL, and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FunnelResumo, LeadsFilter, LeadsListQuery } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { countedScopeOf, leadsVisibleTo, scopeNodeOf } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, eventos, leads } from '../../db/schema';
import {
  type KeysetCursor,
  clienteSelection,
  countResumo,
  cursorText,
  drillFilters,
  inPlace,
  eventFilters,
  eventoSelection,
  funnelSearch,
  isUnfiltered,
  keysetAfter,
  newestFirst,
  listFunnelPage,
  origemSelection,
  selectScalars,
  resolveFilter,
} from '../funnel';
import { todayInBrasilia } from '../../../shared/brasilia';
import {
  countedSemContato,
  semContatoAntesDe,
  followUpFilters,
  hasFollowUpFilter,
  responsavelNome,
  toResponsavel,
} from './acompanhamento.repository';
import { consentimentoVigente, contatoSelection } from '../lgpd';
import { countedStatusTotal, eventosComPresencas } from '../contagens';

/** Where a lead list's day and moment come from: the request's clock, Brasília's day. */
export interface ListClock {
  today: string;
  now: Date;
}

/** q= on the leads: their one search text, which the trigram index serves (issue 39, item 13). */
export const buscaLeads = (q: string | undefined) => funnelSearch(q, leads.busca, leads.telefone);

export const clockAt = (now: Date): ListClock => ({ today: todayInBrasilia(now), now });

/**
 * Issue 20: the waiting list (listaEspera=sim|nao) and attendance (presenca=sim|nao). The waiting list is written
 * as the flag itself, not compared with a parameter: its scope's partial index (`where lista_espera`, issue 46) is
 * then proven usable by every plan, the prepared statement's generic one too.
 */
function inscricaoFilters(filter: LeadsSelecao): SQL | undefined {
  const presentes = filter.eventosPresentes;
  return and(
    filter.listaEspera === 'sim' ? sql`${leads.listaEspera}` : undefined,
    filter.listaEspera === 'nao' ? sql`not ${leads.listaEspera}` : undefined,
    filter.presenca === 'sim' ? isNotNull(leads.presenteEm) : undefined,
    // The events with someone present, read first (`eventosPresentes`): none, and the list is empty without a read.
    presentes && presentes.length === 0 ? sql`false` : undefined,
    presentes && presentes.length > 0 ? sql`${leads.eventoId} = any(${sql.param(presentes)}::uuid[])` : undefined,
    filter.presenca === 'nao' ? isNull(leads.presenteEm) : undefined,
  );
}

const hasInscricaoFilter = (filter: LeadsFilter) => Boolean(filter.listaEspera || filter.presenca);

/**
 * The list's filters, and an export's or a bulk action's chosen rows (issue 50); for the list, the events where
 * someone was present when it asks for them (`eventosPresentes`).
 */
export type LeadsSelecao = LeadsFilter & { ids?: string[]; eventosPresentes?: readonly string[] };

/**
 * presenca=sim (issue 46): the events of the caller's scope where someone was present, read from the counters first.
 * `presente_em` has no index (a check-in stays a HOT update, migration 0025): a network where few families were
 * checked in walked its whole list to find them (the franqueador's page of 500: 305 ms at one user, no answer at 16).
 * The rows of the other events are then left out by their event, and the rest is tested as before.
 */
async function eventosPresentes(db: Executor, actor: Actor, filter: LeadsFilter) {
  const node = filter.presenca === 'sim' ? scopeNodeOf(actor) : null;
  return node ? eventosComPresencas(db, node) : undefined;
}

/** The leads of the list's filters (and chosen rows), the actor's only: the list, its CSV and the bulk actions. */
export function leadConditions(actor: Actor, filter: LeadsSelecao, clock: ListClock) {
  return and(
    filter.ids ? sql`${leads.id} = any(${sql.param(filter.ids)}::uuid[])` : undefined,
    inPlace(actor, filter, 'leads'),
    eventFilters(filter, leads.eventoId),
    drillFilters(filter, leads, leads.createdAt),
    buscaLeads(filter.q),
    followUpFilters(actor, filter, clock.today, clock.now),
    inscricaoFilters(filter),
  );
}

/**
 * A status alone -- 'novo' is nearly every lead of a network -- or 'sem contato' alone is counted from the
 * status counters (migration 0009), not over the rows.
 */
function countedFollowUpTotal(db: Executor, actor: Actor, filter: LeadsFilter, clock: ListClock) {
  const scopeId = countedScopeOf(actor, 'leads');
  if (
    !scopeId ||
    !isUnfiltered(filter) ||
    filter.responsavelId ||
    filter.retorno ||
    filter.abertos ||
    hasInscricaoFilter(filter)
  ) {
    return undefined;
  }
  const { status, semContato } = filter;
  let total: SQL<number> | undefined;
  if (status && !semContato) total = countedStatusTotal(scopeId, status);
  if (semContato && !status) {
    const before = semContato === '48h' ? semContatoAntesDe(clock.now) : undefined;
    total = countedSemContato(actor, scopeId, before);
  }
  if (!total) return undefined;
  const counted = total;
  return async () => {
    const [row] = await selectScalars(db, { n: counted });
    return Number(row?.n ?? 0);
  };
}

/**
 * presenca=sim alone: its total is the counters' sum of the scope's presences (`eventosComPresencas`), not a count
 * over the rows -- which read every present family's row from the table (issue 46, ADR 132).
 */
function countedPresentes(query: LeadsSelecao, presentes: number | undefined) {
  const alone =
    query.presenca === 'sim' &&
    Object.entries(query).every(([key, value]) => value === undefined || PRESENCA_SOZINHA.has(key));
  return alone && presentes !== undefined ? async () => presentes : undefined;
}

/** What a presenca=sim list may carry and still be the scope's presences alone: its page, order and events. */
const PRESENCA_SOZINHA = new Set([
  'presenca',
  'eventosPresentes',
  'page',
  'pageSize',
  'sort',
  'apos',
  'antes',
  'irPara',
]);

const leadSelection = {
  id: leads.id,
  eventoId: leads.eventoId,
  nomeAluno: leads.nomeAluno,
  nomeResponsavel: leads.nomeResponsavel,
  ...contatoSelection(leads),
  createdAt: leads.createdAt,
  status: leads.status,
  responsavelId: leads.responsavelId,
  responsavelNome: responsavelNome(),
  proximoContatoEm: leads.proximoContatoEm,
  listaEspera: leads.listaEspera,
  canceladoEm: leads.canceladoEm,
  presenteEm: leads.presenteEm,
  evento: eventoSelection,
  cliente: clienteSelection,
  // Issue 48: where the family came from, the link's vendedor read for the page's rows only.
  origem: origemSelection(leads),
};

/** One page of the caller's leads, newest first, with the number of all that match. */
export async function listLeads(db: Executor, actor: Actor, asked: LeadsListQuery, clock = clockAt(new Date())) {
  const [resolved, presentes] = await Promise.all([
    resolveFilter(db, actor, 'leads', asked),
    eventosPresentes(db, actor, asked),
  ]);
  const query = presentes ? { ...resolved, eventosPresentes: presentes.ids } : resolved;
  const source = {
    table: leads,
    id: leads.id,
    eventoId: leads.eventoId,
    createdAt: leads.createdAt,
    counter: 'leads' as const,
  };
  const { items, total, exact, cursors } = await listFunnelPage(
    db,
    actor,
    source,
    leadSelection,
    leadConditions(actor, query, clock),
    query,
    {
      filtered: hasFollowUpFilter(query) || hasInscricaoFilter(query),
      total: countedFollowUpTotal(db, actor, query, clock) ?? countedPresentes(query, presentes?.presentes),
      // The statistics of a network with few presences expect one present row, and joined the page's events and
      // clientes to every present family before sorting them (a franqueador's 5,732: 1.2 s); its keys go first.
      byEvents: Boolean(presentes?.ids.length),
    },
  );
  return {
    items: items.map(({ responsavelId, responsavelNome: nome, ...lead }) => ({
      ...lead,
      responsavel: toResponsavel(responsavelId, nome),
    })),
    total,
    exact,
    cursors,
  };
}

/** One export batch: the rows after the cursor, with the text of each row's sort key. */
export function leadsExportBatch(db: Executor, actor: Actor, filter: LeadsSelecao, clock = clockAt(new Date())) {
  return (after: KeysetCursor | null, limit: number) =>
    db
      .select({
        id: leads.id,
        cursorAt: cursorText(leads.createdAt),
        nomeAluno: leads.nomeAluno,
        nomeResponsavel: leads.nomeResponsavel,
        email: leads.email,
        telefone: leads.telefone,
        createdAt: leads.createdAt,
        nomeEscola: eventos.nomeEscola,
        dataEvento: eventos.dataEvento,
        // The franqueador's Interesses shows, and exports, the cliente behind each interest (issue 23).
        clienteNome: clientes.nomeFantasia,
        origem: origemSelection(leads),
      })
      .from(leads)
      .innerJoin(eventos, eq(eventos.id, leads.eventoId))
      .leftJoin(clientes, eq(clientes.id, eventos.clienteId))
      .where(
        and(
          leadConditions(actor, filter, clock),
          consentimentoVigente(leads),
          keysetAfter(after, leads.createdAt, leads.id),
        ),
      )
      .orderBy(...newestFirst(leads.createdAt, leads.id))
      .limit(limit);
}

export function leadsResumo(db: Executor, actor: Actor): Promise<FunnelResumo> {
  return countResumo(db, actor, { table: leads, counter: 'leads' }, leadsVisibleTo(actor));
}

/**
 * The rows an export of these filters holds (the export batches' own conditions), counted up to `limite` + 1
 * when a limit is given: enough to choose between a direct download and a job without counting a whole network.
 */
export async function countLeadsExport(
  db: Executor,
  actor: Actor,
  filter: LeadsSelecao,
  clock: ListClock,
  limite?: number,
): Promise<number> {
  const rows = db
    .select({ um: sql`1` })
    .from(leads)
    .innerJoin(eventos, eq(eventos.id, leads.eventoId))
    .where(and(leadConditions(actor, filter, clock), consentimentoVigente(leads)));
  const counted = (limite === undefined ? rows : rows.limit(limite + 1)).as('exportadas');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(counted);
  return Number(row?.total ?? 0);
}
