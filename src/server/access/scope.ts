import { type SQL, eq, or, sql } from 'drizzle-orm';
import {
  alunos,
  clientes,
  cursos,
  eventos,
  franquias,
  leads,
  matriculas,
  microFranquias,
  preMatriculas,
  sacTickets,
  users,
  vendedores,
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

/** Micro-franquias under the actor's franqueador. */
function networkMicroFranquiaIds(actor: Actor) {
  return sql`(select ${microFranquias.id} from ${microFranquias} where ${microFranquias.franquiaId} in ${networkFranquiaIds(actor)})`;
}

function franquiaMicroFranquiaIds(franquiaId: string) {
  return sql`(select ${microFranquias.id} from ${microFranquias} where ${microFranquias.franquiaId} = ${franquiaId})`;
}

export function franquiasVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return eq(franquias.franqueadorId, must(actor.franqueadorId));
    case 'franquia':
      return eq(franquias.id, must(actor.franquiaId));
    default:
      return NONE;
  }
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
    case 'franqueador':
      return sql`${clientes.microFranquiaId} in ${networkMicroFranquiaIds(actor)}`;
    case 'franquia':
      return sql`${clientes.microFranquiaId} in ${franquiaMicroFranquiaIds(must(actor.franquiaId))}`;
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

/** A cliente manages its own courses; the roles above it read them (the event form offers them). */
export function cursosVisibleTo(actor: Actor): SQL {
  if (actor.role === 'cliente') return eq(cursos.clienteId, must(actor.clienteId));
  return sql`${cursos.clienteId} in (select ${clientes.id} from ${clientes} where ${clientesVisibleTo(actor)})`;
}

/** Events carry the micro-franquia they sit under (their cliente's, or their own owner's). */
export function eventosVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador':
      return sql`${eventos.microFranquiaId} in ${networkMicroFranquiaIds(actor)}`;
    case 'franquia':
      return sql`${eventos.microFranquiaId} in ${franquiaMicroFranquiaIds(must(actor.franquiaId))}`;
    case 'micro_franquia':
      return eq(eventos.microFranquiaId, must(actor.microFranquiaId));
    case 'vendedor':
      return sql`${eventos.clienteId} in (select ${clientes.id} from ${clientes} where ${clientes.vendedorId} = ${must(actor.vendedorId)})`;
    case 'cliente':
      return eq(eventos.clienteId, must(actor.clienteId));
    default:
      return NONE;
  }
}

function visibleEventoIds(actor: Actor) {
  return sql`(select ${eventos.id} from ${eventos} where ${eventosVisibleTo(actor)})`;
}

export function leadsVisibleTo(actor: Actor): SQL {
  if (actor.role === 'aluno') return NONE;
  return sql`${leads.eventoId} in ${visibleEventoIds(actor)}`;
}

export function preMatriculasVisibleTo(actor: Actor): SQL {
  if (actor.role === 'aluno') {
    return sql`${preMatriculas.id} in (select ${alunos.preMatriculaId} from ${alunos} where ${alunos.userId} = ${actor.id})`;
  }
  return sql`${preMatriculas.eventoId} in ${visibleEventoIds(actor)}`;
}

/** The vendedor follows leads and pre-enrolments only (DESIGN §4.1). */
export function matriculasVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'vendedor':
      return NONE;
    case 'aluno':
      return sql`${matriculas.preMatriculaId} in (select ${alunos.preMatriculaId} from ${alunos} where ${alunos.userId} = ${actor.id})`;
    default:
      return sql`${matriculas.eventoId} in ${visibleEventoIds(actor)}`;
  }
}

/** The franqueador sees every ticket of its network; everyone else its own. */
export function ticketsVisibleTo(actor: Actor): SQL {
  if (actor.role === 'franqueador') {
    return or(
      eq(sacTickets.solicitanteId, actor.id),
      sql`${sacTickets.franquiaId} in ${networkFranquiaIds(actor)}`,
      sql`${sacTickets.microFranquiaId} in ${networkMicroFranquiaIds(actor)}`,
    ) as SQL;
  }
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
 * Users the actor may list and switch on or off (DESIGN §4.1): the franqueador its whole network (itself, the
 * franquias', micro-franquias', vendedores' and clientes' users, and the alunos of its events); the
 * micro-franquia its vendedores.
 */
export function usuariosVisibleTo(actor: Actor): SQL {
  switch (actor.role) {
    case 'franqueador': {
      const networkClienteIds = sql`(select ${clientes.id} from ${clientes} where ${clientesVisibleTo(actor)})`;
      const networkVendedorUserIds = sql`(select ${vendedores.userId} from ${vendedores} where ${vendedores.microFranquiaId} in ${networkMicroFranquiaIds(actor)})`;
      const networkAlunoUserIds = sql`(select ${alunos.userId} from ${alunos} where ${alunos.preMatriculaId} in (select ${preMatriculas.id} from ${preMatriculas} where ${preMatriculasVisibleTo(actor)}))`;
      return or(
        eq(users.id, actor.id),
        eq(users.franqueadorId, must(actor.franqueadorId)),
        sql`${users.franquiaId} in ${networkFranquiaIds(actor)}`,
        sql`${users.microFranquiaId} in ${networkMicroFranquiaIds(actor)}`,
        sql`${users.clienteId} in ${networkClienteIds}`,
        sql`${users.id} in ${networkVendedorUserIds}`,
        sql`${users.id} in ${networkAlunoUserIds}`,
      ) as SQL;
    }
    case 'micro_franquia':
      return sql`${users.id} in (select ${vendedores.userId} from ${vendedores} where ${vendedores.microFranquiaId} = ${must(actor.microFranquiaId)})`;
    default:
      return NONE;
  }
}
