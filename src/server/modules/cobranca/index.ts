/** Cobrança (issue 43, ADR 071): the parcelas billed at the payment gateway and settled by its webhook. */
export { cobrancaRoutes } from './cobranca.routes';
export { criarPlano, planoDeCobrancaInsert } from './plano.service';
export { encerrarCobrancaDaMatricula } from './encerramento.service';
export { pagoDaMatricula } from './encerramento.repository';
export { reguaRoutes } from './regua.routes';
export { executarRegua } from './regua.service';
