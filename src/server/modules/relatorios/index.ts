/**
 * Relatórios (issue 15): what other reports reuse of it -- the period and tree rules of a question (Inadimplência,
 * issue 43, ADR 077, asks its own with them) and a group's label.
 */
export { relatoriosRoutes } from './relatorios.routes';
export { resolveAgrupamento, resolveRows } from './relatorios.service';
export { groupLabel } from './relatorios.repository';
