import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type DrillFilter,
  ORIGEM_LINK_EVENTO,
  ORIGEM_LINK_VENDEDOR,
  type OrigemAgrupamento,
} from '../../../shared/schemas/relatorios';
import { eventos, leads, matriculas, preMatriculas } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { type FunnelTable, funnelRowsOfEvents, rowsUnderNodes } from '../../access/scope';
import { dayEnd, dayStart } from './brazil-time';

/** A funnel table's columns the report's drill-down filters compare: its event and its scope path. */
export interface DrillColumns {
  eventoId: AnyPgColumn;
  clienteId: AnyPgColumn;
  vendedorId: AnyPgColumn;
  microFranquiaId: AnyPgColumn;
  franquiaId: AnyPgColumn;
  /** Issue 48: where the family came from -- a lead's and a pré-matrícula's own columns... */
  utmSource?: AnyPgColumn;
  /** ...or, for a matrícula, the pré-matrícula that holds them. */
  preMatriculaId?: AnyPgColumn;
}

/**
 * The rows a group of the report counts (issue 15): the same period in days of Brasília, the same nodes of the
 * tree, the same place of the event, so the list's total equals the group's number. `countedAt` is the instant
 * the row counts on: a lead's and a pré-matrícula's creation, a matrícula's efetivadaEm. The place is not here:
 * it names events, and the rows are found by their events (`inPlace`, issue 46).
 */
export function drillFilters(filter: DrillFilter, columns: DrillColumns, countedAt: AnyPgColumn): SQL | undefined {
  return and(
    origemDrill(filter, columns),
    filter.de ? sql`${countedAt} >= ${dayStart(filter.de)}` : undefined,
    filter.ate ? sql`${countedAt} < ${dayEnd(filter.ate)}` : undefined,
    filter.franquiaId ? eq(columns.franquiaId, filter.franquiaId) : undefined,
    filter.microFranquiaId ? eq(columns.microFranquiaId, filter.microFranquiaId) : undefined,
    filter.vendedorId ? eq(columns.vendedorId, filter.vendedorId) : undefined,
    filter.clienteId ? eq(columns.clienteId, filter.clienteId) : undefined,
  );
}

/**
 * Whether a list's place (estado, cidade) is answered by its events alone (ADR 102): the rows by their events'
 * index, the page by its keys first. Not with a search: the row keeps its scope's condition, its events are an
 * array whose index bitmap is intersected with the trigram index's, and the search's count and page are read from
 * those matches at once (`listFunnelPage`, issue 46: a franqueador's Belém with 'Oliveira', 3,532 of the network's
 * 95,746 matches, read once instead of three times). Not where the rows' own copy answers (`placeOnRows`).
 */
export function placeByEvents(actor: Actor, filter: DrillFilter & { q?: string }): boolean {
  return Boolean((filter.estado || filter.cidade) && !filter.q) && !placeOnRows(actor, filter);
}

/**
 * Whether a list's place is read from its rows' own copy of their event's (ADR 165, 166): the network's and a
 * franquia's list of a state or a city, without a search, whose rows of the place are one index in the list's order
 * (`<table>_<scope>_estado_idx`, `<table>_<scope>_cidade_idx`). A franqueador's 39,000 leads in one state were the
 * keys of its 1,852 events' rows, sorted for a page of 500 (25-31 ms), and a city's page walked the network's order
 * (ADR 137: p99 78-109 ms). Below the franquia a place holds tens of events, read by their own index.
 */
export function placeOnRows(actor: Actor, filter: DrillFilter & { q?: string }): boolean {
  return Boolean(
    (filter.estado || filter.cidade) && !filter.q && (actor.role === 'franqueador' || actor.role === 'franquia'),
  );
}

/** The columns where each funnel table's row keeps its event's state and city (ADR 158, 165). */
const ROW_PLACE = {
  leads: { estado: leads.eventoEstado, cidade: leads.eventoCidade },
  preMatriculas: { estado: preMatriculas.eventoEstado, cidade: preMatriculas.eventoCidade },
  matriculas: { estado: matriculas.eventoEstado, cidade: matriculas.eventoCidade },
} satisfies Record<FunnelTable, { estado: AnyPgColumn; cidade: AnyPgColumn }>;

/**
 * The place as a condition on the rows' own copy: the city as the events compare it (`placeCondition`, any case),
 * on the key of its index, `lower(evento_cidade)`.
 */
function rowPlaceCondition(filter: DrillFilter, table: FunnelTable): SQL | undefined {
  const { estado, cidade } = ROW_PLACE[table];
  return and(
    filter.estado ? eq(estado, filter.estado) : undefined,
    filter.cidade ? sql`lower(${cidade}) = lower(${filter.cidade})` : undefined,
  );
}

/** The drill-down's place (estado, cidade) as a condition on the events, when it names one. */
export function placeCondition(filter: DrillFilter): SQL | undefined {
  return and(
    filter.estado ? eq(eventos.estado, filter.estado) : undefined,
    filter.cidade ? sql`lower(${eventos.cidade}) = lower(${filter.cidade})` : undefined,
  );
}

/** A list's filter as the lists read it: the query's, and the place's events when a search reads them first. */
export type ResolvedFilter<F> = F & { eventosDoLugar?: readonly string[] };

/**
 * A funnel table's rows the actor sees, of the events in the drill-down's place when it names one (estado,
 * cidade): the access module finds them by their events (funnelRowsOfEvents), or the network's and a franquia's
 * place by the rows' own copy (`placeOnRows`). Without a place, the table's own rule,
 * or the rows of a node of the tree the filter names below the actor's own (rowsUnderNodes, ADR 128).
 */
export function inPlace(actor: Actor, filter: ResolvedFilter<DrillFilter & { q?: string }>, table: FunnelTable): SQL {
  const place = placeCondition(filter);
  if (!place) return rowsUnderNodes(actor, table, filter);
  if (placeOnRows(actor, filter)) return and(rowsUnderNodes(actor, table, filter), rowPlaceCondition(filter, table))!;
  if (placeByEvents(actor, filter)) return funnelRowsOfEvents(actor, table, place);
  // With a search, the place's rows are a bitmap beside the search's (ADR 102's exception, issue 46), of the events
  // `resolveFilter` read first (ADR 130).
  return and(
    rowsUnderNodes(actor, table, filter),
    funnelRowsOfEvents(actor, table, place, { asArray: true, ids: filter.eventosDoLugar }),
  )!;
}

/** Whether any drill-down filter is set (the counters then cannot answer the total). */
export function hasDrillFilter(filter: DrillFilter): boolean {
  return Boolean(
    filter.de ||
    filter.ate ||
    filter.franquiaId ||
    filter.microFranquiaId ||
    filter.vendedorId ||
    filter.clienteId ||
    filter.estado ||
    filter.cidade ||
    filter.origem ||
    filter.campanha ||
    filter.vendedorLinkId,
  );
}

/** The columns where a funnel row keeps where the family came from (issue 48): a lead's and a pré-matrícula's. */
export interface OrigemColumns {
  utmSource: AnyPgColumn;
  utmMedium: AnyPgColumn;
  utmCampaign: AnyPgColumn;
  utmContent: AnyPgColumn;
  utmTerm: AnyPgColumn;
  linkCodigo: AnyPgColumn;
  linkVendedorId: AnyPgColumn;
}

/** Whether a row came with any origin: the partial `*_origem_idx` indexes' own condition (migration 0063). */
export function atribuida(t: OrigemColumns): SQL {
  return sql`coalesce(${t.utmSource}, ${t.utmMedium}, ${t.utmCampaign}, ${t.utmContent}, ${t.utmTerm}, ${t.linkCodigo}) is not null`;
}

/**
 * What Relatórios' origin groups and filters read of a family's origin (issue 48): its `utm_source`, its
 * `utm_campaign`, whether it came by a share link, and the link's vendedor -- a row's own columns (`fonteDe`), or a
 * row of the counters per source (modules/contagens, `SourceColumns`), which keep exactly these.
 */
export interface Fonte {
  utmSource: SQL | AnyPgColumn;
  utmCampaign: SQL | AnyPgColumn;
  /** Whether it came by a share link (a row: `link_codigo` set). */
  link: SQL;
  linkVendedorId: SQL | AnyPgColumn;
}

/** A lead's or a pré-matrícula's origin as the groups and filters read it. */
export const fonteDe = (t: OrigemColumns): Fonte => ({
  utmSource: t.utmSource,
  utmCampaign: t.utmCampaign,
  link: sql`${t.linkCodigo} is not null`,
  linkVendedorId: t.linkVendedorId,
});

/**
 * A group of Relatórios' origin groupings (issue 48), null for the rows with none: `origem` is `utm_source`, or
 * '@vendedor' / '@evento' for a share link with no source; `campanha`, `utm_campaign`; `vendedor_link`, the link's
 * vendedor.
 */
export function fonteKey(agrupar: OrigemAgrupamento, f: Fonte): SQL {
  switch (agrupar) {
    case 'origem':
      return sql`coalesce(${f.utmSource}, case when ${f.link} then (case when ${f.linkVendedorId} is null then ${ORIGEM_LINK_EVENTO} else ${ORIGEM_LINK_VENDEDOR} end) end)`;
    case 'campanha':
      return sql`${f.utmCampaign}`;
    case 'vendedor_link':
      return sql`${f.linkVendedorId}::text`;
  }
}

/** A row's group of Relatórios' origin groupings, over its own columns (`fonteKey`). */
export const origemKey = (agrupar: OrigemAgrupamento, t: OrigemColumns): SQL => fonteKey(agrupar, fonteDe(t));

/** The origin filters over an origin (`Fonte`): a row's own, or a counter's per source. */
export function fonteConditions(filter: DrillFilter, f: Fonte): SQL | undefined {
  const origem =
    filter.origem === ORIGEM_LINK_VENDEDOR
      ? sql`${f.utmSource} is null and ${f.link} and ${f.linkVendedorId} is not null`
      : filter.origem === ORIGEM_LINK_EVENTO
        ? sql`${f.utmSource} is null and ${f.link} and ${f.linkVendedorId} is null`
        : filter.origem
          ? sql`${f.utmSource} = ${filter.origem}`
          : undefined;
  return and(
    origem,
    filter.campanha ? sql`${f.utmCampaign} = ${filter.campanha}` : undefined,
    filter.vendedorLinkId ? sql`${f.linkVendedorId} = ${filter.vendedorLinkId}` : undefined,
  );
}

/** The origin filters over a lead's or a pré-matrícula's own columns. */
const origemConditions = (filter: DrillFilter, t: OrigemColumns): SQL | undefined =>
  fonteConditions(filter, fonteDe(t));

/**
 * The drill-down's origin filters (issue 48) on a funnel table: a lead and a pré-matrícula by their own columns, a
 * matrícula by its pré-matrícula's (the activation is where the family's origin was kept).
 */
function origemDrill(filter: DrillFilter, columns: DrillColumns): SQL | undefined {
  if (!filter.origem && !filter.campanha && !filter.vendedorLinkId) return undefined;
  if (columns.utmSource) return origemConditions(filter, columns as DrillColumns & OrigemColumns);
  if (!columns.preMatriculaId) return sql`false`;
  return sql`${columns.preMatriculaId} in (select ${preMatriculas.id} from ${preMatriculas} where ${origemConditions(filter, preMatriculas)})`;
}
