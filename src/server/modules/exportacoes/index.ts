/** Exports with progress (issue 22, ADR 034): lists register here; their routes start exports with `criarExportacao`. */
export {
  criarExportacao,
  enfileirarExportacao,
  registrarLista,
  rotaDeExportacao,
  type ListaExportavel,
} from './exportacoes.service';
export { exportacoesRoutes } from './exportacoes.routes';
