/** SAC (the help desk): what other modules use -- a ticket opened in their own transaction (ADR 089). */
export { abrirTicketNa } from './sac.service';
