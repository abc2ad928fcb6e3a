import { LINK_VALIDADE_MS } from '../../src/shared/contrato/aceite';

/**
 * A contract's acceptance columns as the family's page writes them together (issue 42, ADR 066; the check
 * contratos_aceite_check holds them all set or all empty): accepted at `em`, or not accepted.
 */
export const aceiteEm = (em: Date | null) =>
  em
    ? { aceitoEm: em, aceiteVersao: 1, aceiteCanal: 'email', pdfSha256: '0'.repeat(64) }
    : { aceitoEm: null, aceiteVersao: null, aceiteCanal: null, pdfSha256: null };

/** A contract whose newest link was e-mailed at `em` (the link is valid LINK_VALIDADE_MS from then). */
export const linkEnviadoEm = (em: Date) => ({ tokenExpiraEm: new Date(em.getTime() + LINK_VALIDADE_MS) });
