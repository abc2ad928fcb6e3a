import { and, asc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import { VISITAS_ORDEM, type VisitaResultado, type VisitaStatus, visitasKeyset } from '../../../shared/schemas/visita';
import type { ListCursor } from '../../../shared/schemas/list-cursor';
import type { KeysetOrder } from '../../lib/keyset';
import type { Actor } from '../../access/actor';
import { clientesVisibleTo, eventosVisibleTo, vendedoresVisibleTo, visitasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, eventos, users, vendedores, visitas } from '../../db/schema';
import { listPage } from '../../lib/list-page';
import { containsIgnoringAccents } from '../../lib/pagination';

/**
 * Visitas (issue 49, ADR 105): a vendedor's visits to schools, always read through the caller's scope
 * (access/scope.ts), with the school's and the vendedor's names.
 */

const visitaColumns = {
  id: visitas.id,
  clienteId: visitas.clienteId,
  clienteNome: clientes.nomeFantasia,
  clienteCidade: clientes.cidade,
  clienteMicroFranquiaId: clientes.microFranquiaId,
  vendedorId: visitas.vendedorId,
  vendedorNome: users.nome,
  agendadaPara: visitas.agendadaPara,
  objetivo: visitas.objetivo,
  notas: visitas.notas,
  status: visitas.status,
  resultado: visitas.resultado,
  motivo: visitas.motivo,
  registradaEm: visitas.registradaEm,
  eventoId: visitas.eventoId,
  createdAt: visitas.createdAt,
};

export interface VisitaRow {
  id: string;
  clienteId: string;
  clienteNome: string;
  clienteCidade: string | null;
  clienteMicroFranquiaId: string;
  vendedorId: string | null;
  vendedorNome: string | null;
  agendadaPara: Date;
  objetivo: string | null;
  notas: string | null;
  status: VisitaStatus;
  resultado: VisitaResultado | null;
  motivo: string | null;
  registradaEm: Date | null;
  eventoId: string | null;
  createdAt: Date;
}

function selectVisitas<E extends Record<string, SQL>>(db: Executor, where: SQL | undefined, extra: E = {} as E) {
  return db
    .select({ ...visitaColumns, ...extra })
    .from(visitas)
    .innerJoin(clientes, eq(clientes.id, visitas.clienteId))
    .leftJoin(vendedores, eq(vendedores.id, visitas.vendedorId))
    .leftJoin(users, eq(users.id, vendedores.userId))
    .where(where);
}

/** Visits from `inicio` (inclusive) to `fim` (exclusive): a span of Brasília's days, as instants. */
function entre(periodo: { inicio?: Date; fim?: Date }): SQL | undefined {
  return and(
    periodo.inicio ? gte(visitas.agendadaPara, periodo.inicio) : undefined,
    periodo.fim ? lt(visitas.agendadaPara, periodo.fim) : undefined,
  );
}

export interface VisitasFiltro {
  q?: string;
  inicio?: Date;
  fim?: Date;
  vendedorId?: string;
  clienteId?: string;
  status?: VisitaStatus;
  page: number;
  pageSize: number;
  /** The page after or before a visit (issue 46). */
  apos?: ListCursor;
  antes?: ListCursor;
}

/** The list's order, the latest visit first (issue 46: its keys are the cursors'). */
const visitasOrder: KeysetOrder = {
  lista: visitasKeyset.lista,
  ordem: VISITAS_ORDEM,
  keys: [
    { expr: visitas.agendadaPara, type: 'timestamptz', desc: true },
    { expr: visitas.createdAt, type: 'timestamptz', desc: true },
    { expr: visitas.id, type: 'uuid', desc: true },
  ],
};

/**
 * A page of the visits the caller sees, the latest first, and how many match. `q` searches the school's name; the
 * count reads `visitas` alone, so the school's name is matched through its id.
 */
export async function listVisitas(db: Executor, actor: Actor, filtro: VisitasFiltro) {
  return listPage(
    db,
    {
      table: visitas,
      where: [
        visitasVisibleTo(actor),
        filtro.q
          ? sql`${visitas.clienteId} in (select ${clientes.id} from ${clientes} where ${containsIgnoringAccents(clientes.nomeFantasia, filtro.q)})`
          : undefined,
        entre(filtro),
        filtro.vendedorId ? eq(visitas.vendedorId, filtro.vendedorId) : undefined,
        filtro.clienteId ? eq(visitas.clienteId, filtro.clienteId) : undefined,
        filtro.status ? eq(visitas.status, filtro.status) : undefined,
      ],
      order: visitasOrder,
      select: ({ where, orderBy, cursorChaves }) => selectVisitas(db, where, { cursorChaves }).orderBy(...orderBy),
    },
    filtro,
  );
}

/** The visits of a span of time the caller's agenda holds, by time: a vendedor's own, a manager's subtree's. */
export async function listVisitasDaAgenda(
  db: Executor,
  actor: Actor,
  periodo: { inicio: Date; fim: Date },
  limite: number,
): Promise<VisitaRow[]> {
  // A vendedor whose link is missing has no visits of its own (never a comparison with an empty id).
  const minhas =
    actor.role === 'vendedor'
      ? eq(visitas.vendedorId, actor.vendedorId ?? '00000000-0000-0000-0000-000000000000')
      : undefined;
  return selectVisitas(db, and(visitasVisibleTo(actor), minhas, entre(periodo)))
    .orderBy(asc(visitas.agendadaPara), asc(visitas.id))
    .limit(limite);
}

/** One visit the caller sees; `forUpdate` locks it for the transaction that logs its outcome. */
export async function findVisita(
  db: Executor,
  actor: Actor,
  id: string,
  forUpdate = false,
): Promise<VisitaRow | undefined> {
  const query = selectVisitas(db, and(eq(visitas.id, id), visitasVisibleTo(actor))).limit(1);
  const [row] = await (forUpdate ? query.for('update', { of: visitas }) : query);
  return row;
}

/** The school a visit is scheduled at, when the caller sees it: its micro-franquia and its own vendedor. */
export async function findClienteVisivel(db: Executor, actor: Actor, clienteId: string) {
  const [row] = await db
    .select({ id: clientes.id, microFranquiaId: clientes.microFranquiaId, vendedorId: clientes.vendedorId })
    .from(clientes)
    .where(and(eq(clientes.id, clienteId), clientesVisibleTo(actor)))
    .limit(1);
  return row;
}

/** A vendedor the caller sees (a vendedor sees only itself), with its micro-franquia. */
export async function findVendedorVisivel(db: Executor, actor: Actor, vendedorId: string) {
  const [row] = await db
    .select({ id: vendedores.id, microFranquiaId: vendedores.microFranquiaId })
    .from(vendedores)
    .where(and(eq(vendedores.id, vendedorId), vendedoresVisibleTo(actor)))
    .limit(1);
  return row;
}

/** Whether an event is one of the school's (a visit links only an event of the school it visited). */
export async function eventoDoCliente(db: Executor, eventoId: string, clienteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventos.id })
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), eq(eventos.clienteId, clienteId)))
    .limit(1);
  return row !== undefined;
}

export async function insertVisita(db: Executor, values: typeof visitas.$inferInsert): Promise<string> {
  const [row] = await db.insert(visitas).values(values).returning({ id: visitas.id });
  return row!.id;
}

export async function updateVisita(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      typeof visitas.$inferInsert,
      'agendadaPara' | 'objetivo' | 'notas' | 'status' | 'resultado' | 'motivo' | 'registradaEm' | 'eventoId'
    >
  > & { updatedAt: Date },
): Promise<void> {
  await db.update(visitas).set(values).where(eq(visitas.id, id));
}

export interface EventoDaAgendaRow {
  id: string;
  nomeEscola: string;
  dataEvento: string;
  horario: string;
  cidade: string;
  status: string;
}

/**
 * The events the caller works from `dia` on, the next first (cancelled ones left out): a vendedor's are the events
 * of its clientes (`eventos.vendedor_id`, the scope path), a manager's its subtree's.
 */
export async function listEventosDaAgenda(
  db: Executor,
  actor: Actor,
  dia: string,
  limite: number,
): Promise<EventoDaAgendaRow[]> {
  return db
    .select({
      id: eventos.id,
      nomeEscola: eventos.nomeEscola,
      dataEvento: eventos.dataEvento,
      horario: eventos.horario,
      cidade: eventos.cidade,
      status: eventos.status,
    })
    .from(eventos)
    .where(
      and(
        eventosVisibleTo(actor),
        gte(eventos.dataEvento, dia),
        ne(eventos.status, 'cancelado'),
        eq(eventos.isActive, true),
      ),
    )
    .orderBy(asc(eventos.dataEvento), asc(eventos.horario), asc(eventos.id))
    .limit(limite);
}
