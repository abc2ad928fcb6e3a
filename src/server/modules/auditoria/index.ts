/**
 * The audit trail (issue 17, ADR 023). Other modules write through `audit` (in the transaction of their change),
 * `auditInsert` (inside the one statement of their change: the check-in), `auditInsertEach` (a row per row of
 * such a statement: a batch of offline check-ins) and `auditedExport` (a CSV's batches), and compare records with `alteracoesDe`; they import from here only.
 */
export { auditContextPlugin, currentRequest } from './context';
export { type Ator, type AuditEntry, audit, auditInsert, auditInsertEach } from './record.repository';
export { auditedExport } from './record';
// The masking itself is infrastructure (lib/mask.ts): the job queue's e-mails use it too.
export { alteracoesDe, limparObjeto, limparTexto, mascararEmail } from '../../lib/mask';
