/**
 * The families' rights (issue 18, ADR 026). Other modules read a funnel row's contact through
 * `contatoSelection` and keep revoked rows out of exports with `consentimentoVigente`; they import from here only.
 */
export { consentimentoVigente, contatoSelection } from './contato';
/** The consent a public form gave (issue 18): kept with every sign-up and activation, a repeat's too. */
export { type ConsentimentoDado, consentimentoWhatsapp, insertConsentimento } from './consentimentos.repository';
