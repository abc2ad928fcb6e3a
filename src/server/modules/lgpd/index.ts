/**
 * The families' rights (issue 18, ADR 026). Other modules read a funnel row's contact through
 * `contatoSelection` and keep revoked rows out of exports with `consentimentoVigente`; they import from here only.
 */
export { consentimentoVigente, contatoSelection } from './contato';
