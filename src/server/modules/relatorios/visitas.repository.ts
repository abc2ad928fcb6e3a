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
  const rows = await db
    .select({
      vendedorId: visitas.vendedorId,
      vendedorNome: sql<string | null>`min(${users.nome})`,
      agendadas: contar(),
      realizadas: contar(sql`${visitas.status} = 'realizada'`),
      naoRealizadas: contar(sql`${visitas.status} = 'nao_realizada'`),
      eventosAgendados: contar(sql`${visitas.resultado} = 'agendou_evento'`),
    })
    .from(visitas)
    .innerJoin(clientes, eq(clientes.id, visitas.clienteId))
    .innerJoin(microFranquias, eq(microFranquias.id, clientes.microFranquiaId))
    .leftJoin(vendedores, eq(vendedores.id, visitas.vendedorId))
    .leftJoin(users, eq(users.id, vendedores.userId))
    .where(
      and(
        visitasVisibleTo(actor),
        gte(visitas.agendadaPara, periodo.inicio),
        lt(visitas.agendadaPara, periodo.fim),
        filtro.franquiaId ? eq(microFranquias.franquiaId, filtro.franquiaId) : undefined,
        filtro.microFranquiaId ? eq(clientes.microFranquiaId, filtro.microFranquiaId) : undefined,
        filtro.vendedorId ? eq(visitas.vendedorId, filtro.vendedorId) : undefined,
        filtro.clienteId ? eq(visitas.clienteId, filtro.clienteId) : undefined,
        filtro.eventoId ? eq(visitas.eventoId, filtro.eventoId) : undefined,
        filtro.estado ? eq(clientes.estado, filtro.estado) : undefined,
        filtro.cidade ? sql`lower(${clientes.cidade}) = lower(${filtro.cidade})` : undefined,
      ),
    )
    .groupBy(visitas.vendedorId)
    .orderBy(desc(contar()), sql`min(${users.nome}) nulls last`, visitas.vendedorId);
  return rows.map((r) => ({
    ...r,
    agendadas: Number(r.agendadas),
    realizadas: Number(r.realizadas),
    naoRealizadas: Number(r.naoRealizadas),
    eventosAgendados: Number(r.eventosAgendados),
  }));
}
