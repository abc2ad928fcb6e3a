import { formatBRL, formatDateTime } from '@shared/format';
import { fromCentavos } from '@shared/money/parcelas';
import {
  WHATSAPP_CATEGORIA_LABELS,
  WHATSAPP_STATUS_LABELS,
  type WhatsappEnvio,
  type WhatsappStatus,
} from '@shared/schemas/whatsapp-cloud';
import { Badge, type BadgeProps } from '@/components/ui/badge';

/**
 * A WhatsApp notice on Envios (issue 47): its delivery as Meta's webhooks report it, the template it went with,
 * Meta's error when it failed, why it went by e-mail instead when it did, and its estimated price.
 */

const STATUS_VARIANT: Record<WhatsappStatus, BadgeProps['variant']> = {
  pendente: 'secondary',
  enviada: 'secondary',
  entregue: 'success',
  lida: 'success',
  falhou: 'destructive',
  por_email: 'outline',
};

/** The template, its category and the estimated price, under the notice's summary. */
export function WhatsappEnvioModelo({ whatsapp }: { whatsapp: WhatsappEnvio }) {
  return (
    <>
      {whatsapp.modelo ? (
        <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          Modelo: <code>{whatsapp.modelo}</code>
          {whatsapp.categoria ? ` (${WHATSAPP_CATEGORIA_LABELS[whatsapp.categoria]})` : null}
        </span>
      ) : null}
      {whatsapp.custoCentavos !== null ? (
        <span className="text-xs tabular-nums text-muted-foreground">
          Custo estimado: {formatBRL(fromCentavos(whatsapp.custoCentavos))}
        </span>
      ) : null}
    </>
  );
}

/** The delivery status with its time, the error and the e-mail fallback. */
export function WhatsappEnvioSituacao({ whatsapp }: { whatsapp: WhatsappEnvio }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant={STATUS_VARIANT[whatsapp.status]}>{WHATSAPP_STATUS_LABELS[whatsapp.status]}</Badge>
        {whatsapp.statusEm ? (
          <time dateTime={whatsapp.statusEm} className="text-xs tabular-nums text-muted-foreground">
            {formatDateTime(whatsapp.statusEm, { withTime: true })}
          </time>
        ) : null}
      </span>
      {whatsapp.erro ? (
        <span className="text-xs text-destructive [overflow-wrap:anywhere]">{whatsapp.erro}</span>
      ) : null}
      {whatsapp.motivoEmail ? (
        <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          Enviada por e-mail: {whatsapp.motivoEmail}
        </span>
      ) : null}
    </>
  );
}
