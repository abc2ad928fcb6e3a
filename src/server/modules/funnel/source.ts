import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A funnel table (leads, pre_matriculas, matriculas): its rows hang off an event and sort by creation. */
export interface FunnelSource {
  table: PgTable;
  id: AnyPgColumn;
  eventoId: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** Its counter (modules/contagens). */
  counter: FunnelCounter;
}

export type FunnelCounter = 'leads' | 'preMatriculas' | 'matriculas';
