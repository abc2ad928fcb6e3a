import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { campanhaCustosVisibleTo, eventosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { campanhaCustos, eventoCustos, eventos, franquias, users } from '../../db/schema';
import type { CampanhaCustosQuery } from '../../../shared/schemas/custos';
import type { CustoCategoria } from '../../../shared/metas/enums';
import { pageWindow } from '../../lib/pagination';

/** Custos (issue 48): an event's and a campaign's costs, always read through the caller's scope. */

/** The event's id when the caller reads it (scope.ts), else undefined: the routes answer 404. */
export async function findEventoVisivel(db: Executor, actor: Actor, eventoId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: eventos.id })
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), eventosVisibleTo(actor)))
    .limit(1);
  return row?.id;
}

const eventoCustoColumns = {
  id: eventoCustos.id,
  eventoId: eventoCustos.eventoId,
  categoria: eventoCustos.categoria,
  descricao: eventoCustos.descricao,
  valorCentavos: eventoCustos.valorCentavos,
  criadoPor: users.nome,
  criadoEm: eventoCustos.createdAt,
};
export type EventoCustoRow = {
  id: string;
  eventoId: string;
  categoria: CustoCategoria;
  descricao: string | null;
  valorCentavos: number;
  criadoPor: string | null;
  criadoEm: Date;
};

/** Every cost of an event the caller reads, newest first. */
export async function listEventoCustos(db: Executor, actor: Actor, eventoId: string): Promise<EventoCustoRow[]> {
  return db
    .select(eventoCustoColumns)
    .from(eventoCustos)
    .innerJoin(eventos, eq(eventos.id, eventoCustos.eventoId))
    .leftJoin(users, eq(users.id, eventoCustos.criadoPorId))
    .where(and(eq(eventoCustos.eventoId, eventoId), eventosVisibleTo(actor)))
    .orderBy(desc(eventoCustos.createdAt), desc(eventoCustos.id));
}

/** One cost of an event the caller reads. */
export async function findEventoCusto(
  db: Executor,
  actor: Actor,
  eventoId: string,
  custoId: string,
): Promise<EventoCustoRow | undefined> {
  const [row] = await db
    .select(eventoCustoColumns)
    .from(eventoCustos)
    .innerJoin(eventos, eq(eventos.id, eventoCustos.eventoId))
    .leftJoin(users, eq(users.id, eventoCustos.criadoPorId))
    .where(and(eq(eventoCustos.id, custoId), eq(eventoCustos.eventoId, eventoId), eventosVisibleTo(actor)))
    .limit(1);
  return row;
}

export async function insertEventoCusto(
  db: Executor,
  values: {
    eventoId: string;
    categoria: CustoCategoria;
    descricao: string | null;
    valorCentavos: number;
    criadoPorId: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(eventoCustos).values(values).returning({ id: eventoCustos.id });
  return row!.id;
}

export async function deleteEventoCusto(db: Executor, custoId: string): Promise<void> {
  await db.delete(eventoCustos).where(eq(eventoCustos.id, custoId));
}

const campanhaCustoColumns = {
  id: campanhaCustos.id,
  utmCampaign: campanhaCustos.utmCampaign,
  data: campanhaCustos.data,
  categoria: campanhaCustos.categoria,
  descricao: campanhaCustos.descricao,
  valorCentavos: campanhaCustos.valorCentavos,
  franquiaId: campanhaCustos.franquiaId,
  franquia: franquias.razaoSocial,
  criadoPor: users.nome,
  criadoEm: campanhaCustos.createdAt,
};
export type CampanhaCustoRow = {
  id: string;
  utmCampaign: string;
  data: string;
  categoria: CustoCategoria;
  descricao: string | null;
  valorCentavos: number;
  franquiaId: string | null;
  franquia: string | null;
  criadoPor: string | null;
  criadoEm: Date;
};

function campanhaWhere(actor: Actor, query: Pick<CampanhaCustosQuery, 'de' | 'ate' | 'utmCampaign'>) {
  return and(
    campanhaCustosVisibleTo(actor),
    query.de ? sql`${campanhaCustos.data} >= ${query.de}::date` : undefined,
    query.ate ? sql`${campanhaCustos.data} <= ${query.ate}::date` : undefined,
    query.utmCampaign ? eq(campanhaCustos.utmCampaign, query.utmCampaign) : undefined,
  );
}

/** A page of the campaign costs the caller reads, newest day first; their number and sum over every page. */
export async function listCampanhaCustos(
  db: Executor,
  actor: Actor,
  query: CampanhaCustosQuery,
): Promise<{ rows: CampanhaCustoRow[]; total: number; totalCentavos: number }> {
  const where = campanhaWhere(actor, query);
  const { limit, offset } = pageWindow(query);
  const [rows, [soma]] = await Promise.all([
    db
      .select(campanhaCustoColumns)
      .from(campanhaCustos)
      .leftJoin(franquias, eq(franquias.id, campanhaCustos.franquiaId))
      .leftJoin(users, eq(users.id, campanhaCustos.criadoPorId))
      .where(where)
      .orderBy(desc(campanhaCustos.data), desc(campanhaCustos.createdAt), desc(campanhaCustos.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        n: count(),
        centavos: sql<string>`coalesce(sum(${campanhaCustos.valorCentavos}), 0)::bigint::text`,
      })
      .from(campanhaCustos)
      .where(where),
  ]);
  return { rows, total: Number(soma?.n ?? 0), totalCentavos: Number(soma?.centavos ?? 0) };
}

export async function findCampanhaCusto(db: Executor, actor: Actor, id: string): Promise<CampanhaCustoRow | undefined> {
  const [row] = await db
    .select(campanhaCustoColumns)
    .from(campanhaCustos)
    .leftJoin(franquias, eq(franquias.id, campanhaCustos.franquiaId))
    .leftJoin(users, eq(users.id, campanhaCustos.criadoPorId))
    .where(and(eq(campanhaCustos.id, id), campanhaCustosVisibleTo(actor)))
    .limit(1);
  return row;
}

/** The network a franquia belongs to (a franquia's campaign costs are kept under its network too). */
export async function findFranqueadorDaFranquia(db: Executor, franquiaId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: franquias.franqueadorId })
    .from(franquias)
    .where(eq(franquias.id, franquiaId))
    .limit(1);
  return row?.id;
}

export async function insertCampanhaCusto(db: Executor, values: typeof campanhaCustos.$inferInsert): Promise<string> {
  const [row] = await db.insert(campanhaCustos).values(values).returning({ id: campanhaCustos.id });
  return row!.id;
}

export async function deleteCampanhaCusto(db: Executor, id: string): Promise<void> {
  await db.delete(campanhaCustos).where(eq(campanhaCustos.id, id));
}
