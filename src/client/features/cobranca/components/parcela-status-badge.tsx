import { PARCELA_STATUS_LABELS, type ParcelaStatus } from '@shared/cobranca/parcelas';
import { BAIXA_MESSAGES } from '@shared/schemas/parcela-baixa';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANTE: Record<ParcelaStatus, BadgeProps['variant']> = {
  aberta: 'outline',
  paga: 'success',
  vencida: 'destructive',
  estornada: 'secondary',
  cancelada: 'secondary',
};

/** A parcela's status as a badge (issue 43); a paid one paid at the school says so (ADR 076). */
export function ParcelaStatusBadge({ status, baixa = false }: { status: ParcelaStatus; baixa?: boolean }) {
  return (
    <Badge variant={VARIANTE[status]}>
      {status === 'paga' && baixa ? BAIXA_MESSAGES.rotuloPagaBaixa : PARCELA_STATUS_LABELS[status]}
    </Badge>
  );
}
