/** Importação (issue 50, ADR 106): clientes, leads and vendedores from a spreadsheet, with preview, dedupe and undo. */
export { importacoesRoutes } from './importacoes.routes';
