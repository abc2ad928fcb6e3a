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
