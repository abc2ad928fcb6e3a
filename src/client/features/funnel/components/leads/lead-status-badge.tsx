import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/schemas/acompanhamento';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANTS: Record<LeadStatus, BadgeProps['variant']> = {
  novo: 'secondary',
  em_contato: 'warning',
  interessado: 'default',
  sem_interesse: 'destructive',
  convertido: 'success',
};

/** A lead's status (issue 16): its colour and always its pt-BR name, so the colour is never the only sign. */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-status={status}>
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}
