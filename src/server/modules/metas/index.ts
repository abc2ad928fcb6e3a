/**
 * Metas e rankings (issue 48): goals per month, stage and unit of the tree, split down and rolled up, with their
 * projection by working days and the ranking inside a scope.
 */
export { metasRoutes } from './metas.routes';
