import { z } from 'zod';
import { isValidCnpj, isValidCpf, stripIdMask } from '../brazil-ids';

/**
 * Chave PIX (issue 44, ADR 082): where a commission is paid -- a CPF (check digits), a CNPJ (check digits, the
 * alphanumeric one too), an e-mail, a phone as the Banco Central writes it (+55, the DDD, the number) or a random
 * key (a UUID). Stored as the DICT keeps it: digits only for CPF and CNPJ, +55DDDNÚMERO, e-mail and key in lower case.
 */

export const TIPOS_CHAVE_PIX = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const;
export type TipoChavePix = (typeof TIPOS_CHAVE_PIX)[number];

export const CHAVE_PIX_MESSAGES = {
  invalida: 'Chave PIX inválida: informe um CPF, um CNPJ, um e-mail, um telefone com +55 e DDD ou uma chave aleatória',
  cpf: 'Chave PIX: CPF inválido (confira os dígitos)',
  cnpj: 'Chave PIX: CNPJ inválido (confira os dígitos)',
  email: 'Chave PIX: e-mail inválido (até 77 caracteres)',
  telefone: 'Chave PIX: telefone inválido -- use +55, o DDD e o número (ex.: +55 11 98765-4321)',
} as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** The key's kind and its stored form, or the pt-BR message of why it is not a key. */
export function lerChavePix(bruta: string): { tipo: TipoChavePix; chave: string } | { erro: string } {
  const v = bruta.trim();
  if (v.includes('@')) {
    const email = v.toLowerCase();
    return email.length <= 77 && EMAIL_RE.test(email)
      ? { tipo: 'email', chave: email }
      : { erro: CHAVE_PIX_MESSAGES.email };
  }
  if (v.startsWith('+')) {
    const digitos = v.slice(1).replace(/[\s().-]/g, '');
    // +55, a DDD (11 to 99), then 8 digits (a landline) or 9 starting with 9 (a mobile).
    return /^55[1-9][1-9](9\d{8}|[2-8]\d{7})$/.test(digitos)
      ? { tipo: 'telefone', chave: `+${digitos}` }
      : { erro: CHAVE_PIX_MESSAGES.telefone };
  }
  if (UUID_RE.test(v)) return { tipo: 'aleatoria', chave: v.toLowerCase() };
  const id = stripIdMask(v);
  if (/^\d{11}$/.test(id)) return isValidCpf(id) ? { tipo: 'cpf', chave: id } : { erro: CHAVE_PIX_MESSAGES.cpf };
  if (/^[0-9A-Z]{12}\d{2}$/.test(id))
    return isValidCnpj(id) ? { tipo: 'cnpj', chave: id } : { erro: CHAVE_PIX_MESSAGES.cnpj };
  return { erro: CHAVE_PIX_MESSAGES.invalida };
}

/** A PIX key as a body field: checked and normalised; `null` or '' clears it. */
export const chavePixField = z
  .string({ error: CHAVE_PIX_MESSAGES.invalida })
  .max(120, CHAVE_PIX_MESSAGES.invalida)
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const lida = lerChavePix(v);
    if ('erro' in lida) {
      ctx.addIssue({ code: 'custom', message: lida.erro });
      return z.NEVER;
    }
    return lida.chave;
  })
  .nullable();
