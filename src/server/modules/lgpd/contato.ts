import { type SQL, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

interface ComContato {
  email: AnyPgColumn;
  telefone: AnyPgColumn;
  consentimentoRevogadoEm: AnyPgColumn;
  anonimizadoEm: AnyPgColumn;
}

/**
 * A funnel row's contact as staff may use it (issue 18): once the titular revoked the consent, the e-mail reads
 * '' and the phone null, and `consentimentoRevogado` says why; an anonymised row's placeholder address is never
 * shown either. The one place lists and panels take it from.
 */
export function contatoSelection(t: ComContato) {
  return {
    email: sql<string>`case when ${t.consentimentoRevogadoEm} is null and ${t.anonimizadoEm} is null then ${t.email} else '' end`,
    telefone: sql<string | null>`case when ${t.consentimentoRevogadoEm} is null then ${t.telefone} end`,
    consentimentoRevogado: sql<boolean>`(${t.consentimentoRevogadoEm} is not null)`,
  };
}

/** Exports carry only the rows whose consent stands (issue 18). */
export function consentimentoVigente(t: ComContato): SQL {
  return isNull(t.consentimentoRevogadoEm);
}
