/**
 * Royalties e fundo de propaganda (issue 45, ADR 089): the franquias' fee agreements, the ledger billing writes as
 * parcelas are paid and refunded, the monthly statements and their charges.
 */
export { royaltiesRoutes } from './royalties.routes';
export {
  estornarRoyalties,
  lancarRoyalties,
  lancarRoyaltiesDe,
  receitaDoPagamento,
  splitDaCobranca,
} from './lancamentos.service';
export { type EntradaDoRoyalty, entradaDoRoyalty, linhasInsert } from './royalties.repository';
export { aplicarEventoNaFatura, faturaParaCobrar, lembrarFaturas, registrarEmissaoDaFatura } from './faturas.service';
export { fecharMesAnterior } from './royalties.service';
export { statusDaFaturaDoPagamento } from './royalties.repository';
