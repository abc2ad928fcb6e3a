import { z } from 'zod';
import { PARCELA_STATUSES, PARCELA_TIPOS } from '../cobranca/parcelas';
import { ETAPAS_REGUA, type EtapaRegua } from '../cobranca/regua';

/**
 * Régua de cobrança and the responsável's link (issue 43, ADR 078): the franquia's steps as the screen reads and
 * saves them, and the family's parcelas as its public page reads them. Steps and labels: src/shared/cobranca/regua.ts.
 */

export const REGUA_MESSAGES = {
  franquiaObrigatoria: 'Escolha a franquia da régua de cobrança',
  franquiaInvalida: 'Franquia inválida',
  franquiaNaoEncontrada: 'Franquia não encontrada',
  etapaInvalida: 'Informe se a etapa está ligada (verdadeiro ou falso)',
  salva: 'Régua de cobrança salva.',
  falhaAoCarregar: 'Falha ao carregar a régua de cobrança',
  linkInvalido: 'Link de parcelas inválido ou expirado. Peça um novo link à escola.',
  semParcelas: 'Nenhuma parcela gerada ainda',
  falhaParcelas: 'Falha ao carregar as parcelas',
} as const;

const etapasShape = Object.fromEntries(
  ETAPAS_REGUA.map((e) => [e, z.boolean({ error: REGUA_MESSAGES.etapaInvalida })]),
) as Record<EtapaRegua, z.ZodBoolean>;

/** GET /api/cobranca/regua: the franqueador names the franquia; a franquia reads its own (the field left out). */
export const reguaQuerySchema = z.object({
  franquiaId: z.uuid(REGUA_MESSAGES.franquiaInvalida).optional(),
});

/** PUT /api/cobranca/regua: every step on or off; the franqueador names the franquia. */
export const reguaBodySchema = z.object({
  franquiaId: z.uuid(REGUA_MESSAGES.franquiaInvalida).optional(),
  etapas: z.object(etapasShape, { error: REGUA_MESSAGES.etapaInvalida }),
});
export type ReguaBody = z.input<typeof reguaBodySchema>;

export const reguaViewSchema = z.object({
  franquiaId: z.string(),
  franquia: z.string(),
  etapas: z.object(etapasShape),
  /** Null while the franquia never chose (every step on, the default). */
  atualizadaEm: z.string().nullable(),
});
export type ReguaView = z.infer<typeof reguaViewSchema>;

export const reguaSalvaSchema = z.object({ message: z.string(), regua: reguaViewSchema });

/** The link's token: 32 random bytes, base64url (43 characters). Anything else is a link that does not exist. */
export const parcelasTokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** One parcela on the family's page: what it pays and how; no internal ids beyond the row's own. */
export const parcelaPublicaSchema = z.object({
  id: z.string(),
  /** A plan's parcela or a cancellation's fee (ADR 076): titled by `tituloDaParcela`. */
  tipo: z.enum(PARCELA_TIPOS),
  /** ADR 084: n of N in its own plan; `renegociacao` when the plan is a renegotiation's. */
  numero: z.number(),
  totalParcelas: z.number(),
  renegociacao: z.boolean(),
  aluno: z.string(),
  cursoTitulo: z.string().nullable(),
  valor: z.number(),
  vencimento: z.string(),
  status: z.enum(PARCELA_STATUSES),
  pagaEm: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  bankSlipUrl: z.string().nullable(),
  pixCopiaECola: z.string().nullable(),
});
export type ParcelaPublica = z.infer<typeof parcelaPublicaSchema>;

/** GET /api/public/parcelas/{token}. */
export const parcelasPublicasSchema = z.object({
  /** The responsável's first name, for the greeting. */
  responsavel: z.string().nullable(),
  parcelas: z.array(parcelaPublicaSchema),
});
export type ParcelasPublicas = z.infer<typeof parcelasPublicasSchema>;
