import {
  ACOMPANHAMENTO_MESSAGES,
  type ContatoCanal,
  type ContatoInput,
  type ContatoResultado,
  type LeadPatch,
  type LeadStatus,
  type MotivoPerda,
} from '@shared/schemas/acompanhamento';

/**
 * The panel's forms (issue 16) as the API takes them. Each form's values are what its inputs hold ('' for a
 * select left empty); the shared schemas check the payload.
 */

import { todayInBrasilia } from '@shared/brasilia';

export interface StatusFormValues {
  status: LeadStatus;
  /** Only with 'sem_interesse'; '' until chosen. */
  motivoPerda: MotivoPerda | '';
}

/** The loss reason goes with 'Sem interesse' and only with it (the schema refuses it with any other status). */
export function statusPatch({ status, motivoPerda }: StatusFormValues): LeadPatch {
  if (status === 'sem_interesse') return { status, motivoPerda: motivoPerda || null };
  return { status };
}

export interface RetornoFormValues {
  /** YYYY-MM-DD, or '' to remove the return. */
  proximoContatoEm: string;
}

export function retornoPatch({ proximoContatoEm }: RetornoFormValues): LeadPatch {
  return { proximoContatoEm: proximoContatoEm || null };
}

/** The browser's own check of a return date; the server repeats it with its clock. */
export function retornoError(proximoContatoEm: string, today: string = todayInBrasilia()): string | undefined {
  if (proximoContatoEm && proximoContatoEm < today) return ACOMPANHAMENTO_MESSAGES.retornoPassado;
  return undefined;
}

/** 'nenhum' in the select: nobody follows the lead. */
export const SEM_RESPONSAVEL = 'nenhum';

export interface ResponsavelFormValues {
  responsavelId: string;
}

export function responsavelPatch({ responsavelId }: ResponsavelFormValues): LeadPatch {
  return { responsavelId: responsavelId === SEM_RESPONSAVEL || !responsavelId ? null : responsavelId };
}

export interface ContatoFormValues {
  canal: ContatoCanal | '';
  resultado: ContatoResultado | '';
  nota: string;
}

/** An empty note is no note. The selects' '' is left for the schema to refuse with its message. */
export function contatoPayload({ canal, resultado, nota }: ContatoFormValues): ContatoInput {
  const texto = nota.trim();
  return { canal: canal as ContatoCanal, resultado: resultado as ContatoResultado, nota: texto ? texto : null };
}
