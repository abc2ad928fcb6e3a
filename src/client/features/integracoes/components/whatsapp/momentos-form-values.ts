import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  WHATSAPP_CAMPOS_DO_MOMENTO,
  WHATSAPP_CLOUD_MESSAGES,
  WHATSAPP_MOMENTOS,
  type WhatsappModeloView,
  type WhatsappMomento,
  type WhatsappMomentosView,
} from '@shared/schemas/whatsapp-cloud';

/**
 * The 'Momentos' card's values (issue 47): each moment's template id, or SO_EMAIL for none (a select has no empty
 * value). PUT /api/integracoes/whatsapp/momentos takes null for 'by e-mail only'.
 */
export const SO_EMAIL = 'so-email';

export type MomentosFormValues = Record<WhatsappMomento, string>;

export const momentosValuesFrom = (view: WhatsappMomentosView): MomentosFormValues =>
  Object.fromEntries(
    WHATSAPP_MOMENTOS.map((m) => [m, view.momentos.find((x) => x.momento === m)?.modeloId ?? SO_EMAIL]),
  ) as MomentosFormValues;

export const momentosPayload = (values: MomentosFormValues): Record<WhatsappMomento, string | null> =>
  Object.fromEntries(WHATSAPP_MOMENTOS.map((m) => [m, values[m] === SO_EMAIL ? null : values[m]])) as Record<
    WhatsappMomento,
    string | null
  >;

/**
 * The server's rule, said before the request: a template whose variables need a field the moment lacks cannot
 * serve it (WHATSAPP_CLOUD_MESSAGES.campoForaDoMomento, under the moment's select).
 */
export const momentosResolver =
  (modelos: readonly WhatsappModeloView[]): Resolver<MomentosFormValues> =>
  (values) => {
    const errors: FieldErrors<MomentosFormValues> = {};
    for (const momento of WHATSAPP_MOMENTOS) {
      const modelo = modelos.find((m) => m.id === values[momento]);
      const fora = modelo?.variaveis.find((v) => !WHATSAPP_CAMPOS_DO_MOMENTO[momento].includes(v.campo));
      if (modelo && fora) {
        errors[momento] = {
          type: 'validate',
          message: WHATSAPP_CLOUD_MESSAGES.campoForaDoMomento(modelo.nome, fora.campo, momento),
        };
      }
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
