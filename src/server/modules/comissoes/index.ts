/** Comissões (issue 44, ADR 081): the rules of what each seller and unit earns from each enrolment. */
export { comissoesRoutes } from './comissoes.routes';
