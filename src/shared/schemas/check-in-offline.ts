import { z } from 'zod';
import { instante } from './fields';
import { INSCRICAO_MESSAGES, voucherTokenField } from './inscricao';

/**
 * The door without a signal (issue 49, ADR 105): the event's roster kept on the staff's phone, the check-ins made
 * offline queued there with an id of their own, and the batch that uploads them. The server and the check-in screen
 * share these shapes.
 */

export const CHECK_IN_OFFLINE_MESSAGES = {
  preparar: 'Preparar para uso offline',
  atualizar: 'Atualizar lista offline',
  pronto: 'Pronto para uso offline',
  semConexao: (n: number) => `Sem conexão — ${n} ${n === 1 ? 'check-in a enviar' : 'check-ins a enviar'}`,
  aEnviar: (n: number) => `${n} ${n === 1 ? 'check-in a enviar' : 'check-ins a enviar'}`,
  enviarAgora: 'Enviar agora',
  enviados: (n: number) => `${n} ${n === 1 ? 'check-in enviado' : 'check-ins enviados'}`,
  atualizadaEm: (quando: string) => `Lista offline atualizada em ${quando}`,
  expirada: 'A lista offline deste evento expirou. Conecte-se para prepará-la de novo.',
  desconhecido: 'Voucher não encontrado na lista offline deste evento.',
  conflitos: 'Conflitos',
  semConflitos: 'Nenhum conflito entre aparelhos neste evento.',
  conflitoDescricao: 'A mesma família teve a presença registrada em mais de um aparelho.',
  loteVazio: 'Envie pelo menos um check-in.',
  loteGrande: 'Envie no máximo 500 check-ins por vez.',
  idCliente: 'Identificador do check-in inválido.',
  dispositivo: 'Identificador do aparelho inválido.',
  em: 'Informe quando o check-in foi feito (data e hora).',
  itemCorpo: INSCRICAO_MESSAGES.presencaCorpo,
  idRepetido: 'O mesmo check-in aparece mais de uma vez no lote.',
  /** A batch's item whose id was already taken by a check-in sent for another event: refused, nothing written. */
  idDeOutroEvento: 'Este check-in já foi enviado para outro evento.',
  // The check-in screen's own texts (issue 49, client side).
  usoOffline: 'Uso offline',
  prepararDetalhe: 'Guarda neste aparelho a lista de inscritos do evento: o check-in continua funcionando sem sinal.',
  semConexaoDetalhe: 'A presença é registrada neste aparelho e enviada quando a conexão voltar.',
  registradaNoAparelho: 'Registrada neste aparelho; será enviada quando a conexão voltar.',
  enviando: 'Enviando check-ins...',
  recusadas: 'Check-ins recusados',
  recusadasDetalhe: 'O servidor não aceitou estes check-ins feitos sem conexão; confira com a família.',
  primeiroRegistro: 'Valeu',
  segundoRegistro: 'Depois',
  checkInOnline: 'Check-in com conexão',
  aparelhoSemNome: 'Aparelho sem nome',
} as const;

/** The device forgets the roster this many days after the event (the end of that day in São Paulo). */
export const ROTEIRO_DIAS_APOS_EVENTO = 2;

/** Words of a Brazilian name that are not a name of their own ('Maria da Silva': 'M. S.'). */
const PARTICULAS = new Set(['da', 'das', 'de', 'do', 'dos', 'e', "d'"]);

/**
 * The initials of a whole name, each with its point ('Maria Eduarda da Silva' -> 'M. E. S.'): with the first name,
 * enough to tell two Marias apart at the door, and nothing more of the family.
 */
export function iniciais(nome: string): string {
  return nome
    .trim()
    .split(/\s+/)
    .filter((palavra) => palavra && !PARTICULAS.has(palavra.toLocaleLowerCase('pt-BR')))
    .map((palavra) => `${Array.from(palavra)[0]!.toLocaleUpperCase('pt-BR')}.`)
    .join(' ');
}

/** At most this many check-ins per request: a phone sends its queue in batches of this size. */
export const LOTE_MAX_ITENS = 500;

/**
 * GET /api/eventos/:id/check-in/roteiro -- what the device keeps: for each seated family, the SHA-256 (hex) of each
 * of its valid voucher tokens and of its short code, its first name and initials, and whether it is already in.
 * Nothing else personal: no surname, no e-mail, no phone. `versao` changes whenever a presence, a seat or a voucher
 * of the event changes; `expiraEm` is 2 days after the event (the device forgets it then).
 */
export const roteiroItemSchema = z.object({
  leadId: z.string(),
  /** SHA-256 (hex, lower case) of each voucher token of the family still good. */
  tokenHashes: z.array(z.string()),
  /** SHA-256 (hex, lower case) of the short code, upper case as printed. */
  codigoHash: z.string(),
  primeiroNome: z.string(),
  /** The initials of the student's whole name ('M. S.'), to tell two Marias apart. */
  iniciais: z.string(),
  presente: z.boolean(),
});
export type RoteiroItem = z.infer<typeof roteiroItemSchema>;

export const roteiroSchema = z.object({
  eventoId: z.string(),
  nomeEscola: z.string(),
  dataEvento: z.string(),
  versao: z.string(),
  geradoEm: instante,
  expiraEm: instante,
  itens: z.array(roteiroItemSchema),
});
export type Roteiro = z.input<typeof roteiroSchema>;

/**
 * One check-in made on a device: its own id (a UUID the device drew when it happened, the batch's idempotency key),
 * when it happened (the device's clock), and how the family was known -- the voucher's token (a QR code read) or the
 * lead (a name picked, or a short code the roster matched).
 */
export const presencaLoteItemSchema = z
  .object({
    idCliente: z.uuid(CHECK_IN_OFFLINE_MESSAGES.idCliente),
    token: voucherTokenField.optional(),
    leadId: z.uuid(INSCRICAO_MESSAGES.inscricaoNaoEncontrada).optional(),
    em: z.iso.datetime({ offset: true, error: CHECK_IN_OFFLINE_MESSAGES.em }),
  })
  .refine((v) => [v.token, v.leadId].filter(Boolean).length === 1, {
    message: CHECK_IN_OFFLINE_MESSAGES.itemCorpo,
  });
export type PresencaLoteItem = z.infer<typeof presencaLoteItemSchema>;

/** POST /api/eventos/:id/presencas/lote */
export const presencaLoteSchema = z.object({
  /** The device's own id (drawn once, kept on it): the conflicts list tells devices apart by it. */
  dispositivo: z
    .string({ error: CHECK_IN_OFFLINE_MESSAGES.dispositivo })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, CHECK_IN_OFFLINE_MESSAGES.dispositivo),
  /** A name for it the staff recognise ('Chrome no Android'), shown in Conflitos; optional. */
  dispositivoNome: z.string().trim().max(80).optional(),
  itens: z
    .array(presencaLoteItemSchema, { error: CHECK_IN_OFFLINE_MESSAGES.loteVazio })
    .min(1, CHECK_IN_OFFLINE_MESSAGES.loteVazio)
    .max(LOTE_MAX_ITENS, CHECK_IN_OFFLINE_MESSAGES.loteGrande)
    .refine((itens) => new Set(itens.map((i) => i.idCliente.toLowerCase())).size === itens.length, {
      message: CHECK_IN_OFFLINE_MESSAGES.idRepetido,
    }),
});
export type PresencaLoteInput = z.infer<typeof presencaLoteSchema>;

/**
 * Each item's outcome: `registrada` (the presence is this check-in's), `ja_registrada` (the same device, or the same
 * check-in sent again: nothing new), `conflito` (another device or the online check-in had it first: one presence,
 * and a line in Conflitos), `recusada` (unknown, cancelled or waiting-list voucher: `motivo` says which, in pt-BR).
 */
export const PRESENCA_LOTE_RESULTADOS = ['registrada', 'ja_registrada', 'conflito', 'recusada'] as const;
export type PresencaLoteResultado = (typeof PRESENCA_LOTE_RESULTADOS)[number];

export const presencaLoteAnswerSchema = z.object({
  itens: z.array(
    z.object({
      idCliente: z.string(),
      resultado: z.enum(PRESENCA_LOTE_RESULTADOS),
      leadId: z.string().nullable(),
      primeiroNome: z.string().nullable(),
      motivo: z.string().nullable(),
    }),
  ),
  presentes: z.number(),
  inscritos: z.number(),
});
export type PresencaLoteAnswer = z.infer<typeof presencaLoteAnswerSchema>;

/** Who registered a presence, and when: a device's queue, or the online screen. */
const registroSchema = z.object({
  dispositivo: z.string().nullable(),
  dispositivoNome: z.string().nullable(),
  usuarioNome: z.string().nullable(),
  em: instante,
});

/** GET /api/eventos/:id/presencas/conflitos: the families checked in on more than one device, both sides. */
export const presencaConflitosSchema = z.object({
  itens: z.array(
    z.object({
      idCliente: z.string(),
      leadId: z.string(),
      primeiroNome: z.string(),
      iniciais: z.string(),
      /** The presence that counts. */
      primeiro: registroSchema,
      /** The check-in that arrived after it, from another device. */
      segundo: registroSchema,
    }),
  ),
});
export type PresencaConflitos = z.input<typeof presencaConflitosSchema>;
