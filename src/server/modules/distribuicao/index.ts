/** Distribuição (issue 50, ADR 106): a micro-franquia's rule for giving its new leads a vendedor. */
export { distribuicaoRoutes } from './distribuicao.routes';
