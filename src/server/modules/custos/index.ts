/** Custos (issue 48): what an event and a campaign cost; Relatórios divide them by the funnel's counts. */
export { custosRoutes } from './custos.routes';
