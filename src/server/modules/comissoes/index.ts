/**
 * Comissões (issue 44, ADR 081, 082): the rules of what each seller and unit earns from each enrolment, and the
 * ledger billing writes as parcelas are paid and refunded.
 */
export { comissoesRoutes } from './comissoes.routes';
export { creditosDoPagamento, estornarComissoes, lancarComissoes, lancarComissoesDe } from './lancamentos.service';
export { type EntradaDaComissao, entradaDaComissao, lancamentosInsert } from './lancamentos.repository';
