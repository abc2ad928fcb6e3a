/**
 * The counters (docs/guides/counters.md): PostgreSQL keeps them with triggers, and this module alone reads them,
 * folds what waits in `contagens_pendentes` into them, and knows that a total is what is kept plus what is
 * pending. Its tables stay out of every other module (lint: eslint.config.js, `counterTables`).
 */
export { type Counter, countedStatusTotal, countedTotal } from './totals';
export {
  type CounterNode,
  eventoPresentes,
  eventosComPresencas,
  presentesDe,
  seatsTaken,
} from './presences.repository';
export { foldContagens, foldContagensRound } from './fold.repository';
export { foldEachRound } from './fold';
export { type PagasRow, pagasDoMes } from './pagas';
export { custoPeriodRows } from './custos';
export { type ParcelasAbertasGrupo, parcelasAbertasDe } from './abertas.repository';
export { type VencimentoLevel, isVencimentoLevel, vencimentoPeriodRows } from './vencimentos';
export {
  type DayRange,
  LEVELS,
  type Level,
  levelOf,
  type PathNode,
  type PeriodRow,
  type ReportRows,
  type SourceColumns,
  type SourcePeriodRow,
  periodRows,
  sourcePeriodRows,
  splitPeriod,
} from './periods';
