/** Visitas (issue 49, ADR 105): the vendedores' visits to schools, their outcome and the day's agenda. */
export { visitasRoutes } from './visitas.routes';
