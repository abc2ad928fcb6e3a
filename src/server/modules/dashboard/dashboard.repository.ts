import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DashboardMetrics } from '../../../shared/schemas/auth';
import type { Role } from '../../../shared/roles';
import type { Actor } from '../../access/actor';
import {
  clientesVisibleTo,
  cursosVisibleTo,
  eventosVisibleTo,
  franquiasVisibleTo,
  leadsVisibleTo,
  matriculasVisibleTo,
  microFranquiasVisibleTo,
  preMatriculasVisibleTo,
  scopeNodeOf,
} from '../../access/scope';
import { type Counter, countedTotal } from '../contagens';
import {
  clientes,
  cursos,
  eventos,
  franquias,
  leads,
  matriculas,
  microFranquias,
  preMatriculas,
} from '../../db/schema';
import { type Executor, executeRows } from '../../db/connect';

type MetricKey = keyof DashboardMetrics;

/** Which cards each role's dashboard shows; the counts themselves follow the access scopes. */
const METRICS_BY_ROLE: Record<Role, readonly MetricKey[]> = {
  franqueador: [
    'totalFranquias',
    'totalMicroFranquias',
    'totalClientes',
    'totalEventos',
    'totalInteresses',
    'totalPreMatriculas',
    'totalMatriculas',
  ],
  franquia: [
    'totalMicroFranquias',
    'totalClientes',
    'totalEventos',
    'totalInteresses',
    'totalPreMatriculas',
    'totalMatriculas',
  ],
  micro_franquia: ['totalClientes', 'totalEventos', 'totalInteresses', 'totalPreMatriculas', 'totalMatriculas'],
  vendedor: ['totalClientes', 'totalEventos', 'totalInteresses', 'totalPreMatriculas'],
  cliente: ['totalCursos', 'totalEventos', 'totalLeads', 'totalPreMatriculas', 'totalMatriculas'],
  aluno: ['totalPreMatriculas', 'totalMatriculas'],
};

const SOURCES: Record<MetricKey, { table: PgTable; visible: (actor: Actor) => SQL }> = {
  totalFranquias: { table: franquias, visible: franquiasVisibleTo },
  totalMicroFranquias: { table: microFranquias, visible: microFranquiasVisibleTo },
  totalClientes: { table: clientes, visible: clientesVisibleTo },
  totalCursos: { table: cursos, visible: cursosVisibleTo },
  totalEventos: { table: eventos, visible: eventosVisibleTo },
  // Interesses are the leads gathered at events, read from the network's side.
  totalInteresses: { table: leads, visible: leadsVisibleTo },
  totalLeads: { table: leads, visible: leadsVisibleTo },
  totalPreMatriculas: { table: preMatriculas, visible: preMatriculasVisibleTo },
  totalMatriculas: { table: matriculas, visible: matriculasVisibleTo },
};

/** The metrics the triggers keep per scope (modules/contagens): clientes, events and the funnel's rows. */
const COUNTED: Partial<Record<MetricKey, Counter>> = {
  totalClientes: 'clientes',
  totalEventos: 'eventos',
  totalInteresses: 'leads',
  totalLeads: 'leads',
  totalPreMatriculas: 'preMatriculas',
  totalMatriculas: 'matriculas',
};

/**
 * All of a role's counts in one round trip. The large ones (clientes, events, leads, pré-matrículas, matrículas)
 * come from the counters of the actor's scope; franquias, micro-franquias and courses are few enough to count.
 */
export async function countMetrics(db: Executor, actor: Actor): Promise<DashboardMetrics> {
  const keys = METRICS_BY_ROLE[actor.role];
  const node = scopeNodeOf(actor);
  const columns = keys.map((key) => {
    const counter = COUNTED[key];
    if (node && counter) return sql`${countedTotal(node.id, counter)} as ${sql.identifier(key)}`;
    const { table, visible } = SOURCES[key];
    return sql`(select count(*) from ${table} where ${visible(actor)})::int as ${sql.identifier(key)}`;
  });
  const result = await executeRows<Record<MetricKey, number>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  const row: Partial<Record<MetricKey, number>> = result[0] ?? {};
  return Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)]));
}
