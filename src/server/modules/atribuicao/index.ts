/**
 * Atribuição (issue 48, ADR 104): the share links of vendedores and events with their QR codes. Where each family
 * came from is written by the public sign-up and activation (`inscricao-publica`, `public`).
 */
export { atribuicaoRoutes } from './atribuicao.routes';
