/**
 * What the four funnel lists (leads, interesses, pré-matrículas, matrículas) share on the server: the nested
 * event, the event and date filters, the search, the keyset batches of the CSV exports and the summary cards.
 * Other modules import from here only.
 */
export type { FunnelCounter, FunnelSource } from './source';
export {
  type ListOptions,
  clienteSelection,
  eventFilters,
  isUnfiltered,
  listFunnelPage,
  withClienteFor,
} from './page.repository';
export { countResumo, selectScalars } from './counts.repository';
export { funnelSearch } from './search';
export { EXPORT_BATCH_SIZE, type KeysetCursor, cursorText, keysetAfter, keysetBatches, newestFirst } from './keyset';
export { csvDate, dayEnd, dayStart } from './brazil-time';
export { eventoSelection, findFunnelEvento, listFunnelEventos } from './event-options.repository';
export { mapBatches, sendCsv } from './csv-export';
export {
  type DrillColumns,
  type Fonte,
  type OrigemColumns,
  atribuida,
  drillFilters,
  fonteConditions,
  fonteKey,
  hasDrillFilter,
  inPlace,
  origemKey,
} from './drill';
export { resolveFilter, withoutImpliedNodes } from './filter.repository';
export { origemDaPreMatriculaSelection, origemSelection } from './origem.repository';
