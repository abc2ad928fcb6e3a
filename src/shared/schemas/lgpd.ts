import { z } from 'zod';
import { emailField, optionalText } from './fields';
import { listQuerySchema } from './list-query';
import { onlyDigits } from '../format';
import { isValidCpf } from '../brazil-ids';
import { LGPD_MESSAGES, PEDIDO_STATUSES, PEDIDO_TIPOS } from './lgpd-textos';

/**
 * The families' rights under Brazil's LGPD (issue 18, ADR 026): the titular's portal (public, by a link sent to
 * the e-mail on record), the requests it opens, and the staff's side (the requests with their legal deadline, a
 * titular's records, export and anonymisation). Written once for the browser and the server.
 */

export * from './lgpd-textos';

/** POST /api/public/titular/solicitar */
export const titularSolicitarSchema = z.object({ email: emailField });

const tokenField = z.string({ error: LGPD_MESSAGES.linkInvalido }).trim().min(1, LGPD_MESSAGES.linkInvalido).max(200);

/** ?token= of the portal's reads. */
export const titularTokenQuerySchema = z.object({ token: tokenField });

/** POST /api/public/titular/pedidos */
export const titularPedidoSchema = z
  .object({
    token: tokenField,
    tipo: z.enum(PEDIDO_TIPOS, { error: LGPD_MESSAGES.tipoInvalido }),
    detalhe: optionalText(2000),
    /** The networks it concerns (TitularView.redes); none: every network holding the e-mail (issue 39). */
    redes: z
      .array(z.uuid({ error: LGPD_MESSAGES.redeInvalida }), { error: LGPD_MESSAGES.redeInvalida })
      .max(50, LGPD_MESSAGES.redeInvalida)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.tipo === 'correcao' && !value.detalhe) {
      ctx.addIssue({ code: 'custom', path: ['detalhe'], message: LGPD_MESSAGES.detalheCorrecao });
    }
  });
export type TitularPedidoInput = z.input<typeof titularPedidoSchema>;

/** GET /api/lgpd/pedidos */
export const pedidosQuerySchema = listQuerySchema.extend({
  status: z.enum(PEDIDO_STATUSES, { error: LGPD_MESSAGES.statusInvalido }).optional(),
  atrasados: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** PATCH /api/lgpd/pedidos/:id */
export const pedidoPatchSchema = z
  .object({
    status: z.enum(['em_analise', 'concluido', 'recusado'], { error: LGPD_MESSAGES.statusInvalido }),
    resposta: optionalText(2000),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'recusado' && !value.resposta) {
      ctx.addIssue({ code: 'custom', path: ['resposta'], message: LGPD_MESSAGES.motivoRecusa });
    }
  });
export type PedidoPatchInput = z.input<typeof pedidoPatchSchema>;

/** What a titular search is looking for, told from what was typed. */
export interface TitularBusca {
  email?: string;
  cpf?: string;
  telefone?: string;
}

/**
 * An e-mail when it has an '@'; otherwise its digits: 11 digits that make a valid CPF are both a CPF and possibly
 * a mobile phone (both are searched), 10 or 11 digits a phone.
 */
export function buscaDoTexto(q: string): TitularBusca | null {
  const text = q.trim();
  if (text.includes('@')) {
    const parsed = emailField.safeParse(text);
    return parsed.success ? { email: parsed.data } : null;
  }
  const digits = onlyDigits(text);
  if (digits.length < 10 || digits.length > 11) return null;
  const busca: TitularBusca = { telefone: digits };
  if (digits.length === 11 && isValidCpf(digits)) busca.cpf = digits;
  return busca;
}

/** GET /api/lgpd/titulares?q= */
export const titularesQuerySchema = z.object({
  q: z
    .string({ error: LGPD_MESSAGES.buscaCurta })
    .trim()
    .min(1, LGPD_MESSAGES.buscaCurta)
    .max(200, LGPD_MESSAGES.buscaCurta)
    .refine((q) => buscaDoTexto(q) !== null, LGPD_MESSAGES.buscaCurta),
});

/** POST /api/lgpd/titulares/anonimizar (and the staff's JSON export, by the same identifiers). */
export const titularIdentificadorSchema = z
  .object({
    email: emailField.optional(),
    cpf: z
      .string()
      .trim()
      .transform(onlyDigits)
      .refine((v) => v.length === 11 && isValidCpf(v), 'CPF inválido')
      .optional(),
    telefone: z
      .string()
      .trim()
      .transform(onlyDigits)
      .refine((v) => v.length >= 10 && v.length <= 11, 'Telefone inválido')
      .optional(),
  })
  .refine((v) => Boolean(v.email || v.cpf || v.telefone), LGPD_MESSAGES.identificador);
export type TitularIdentificador = z.output<typeof titularIdentificadorSchema>;
