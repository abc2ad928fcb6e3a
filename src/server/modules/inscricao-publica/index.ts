/**
 * The public sign-up (docs/guides/sign-up.md): its batches, its one statement and its locked path, behind
 * `inscrever`. The public pages' route calls it with the event they read.
 */
export { type EventoAberto, inscrever } from './inscricao-publica.service';
export { type InscricaoNova, insertLeadsIfOpen, linkDoCodigo, type OrigemNova } from './inscricao-publica.repository';
