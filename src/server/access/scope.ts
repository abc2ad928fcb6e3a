import { type SQL, eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  alunos,
  auditLog,
  campanhaCustos,
  cobrancaConciliacaoDiferencas,
  clientes,
  comissaoFechamentos,
  comissaoLancamentos,
  comissaoSomas,
  comissaoRegras,
  contratoModelos,
  cursos,
  eventos,
  franquias,
  leads,
  lgpdPedidos,
  matriculas,
  metas,
  microFranquias,
  parcelas,
  preMatriculas,
  sacTickets,
  users,
  vendedores,
  visitas,
  whatsappModelos,
} from '../db/schema';
import type { Actor } from './actor';

/**
 * The ONE place that turns a signed-in user into the rows it may read (DESIGN §4.1). Each function answers a
 * SQL condition on its table; a role that may read none of it gets `false`. Routes never write their own
 * visibility rules: they add these conditions to their queries, so a row outside the scope is simply absent
 * (404 on an :id route).
 */

const NONE = sql`false`;

function must(value: string | null): string {
  // A user whose role row link is missing sees nothing rather than everything.
  return value ?? '00000000-0000-0000-0000-000000000000';
}

/** Franquias under the actor's franqueador. */
function networkFranquiaIds(actor: Actor) {
  return sql`(select ${franquias.id} from ${franquias} where ${franquias.franqueadorId} = ${must(actor.franqueadorId)})`;
}

/**
 * Rows the franqueador reads across its network (`franqueadorId`) and a franquia for itself alone (`franquiaId`:
 * its own row, or the rows it owns); every other role, none.
 */
function franqueadorOuFranquia(actor: Actor, franqueadorId: AnyPgColumn, franquiaId: AnyPgColumn): SQL {
  switch (actor.role) {
    case 'franqueador':
      return eq(franqueadorId, must(actor.franqueadorId));
    case 'franquia':
      return eq(franquiaId, must(actor.franquiaId));
    default:
      return NONE;
  }
}

/** Micro-franquias under the actor's franqueador. */
function networkMicroFranquiaIds(actor: Actor) {
  return sql`(select ${microFranquias.id} from ${microFranquias} where ${microFranquias.franquiaId} in ${networkFranquiaIds(actor)})`;
}

function franquiaMicroFranquiaIds(franquiaId: string) {
  return sql`(select ${microFranquias.id} from ${microFranquias} where ${microFranquias.franquiaId} = ${franquiaId})`;
}

export function franquiasVisibleTo(actor: Actor): SQL {
  return franqueadorOuFranquia(actor, franquias.franqueadorId, franquias.id);
}

export function microFranquiasVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return sql`${microFranquias.franquiaId} in ${networkFranquiaIds(actor)}`;
    case 'franquia':
      return eq(microFranquias.franquiaId, must(actor.franquiaId));
    case 'micro_franquia':
      return eq(microFranquias.id, must(actor.microFranquiaId));
    default:
      return NONE;
  }
}

export function clientesVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    // The school's own franqueador and franquia, kept by PostgreSQL as its micro-franquia's (ADR 164).
    case 'franqueador':
      return eq(clientes.franqueadorId, must(actor.franqueadorId));
    case 'franquia':
      return eq(clientes.franquiaId, must(actor.franquiaId));
    case 'micro_franquia':
      return eq(clientes.microFranquiaId, must(actor.microFranquiaId));
    case 'vendedor':
      return eq(clientes.vendedorId, must(actor.vendedorId));
    case 'cliente':
      return eq(clientes.id, must(actor.clienteId));
    default:
      return NONE;
  }
}

/** Vendedores: the micro-franquia's own, and those under the franquia's or the franqueador's; a vendedor itself. */
export function vendedoresVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return sql`${vendedores.microFranquiaId} in ${networkMicroFranquiaIds(actor)}`;
    case 'franquia':
      return sql`${vendedores.microFranquiaId} in ${franquiaMicroFranquiaIds(must(actor.franquiaId))}`;
    case 'micro_franquia':
      return eq(vendedores.microFranquiaId, must(actor.microFranquiaId));
    case 'vendedor':
      return eq(vendedores.id, must(actor.vendedorId));
    default:
      return NONE;
  }
}

/**
 * Visitas (issue 49, ADR 105): the visits to the clientes the actor sees -- and, for a vendedor, also the visits it
 * was sent on (a manager may send another vendedor of the school's micro-franquia). The cliente and the aluno see
 * none (permissions.ts refuses them the routes too). Each visit carries its school's place in the tree (migration
 * 0094, ADR 163), so the clientes a role sees are one comparison on the visit: the school's own vendedor
 * (`clienteVendedorId`), its micro-franquia, franquia or franqueador, as clientesVisibleTo reads them.
 */
export function visitasVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return eq(visitas.franqueadorId, must(actor.franqueadorId));
    case 'franquia':
      return eq(visitas.franquiaId, must(actor.franquiaId));
    case 'micro_franquia':
      return eq(visitas.microFranquiaId, must(actor.microFranquiaId));
    case 'vendedor': {
      const vendedorId = must(actor.vendedorId);
      return sql`(${eq(visitas.vendedorId, vendedorId)} or ${eq(visitas.clienteVendedorId, vendedorId)})`;
    }
    default:
      return NONE;
  }
}

/**
 * A cliente manages its own courses; the roles above it read them (the event form offers them): the courses of the
 * clientes they see, by the path each course carries from its cliente (migration 0075) -- one indexed comparison, not
 * every course of every cliente in scope.
 */
export function cursosVisibleTo(actor: Actor): SQL {
  return inScopePath(actor, cursos);
}

/**
 * Events, leads, pré-matrículas and matrículas carry their whole scope path (cliente, vendedor, micro-franquia,
 * franquia, franqueador), copied by triggers from the tree (migration 0001): a role's rows are one indexed
 * comparison, and the counters in scope_counts are kept per path node.
 */
interface ScopePathColumns {
  clienteId: AnyPgColumn;
  vendedorId: AnyPgColumn;
  microFranquiaId: AnyPgColumn;
  franquiaId: AnyPgColumn;
  franqueadorId: AnyPgColumn;
}

/** The node of the tree whose rows a staff role sees (its own company), or null for the aluno. */
export function scopeNodeOf(actor: Actor): { column: keyof ScopePathColumns; id: string } | null {
  switch (actor.role) {
    case 'franqueador':
      return { column: 'franqueadorId', id: must(actor.franqueadorId) };
    case 'franquia':
      return { column: 'franquiaId', id: must(actor.franquiaId) };
    case 'micro_franquia':
      return { column: 'microFranquiaId', id: must(actor.microFranquiaId) };
    case 'vendedor':
      return { column: 'vendedorId', id: must(actor.vendedorId) };
    case 'cliente':
      return { column: 'clienteId', id: must(actor.clienteId) };
    default:
      return null;
  }
}

function inScopePath(actor: Actor, table: ScopePathColumns): SQL {
  const node = scopeNodeOf(actor);
  return node ? eq(table[node.column], node.id) : NONE;
}

/**
 * A reconciliation's differences (ADR 080) under the matrícula's scope path copied when written; one whose payment
 * no matrícula of ours holds has no path and is read by no one (the run's log counts it).
 */
export function conciliacaoDiferencasVisibleTo(actor: Actor): SQL {
  if (actor.role === 'aluno' || actor.role === 'vendedor') return NONE;
  return inScopePath(actor, cobrancaConciliacaoDiferencas);
}

export function eventosVisibleTo(actor: Actor): SQL {
  return inScopePath(actor, eventos);
}

export function leadsVisibleTo(actor: Actor): SQL {
  return inScopePath(actor, leads);
}

/** The funnel tables whose rows sit under their event's scope path. */
export type FunnelTable = 'leads' | 'preMatriculas' | 'matriculas';

const FUNNEL_TABLES = {
  leads: { eventoId: leads.eventoId, visibleTo: (actor: Actor) => leadsVisibleTo(actor) },
  preMatriculas: { eventoId: preMatriculas.eventoId, visibleTo: (actor: Actor) => preMatriculasVisibleTo(actor) },
  matriculas: { eventoId: matriculas.eventoId, visibleTo: (actor: Actor) => matriculasVisibleTo(actor) },
} satisfies Record<FunnelTable, { eventoId: AnyPgColumn; visibleTo: (actor: Actor) => SQL }>;

/** A funnel table's own visibility rule, by its name. */
export function funnelRowsVisibleTo(actor: Actor, table: FunnelTable): SQL {
  return FUNNEL_TABLES[table].visibleTo(actor);
}

/** The nodes of the path below its top that a list's filter may name. */
export type PathNodes = Partial<Record<Exclude<keyof ScopePathColumns, 'franqueadorId'>, string>>;

/** The path's levels from the top: a level's rows are among those of every level above it. */
const PATH_LEVELS = ['franqueadorId', 'franquiaId', 'microFranquiaId', 'vendedorId', 'clienteId'] as const;
const NODE_LEVELS = ['franquiaId', 'microFranquiaId', 'vendedorId', 'clienteId'] as const;

/** The tables whose rows carry their event's scope path, with their own visibility rules. */
export type PathTable = FunnelTable | 'parcelas';

/**
 * A table's rows the actor sees, where the list's filter names nodes of the path (issue 46, ADR 128): the table's
 * own rule, or -- when a node named lies below the actor's own -- that node's rows, with the actor's own node
 * checked once, on the events, instead of on every row. A row's path is its event's (migration 0001's triggers copy
 * it and keep it right when an event or a company moves), so a node's rows are all the actor's exactly when one of
 * the actor's events lies under that node, and none of them otherwise. The planner then reads the node's own index,
 * not the actor's whole scope testing each row's node: a franqueador's deepest page of one franquia's leads walked
 * 54,591 rows of the network's index for the 9,951 it skipped. The caller filters by the nodes as well; the node
 * compared here is one of them, and an equality the planner reads once.
 */
export function rowsUnderNodes(actor: Actor, table: PathTable, nodes: PathNodes): SQL {
  const rule = table === 'parcelas' ? parcelasVisibleTo(actor) : funnelRowsVisibleTo(actor, table);
  const own = scopeNodeOf(actor);
  const deepest = NODE_LEVELS.filter((level) => nodes[level]).at(-1);
  if (!own || rule === NONE || !deepest || PATH_LEVELS.indexOf(deepest) <= PATH_LEVELS.indexOf(own.column)) {
    return rule;
  }
  const columns = { parcelas, leads, preMatriculas, matriculas }[table];
  const id = nodes[deepest]!;
  return sql`(${eq(columns[deepest], id)} and exists (select 1 from ${eventos}
    where ${eq(eventos[deepest], id)} and ${eq(eventos[own.column], own.id)}))`;
}

/**
 * The nodes a list's filter names at or above the actor's own (issue 46): a cliente's micro-franquia or vendedor, a
 * micro-franquia's franquia. Each comes with a condition, read once, that is true when every one of the actor's
 * events lies under that node -- its own node always does, known without a read -- and then the filter keeps every row the actor sees and
 * can be left out: the list reads as unfiltered (its counters, its index-only deep page) instead of testing each row
 * of the scope for the node (a cliente's deepest page by its micro-franquia: 64-69 ms). A row's path is its event's
 * (migration 0001's triggers), so the events answer for every row. Nodes below the actor's own are ADR 128's.
 */
export function nodesImpliedByScope(
  actor: Actor,
  nodes: PathNodes,
): { level: keyof PathNodes; implied: SQL | boolean }[] {
  const own = scopeNodeOf(actor);
  if (!own) return [];
  const ownDepth = PATH_LEVELS.indexOf(own.column);
  return NODE_LEVELS.filter((level) => nodes[level] && PATH_LEVELS.indexOf(level) <= ownDepth).map((level) => {
    const id = nodes[level]!;
    // The actor's own level is known without a read: its own node implies itself, another node filters everything.
    if (level === own.column) return { level, implied: id === own.id };
    return {
      level,
      implied: sql`not exists (select 1 from ${eventos} where ${eq(eventos[own.column], own.id)}
        and ${eventos[level]} is distinct from ${id})`,
    };
  });
}

/**
 * A funnel table's rows the actor sees, only those of the events that match `events` -- a place, estado or cidade
 * (issue 46, ADR 102). A row's scope path is its event's (migration 0001's triggers copy it and keep it right when
 * an event or a company moves), so for the staff the events they see in that place name exactly the rows they see
 * there: the rows are then found by their event alone, through the (evento_id, created_at, id) index with no table
 * read, instead of checking each row of the scope against its event (a franquia's 179,000 leads for one city's
 * 6,788). The aluno's rows, and a role that sees none of the table, keep their own rule beside the events.
 */
export function funnelRowsOfEvents(
  actor: Actor,
  table: FunnelTable,
  events: SQL,
  { asArray = false, ids }: { asArray?: boolean; ids?: readonly string[] } = {},
): SQL {
  const { eventoId, visibleTo } = FUNNEL_TABLES[table];
  const visible = visibleTo(actor);
  // The events already read (`placeEventIdsOf`, ADR 130): one array parameter whose length the planner knows.
  if (ids && staffByEvents(actor, visible)) return sql`${eventoId} = any(${sql.param(ids)}::uuid[])`;
  // `in`, not `= any(array(...))`: the planner then knows how many events (and rows) the place holds. `asArray`
  // (a search, issue 46): the events' ids are one array the (evento_id, ...) index reads as a bitmap, intersected
  // with the trigram index's, so only the rows in both are read (a franqueador's Belém with 'Oliveira': 3,374 rows
  // read instead of the network's 95,746 matches).
  const ofEvents = (scope: SQL | undefined) => {
    const ids = sql`select ${eventos.id} from ${eventos} where ${scope ? sql`${scope} and ` : sql``}${events}`;
    return asArray ? sql`${eventoId} = any(array(${ids}))` : sql`${eventoId} in (${ids})`;
  };
  if (!staffByEvents(actor, visible)) return sql`(${visible} and ${ofEvents(undefined)})`;
  // For the staff the table's own rule is implied by the events': it is left out, so the index alone answers.
  return ofEvents(eventosVisibleTo(actor));
}

/** Whether the actor's rows of a funnel table are those of the events it sees (the staff that read the table). */
const staffByEvents = (actor: Actor, visible: SQL) =>
  actor.role !== 'aluno' && scopeNodeOf(actor) !== null && visible !== NONE;

/**
 * The ids of the events the actor sees that match `events` (a place), for a search to read them first (issue 46, ADR
 * 130), or null for a role whose rows are not its events' (the aluno's; a role that reads none of the table).
 */
export function placeEventIdsOf(actor: Actor, table: FunnelTable, events: SQL): SQL | null {
  const ids = placeEventsOf(actor, table, events);
  return ids && sql`select coalesce(json_agg(e.id), '[]') as ids from (${ids}) e`;
}

/**
 * The events the actor sees that match `events` (a place), as a subquery of their ids, which a search in a place
 * reads first (`placeEventIdsOf`, issue 46, ADR 130); null for a role whose rows are not its events' (the aluno's; a
 * role that reads none of the table).
 */
function placeEventsOf(actor: Actor, table: FunnelTable, events: SQL): SQL | null {
  if (!staffByEvents(actor, FUNNEL_TABLES[table].visibleTo(actor))) return null;
  return sql`select ${eventos.id} from ${eventos} where ${eventosVisibleTo(actor)} and ${events}`;
}

/**
 * The pre-matrículas an aluno account is linked to, in the networks that keep it active: one login may be the
 * aluno of several networks, and a network that switched it off takes its own rows away, not the others'
 * (ADR 019).
 */
function activeAlunoLinks(actor: Actor) {
  return sql`(select ${alunos.preMatriculaId} from ${alunos} where ${alunos.userId} = ${actor.id} and ${alunos.isActive})`;
}

export function preMatriculasVisibleTo(actor: Actor): SQL {
  if (actor.role === 'aluno') return sql`${preMatriculas.id} in ${activeAlunoLinks(actor)}`;
  return inScopePath(actor, preMatriculas);
}

/**
 * The links (`alunos` rows) a staff account's network holds: those of the pre-matrículas it reads. What staff
 * show of an aluno -- its name, since when it is their aluno, whether they switched it off -- comes from these
 * links and their pre-matrículas, never from the shared login another network may have written (ADR 019).
 */
export function alunoLinksVisibleTo(actor: Actor): SQL {
  if (actor.role === 'aluno') return NONE;
  return sql`${alunos.preMatriculaId} in (select ${preMatriculas.id} from ${preMatriculas} where ${preMatriculasVisibleTo(actor)})`;
}

/** The vendedor follows leads and pre-enrolments only (DESIGN §4.1). */
export function matriculasVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'vendedor':
      return NONE;
    case 'aluno':
      return sql`${matriculas.preMatriculaId} in ${activeAlunoLinks(actor)}`;
    default:
      return inScopePath(actor, matriculas);
  }
}

/**
 * A matrícula's parcelas (issue 43): whoever reads the matrícula -- the staff by the scope path the parcela copied
 * from it, the aluno its own matrículas' -- and never the vendedor.
 */
export function parcelasVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'vendedor':
      return NONE;
    case 'aluno':
      return sql`${parcelas.matriculaId} in (select ${matriculas.id} from ${matriculas} where ${matriculasVisibleTo(actor)})`;
    default:
      return inScopePath(actor, parcelas);
  }
}

/**
 * The id whose row in scope_counts holds the actor's totals of a funnel table, when the counters may answer:
 * a staff role that sees that table. The aluno's few rows are counted directly.
 */
export function countedScopeOf(actor: Actor, table: 'leads' | 'preMatriculas' | 'matriculas'): string | null {
  if (actor.role === 'aluno') return null;
  if (table === 'matriculas' && actor.role === 'vendedor') return null;
  return scopeNodeOf(actor)?.id ?? null;
}

/**
 * The franqueador sees every ticket of its network -- its own, its franquias' and its micro-franquias', which
 * the ticket's `franqueador_id` names (set on insert, migration 0021) -- everyone else its own.
 */
export function ticketsVisibleTo(actor: Actor): SQL {
  if (actor.role === 'franqueador') return eq(sacTickets.franqueadorId, must(actor.franqueadorId));
  return eq(sacTickets.solicitanteId, actor.id);
}

/**
 * The events the funnel lists name and offer in their event filter: the staff's events, and for an aluno the
 * events of its own pre-matrículas and matrículas.
 */
export function funnelEventosVisibleTo(actor: Actor): SQL {
  if (actor.role !== 'aluno') return eventosVisibleTo(actor);
  return sql`(${eventos.id} in (select ${preMatriculas.eventoId} from ${preMatriculas} where ${preMatriculasVisibleTo(actor)}) or ${eventos.id} in (select ${matriculas.eventoId} from ${matriculas} where ${matriculasVisibleTo(actor)}))`;
}

/**
 * Users the actor may list and switch on or off (DESIGN §4.1): the franqueador its whole network -- itself, the
 * people of its network (its own, its franquias', micro-franquias', vendedores' and clientes', which each person's
 * row names: `rede_franqueador_id`, ADR 162) and the alunos of its events, each as the network's own links describe
 * it (usuarios.repository.ts); the micro-franquia its vendedores.
 */
export function usuariosVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador': {
      const networkAlunoUserIds = sql`(select ${alunos.userId} from ${alunos} where ${alunoLinksVisibleTo(actor)})`;
      return or(
        eq(users.id, actor.id),
        eq(users.redeFranqueadorId, must(actor.franqueadorId)),
        sql`${users.id} in ${networkAlunoUserIds}`,
      ) as SQL;
    }
    case 'micro_franquia':
      return sql`${users.id} in (select ${vendedores.userId} from ${vendedores} where ${vendedores.microFranquiaId} = ${must(actor.microFranquiaId)})`;
    default:
      return NONE;
  }
}

/**
 * The help desk's people (issue 19): whom a franqueador opens a ticket for -- itself and the people of its network
 * (its own, its franquias', micro-franquias', vendedores' and clientes'), which each person's row names (ADR 162).
 * Alunos are not among them. Every other role, none.
 */
export function pessoasDaRedeVisibleTo(actor: Actor): SQL {
  if (actor.role !== 'franqueador') return NONE;
  return or(eq(users.id, actor.id), eq(users.redeFranqueadorId, must(actor.franqueadorId))) as SQL;
}

/**
 * The audit trail (issue 17): the franqueador reads its whole network's rows, a franquia and a micro-franquia
 * what happened in their subtree (their own actions included: a row without a record carries its actor's
 * place). The other roles read none of it; each person's own sign-ins are Minha conta's.
 */
export function auditoriaVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return eq(auditLog.franqueadorId, must(actor.franqueadorId));
    case 'franquia':
      return eq(auditLog.franquiaId, must(actor.franquiaId));
    case 'micro_franquia':
      return eq(auditLog.microFranquiaId, must(actor.microFranquiaId));
    default:
      return NONE;
  }
}

/**
 * LGPD (issue 18): the branch of the network whose titulares the actor answers for -- the franqueador its
 * network, a franquia its subtree -- as the scope column of the funnel's rows; null for every other role.
 */
export function lgpdAlcanceOf(actor: Actor): { coluna: 'franqueador_id' | 'franquia_id'; id: string } | null {
  switch (actor.role) {
    case 'franqueador':
      return { coluna: 'franqueador_id', id: must(actor.franqueadorId) };
    case 'franquia':
      return { coluna: 'franquia_id', id: must(actor.franquiaId) };
    default:
      return null;
  }
}

/** The titulares' requests the actor answers: the franqueador its network's, a franquia its own branch's. */
export function lgpdPedidosVisibleTo(actor: Actor): SQL {
  return franqueadorOuFranquia(actor, lgpdPedidos.franqueadorId, lgpdPedidos.franquiaId);
}

/**
 * Modelos de contrato (issue 42, ADR 064): a network's templates are its own. The franqueador reads its drafts and
 * every version; a franquia reads its network's current version only (the newest published), never a draft.
 */
export function contratoModelosVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return eq(contratoModelos.franqueadorId, must(actor.franqueadorId));
    case 'franquia': {
      const rede = sql`(select ${franquias.franqueadorId} from ${franquias} where ${franquias.id} = ${must(actor.franquiaId)})`;
      return sql`${contratoModelos.franqueadorId} = ${rede} and ${contratoModelos.versao} = (select max(v.versao) from ${contratoModelos} v where v.franqueador_id = ${rede})`;
    }
    default:
      return NONE;
  }
}

/** The network a franqueador or franquia belongs to, as SQL (a franquia's session may not carry it). */
function redeDe(actor: Actor): SQL {
  if (actor.role === 'franqueador') return sql`${must(actor.franqueadorId)}::uuid`;
  return sql`(select ${franquias.franqueadorId} from ${franquias} where ${franquias.id} = ${must(actor.franquiaId)})`;
}

/**
 * Regras de comissão (issue 44, ADR 081): the franqueador reads every rule of its network; a franquia its network's
 * general rules (they pay its subtree) and its own, never another franquia's.
 */
export function comissaoRegrasVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return eq(comissaoRegras.franqueadorId, must(actor.franqueadorId));
    case 'franquia':
      return sql`${comissaoRegras.franqueadorId} = ${redeDe(actor)} and (${comissaoRegras.franquiaId} is null or ${comissaoRegras.franquiaId} = ${must(actor.franquiaId)})`;
    default:
      return NONE;
  }
}

/** The rules a caller may change: the franqueador any of its network's; a franquia only its own. */
export function comissaoRegrasEditaveisPor(actor: Actor): SQL {
  return franqueadorOuFranquia(actor, comissaoRegras.franqueadorId, comissaoRegras.franquiaId);
}

/**
 * The commission ledger (issue 44, ADR 082): the franqueador reads its network's lines, a franquia its subtree's
 * (by the parcela's path, whoever the beneficiary); a vendedor and a micro-franquia only the lines that pay them --
 * never another seller's, nor their own subtree's other beneficiaries'. The ledger's sums (ADR 097) have the same
 * columns and the same reach: one rule for both tables.
 */
function comissaoVisibleTo(t: typeof comissaoLancamentos | typeof comissaoSomas, actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return eq(t.franqueadorId, must(actor.franqueadorId));
    case 'franquia':
      return eq(t.franquiaId, must(actor.franquiaId));
    case 'micro_franquia':
      return sql`${t.beneficiarioId} = ${must(actor.microFranquiaId)} and ${t.beneficiario} = 'micro_franquia'`;
    case 'vendedor':
      return sql`${t.beneficiarioId} = ${must(actor.vendedorId)} and ${t.beneficiario} = 'vendedor'`;
    default:
      return NONE;
  }
}

export const comissaoLancamentosVisibleTo = (actor: Actor): SQL => comissaoVisibleTo(comissaoLancamentos, actor);

/** The ledger's sums (ADR 097): the same reach as its lines, row by row. */
export const comissaoSomasVisibleTo = (actor: Actor): SQL => comissaoVisibleTo(comissaoSomas, actor);

/** The closed months: the franqueador reads its network's; a franquia the network's and its own. */
export function comissaoFechamentosVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return eq(comissaoFechamentos.franqueadorId, must(actor.franqueadorId));
    case 'franquia':
      return sql`${comissaoFechamentos.franqueadorId} = ${redeDe(actor)} and (${comissaoFechamentos.franquiaId} is null or ${comissaoFechamentos.franquiaId} = ${must(actor.franquiaId)})`;
    default:
      return NONE;
  }
}

/**
 * The network (franqueador id) any staff actor works in, as SQL: the franqueador's own; below it, through the
 * actor's place in the tree (a cliente's and a vendedor's micro-franquia). Null for the aluno and for an account
 * whose link is missing.
 */
export function redeDoAtor(actor: Actor): SQL {
  const daMicro = (micro: SQL) =>
    sql`(select f.franqueador_id from ${microFranquias} mf join ${franquias} f on f.id = mf.franquia_id where mf.id = ${micro})`;
  switch (actor.role) {
    case 'franqueador':
      return sql`${must(actor.franqueadorId)}::uuid`;
    case 'franquia':
      return redeDe(actor);
    case 'micro_franquia':
      return daMicro(sql`${must(actor.microFranquiaId)}::uuid`);
    case 'vendedor':
      return daMicro(
        sql`(select ${vendedores.microFranquiaId} from ${vendedores} where ${vendedores.id} = ${must(actor.vendedorId)})`,
      );
    case 'cliente':
      return daMicro(
        sql`(select ${clientes.microFranquiaId} from ${clientes} where ${clientes.id} = ${must(actor.clienteId)})`,
      );
    default:
      return sql`null::uuid`;
  }
}

/**
 * Modelos de mensagem de WhatsApp (issue 51, ADR 091): every staff actor reads its own network's texts, and only
 * the franqueador changes them (permissions.ts); another network's are never read or written.
 */
export function whatsappModelosVisibleTo(actor: Actor): SQL {
  return sql`${whatsappModelos.franqueadorId} = ${redeDoAtor(actor)}`;
}

/**
 * Royalties (issue 45, ADR 089): the franquias whose agreements and statements the caller reads -- the franqueador
 * every franquia of its network, a franquia only itself (never another's).
 */
export function royaltyFranquiasVisibleTo(actor: Actor): SQL {
  return franqueadorOuFranquia(actor, franquias.franqueadorId, franquias.id);
}

/**
 * Metas (issue 48): the goals of the actor's network. Which units' goals a caller reads (its own, its children's)
 * and sets (its children's) is its place in the tree, resolved by modules/metas from `scopeNodeOf`; a unit outside
 * the caller's subtree answers 404 there.
 */
export function metasVisibleTo(actor: Actor): SQL {
  return sql`${metas.franqueadorId} = ${redeDoAtor(actor)}`;
}

/**
 * Custos de campanha (issue 48): the franqueador reads its network's (its own and every franquia's); a franquia
 * only its own -- neither the network's nor another franquia's. Every other role, none.
 */
export function campanhaCustosVisibleTo(actor: Actor): SQL {
  return franqueadorOuFranquia(actor, campanhaCustos.franqueadorId, campanhaCustos.franquiaId);
}
