import { PARCELA_STATUS_LABELS, type ParcelaStatus } from '@shared/cobranca/parcelas';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANTE: Record<ParcelaStatus, BadgeProps['variant']> = {
  aberta: 'outline',
  paga: 'success',
  vencida: 'destructive',
  estornada: 'secondary',
  cancelada: 'secondary',
};

/** A parcela's status as a badge (issue 43). */
export function ParcelaStatusBadge({ status }: { status: ParcelaStatus }) {
  return <Badge variant={VARIANTE[status]}>{PARCELA_STATUS_LABELS[status]}</Badge>;
}
