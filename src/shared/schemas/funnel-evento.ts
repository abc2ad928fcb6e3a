import { z } from 'zod';

/**
 * The event and the cliente every funnel answer nests (leads, pré-matrículas, matrículas, a lead's panel, the
 * event filter's options): one schema each, so the lists' response schemas (ADR 018) and the screens read one
 * shape. Apart from funnel.ts so acompanhamento.ts and matricula.ts can use them without a cycle.
 */

/** The event as the lists nest it and as the event filter offers it. */
export const funnelEventoSchema = z.object({
  id: z.string(),
  nomeEscola: z.string(),
  cidade: z.string(),
  estado: z.string(),
  /** YYYY-MM-DD */
  dataEvento: z.string(),
});
export type FunnelEvento = z.infer<typeof funnelEventoSchema>;

/** Present only in the franqueador's answers (SPEC §3): the school the event belongs to. */
export const funnelClienteSchema = z.object({ nomeFantasia: z.string() });
export type FunnelCliente = z.infer<typeof funnelClienteSchema>;

/**
 * Where the family of a lead, pré-matrícula or matrícula came from (issue 48): the UTM fields the public pages kept,
 * the share link's code and the vendedor whose link it was. Null when it came with none; a matrícula shows its
 * pré-matrícula's. Staff answers only.
 */
export const origemVistaSchema = z.object({
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmContent: z.string().nullable(),
  utmTerm: z.string().nullable(),
  linkCodigo: z.string().nullable(),
  linkVendedorNome: z.string().nullable(),
});
