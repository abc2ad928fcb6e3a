import type { Executor } from '../../db/connect';
import { consentimentos } from '../../db/schema';

/** The consent given with a sign-up or an activation (issue 18): what the visitor saw, and from where. */
export interface ConsentimentoDado {
  avisoVersao: string;
  texto: string;
  em: Date;
  ip: string | null;
  userAgent: string | null;
}

/** A consent given again with a repeat sign-up or activation, kept beside the first (issue 18). */
export async function insertConsentimento(
  db: Executor,
  registro: { leadId: string } | { preMatriculaId: string },
  consent: ConsentimentoDado,
): Promise<void> {
  await db.insert(consentimentos).values({
    leadId: 'leadId' in registro ? registro.leadId : null,
    preMatriculaId: 'preMatriculaId' in registro ? registro.preMatriculaId : null,
    avisoVersao: consent.avisoVersao,
    texto: consent.texto,
    em: consent.em,
    ip: consent.ip,
    userAgent: consent.userAgent,
  });
}
