import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { VisitasRelatorioQuery } from '../../../shared/schemas/relatorios';
import type { Actor } from '../../access/actor';
import { visitasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, microFranquias, users, vendedores, visitas } from '../../db/schema';

/**
 * Issue 49 (ADR 105): the visits to schools of a period counted per vendedor, over the visits the caller sees,
 * narrowed by the report's filters through the school visited (its micro-franquia, franquia, city and state).
 */

export interface VisitasPorVendedorRow {
  vendedorId: string | null;
  vendedorNome: string | null;
  agendadas: number;
  realizadas: number;
  naoRealizadas: number;
  eventosAgendados: number;
}

const contar = (condicao?: ReturnType<typeof sql>) =>
  condicao ? sql<number>`(count(*) filter (where ${condicao}))::int` : sql<number>`count(*)::int`;

export async function findVisitasPorVendedor(
  db: Executor,
  actor: Actor,
  periodo: { inicio: Date; fim: Date },
  filtro: Omit<VisitasRelatorioQuery, 'de' | 'ate'>,
): Promise<VisitasPorVendedorRow[]> {
  // The school's filters narrow the visits by their cliente, in one subquery; without them no school is read.
  const daEscola = [
    filtro.franquiaId ? eq(microFranquias.franquiaId, filtro.franquiaId) : undefined,
    filtro.microFranquiaId ? eq(clientes.microFranquiaId, filtro.microFranquiaId) : undefined,
    filtro.estado ? eq(clientes.estado, filtro.estado) : undefined,
    filtro.cidade ? sql`lower(${clientes.cidade}) = lower(${filtro.cidade})` : undefined,
  ].filter((c) => c !== undefined);
  // The visits are counted per vendedor first, and only the groups are joined to their names: a network's year of
  // visits is tens of thousands of rows, its vendedores a few thousand.
  const grupos = db
    .select({
      vendedorId: visitas.vendedorId,
      agendadas: contar().as('agendadas'),
      realizadas: contar(sql`${visitas.status} = 'realizada'`).as('realizadas'),
      naoRealizadas: contar(sql`${visitas.status} = 'nao_realizada'`).as('nao_realizadas'),
      eventosAgendados: contar(sql`${visitas.resultado} = 'agendou_evento'`).as('eventos_agendados'),
    })
    .from(visitas)
    .where(
      and(
        visitasVisibleTo(actor),
        gte(visitas.agendadaPara, periodo.inicio),
        lt(visitas.agendadaPara, periodo.fim),
        filtro.vendedorId ? eq(visitas.vendedorId, filtro.vendedorId) : undefined,
        filtro.clienteId ? eq(visitas.clienteId, filtro.clienteId) : undefined,
        filtro.eventoId ? eq(visitas.eventoId, filtro.eventoId) : undefined,
        daEscola.length > 0
          ? sql`${visitas.clienteId} in (select ${clientes.id} from ${clientes}
              join ${microFranquias} on ${microFranquias.id} = ${clientes.microFranquiaId} where ${and(...daEscola)})`
          : undefined,
      ),
    )
    .groupBy(visitas.vendedorId)
    .as('grupos');
  const rows = await db
    .select({
      vendedorId: grupos.vendedorId,
      vendedorNome: users.nome,
      agendadas: grupos.agendadas,
      realizadas: grupos.realizadas,
      naoRealizadas: grupos.naoRealizadas,
      eventosAgendados: grupos.eventosAgendados,
    })
    .from(grupos)
    .leftJoin(vendedores, eq(vendedores.id, grupos.vendedorId))
    .leftJoin(users, eq(users.id, vendedores.userId))
    .orderBy(desc(grupos.agendadas), sql`${users.nome} nulls last`, grupos.vendedorId);
  return rows.map((r) => ({
    ...r,
    agendadas: Number(r.agendadas),
    realizadas: Number(r.realizadas),
    naoRealizadas: Number(r.naoRealizadas),
    eventosAgendados: Number(r.eventosAgendados),
  }));
}
