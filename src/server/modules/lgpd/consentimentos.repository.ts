import type { Executor } from '../../db/connect';
import { consentimentos } from '../../db/schema';

/** The consent given with a sign-up or an activation (issue 18): what the visitor saw, and from where. */
export interface ConsentimentoDado {
  avisoVersao: string;
  texto: string;
  em: Date;
  ip: string | null;
  userAgent: string | null;
  /** Issue 47: 'whatsapp' for the option 'Quero receber avisos pelo WhatsApp'; the form's own consent otherwise. */
  finalidade?: 'tratamento' | 'whatsapp';
}

/** The WhatsApp option's consent beside a form's (issue 47): its words, the same moment and origin. */
export const consentimentoWhatsapp = (consent: ConsentimentoDado, texto: string): ConsentimentoDado => ({
  ...consent,
  texto,
  finalidade: 'whatsapp',
});

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
    finalidade: consent.finalidade ?? 'tratamento',
  });
}
