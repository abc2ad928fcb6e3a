/** Inadimplência (issue 43, ADR 077): the overdue rate and aging of the parcelas, per group of the network. */
export { inadimplenciaRoutes } from './inadimplencia.routes';
