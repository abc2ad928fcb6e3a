import { fromCentavos, toCentavos } from '@shared/money/parcelas';
import { WHATSAPP_CATEGORIAS, type WhatsappCategoria } from '@shared/schemas/whatsapp-cloud';

/**
 * 'Custo estimado por mensagem' (issue 47): R$ per category as the money field keeps them (a number of reais, NaN
 * while what is typed is not one); the API takes centavos.
 */
export type CustosFormValues = Record<WhatsappCategoria, number>;

export const custosValuesFrom = (centavos: Record<WhatsappCategoria, number>): CustosFormValues =>
  Object.fromEntries(WHATSAPP_CATEGORIAS.map((c) => [c, fromCentavos(centavos[c])])) as CustosFormValues;

/** PUT /api/integracoes/whatsapp/custos: whole centavos. */
export const custosPayload = (values: CustosFormValues): Record<WhatsappCategoria, number> =>
  Object.fromEntries(
    WHATSAPP_CATEGORIAS.map((c) => [c, Number.isFinite(values[c]) ? toCentavos(values[c]) : values[c]]),
  ) as Record<WhatsappCategoria, number>;
